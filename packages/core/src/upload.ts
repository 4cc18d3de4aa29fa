/** Upload rules of SPEC §5 as pure functions over the chosen files' name, size and type. */
import { MAX_MEDIA_FILE_SIZE } from './constants';
import { formatFileSize } from './format';
import { extensionOf, isAllowedExtension } from './media';
import { NO_UPLOAD_FILE_MESSAGE } from './validation/messages';

/** What the rules read of a chosen file; a browser `File` or a multipart part fits. */
export interface UploadFileInfo {
  name: string;
  size: number;
  type?: string;
}

export interface UploadOptions {
  /** The media content type being uploaded to ('image', 'video', 'multi-stream-video'...). */
  contentType: string;
  /** 'single' keeps only the first file. Default 'multiple'. */
  mode?: 'single' | 'multiple';
  /** When replacing a file: the extension of the file being replaced (its file name works too). */
  replacing?: string | null;
  /** Defaults to MAX_MEDIA_FILE_SIZE (100,000,000 bytes). */
  maxSize?: number;
}

export interface UploadCheck<F extends UploadFileInfo> {
  /** The files that passed every rule, in the order given. */
  accepted: F[];
  /** One message per broken rule, each naming its file; empty when all files passed. */
  errors: string[];
}

/** '{file}: this file has no extension'. */
export function uploadNoExtensionMessage(fileName: string): string {
  return `${fileName}: this file has no extension`;
}

/** '{file}: This filetype is not allowed for {contentType}s'. */
export function uploadTypeNotAllowedMessage(fileName: string, contentType: string): string {
  return `${fileName}: This filetype is not allowed for ${contentType}s`;
}

/** '{file}: this file is over the max size of {size}', the size as formatFileSize shows it. */
export function uploadTooLargeMessage(fileName: string, maxSize: number): string {
  return `${fileName}: this file is over the max size of ${formatFileSize(maxSize)}`;
}

/** 'When replacing a file, the new file must have the same extension ({ext})'. */
export function replaceExtensionMessage(extension: string): string {
  return `When replacing a file, the new file must have the same extension (${extension})`;
}

/** Every rule one file breaks, as messages; empty when it passes. */
export function checkUploadFile(file: UploadFileInfo, options: UploadOptions): string[] {
  const errors: string[] = [];
  const extension = extensionOf(file.name);
  if (extension == null) {
    errors.push(uploadNoExtensionMessage(file.name));
  } else {
    if (!isAllowedExtension(options.contentType, extension)) {
      errors.push(uploadTypeNotAllowedMessage(file.name, options.contentType));
    }
    const replacedExtension = replacedExtensionOf(options.replacing);
    if (replacedExtension != null && extension !== replacedExtension) {
      errors.push(replaceExtensionMessage(replacedExtension));
    }
  }
  const maxSize = options.maxSize ?? MAX_MEDIA_FILE_SIZE;
  if (file.size > maxSize) errors.push(uploadTooLargeMessage(file.name, maxSize));
  return errors;
}

/**
 * Applies the upload rules to a selection: no file at all gives 'please select a file to
 * upload'; single mode keeps only the first file; files that break a rule are left out of
 * `accepted` and their messages collected in `errors`.
 */
export function checkUploads<F extends UploadFileInfo>(
  files: readonly F[],
  options: UploadOptions,
): UploadCheck<F> {
  if (files.length === 0) return { accepted: [], errors: [NO_UPLOAD_FILE_MESSAGE] };
  const candidates = options.mode === 'single' ? files.slice(0, 1) : files;
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of candidates) {
    const fileErrors = checkUploadFile(file, options);
    if (fileErrors.length === 0) accepted.push(file);
    else errors.push(...fileErrors);
  }
  return { accepted, errors };
}

/** The replaced file's extension: given bare ('png', '.PNG') or as a file name ('a.png'). */
function replacedExtensionOf(replacing: string | null | undefined): string | null {
  if (!replacing) return null;
  return replacing.includes('.') ? extensionOf(replacing) : replacing.toLowerCase();
}
