/** The media-library asset field rules of SPEC §5. */
import { extensionOf, isAllowedExtension } from '../media';
import { fileTypeNotAllowedMessage, NO_EXTENSION_MESSAGE, REQUIRED_MESSAGE } from './messages';

export interface MediaFieldOptions {
  required?: boolean;
  /** The media content type of the item ('image', 'multi-stream-video'...). */
  contentType?: string | null;
}

/**
 * Validates a media field's file name (or URL): required and empty, or not text at all, gives
 * the required message; a name without an extension, then an extension the content type does
 * not allow, give theirs. Without a content type only the extension's presence is checked.
 */
export function validateMediaFieldValue(
  value: unknown,
  options: MediaFieldOptions = {},
): string | null {
  if (value != null && typeof value !== 'string') return REQUIRED_MESSAGE;
  if (value == null || value === '') return options.required ? REQUIRED_MESSAGE : null;
  const extension = extensionOf(value);
  if (extension == null) return NO_EXTENSION_MESSAGE;
  if (options.contentType && !isAllowedExtension(options.contentType, extension)) {
    return fileTypeNotAllowedMessage(options.contentType);
  }
  return null;
}
