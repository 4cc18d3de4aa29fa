// @vitest-environment happy-dom
/**
 * The Content Reference Picker and Media Library Asset editors (§2, §4 Picker fields, §5), as a
 * person sees them: their commands, the referenced item and its preview, and their rules as the
 * item editor runs them (core's validateFieldValue, then the kind's extraCheck).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import {
  INVALID_REFERENCE_MESSAGE,
  MEDIA_LIBRARY_ROOT_ID,
  REQUIRED_MESSAGE,
  validateFieldValue,
  type FieldType,
  type TemplateFieldDefinition,
} from '@canopy/core';
import { fakeApi, menuItem, renderAdmin } from '../../test-kit';
import {
  EditorContext,
  type EditorApi,
  type FieldEditorProps,
  type FieldKind,
} from '@canopy/ui/draft';
import { makeContent, makeTemplate, renderEditor } from '../test-harness';
import { mediaKind, referenceKind } from '@canopy/ui/fields/pickers';

afterEach(() => {
  cleanup();
  notifications.clean();
});

/** A field definition with what these editors read; the rest of its properties are empty. */
function definition(
  type: FieldType,
  extra: Partial<TemplateFieldDefinition> = {},
): TemplateFieldDefinition {
  const blockId = crypto.randomUUID();
  return {
    field_type: type,
    field_name: type,
    block_id: blockId,
    is_required: 0,
    picker_root_item: null,
    restrict_to_content_type: null,
    ...extra,
  } as TemplateFieldDefinition;
}

/** The rules as the item editor runs them: core first, then the kind's own. */
function rules(kind: FieldKind, def: TemplateFieldDefinition, value: string) {
  return validateFieldValue(def, value) ?? kind.extraCheck?.(def, value) ?? null;
}

