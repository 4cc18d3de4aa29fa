/** The validation messages of SPEC §5, kept in one place so every caller shows the same words. */
import { TEXT_FIELD_MAX_LENGTH } from '../constants';

export const REQUIRED_MESSAGE = 'This field is required';
export const TEXT_TOO_LONG_MESSAGE = `This field is limited to ${TEXT_FIELD_MAX_LENGTH} characters`;
/** Shown when an administrator configured a regular expression but left its message empty. */
export const REGEX_MISMATCH_FALLBACK_MESSAGE = 'This field is not in the expected format';
export const REGEX_ERROR_MESSAGE = 'There was an error with validation (regular expression)';
export const INVALID_REGEX_PATTERN_MESSAGE = 'Please enter a valid regular expression';
export const INVALID_REFERENCE_MESSAGE =
  'This field does not have a valid reference to another field';
export const NO_EXTENSION_MESSAGE = 'The file has no extension';
export const NO_UPLOAD_FILE_MESSAGE = 'please select a file to upload';
/** A field value arrived as something other than text (a number, an object...). */
export const NOT_TEXT_MESSAGE = 'This field must be given as text';
export const CHECKBOX_VALUE_MESSAGE = "This field must be 'true' or 'false'";
export const DYNAMIC_ZONE_VALUE_MESSAGE =
  'A dynamic zone holds blocks, not a value; leave its value empty';

/** 'This filetype is not allowed for images' (§5 media field). */
export function fileTypeNotAllowedMessage(contentType: string): string {
  return `This filetype is not allowed for ${contentType}s`;
}

/** '"Blue" is not one of this field's options (Red, Green)' for a dropdown. */
export function notAnOptionMessage(value: string, options: readonly string[]): string {
  const choices = options.length > 0 ? options.join(', ') : 'none are configured';
  return `"${value}" is not one of this field's options (${choices})`;
}
