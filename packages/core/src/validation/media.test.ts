import { describe, expect, it } from 'vitest';
import { validateMediaFieldValue } from './media';

describe('validateMediaFieldValue', () => {
  it('requires a value when required', () => {
    expect(validateMediaFieldValue('', { required: true })).toBe('This field is required');
    expect(validateMediaFieldValue(null, { required: true })).toBe('This field is required');
  });

  it('treats a value that is not text as missing', () => {
    expect(validateMediaFieldValue(42, { required: true })).toBe('This field is required');
    expect(validateMediaFieldValue({ name: 'a.png' })).toBe('This field is required');
  });

  it('accepts an empty optional value', () => {
    expect(validateMediaFieldValue('')).toBeNull();
  });

  it('refuses a name without a dot', () => {
    expect(validateMediaFieldValue('photo', { contentType: 'image' })).toBe(
      'The file has no extension',
    );
  });

  it('refuses an extension the content type does not allow, naming the type plural', () => {
    expect(validateMediaFieldValue('report.pdf', { contentType: 'image' })).toBe(
      'This filetype is not allowed for images',
    );
    expect(validateMediaFieldValue('clip.mov', { contentType: 'video' })).toBe(
      'This filetype is not allowed for videos',
    );
    expect(validateMediaFieldValue('movie.mp4', { contentType: 'multi-stream-video' })).toBe(
      'This filetype is not allowed for multi-stream-videos',
    );
  });

  it('accepts allowed extensions in any case, and media URLs', () => {
    expect(validateMediaFieldValue('Photo.JPG', { contentType: 'image' })).toBeNull();
    expect(validateMediaFieldValue('master.m3u8', { contentType: 'multi-stream-video' })).toBe(
      null,
    );
    expect(
      validateMediaFieldValue('/media/library/abc.pdf?v=3', { contentType: 'document' }),
    ).toBeNull();
  });

  it('checks only that an extension exists when the content type is unknown', () => {
    expect(validateMediaFieldValue('archive.zip')).toBeNull();
    expect(validateMediaFieldValue('archive')).toBe('The file has no extension');
  });
});
