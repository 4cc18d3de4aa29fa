/** Allowed media file extensions per content type (SPEC §5) and file-name helpers. */

/** The extension lists of §5; 'streaming' is the list multi-stream video uses. */
export const ALLOWED_EXTENSIONS = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'svg'],
  document: ['txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  video: ['mp4'],
  streaming: ['m3u8', 'jpg', 'm4s'],
} as const satisfies Record<string, readonly string[]>;

export type ExtensionList = keyof typeof ALLOWED_EXTENSIONS;

/** Which extension list a media content type uses, or null when it is not a media type. */
export function extensionListOf(contentType: string): ExtensionList | null {
  switch (contentType) {
    case 'image':
    case 'document':
    case 'video':
      return contentType;
    case 'multi-stream-video':
      return 'streaming';
    default:
      return null;
  }
}

/** The extensions a content type accepts, lower case; none for a non-media type such as page. */
export function allowedExtensionsFor(contentType: string): readonly string[] {
  const list = extensionListOf(contentType);
  return list ? ALLOWED_EXTENSIONS[list] : [];
}

/**
 * A file name's extension in lower case, or null when it has none ('photo', 'photo.').
 * Accepts a path or URL too: only the last segment counts, without query or fragment.
 */
export function extensionOf(name: string): string | null {
  const lastSegment = name.split(/[?#]/, 1)[0]!.split('/').pop()!;
  const dot = lastSegment.lastIndexOf('.');
  if (dot === -1 || dot === lastSegment.length - 1) return null;
  return lastSegment.slice(dot + 1).toLowerCase();
}

/** Whether a content type accepts an extension, compared case-insensitively. */
export function isAllowedExtension(contentType: string, extension: string): boolean {
  return allowedExtensionsFor(contentType).includes(extension.toLowerCase());
}
