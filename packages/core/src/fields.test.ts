import { describe, expect, it, vi } from 'vitest';
import type { TemplateFieldDefinition } from './entities';
import {
  checkboxValue,
  defaultFieldValue,
  dropdownOptions,
  FIELD_TYPES,
  fieldHoldsText,
  fieldTypeOf,
  isFieldType,
  referencedContentId,
  validateDropdownValue,
  validateFieldValue,
  type FieldType,
} from './fields';
import { BLANK_FIELD_DEFINITION } from './template-rules';
import { TEXT_TOO_LONG_MESSAGE } from './validation/messages';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/** A full definition row as the database returns it. */
function row(overrides: Partial<TemplateFieldDefinition> = {}): TemplateFieldDefinition {
  return {
    ...BLANK_FIELD_DEFINITION,
    field_id: id,
    block_id: id,
    field_name: 'Title',
    ...overrides,
  };
}

describe('field types', () => {
  it('are the ten types of §3', () => {
    expect(FIELD_TYPES).toEqual([
      'Short Text',
      'Long Text',
      'Rich Text',
      'Dropdown',
      'Checkbox',
      'Read Only',
      'Media Library Asset',
      'Content Reference Picker',
      'Micro-app Reference Picker',
      'Dynamic Zone',
    ]);
  });

  it('are recognised by exact spelling only', () => {
    expect(isFieldType('Rich Text')).toBe(true);
    expect(isFieldType('rich text')).toBe(false);
    expect(isFieldType(null)).toBe(false);
  });

  it("default to 'Short Text' when unknown or empty", () => {
    expect(fieldTypeOf({ field_type: 'Checkbox' })).toBe('Checkbox');
    expect(fieldTypeOf({ field_type: 'Colour Picker' })).toBe('Short Text');
    expect(fieldTypeOf({ field_type: '' })).toBe('Short Text');
    expect(fieldTypeOf({ field_type: null })).toBe('Short Text');
    expect(fieldTypeOf({})).toBe('Short Text');
  });

  it('all hold text except the dynamic zone', () => {
    const holding = FIELD_TYPES.filter((type) => fieldHoldsText({ field_type: type }));
    expect(holding).toEqual(FIELD_TYPES.filter((type) => type !== 'Dynamic Zone'));
  });
});

