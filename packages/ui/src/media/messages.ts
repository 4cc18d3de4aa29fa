/** The §8 texts of the media previews and pickers, word for word. */
export const MEDIA_TOASTS = {
  linkCopied: 'Link Has Been Copied to the Clipboard',
  referenceLoadError: 'Error Loading Content Reference Picker Data',
} as const;
