import { describe, expect, it } from 'vitest';
import {
  checkUploadFile,
  checkUploads,
  replaceExtensionMessage,
  uploadTooLargeMessage,
} from './upload';

const file = (name: string, size = 1_000, type = '') => ({ name, size, type });

describe('checkUploads', () => {
  it('asks for a file when none is chosen', () => {
    expect(checkUploads([], { contentType: 'image' })).toEqual({
      accepted: [],
      errors: ['please select a file to upload'],
    });
  });

  it('accepts allowed files, in order, keeping what the caller passed', () => {
    const files = [file('a.png'), file('b.JPG')];
    const result = checkUploads(files, { contentType: 'image' });
    expect(result.errors).toEqual([]);
    expect(result.accepted).toEqual(files);
    expect(result.accepted[0]).toBe(files[0]);
  });

  it('removes a file without an extension and says so', () => {
    const result = checkUploads([file('notes'), file('a.png')], { contentType: 'image' });
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual(['notes: this file has no extension']);
  });

  it('removes a file whose type the content type does not allow', () => {
    const result = checkUploads([file('report.pdf')], { contentType: 'image' });
    expect(result).toEqual({
      accepted: [],
      errors: ['report.pdf: This filetype is not allowed for images'],
    });
  });

  it('uses the streaming list for multi-stream video', () => {
    const result = checkUploads([file('master.m3u8'), file('seg1.m4s'), file('movie.mp4')], {
      contentType: 'multi-stream-video',
    });
    expect(result.accepted.map((f) => f.name)).toEqual(['master.m3u8', 'seg1.m4s']);
    expect(result.errors).toEqual([
      'movie.mp4: This filetype is not allowed for multi-stream-videos',
    ]);
  });

  it('removes a file over 100,000,000 bytes and accepts one of exactly that size', () => {
    const result = checkUploads([file('big.mp4', 100_000_001), file('max.mp4', 100_000_000)], {
      contentType: 'video',
    });
    expect(result.accepted.map((f) => f.name)).toEqual(['max.mp4']);
    expect(result.errors).toEqual(['big.mp4: this file is over the max size of 100.0 MB']);
  });

  it('honours a smaller maximum', () => {
    const result = checkUploads([file('a.png', 2_000_000)], {
      contentType: 'image',
      maxSize: 1_500_000,
    });
    expect(result.errors).toEqual(['a.png: this file is over the max size of 1.5 MB']);
  });

  it('keeps only the first file in single mode', () => {
    const result = checkUploads([file('a.png'), file('b.png')], {
      contentType: 'image',
      mode: 'single',
    });
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual([]);
  });

  it('reports only the first file in single mode', () => {
    const result = checkUploads([file('a'), file('b')], { contentType: 'image', mode: 'single' });
    expect(result).toEqual({ accepted: [], errors: ['a: this file has no extension'] });
  });

  it('requires the same extension when replacing, case-insensitively', () => {
    expect(
      checkUploads([file('new.JPG')], { contentType: 'image', replacing: 'old.jpg' }).errors,
    ).toEqual([]);
    expect(checkUploads([file('new.png')], { contentType: 'image', replacing: 'jpg' })).toEqual({
      accepted: [],
      errors: ['When replacing a file, the new file must have the same extension (jpg)'],
    });
  });
});

describe('checkUploadFile', () => {
  it('lists every rule a file breaks', () => {
    expect(
      checkUploadFile(file('huge.gif', 200_000_000), { contentType: 'video', replacing: '.mp4' }),
    ).toEqual([
      'huge.gif: This filetype is not allowed for videos',
      'When replacing a file, the new file must have the same extension (mp4)',
      'huge.gif: this file is over the max size of 100.0 MB',
    ]);
  });

  it('allows nothing for a content type that is not media', () => {
    expect(checkUploadFile(file('a.png'), { contentType: 'page' })).toEqual([
      'a.png: This filetype is not allowed for pages',
    ]);
  });
});

describe('messages', () => {
  it('format their values', () => {
    expect(uploadTooLargeMessage('a.png', 12_345)).toBe(
      'a.png: this file is over the max size of 12 KB',
    );
    expect(replaceExtensionMessage('pdf')).toBe(
      'When replacing a file, the new file must have the same extension (pdf)',
    );
  });
});
