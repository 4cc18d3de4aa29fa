/**
 * The fixed template-block ids of the media types (§3), which an upload fills
 * (fixed-fields.ts); the seed creates the media templates with them.
 */

/** §3 image: item name, image, alt text, caption, file dimensions, file size. */
export const IMAGE_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000201001',
  image: '7e000000-0000-4000-8000-000000201002',
  altText: '7e000000-0000-4000-8000-000000201003',
  caption: '7e000000-0000-4000-8000-000000201004',
  fileDimensions: '7e000000-0000-4000-8000-000000201005',
  fileSize: '7e000000-0000-4000-8000-000000201006',
} as const;

/** §3 video: item name, video, dimensions, size. */
export const VIDEO_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000202001',
  video: '7e000000-0000-4000-8000-000000202002',
  dimensions: '7e000000-0000-4000-8000-000000202003',
  size: '7e000000-0000-4000-8000-000000202004',
} as const;

/** §3 multi-stream-video: item name, streaming video, video poster, file information. */
export const MULTI_STREAM_VIDEO_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000203001',
  streamingVideo: '7e000000-0000-4000-8000-000000203002',
  videoPoster: '7e000000-0000-4000-8000-000000203003',
  fileInformation: '7e000000-0000-4000-8000-000000203004',
} as const;

/** §3 document: item name, document, file size. */
export const DOCUMENT_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000204001',
  document: '7e000000-0000-4000-8000-000000204002',
  fileSize: '7e000000-0000-4000-8000-000000204003',
} as const;