describe('validateFieldValue', () => {
  it('accepts a whole database row', () => {
    expect(validateFieldValue(row({ is_required: 1 }), '')).toBe('This field is required');
    expect(validateFieldValue(row(), 'Hello')).toBeNull();
  });

  it.each(['Short Text', 'Long Text', 'Rich Text', 'Read Only'] satisfies FieldType[])(
    '%s follows the text rules',
    (type) => {
      const def = {
        field_type: type,
        is_required: true,
        regex_validation: '^[A-Z]',
        validation_message: 'Start with a capital letter',
      };
      expect(validateFieldValue(def, null)).toBe('This field is required');
      expect(validateFieldValue(def, 'hello')).toBe('Start with a capital letter');
      expect(validateFieldValue(def, 'Hello')).toBeNull();
    },
  );

  it('passes the injected regex engine on, and a throw is a regex error', () => {
    const compileRegex = vi.fn(() => {
      throw new SyntaxError('not supported');
    });
    expect(validateFieldValue({ regex_validation: '(a+)+$' }, 'aaaa!', { compileRegex })).toBe(
      'There was an error with validation (regular expression)',
    );
    expect(compileRegex).toHaveBeenCalledWith('(a+)+$');
  });

  it.each(FIELD_TYPES.filter((type) => type !== 'Dynamic Zone'))(
    '%s is capped at 4000 characters',
    (type) => {
      expect(validateFieldValue({ field_type: type }, 'a'.repeat(4001))).toBe(
        'This field is limited to 4000 characters',
      );
    },
  );

  it('builds the length message from the limit', () => {
    expect(TEXT_TOO_LONG_MESSAGE).toBe('This field is limited to 4000 characters');
  });

  it('refuses a value that is not text', () => {
    expect(validateFieldValue({ field_type: 'Short Text' }, 42)).toBe(
      'This field must be given as text',
    );
    expect(validateFieldValue({ field_type: 'Checkbox' }, true)).toBe(
      'This field must be given as text',
    );
  });

  it('runs the custom check after the type rules', () => {
    const customCheck = vi.fn(() => 'Already used');
    expect(validateFieldValue({ field_type: 'Short Text' }, 'a', { customCheck })).toBe(
      'Already used',
    );
    expect(validateFieldValue({ field_type: 'Checkbox' }, 'yes', { customCheck })).toBe(
      "This field must be 'true' or 'false'",
    );
    expect(customCheck).toHaveBeenCalledTimes(1);
  });

  describe('Checkbox', () => {
    const checkbox = { field_type: 'Checkbox' };

    it("accepts only 'true' and 'false'", () => {
      expect(validateFieldValue(checkbox, 'true')).toBeNull();
      expect(validateFieldValue(checkbox, 'false')).toBeNull();
      expect(validateFieldValue(checkbox, 'TRUE')).toBe("This field must be 'true' or 'false'");
      expect(validateFieldValue(checkbox, '1')).toBe("This field must be 'true' or 'false'");
    });

    it('leaves an empty optional checkbox to its default, and requires a required one', () => {
      expect(validateFieldValue(checkbox, '')).toBeNull();
      expect(validateFieldValue({ ...checkbox, is_required: 1 }, null)).toBe(
        'This field is required',
      );
    });
  });

  describe('Dropdown', () => {
    const dropdown = { field_type: 'Dropdown', field_values: 'Red|Green| Blue ' };

    it("accepts '' (None Selected) and any one option", () => {
      expect(validateFieldValue(dropdown, '')).toBeNull();
      expect(validateFieldValue(dropdown, 'Green')).toBeNull();
      expect(validateFieldValue(dropdown, 'Blue')).toBeNull();
    });

    it('accepts several options joined by commas', () => {
      expect(validateFieldValue(dropdown, 'Red,Blue')).toBeNull();
      expect(validateFieldValue(dropdown, 'Red, Green')).toBeNull();
    });

    it('names the value that is not an option', () => {
      expect(validateFieldValue(dropdown, 'Purple')).toBe(
        '"Purple" is not one of this field\'s options (Red, Green, Blue)',
      );
      expect(validateFieldValue(dropdown, 'Red,Purple')).toBe(
        '"Purple" is not one of this field\'s options (Red, Green, Blue)',
      );
    });

    it('requires a choice when required', () => {
      expect(validateFieldValue({ ...dropdown, is_required: true }, '')).toBe(
        'This field is required',
      );
    });

    it('accepts nothing but empty when there are no options', () => {
      expect(validateFieldValue({ field_type: 'Dropdown', field_values: null }, '')).toBeNull();
      expect(validateDropdownValue('Red', { field_values: '' })).toBe(
        '"Red" is not one of this field\'s options (none are configured)',
      );
    });

    it('matches an option holding a comma as a whole', () => {
      expect(validateDropdownValue('Large, bold', { field_values: 'Small|Large, bold' })).toBe(
        null,
      );
    });
  });

  describe('Content Reference Picker', () => {
    const picker = { field_type: 'Content Reference Picker', is_required: 1 };

    it('follows the picker rules', () => {
      expect(validateFieldValue(picker, '')).toBe('This field is required');
      expect(validateFieldValue(picker, 'home')).toBe(
        'This field does not have a valid reference to another field',
      );
      expect(validateFieldValue(picker, id)).toBeNull();
    });
  });

  describe('Media Library Asset', () => {
    const media = { field_type: 'Media Library Asset', is_required: 1 };

    it('follows the media rules with the content type given', () => {
      expect(validateFieldValue(media, '')).toBe('This field is required');
      expect(validateFieldValue(media, 42)).toBe('This field is required');
      expect(validateFieldValue(media, 'photo', { mediaContentType: 'image' })).toBe(
        'The file has no extension',
      );
      expect(validateFieldValue(media, 'a.pdf', { mediaContentType: 'image' })).toBe(
        'This filetype is not allowed for images',
      );
      expect(validateFieldValue(media, 'a.svg', { mediaContentType: 'image' })).toBeNull();
    });

    it("takes the type from the definition's restriction when no type is given", () => {
      const images = { ...media, restrict_to_content_type: 'image' };
      expect(validateFieldValue(images, '/media-library/media/a.pdf')).toBe(
        'This filetype is not allowed for images',
      );
      expect(validateFieldValue(images, '/media-library/media/a.png')).toBeNull();
      const anyType = { ...media, restrict_to_content_type: 'page' };
      expect(validateFieldValue(anyType, '/media-library/media/a.pdf')).toBeNull();
    });
  });

  describe('Micro-app Reference Picker', () => {
    it('is required when required', () => {
      const def = { field_type: 'Micro-app Reference Picker', is_required: 1 };
      expect(validateFieldValue(def, '')).toBe('This field is required');
      const ids = '7e000000-0000-4000-8000-0000000a0101|7e000000-0000-4000-8000-0000000a0102';
      expect(validateFieldValue(def, ids)).toBeNull();
    });

    it('holds instance ids only', () => {
      const def = { field_type: 'Micro-app Reference Picker' };
      expect(validateFieldValue(def, 'newsletter|1')).toBe(
        'Choose micro-app instances from the list: this value does not name an instance',
      );
    });
  });

  describe('Dynamic Zone', () => {
    it('holds no text value', () => {
      const zone = { field_type: 'Dynamic Zone', is_required: 1 };
      expect(validateFieldValue(zone, null)).toBeNull();
      expect(validateFieldValue(zone, '')).toBeNull();
      expect(validateFieldValue(zone, 'text')).toBe(
        'A dynamic zone holds blocks, not a value; leave its value empty',
      );
    });
  });
});

