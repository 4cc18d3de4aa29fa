/**
 * The fixed template blocks of the media types (§3) that an upload fills, and the one write
 * that sets them with the item's address and name.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import {
  DOCUMENT_BLOCK_IDS,
  IMAGE_BLOCK_IDS,
  MULTI_STREAM_VIDEO_BLOCK_IDS,
  VIDEO_BLOCK_IDS,
} from './block-ids';
import { now } from '../context';

interface FixedBlocks {
  itemName: string;
  /** The field holding the file's address. */
  file: string;
  size?: string;
  dimensions?: string;
  poster?: string;
}

export const MEDIA_BLOCKS: Record<string, FixedBlocks> = {
  image: {
    itemName: IMAGE_BLOCK_IDS.itemName,
    file: IMAGE_BLOCK_IDS.image,
    size: IMAGE_BLOCK_IDS.fileSize,
    dimensions: IMAGE_BLOCK_IDS.fileDimensions,
  },
  video: {
    itemName: VIDEO_BLOCK_IDS.itemName,
    file: VIDEO_BLOCK_IDS.video,
    size: VIDEO_BLOCK_IDS.size,
    dimensions: VIDEO_BLOCK_IDS.dimensions,
  },
  'multi-stream-video': {
    itemName: MULTI_STREAM_VIDEO_BLOCK_IDS.itemName,
    file: MULTI_STREAM_VIDEO_BLOCK_IDS.streamingVideo,
    poster: MULTI_STREAM_VIDEO_BLOCK_IDS.videoPoster,
    // file information: dimensions and stream count
    dimensions: MULTI_STREAM_VIDEO_BLOCK_IDS.fileInformation,
  },
  document: {
    itemName: DOCUMENT_BLOCK_IDS.itemName,
    file: DOCUMENT_BLOCK_IDS.document,
    size: DOCUMENT_BLOCK_IDS.fileSize,
  },
};

export interface MediaWrite {
  content_id: string;
  version: number;
  username: string;
  /** Block id -> value; a block without a field row gets one. */
  values: Record<string, string | null>;
  /** The item's address in menus and content; undefined leaves it as it is. */
  media_url?: string | null;
  media_library_directory?: string | null;
  /** A new name for the item (its Item Name field is in `values` too). */
  content_name?: string;
}

/** Writes an upload's fields, address and name, and marks the version as changed. */
export async function writeMediaFields(trx: Db, write: MediaWrite): Promise<void> {
  const key = { content_id: write.content_id, version: write.version };
  for (const [blockId, value] of Object.entries(write.values)) {
    const updated = await trx
      .updateTable('content_fields')
      .set({ field_value: value })
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .where('template_block_id', '=', blockId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('content_fields')
        .values({
          ...key,
          field_id: randomUUID(),
          template_block_id: blockId,
          field_value: value,
          content_ref: null,
        })
        .execute();
    }
  }
  const item = {
    ...(write.media_url !== undefined && { media_url: write.media_url }),
    ...(write.media_library_directory !== undefined && {
      media_library_directory: write.media_library_directory,
    }),
    ...(write.content_name !== undefined && { content_name: write.content_name }),
  };
  if (Object.keys(item).length > 0) {
    await trx
      .updateTable('content_items')
      .set(item)
      .where('content_id', '=', key.content_id)
      .execute();
  }
  await trx
    .updateTable('content_versions')
    .set({
      updated_date: now(),
      updated_by: write.username,
      ...(write.content_name !== undefined && { content_name: write.content_name }),
    })
    .where('content_id', '=', key.content_id)
    .where('version', '=', key.version)
    .execute();
}

/**
 * A multi-stream video without files: no address, poster or information; `directory` set when
 * its folder exists, null when it does not.
 */
export function resetStreamFields(
  trx: Db,
  target: { content_id: string; version: number; username: string },
  directory: string | null,
): Promise<void> {
  const blocks = MEDIA_BLOCKS['multi-stream-video']!;
  return writeMediaFields(trx, {
    ...target,
    values: { [blocks.file]: null, [blocks.poster!]: null, [blocks.dimensions!]: null },
    media_url: null,
    media_library_directory: directory,
  });
}