/** One field editor holding its value, as the item editor would; `changes` records onChange. */
function Field({
  kind,
  def,
  initial = '',
  readOnly = false,
  changes,
}: {
  kind: FieldKind;
  def: TemplateFieldDefinition;
  initial?: string;
  readOnly?: boolean;
  changes?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problem = rules(kind, def, value);
  const props: FieldEditorProps = {
    definition: def,
    target: { kind: 'content', templateBlockId: def.block_id },
    inputId: 'field-1',
    label: def.field_name,
    description: null,
    required: def.is_required === 1,
    value,
    onChange: (next) => {
      changes?.(next);
      setValue(next);
    },
    onBlur: () => setTouched(true),
    readOnly,
    error: touched ? problem : null,
    focusRef: () => {},
  };
  return <kind.Editor {...props} />;
}

const home = menuItem('Home', {
  content_type_id: 'page',
  children: [
    menuItem('About', { content_type_id: 'page' }),
    menuItem('Team', { content_type_id: 'page' }),
  ],
});
const photo = menuItem('Office photo', {
  content_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  content_type_id: 'image',
  media_url: '/media-library/media/a1b2c3d4-0000-4000-8000-000000000001.jpg?v=abc',
});
const report = menuItem('Annual report', {
  content_id: 'a1b2c3d4-0000-4000-8000-000000000002',
  content_type_id: 'document',
  media_url: '/media-library/media/a1b2c3d4-0000-4000-8000-000000000002.pdf?v=def',
});
const draftImage = menuItem('Draft image', { content_type_id: 'image', media_url: null });
const library = menuItem('Media Library', {
  content_id: MEDIA_LIBRARY_ROOT_ID,
  content_type_id: 'folder',
  children: [photo, report, draftImage],
});
const forest = [home, library];
const seed: Array<[readonly unknown[], unknown]> = [[['menus'], forest]];

function content(id: string, name: string, type: string, fields: Record<string, string> = {}) {
  return {
    content_id: id,
    content_name: name,
    content_type_id: type,
    content_fields: Object.fromEntries(
      Object.entries(fields).map(([block, field_value]) => [block, { field_value }]),
    ),
  };
}

describe('Content Reference Picker', () => {
  const about = home.children[0]!;
  /** A picker referring to About; returns the calls made. */
  const showAbout = () => {
    const asked = fakeApi({
      [`GET /api/contents/${about.content_id}`]: [200, content(about.content_id, 'About', 'page')],
    });
    renderAdmin(
      <Field
        kind={referenceKind}
        def={definition('Content Reference Picker')}
        initial={about.content_id}
      />,
      seed,
    );
    return asked;
  };

  it('offers Add when empty, loads nothing and shows no preview', () => {
    const asked = fakeApi({});
    renderAdmin(<Field kind={referenceKind} def={definition('Content Reference Picker')} />, seed);
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Go to Referenced Item' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.queryByLabelText('Referenced item')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('loads the item a valid UUID names and links to it in a new tab', async () => {
    const asked = showAbout();
    const card = await screen.findByLabelText('Referenced item');
    expect(within(card).getByText('About')).toBeTruthy();
    expect(within(card).getByText('page')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go to Referenced Item' });
    expect(link.getAttribute('href')).toBe(`/admin/content/${about.content_id}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Select' })).toBeTruthy();
    expect(asked).toEqual([`GET /api/contents/${about.content_id}`]);
    // not a media item: no Copy Link or Download
    expect(screen.queryByRole('button', { name: 'Copy Link' })).toBeNull();
  });

  it('opens a referenced template at its template address', async () => {
    const id = crypto.randomUUID();
    fakeApi({
      [`GET /api/templates/${id}`]: [
        200,
        { template_id: id, template_name: 'Page', template_type_id: 'page-template' },
      ],
    });
    renderAdmin(
      <Field kind={referenceKind} def={definition('Content Reference Picker')} initial={id} />,
      seed,
    );
    expect(await screen.findByText('Page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Referenced Item' }).getAttribute('href')).toBe(
      `/admin/templates/${id}`,
    );
  });

  it('previews a referenced media item, with Copy Link and Download', async () => {
    const id = photo.content_id;
    fakeApi({
      [`GET /api/contents/${id}`]: [
        200,
        content(id, 'Office photo', 'image', { file: `/media-library/media/${id}.jpg?v=abc` }),
      ],
    });
    renderAdmin(
      <Field kind={referenceKind} def={definition('Content Reference Picker')} initial={id} />,
      seed,
    );
    const image = await screen.findByRole('img', { name: 'Preview of Office photo' });
    expect(image.getAttribute('src')).toMatch(new RegExp(`/${id}\\.jpg\\?v=abc&cb=\\d+$`));
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'Office photo.jpg',
    );
  });

  it("says 'Error Loading Content Reference Picker Data' when the item cannot be loaded", async () => {
    fakeApi({});
    const id = crypto.randomUUID();
    renderAdmin(
      <Field kind={referenceKind} def={definition('Content Reference Picker')} initial={id} />,
      seed,
    );
    expect(await screen.findByText('Error Loading Content Reference Picker Data')).toBeTruthy();
    expect(
      screen.getByText('The referenced item does not exist (it may have been deleted).'),
    ).toBeTruthy();
  });

  it('clears the preview for an invalid value and shows the §5 message once touched', async () => {
    const asked = showAbout();
    await screen.findByLabelText('Referenced item');
    const input = screen.getByRole('textbox', { name: 'Content Reference Picker' });
    await userEvent.type(input, 'x');
    expect(screen.queryByLabelText('Referenced item')).toBeNull();
    expect(screen.queryByText(INVALID_REFERENCE_MESSAGE)).toBeNull(); // not touched yet
    await userEvent.tab();
    expect(screen.getByText(INVALID_REFERENCE_MESSAGE)).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it('follows the server on Save: required, then a UUID, and nothing more', () => {
    const def = definition('Content Reference Picker', {
      is_required: 1,
      restrict_to_content_type: 'image',
    });
    expect(rules(referenceKind, def, '')).toBe(REQUIRED_MESSAGE);
    expect(rules(referenceKind, def, 'not-an-id')).toBe(INVALID_REFERENCE_MESSAGE);
    expect(rules(referenceKind, def, '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b')).toBeNull();
  });

  it('picks in the Select Item dialog, rooted and restricted by the definition', async () => {
    fakeApi({});
    const changes = vi.fn();
    const def = definition('Content Reference Picker', {
      picker_root_item: home.content_id,
      restrict_to_content_type: 'page',
    });
    renderAdmin(<Field kind={referenceKind} def={def} changes={changes} />, seed);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Item' });
    const names = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['Home', 'About', 'Team']);
    await userEvent.click(within(dialog).getByRole('option', { name: 'Team' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(changes).toHaveBeenCalledWith(home.children[1]!.content_id);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      (screen.getByRole('textbox', { name: 'Content Reference Picker' }) as HTMLInputElement).value,
    ).toBe(home.children[1]!.content_id);
  });

  it('refuses an item of another type with the restriction message', async () => {
    fakeApi({});
    const changes = vi.fn();
    const def = definition('Content Reference Picker', { restrict_to_content_type: 'image' });
    renderAdmin(<Field kind={referenceKind} def={def} changes={changes} />, seed);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Item' });
    await userEvent.click(within(dialog).getByRole('option', { name: 'About' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please select something with the content type of "image"',
    );
    expect(changes).not.toHaveBeenCalled();
  });

  it('removes the reference, and offers nothing to change when read-only', async () => {
    fakeApi({});
    const changes = vi.fn();
    const id = crypto.randomUUID();
    const { unmount } = renderAdmin(
      <Field
        kind={referenceKind}
        def={definition('Content Reference Picker')}
        initial={id}
        changes={changes}
      />,
      seed,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(changes).toHaveBeenCalledWith('');
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    unmount();

    renderAdmin(
      <Field
        kind={referenceKind}
        def={definition('Content Reference Picker')}
        initial={id}
        readOnly
      />,
      seed,
    );
    expect(screen.getByRole('button', { name: 'Select' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to Referenced Item' })).toBeTruthy();
  });
});

describe('Media Library Asset', () => {
  const imageField = definition('Media Library Asset', {
    field_name: 'Hero Image',
    restrict_to_content_type: 'image',
  });

  it('previews the file with Copy Link, Download and a link to its media item', () => {
    renderAdmin(<Field kind={mediaKind} def={imageField} initial={photo.media_url!} />, seed);
    const image = screen.getByRole('img', { name: 'Preview of Office photo' });
    expect(image.getAttribute('src')).toMatch(/\.jpg\?v=abc&cb=\d+$/);
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'Office photo.jpg',
    );
    expect(screen.getByRole('link', { name: 'Go to Media Item' }).getAttribute('href')).toBe(
      `/admin/content/a1b2c3d4-0000-4000-8000-000000000001`,
    );
  });

  it('picks a file from the media library, restricted to the field type', async () => {
    const changes = vi.fn();
    renderAdmin(<Field kind={mediaKind} def={imageField} changes={changes} />, seed);
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Item' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Media Library', 'Office photo', 'Annual report', 'Draft image']);
    await userEvent.click(within(dialog).getByRole('option', { name: 'Annual report' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please select something with the content type of "image"',
    );
    await userEvent.click(within(dialog).getByRole('option', { name: 'Draft image' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Draft image has no file yet');
    await userEvent.click(within(dialog).getByRole('option', { name: 'Office photo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(changes).toHaveBeenCalledWith(photo.media_url);
    expect(await screen.findByRole('img', { name: 'Preview of Office photo' })).toBeTruthy();
  });

  it('gives the §5 media messages and clears the preview of an invalid value', async () => {
    expect(rules(mediaKind, { ...imageField, is_required: 1 }, '')).toBe(REQUIRED_MESSAGE);
    expect(rules(mediaKind, imageField, '/media-library/media/photo')).toBe(
      'The file has no extension',
    );
    expect(rules(mediaKind, imageField, '/media-library/media/report.pdf')).toBe(
      'This filetype is not allowed for images',
    );
    expect(rules(mediaKind, imageField, photo.media_url!)).toBeNull();
    // a field restricted to no media type takes any file with an extension
    expect(rules(mediaKind, definition('Media Library Asset'), '/x/report.pdf')).toBeNull();

    renderAdmin(<Field kind={mediaKind} def={imageField} initial={photo.media_url!} />, seed);
    const input = screen.getByRole('textbox', { name: 'Hero Image' });
    await userEvent.clear(input);
    await userEvent.type(input, '/media-library/media/report.pdf');
    await userEvent.tab();
    expect(screen.queryByRole('img', { name: /Preview of/ })).toBeNull();
    expect(screen.getByText('This filetype is not allowed for images')).toBeTruthy();
  });

  it("shows a media item's own file with its links only: the panel above replaces it", () => {
    const editor = {
      item: {
        content_id: crypto.randomUUID(),
        version: 1,
        site_id: null,
        content_type_id: 'image',
        media_library_directory: 'media',
      },
    } as EditorApi;
    const inEditor = (node: ReactNode) => (
      <EditorContext.Provider value={editor}>{node}</EditorContext.Provider>
    );
    renderAdmin(
      inEditor(<Field kind={mediaKind} def={imageField} initial={photo.media_url!} />),
      seed,
    );
    const input = screen.getByRole('textbox', { name: 'Hero Image' }) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(screen.getByText('Replace the file with the panel above the form.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the pickers in the item editor', () => {
  const fields = [
    {
      field_name: 'Related Page',
      field_type: 'Content Reference Picker',
      restrict_to_content_type: 'page',
    },
    {
      field_name: 'Hero Image',
      field_type: 'Media Library Asset',
      restrict_to_content_type: 'image',
    },
  ];

  it('saves a picked reference and a picked image as edited fields', async () => {
    fakeApi({ 'GET /api/menus': [200, forest] });
    const about = home.children[0]!;
    const editor = renderEditor({ fields, values: { 'Related Page': null, 'Hero Image': null } });
    const [addReference, selectImage] = [
      screen.getByRole('button', { name: 'Add' }),
      screen.getByRole('button', { name: 'Select' }),
    ];
    await userEvent.click(addReference);
    let dialog = await screen.findByRole('dialog', { name: 'Select Item' });
    await userEvent.click(within(dialog).getByRole('option', { name: 'About' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(selectImage);
    dialog = await screen.findByRole('dialog', { name: 'Select Item' });
    await userEvent.click(within(dialog).getByRole('option', { name: 'Office photo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const values = editor
      .changes()
      .content_fields?.map((field) => [field.field_value, field.cmsItemStatus]);
    expect(values).toEqual([
      [about.content_id, { edited: true }],
      [photo.media_url, { edited: true }],
    ]);
    expect(editor.attemptSave()).toBe(true);
  });

  it('refuses a Save with an invalid reference and focuses the field', async () => {
    fakeApi({});
    const editor = renderEditor({ fields, values: { 'Related Page': 'not-an-id' } });
    expect(screen.queryByText(INVALID_REFERENCE_MESSAGE)).toBeNull();
    expect(editor.attemptSave()).toBe(false);
    expect(await screen.findByText(INVALID_REFERENCE_MESSAGE)).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Related Page' });
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it("shows a media item's own file with its links only", () => {
    fakeApi({});
    const template = makeTemplate([
      { field_name: 'Image', field_type: 'Media Library Asset', restrict_to_content_type: 'image' },
    ]);
    renderEditor({
      template,
      content: makeContent(
        template,
        { Image: photo.media_url },
        { content_type_id: 'image', content_id: photo.content_id },
      ),
    });
    expect((screen.getByRole('textbox', { name: 'Image' }) as HTMLInputElement).readOnly).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
  });
});
