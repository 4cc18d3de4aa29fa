import { describe, expect, it } from 'vitest';
import {
  ALLOWED_EXTENSIONS,
  allowedExtensionsFor,
  extensionListOf,
  extensionOf,
  isAllowedExtension,
} from './media';

describe('ALLOWED_EXTENSIONS', () => {
  it('is the table of §5', () => {
    expect(ALLOWED_EXTENSIONS).toEqual({
      image: ['png', 'jpg', 'jpeg', 'gif', 'svg'],
      document: ['txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
      video: ['mp4'],
      streaming: ['m3u8', 'jpg', 'm4s'],
    });
  });
});

describe('allowedExtensionsFor', () => {
  it('maps multi-stream video to the streaming list', () => {
    expect(extensionListOf('multi-stream-video')).toBe('streaming');
    expect(allowedExtensionsFor('multi-stream-video')).toEqual(['m3u8', 'jpg', 'm4s']);
  });

  it('allows nothing for a type that is not media', () => {
    expect(extensionListOf('page')).toBeNull();
    expect(allowedExtensionsFor('page')).toEqual([]);
    expect(allowedExtensionsFor('streaming')).toEqual([]);
  });
});

describe('isAllowedExtension', () => {
  it('compares case-insensitively', () => {
    expect(isAllowedExtension('image', 'PNG')).toBe(true);
    expect(isAllowedExtension('document', 'Docx')).toBe(true);
    expect(isAllowedExtension('video', 'mov')).toBe(false);
  });
});

describe('extensionOf', () => {
  it('is the lower-case text after the last dot', () => {
    expect(extensionOf('holiday.photo.JPEG')).toBe('jpeg');
    expect(extensionOf('.svg')).toBe('svg');
  });

  it('is null without a dot or with nothing after it', () => {
    expect(extensionOf('README')).toBeNull();
    expect(extensionOf('photo.')).toBeNull();
  });

  it('reads only the last segment of a path or URL, without query or fragment', () => {
    expect(extensionOf('/media/v1.2/abc.png?version=1.5#top')).toBe('png');
    expect(extensionOf('/media/v1.2/abc')).toBeNull();
  });
});
