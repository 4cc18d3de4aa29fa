// @vitest-environment happy-dom
/** Media previews, Copy Link / Download and a media item's panel (Replace), as a person sees them. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { replaceExtensionMessage } from '@canopy/core';
import type * as CanopyUi from '@canopy/ui';
import { uploadMediaFile } from '@canopy/ui';
import {
  MediaLinks,
  MediaPreview,
  absoluteUrl,
  cacheBusted,
  downloadNameOf,
  mediaFilesOf,
  previewKindOf,
} from '@canopy/ui/media';
import { MediaPanel } from './MediaPanel';
import { streamUploadOrder } from './replace-files';
import { fakeApi, renderAdmin } from '../test-kit';

vi.mock('@canopy/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof CanopyUi>()),
  useSession: () => ({ getToken: () => 'token-1' }),
  uploadMediaFile: vi.fn(),
}));

const hls = vi.hoisted(() => ({ sources: [] as string[], supported: true }));
vi.mock('hls.js', () => {
  class Hls {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => hls.supported;
    on() {}
    loadSource(source: string) {
      hls.sources.push(source);
    }
    attachMedia() {}
    destroy() {}
  }
  return { default: Hls };
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.mocked(uploadMediaFile).mockReset();
});

/** The inline error list of the open 'Upload File' dialog. */
const dialogErrors = () =>
  within(screen.getByRole('dialog', { name: 'Upload File' })).getByRole('alert').textContent;

const ID = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

describe('what an address previews as', () => {
  it.each([
    ['/media-library/media/a.PNG?v=1', 'image'],
    ['/media-library/media/a.svg', 'image'],
    ['/media-library/media/a.mp4', 'video'],
    ['/media-library/media/a/master.m3u8', 'stream'],
    ['/media-library/media/a.pdf', 'pdf'],
    ['/media-library/media/a.docx', 'word'],
    ['/media-library/media/a.xls', 'excel'],
    ['/media-library/media/a.pptx', 'powerpoint'],
    ['/media-library/media/a.txt', 'document'],
  ])('%s is a %s', (url, kind) => {
    expect(previewKindOf(url)).toBe(kind);
  });

  it('adds the cache-busting query to addresses, never to blob addresses (§9)', () => {
    expect(cacheBusted('/media-library/media/a.png', 5)).toBe('/media-library/media/a.png?cb=5');
    expect(cacheBusted('/media-library/media/a.png?v=abc', 5)).toBe(
      '/media-library/media/a.png?v=abc&cb=5',
    );
    expect(cacheBusted('blob:http://x/1234', 5)).toBe('blob:http://x/1234');
  });

  it('names a download after the item, with the stored extension', () => {
    expect(downloadNameOf(`/media-library/media/${ID}.pdf?v=1`, 'Annual report')).toBe(
      'Annual report.pdf',
    );
    expect(downloadNameOf(`/media-library/media/${ID}.pdf`)).toBe(`${ID}.pdf`);
    expect(absoluteUrl('/media-library/a.png', 'https://cms.example')).toBe(
      'https://cms.example/media-library/a.png',
    );
  });
});

describe('MediaPreview', () => {
  it('shows an image with the cache-busting query', () => {
    renderAdmin(<MediaPreview url="/media-library/media/a.png?v=7" name="Logo" />);
    const image = screen.getByRole('img', { name: 'Preview of Logo' });
    expect(image.getAttribute('src')).toMatch(/^\/media-library\/media\/a\.png\?v=7&cb=\d+$/);
  });

  it('leaves a blob address as it is', () => {
    renderAdmin(<MediaPreview url="blob:http://localhost/abc" fileName="New.png" name="New.png" />);
    expect(screen.getByRole('img', { name: 'Preview of New.png' }).getAttribute('src')).toBe(
      'blob:http://localhost/abc',
    );
  });

  it('plays a video and frames a PDF', () => {
    renderAdmin(
      <>
        <MediaPreview url="/media-library/media/clip.mp4" name="Clip" />
        <MediaPreview url="/media-library/media/report.pdf" name="Report" />
      </>,
    );
    expect(screen.getByLabelText('Video Clip').tagName).toBe('VIDEO');
    const frame = screen.getByTitle('PDF Report');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/report\.pdf\?cb=\d+$/);
  });

  it.each([
    ['brochure.docx', 'Word document'],
    ['figures.xlsx', 'Excel workbook'],
    ['deck.ppt', 'PowerPoint presentation'],
    ['notes.txt', 'Document'],
  ])('shows %s as an icon: %s', (file, label) => {
    renderAdmin(<MediaPreview url={`/media-library/media/${file}`} name="Item" />);
    expect(screen.getByRole('img', { name: `${label}: Item` })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Preview of/ })).toBeNull();
  });

  it('plays a stream through hls.js, loaded on demand, with its poster', async () => {
    hls.sources.length = 0;
    renderAdmin(
      <MediaPreview
        url="/media-library/media/s/master.m3u8"
        poster="/media-library/media/s/poster.jpg"
        name="Welcome"
      />,
    );
    const video = screen.getByLabelText('Streaming video Welcome');
    expect(video.getAttribute('poster')).toMatch(/poster\.jpg\?cb=\d+$/);
    await waitFor(() => expect(hls.sources).toHaveLength(1));
    expect(hls.sources[0]).toMatch(/^\/media-library\/media\/s\/master\.m3u8\?cb=\d+$/);
  });

  it('says so when the browser cannot play streams', async () => {
    hls.supported = false;
    renderAdmin(<MediaPreview url="/media-library/media/s/master.m3u8" name="Welcome" />);
    expect(await screen.findByText('This browser cannot play streaming video.')).toBeTruthy();
    hls.supported = true;
  });
});

