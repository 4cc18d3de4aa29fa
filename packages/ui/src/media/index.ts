/**
 * A media file as the pickers and the admin's media panel show it: its preview (image, video,
 * stream, PDF, document icon), Copy Link and Download, and what a reference points at.
 */
export * from './kind';
export * from './messages';
export * from './MediaLinks';
export * from './MediaPreview';
export * from './referenced-item';
