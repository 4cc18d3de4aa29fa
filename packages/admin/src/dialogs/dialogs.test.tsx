// @vitest-environment happy-dom
/** The Add Item and Select Item dialogs' rules (§5), as a person sees them. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { AddItemDialog, type AddItemDialogProps } from './AddItemDialog';
import { addFiles } from './MediaFiles';
import { SelectItemDialog } from '@canopy/ui/items';
import { menuItem } from '../test-kit';

afterEach(cleanup);

const template = (name: string, type: string) =>
  menuItem(name, { item_type: 'template', template_type_id: type });
const templates = menuItem('Templates', {
  item_type: 'template',
  template_type_id: 'template-folder',
  children: [
    template('Page', 'page-template'),
    template('Folder', 'folder-template'),
    template('Hero', 'widget-template'),
    template('Image', 'image-template'),
    template('Video', 'video-template'),
    template('Multi-Stream Video', 'multi-stream-video-template'),
  ],
});
const page = menuItem('About', {
  content_type_id: 'page',
  allowed_content_type: 'page,content-fragment',
});

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

function openAddItem(
  onCreate: AddItemDialogProps['onCreate'],
  extra: Partial<AddItemDialogProps> = {},
) {
  return wrap(
    <AddItemDialog
      opened
      parent={page}
      templateRoots={[templates]}
      onCancel={() => {}}
      onCreate={onCreate}
      onCreateMedia={vi.fn()}
      onMediaDone={vi.fn()}
      {...extra}
    />,
  );
}

describe('Add Item', () => {
  it('lists only the templates the parent allows', async () => {
    openAddItem(vi.fn());
    expect(await screen.findByRole('radio', { name: 'Page' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Folder' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Hero' })).toBeNull();
  });

  it('refuses OK without a template, with the spec message', async () => {
    const onCreate = vi.fn();
    openAddItem(onCreate);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a valid template to create');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('requires an Item Name, shown only after interaction', async () => {
    const onCreate = vi.fn();
    openAddItem(onCreate);
    const name = await screen.findByRole('textbox', { name: /Item Name/ });
    expect((name as HTMLInputElement).value).toBe('New Item');
    await userEvent.clear(name);
    expect(screen.queryByText('This field is required')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Page' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('creates from the chosen template with the typed name', async () => {
    const onCreate = vi.fn().mockResolvedValue(undefined);
    openAddItem(onCreate);
    await userEvent.click(await screen.findByRole('radio', { name: 'Page' }));
    const name = screen.getByRole('textbox', { name: /Item Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Leadership{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]![0]).toMatchObject({
      name: 'Leadership',
      template: { content_name: 'Page' },
    });
  });

  it('shows the server refusal in the error list', async () => {
    const onCreate = vi.fn().mockRejectedValue(new Error('You may not create items here'));
    openAddItem(onCreate);
    await userEvent.click(await screen.findByRole('radio', { name: 'Page' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You may not create items here');
  });
});

describe('Add Item for media (§5 upload rules in the browser)', () => {
  const mediaLibrary = menuItem('Media Library', {
    allowed_content_type: 'image,video,multi-stream-video,document,folder',
  });
  const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name);
  const user = () => userEvent.setup({ applyAccept: false });

  async function openFiles(extra: Partial<AddItemDialogProps> = {}) {
    openAddItem(vi.fn(), { parent: mediaLibrary, ...extra });
    await user().click(await screen.findByRole('radio', { name: 'Image' }));
    expect(screen.queryByRole('textbox', { name: /Item Name/ })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Click here to choose a file')).toBeTruthy();
    expect(screen.getByText('or drag the file into this box.')).toBeTruthy();
    return screen.getByLabelText('Choose files to upload') as HTMLInputElement;
  }

  const listed = () =>
    screen
      .queryAllByRole('listitem')
      .filter((item) => item.closest('[aria-label="Files to upload"]'))
      .map((item) => item.textContent);

  it('removes refused files and lists every broken rule, naming the file', async () => {
    const input = await openFiles();
    const huge = png('poster.png');
    Object.defineProperty(huge, 'size', { value: 100_000_001 });
    await user().upload(input, [png('logo.png'), png('setup.exe'), png('README'), huge]);
    const errors = [...screen.getByRole('alert').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(errors).toEqual([
      'setup.exe: This filetype is not allowed for images',
      'README: this file has no extension',
      'poster.png: this file is over the max size of 100.0 MB',
    ]);
    expect(listed()).toEqual([expect.stringContaining('logo.png')]);
  });

  it('takes files dropped on the box, under the same rules', async () => {
    await openFiles();
    const box = screen.getByText('Click here to choose a file').closest('label')!;
    fireEvent.drop(box, { dataTransfer: { files: [png('dropped.png'), png('notes.txt')] } });
    expect(listed()).toEqual([expect.stringContaining('dropped.png')]);
    expect(screen.getByRole('alert').textContent).toBe(
      'notes.txt: This filetype is not allowed for images',
    );
  });

  it('refuses OK without a file', async () => {
    const onCreateMedia = vi.fn();
    await openFiles({ onCreateMedia });
    await user().click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alert').textContent).toBe('please select a file to upload');
    expect(onCreateMedia).not.toHaveBeenCalled();
  });

  it('creates one item per file with its progress, keeping failed files listed', async () => {
    const onMediaDone = vi.fn();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const onCreateMedia = vi.fn<AddItemDialogProps['onCreateMedia']>(
      async ({ file, onProgress }) => {
        onProgress(0.5);
        await gate;
        if (file.name === 'b.png') throw new Error('The file is not a PNG');
        return `${file.name}-id`;
      },
    );
    const input = await openFiles({ onCreateMedia, onMediaDone });
    await user().upload(input, [png('a.png'), png('b.png')]);
    expect(listed()).toHaveLength(2);
    await user().click(screen.getByRole('button', { name: 'OK' }));
    // The first file is half sent: its bar says so, the second has not started.
    await waitFor(() =>
      expect(
        screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow')),
      ).toEqual(['50', '0']),
    );
    release();
    await waitFor(() =>
      expect(onMediaDone).toHaveBeenCalledWith({ created: ['a.png-id'], failed: 1 }),
    );
    expect(onCreateMedia.mock.calls.map(([call]) => call.file.name)).toEqual(['a.png', 'b.png']);
    expect(onCreateMedia.mock.calls[0]![0].template.content_name).toBe('Image');
    expect(screen.getByRole('alert').textContent).toBe('b.png: The file is not a PNG');
    expect(listed()).toEqual([expect.stringContaining('b.png')]);
  });

  it('makes a multi-stream video of a whole folder, named after it', async () => {
    const onMediaDone = vi.fn();
    const onCreateStream = vi.fn<NonNullable<AddItemDialogProps['onCreateStream']>>(
      async ({ files, onProgress }) => {
        files.forEach((file) => onProgress(file, 1));
        return 'stream-id';
      },
    );
    openAddItem(vi.fn(), { parent: mediaLibrary, onCreateStream, onMediaDone });
    await user().click(await screen.findByRole('radio', { name: 'Multi-Stream Video' }));
    await user().click(screen.getByRole('button', { name: 'Next' }));
    const input = screen.getByLabelText('Choose a folder to upload') as HTMLInputElement;
    const inFolder = (name: string) => {
      const file = new File(['#EXTM3U'], name);
      Object.defineProperty(file, 'webkitRelativePath', { value: `trailer/${name}` });
      return file;
    };
    const nested = new File(['x'], 'deep.m4s');
    Object.defineProperty(nested, 'webkitRelativePath', { value: 'trailer/sub/deep.m4s' });
    await user().upload(input, [
      inFolder('master.m3u8'),
      inFolder('seg_0.m4s'),
      inFolder('notes.txt'),
      nested,
    ]);
    expect(listed()).toEqual([
      expect.stringContaining('master.m3u8'),
      expect.stringContaining('seg_0.m4s'),
    ]);
    expect(screen.getByRole('alert').textContent).toBe(
      'notes.txt: This filetype is not allowed for multi-stream-videos',
    );
    await user().click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(onMediaDone).toHaveBeenCalledWith({ created: ['stream-id'], failed: 0 }),
    );
    expect(onCreateStream.mock.calls[0]![0]).toMatchObject({
      name: 'trailer',
      template: { content_name: 'Multi-Stream Video' },
    });
    expect(onCreateStream.mock.calls[0]![0].files.map((file) => file.name)).toEqual([
      'master.m3u8',
      'seg_0.m4s',
    ]);
  });

  it('keeps only the first file in single mode', () => {
    const result = addFiles([], [png('a.png'), png('b.png')], 'image', 'single');
    expect(result.files.map((chosen) => chosen.file.name)).toEqual(['a.png']);
    expect(result.errors).toEqual([]);
  });
});

describe("Add Item under a template folder: the 'New Template' tree", () => {
  const names = new Map([
    ['page-template', 'Page'],
    ['template-folder', 'Template Folder'],
    ['widget-template', 'Widget Template'],
  ]);
  const widgets = menuItem('Widget Templates', {
    item_type: 'template',
    template_type_id: 'template-folder',
    allowed_template_type: 'widget-template,template-folder',
    children: [template('Hero', 'widget-template')],
  });

  it('offers the template types of the folders the parent allows, and creates a template', async () => {
    const onCreate = vi.fn().mockResolvedValue(undefined);
    openAddItem(onCreate, {
      parent: widgets,
      templateRoots: [templates, widgets],
      templateTypeNames: names,
    });
    expect(await screen.findByText('New Template')).toBeTruthy();
    expect(screen.queryByText('New Content from Template')).toBeNull();
    const group = screen.getByRole('group', { name: 'Widget Templates' });
    expect(
      [...group.querySelectorAll('label')].map((label) => label.textContent).filter(Boolean),
    ).toEqual(['Widget Template', 'Template Folder']);
    // The Templates folder's Page type is not allowed under the widget folder.
    expect(screen.queryByRole('radio', { name: 'Page' })).toBeNull();
    await userEvent.click(within(group).getByRole('radio', { name: 'Widget Template' }));
    const name = screen.getByRole('textbox', { name: /Item Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Banner{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]![0]).toEqual({
      template: null,
      templateTypeId: 'widget-template',
      name: 'Banner',
    });
  });
});

describe('Select Item', () => {
  const forest = [
    menuItem('Home', {
      content_type_id: 'page',
      children: [
        menuItem('Logo', { content_type_id: 'image' }),
        menuItem('Manual', { content_type_id: 'document' }),
      ],
    }),
  ];

  it.each([['image,document'], [['image', 'document']]])(
    'refuses an item outside the restriction %j with the spec message',
    async (restriction) => {
      const onSelect = vi.fn();
      wrap(
        <SelectItemDialog
          opened
          forest={forest}
          restriction={restriction}
          onCancel={() => {}}
          onSelect={onSelect}
        />,
      );
      await userEvent.click(await screen.findByRole('option', { name: 'Home' }));
      await userEvent.click(screen.getByRole('button', { name: 'OK' }));
      expect(screen.getByRole('alert').textContent).toBe(
        'Please select something with the content type of "image, document"',
      );
      expect(onSelect).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('option', { name: 'Logo' }));
      expect(screen.queryByRole('alert')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'OK' }));
      expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ content_name: 'Logo' }));
    },
  );

  it('accepts anything without a restriction and filters from 3 characters', async () => {
    const onSelect = vi.fn();
    wrap(<SelectItemDialog opened forest={forest} onCancel={() => {}} onSelect={onSelect} />);
    const filter = await screen.findByRole('textbox', { name: 'Filter Items' });
    await userEvent.type(filter, 'ma');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await userEvent.type(filter, 'n');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Manual']);
    await userEvent.click(screen.getByRole('option', { name: 'Manual' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ content_name: 'Manual' }));
  });
});

describe('Select Item for a picker field', () => {
  const many = menuItem('Library', {
    content_id: 'library-id',
    children: Array.from({ length: 2000 }, (_, at) =>
      menuItem(`Asset ${String(at + 1).padStart(4, '0')}`, { content_type_id: 'image' }),
    ),
  });
  const forest = [menuItem('Home', { content_type_id: 'page' }), many];

  it('shows only the root item and what lies below it', async () => {
    wrap(
      <SelectItemDialog
        opened
        forest={forest}
        rootId="library-id"
        onCancel={() => {}}
        onSelect={() => {}}
      />,
    );
    const options = await screen.findAllByRole('option');
    expect(options[0]!.textContent).toBe('Library');
    expect(screen.queryByRole('option', { name: 'Home' })).toBeNull();
    // 2,001 rows, but only a screenful (and a few more) is in the page
    expect(options.length).toBeGreaterThan(5);
    expect(options.length).toBeLessThan(40);
  });

  it('moves with the arrow keys through the long list and confirms with Enter', async () => {
    const onSelect = vi.fn();
    wrap(
      <SelectItemDialog
        opened
        forest={forest}
        rootId="library-id"
        restriction="image"
        onCancel={() => {}}
        onSelect={onSelect}
      />,
    );
    const list = await screen.findByRole('listbox', { name: 'Items' });
    list.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ content_name: 'Asset 0001' }));
    await userEvent.keyboard('{End}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({ content_name: 'Asset 2000' }),
    );
    const last = many.children[1999]!;
    expect(list.getAttribute('aria-activedescendant')).toBe(`select-item-${last.content_id}`);
  });

  it('starts on the current reference and says when the root is out of reach', async () => {
    const target = many.children[1500]!;
    const { unmount } = wrap(
      <SelectItemDialog
        opened
        forest={forest}
        rootId="library-id"
        initialId={target.content_id}
        onCancel={() => {}}
        onSelect={() => {}}
      />,
    );
    const chosen = await screen.findByRole('option', { name: target.content_name });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    unmount();
    wrap(
      <SelectItemDialog
        opened
        forest={forest}
        rootId="elsewhere"
        onCancel={() => {}}
        onSelect={() => {}}
      />,
    );
    expect(
      await screen.findByText('This field picks below an item that is not in your tree.'),
    ).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