describe('Copy Link and Download', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn(() => Promise.resolve()) },
    });
  });

  it('copies the full address and says so (§8)', async () => {
    renderAdmin(<MediaLinks url="/media-library/media/a.png?v=1" name="Logo" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      `${location.origin}/media-library/media/a.png?v=1`,
    );
    expect(await screen.findByText('Link Has Been Copied to the Clipboard')).toBeTruthy();
  });

  it('says when the clipboard refuses', async () => {
    vi.mocked(navigator.clipboard.writeText).mockRejectedValueOnce(new Error('denied'));
    renderAdmin(<MediaLinks url="/media-library/media/a.png" name="Logo" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText(/The link could not be copied/)).toBeTruthy();
    expect(screen.queryByText('Link Has Been Copied to the Clipboard')).toBeNull();
  });

  it('downloads the file under the item name', () => {
    renderAdmin(<MediaLinks url={`/media-library/media/${ID}.png?v=1`} name="Logo" />);
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe(`/media-library/media/${ID}.png?v=1`);
    expect(link.getAttribute('download')).toBe('Logo.png');
  });
});

describe('a media item file', () => {
  it('is found among the fields by its content id, a stream with its poster', () => {
    const fields = (...values: Array<string | null>) =>
      Object.fromEntries(values.map((field_value, at) => [`b${at}`, { field_value }]));
    expect(
      mediaFilesOf({
        content_id: ID,
        content_type_id: 'image',
        content_fields: fields('Logo', `/media-library/m/${ID}.png?v=1`, '20 KB'),
      }),
    ).toEqual({ url: `/media-library/m/${ID}.png?v=1`, poster: null });
    expect(
      mediaFilesOf({
        content_id: ID,
        content_type_id: 'multi-stream-video',
        content_fields: fields(
          `/media-library/m/${ID}/poster.jpg`,
          `/media-library/m/${ID}/master.m3u8`,
        ),
      }),
    ).toEqual({
      url: `/media-library/m/${ID}/master.m3u8`,
      poster: `/media-library/m/${ID}/poster.jpg`,
    });
    expect(
      mediaFilesOf({ content_id: ID, content_type_id: 'page', content_fields: fields('/x.png') }),
    ).toBeNull();
  });
});

