import { describe, expect, it } from 'vitest';
import {
  hasRenditions,
  parseRenditionSize,
  renditionSrcSet,
  renditionUrl,
  snapRenditionWidth,
} from './renditions';

describe('renditions', () => {
  it('snaps a width to the nearest rendition at or above it', () => {
    expect(snapRenditionWidth(1)).toBe(160);
    expect(snapRenditionWidth(640)).toBe(640);
    expect(snapRenditionWidth(641)).toBe(960);
    expect(snapRenditionWidth(3000)).toBe(3000);
  });

  it('reads w and h, refusing what is not a size', () => {
    expect(parseRenditionSize('w', undefined)).toBeUndefined();
    expect(parseRenditionSize('w', '640')).toBe(640);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '4001', '0640', '9999999']) {
      expect(parseRenditionSize('w', bad)).toEqual({
        problem: 'The query parameter "w" must be a whole number of pixels from 1 to 4000',
      });
    }
  });

  it('writes srcset for media-library raster images only', () => {
    const url = '/media-library/media/abc.jpg?v=tag';
    expect(hasRenditions(url)).toBe(true);
    expect(hasRenditions('/media-library/media/logo.svg')).toBe(false);
    expect(hasRenditions('https://example.com/a.jpg')).toBe(false);
    expect(renditionUrl(url, 640)).toBe('/media-library/media/abc.jpg?v=tag&w=640');
    expect(renditionSrcSet(url, 960)).toBe(
      '/media-library/media/abc.jpg?v=tag&w=320 320w, /media-library/media/abc.jpg?v=tag&w=640 640w, /media-library/media/abc.jpg?v=tag&w=960 960w',
    );
    expect(renditionSrcSet('/media-library/media/logo.svg')).toBeUndefined();
  });
});
