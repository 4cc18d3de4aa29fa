import { describe, expect, it } from 'vitest';
import {
  checkPickerRestriction,
  isUuid,
  pickerRestrictionMessage,
  validatePickerValue,
} from './picker';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('isUuid', () => {
  it('accepts UUIDs in either case', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-4000-8000-000000000001')).toBe(true);
  });

  it.each(['', 'abc', `${id}0`, `{${id}}`, id.replaceAll('-', ''), 42, null])(
    'refuses %s',
    (value) => {
      expect(isUuid(value)).toBe(false);
    },
  );
});

describe('validatePickerValue', () => {
  it('requires a value when required', () => {
    expect(validatePickerValue('', { required: true })).toBe('This field is required');
    expect(validatePickerValue(null, { required: true })).toBe('This field is required');
  });

  it('accepts an empty optional value', () => {
    expect(validatePickerValue('')).toBeNull();
  });

  it('refuses a value that is not a UUID', () => {
    expect(validatePickerValue('not-an-id')).toBe(
      'This field does not have a valid reference to another field',
    );
  });

  it('accepts a UUID, then runs the custom check', () => {
    expect(validatePickerValue(id, { required: true })).toBeNull();
    expect(validatePickerValue(id, { customCheck: () => 'That item was deleted' })).toBe(
      'That item was deleted',
    );
  });
});

describe('checkPickerRestriction', () => {
  it('allows anything when there is no restriction', () => {
    expect(checkPickerRestriction('page', null)).toBeNull();
    expect(checkPickerRestriction('page', '')).toBeNull();
    expect(checkPickerRestriction('page', [])).toBeNull();
  });

  it('accepts a selection whose type is in the restriction, however it is given', () => {
    expect(checkPickerRestriction('image', 'image')).toBeNull();
    expect(checkPickerRestriction('image', ['document', 'image'])).toBeNull();
    expect(checkPickerRestriction('image', 'document, image')).toBeNull();
  });

  it('names a single type', () => {
    expect(checkPickerRestriction('page', 'image')).toBe(
      'Please select something with the content type of "image"',
    );
  });

  it("names a list's types joined by ', ' in the order given", () => {
    expect(checkPickerRestriction('page', ['image', 'video'])).toBe(
      'Please select something with the content type of "image, video"',
    );
    expect(checkPickerRestriction(null, 'image,document')).toBe(
      'Please select something with the content type of "image, document"',
    );
  });

  it('builds the message from a list', () => {
    expect(pickerRestrictionMessage(['page'])).toBe(
      'Please select something with the content type of "page"',
    );
  });
});