describe('MediaPanel', () => {
  const image = (url: string | null) => ({
    content_id: ID,
    content_name: 'Office photo',
    content_type_id: 'image',
    content_fields: { file: { field_value: url }, name: { field_value: 'Office photo' } },
  });
  const png = (name: string) => new File(['png'], name, { type: 'image/png' });

  it('shows the file with Replace, Copy Link and Download', () => {
    renderAdmin(
      <MediaPanel
        content={image(`/media-library/m/${ID}.png?v=1`)}
        readOnly={false}
        onReplaced={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Image file' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of Office photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
  });

  it('offers no Replace until the draft is locked by you', async () => {
    renderAdmin(
      <MediaPanel content={image(`/media-library/m/${ID}.png`)} readOnly onReplaced={vi.fn()} />,
    );
    const replace = screen.getByRole('button', { name: 'Replace' });
    expect(replace.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(replace);
    expect(screen.queryByRole('dialog', { name: 'Upload File' })).toBeNull();
  });

  it('waits for unsaved changes to be saved before a replace', async () => {
    renderAdmin(
      <MediaPanel
        content={image(`/media-library/m/${ID}.png`)}
        readOnly={false}
        unsaved
        onReplaced={vi.fn()}
      />,
    );
    const replace = screen.getByRole('button', { name: 'Replace' });
    expect(replace.getAttribute('aria-disabled')).toBe('true');
    await userEvent.hover(replace);
    expect(
      await screen.findByText('Save or discard your changes before replacing the file'),
    ).toBeTruthy();
    await userEvent.click(replace);
    expect(screen.queryByRole('dialog', { name: 'Upload File' })).toBeNull();
  });

  it('replaces the file with one of the same extension only (§5), then says it saved', async () => {
    const onReplaced = vi.fn();
    vi.mocked(uploadMediaFile).mockImplementation(async ({ onProgress }) => onProgress(1));
    renderAdmin(
      <MediaPanel
        content={image(`/media-library/m/${ID}.png?v=1`)}
        readOnly={false}
        onReplaced={onReplaced}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.png');

    await userEvent.upload(input, new File(['jpg'], 'new.jpg', { type: 'image/jpeg' }), {
      applyAccept: false,
    });
    expect(dialogErrors()).toContain(replaceExtensionMessage('png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(dialogErrors()).toContain('please select a file to upload');
    expect(uploadMediaFile).not.toHaveBeenCalled();

    await userEvent.upload(input, png('new.PNG'));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: 'Preview of new.PNG' }).getAttribute('src')).toMatch(
      /^blob:/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalled());
    expect(uploadMediaFile).toHaveBeenCalledWith(
      expect.objectContaining({ contentId: ID, token: 'token-1', file: expect.any(File) }),
    );
    expect(await screen.findByText('The media has been saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload File' })).toBeNull());
  });

  it("keeps the dialog open with the server's message when the upload is refused", async () => {
    vi.mocked(uploadMediaFile).mockRejectedValue(
      new Error('new.png: This filetype is not allowed for images'),
    );
    const onReplaced = vi.fn();
    renderAdmin(
      <MediaPanel
        content={image(`/media-library/m/${ID}.png`)}
        readOnly={false}
        onReplaced={onReplaced}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    await userEvent.upload(
      dialog.querySelector('input[type=file]') as HTMLInputElement,
      png('new.png'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The media had issues saving')).toBeTruthy();
    expect(dialogErrors()).toContain('new.png: This filetype is not allowed for images');
    expect(screen.getByRole('dialog', { name: 'Upload File' })).toBeTruthy();
    expect(onReplaced).not.toHaveBeenCalled();
  });

  it('says what to do when the item has no file yet', () => {
    renderAdmin(<MediaPanel content={image(null)} readOnly={false} onReplaced={vi.fn()} />);
    expect(screen.getByText('This item has no file yet. Replace uploads one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy Link' })).toBeNull();
  });
});

describe('replacing a multi-stream video', () => {
  const stream = {
    content_id: ID,
    content_name: 'Welcome video',
    content_type_id: 'multi-stream-video',
    content_fields: {
      file: { field_value: `/media-library/m/${ID}/master.m3u8` },
      poster: { field_value: `/media-library/m/${ID}/poster.jpg` },
    },
  };
  const file = (name: string, body = '') => new File([body], name);
  const master = () => file('master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p.m3u8\n');

  it('sends segments and poster, then variants, then the master playlist', async () => {
    const order = await streamUploadOrder([
      master(),
      file('360p.m3u8', '#EXTM3U\n#EXTINF:2,\n360p_000.m4s\n'),
      file('360p_000.m4s'),
      file('poster.jpg'),
    ]);
    expect(order.map((each) => each.name)).toEqual([
      '360p_000.m4s',
      'poster.jpg',
      '360p.m3u8',
      'master.m3u8',
    ]);
  });

  it('creates the folder anew, then uploads every file into it', async () => {
    const asked = fakeApi({ [`POST /api/mediacollectionfolder/${ID}`]: [200, {}] });
    vi.mocked(uploadMediaFile).mockImplementation(async ({ onProgress }) => onProgress(1));
    const onReplaced = vi.fn();
    renderAdmin(<MediaPanel content={stream} readOnly={false} onReplaced={onReplaced} />);
    expect(screen.getByLabelText('Streaming video Welcome video').getAttribute('poster')).toMatch(
      /poster\.jpg\?cb=\d+$/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, [master(), file('360p_000.m4s'), file('poster.jpg')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalled());
    expect(asked).toEqual([`POST /api/mediacollectionfolder/${ID}`]);
    expect(
      vi.mocked(uploadMediaFile).mock.calls.map(([call]) => [call.file.name, call.into]),
    ).toEqual([
      ['360p_000.m4s', 'mediacollectionfile'],
      ['poster.jpg', 'mediacollectionfile'],
      ['master.m3u8', 'mediacollectionfile'],
    ]);
    expect(await screen.findByText('The media has been saved')).toBeTruthy();
  });

  it("says 'Error with creating media collection folder' when the folder is refused", async () => {
    fakeApi({
      [`POST /api/mediacollectionfolder/${ID}`]: [409, { message: 'Lock the item first' }],
    });
    renderAdmin(<MediaPanel content={stream} readOnly={false} onReplaced={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    await userEvent.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, [
      master(),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Error with creating media collection folder')).toBeTruthy();
    expect(dialogErrors()).toContain('Lock the item first');
    expect(uploadMediaFile).not.toHaveBeenCalled();
  });
});