describe('checkboxValue', () => {
  it("stores 'true' or 'false' as given", () => {
    expect(checkboxValue('true', 'false')).toBe('true');
    expect(checkboxValue('false', 'true')).toBe('false');
    expect(checkboxValue(true, 'false')).toBe('true');
    expect(checkboxValue(false, 'true')).toBe('false');
  });

  it('falls back to the default, then to false', () => {
    expect(checkboxValue(null, 'true')).toBe('true');
    expect(checkboxValue('', 'true')).toBe('true');
    expect(checkboxValue('yes', 'false')).toBe('false');
    expect(checkboxValue(undefined, null)).toBe('false');
    expect(checkboxValue(undefined, 'on')).toBe('false');
  });
});

describe('defaultFieldValue', () => {
  it("is the definition's default value", () => {
    expect(defaultFieldValue({ field_type: 'Short Text', default_value: 'Untitled' })).toBe(
      'Untitled',
    );
    expect(defaultFieldValue({ field_type: 'Rich Text' })).toBeNull();
  });

  it("is always 'true' or 'false' for a checkbox", () => {
    expect(defaultFieldValue({ field_type: 'Checkbox', default_value: 'true' })).toBe('true');
    expect(defaultFieldValue({ field_type: 'Checkbox', default_value: null })).toBe('false');
  });

  it('is nothing for a dynamic zone', () => {
    expect(defaultFieldValue({ field_type: 'Dynamic Zone', default_value: 'x' })).toBeNull();
  });
});

describe('dropdownOptions', () => {
  it('splits on pipes, trims and drops empty options', () => {
    expect(dropdownOptions(' Red | Green ||Blue|')).toEqual(['Red', 'Green', 'Blue']);
    expect(dropdownOptions(null)).toEqual([]);
  });
});

describe('referencedContentId', () => {
  it('is the UUID a content reference picker holds', () => {
    expect(referencedContentId({ field_type: 'Content Reference Picker' }, id)).toBe(id);
  });

  it('is null for other types, empty or invalid values', () => {
    expect(referencedContentId({ field_type: 'Short Text' }, id)).toBeNull();
    expect(referencedContentId({ field_type: 'Content Reference Picker' }, '')).toBeNull();
    expect(referencedContentId({ field_type: 'Content Reference Picker' }, 'x')).toBeNull();
  });
});
