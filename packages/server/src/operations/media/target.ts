/** The checks every media write shares: a media item the caller may change right now. */
import type { Readable } from 'node:stream';
import type { Db } from '../../db/index';
import type { ContentItemRow, ContentVersionRow } from '../../db/schema';
import { fail } from '../../errors';
import type { Storage } from '../../storage/index';
import { checkKey } from '../../storage/index';
import type { OpContext } from '../context';
import { itemOr404, requireWritableVersion } from '../contents/guards';
import { DEFAULT_MEDIA_DIRECTORY } from './files';

export interface MediaContext extends OpContext {
  storage: Storage;
}

/** One part of a multipart upload, as routes, the seed and tests hand it over. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; field: string; name: string; stream: Readable };

export interface MediaTarget {
  item: ContentItemRow;
  version: ContentVersionRow;
  /** The folder of the media library the item's files go to. */
  directory: string;
}

/** The directory of the item, or of its nearest ancestor that names one. */
async function directoryOf(db: Db, item: ContentItemRow): Promise<string> {
  let current: Pick<ContentItemRow, 'media_library_directory' | 'parent_id'> | undefined = item;
  while (current) {
    if (current.media_library_directory) return current.media_library_directory;
    if (!current.parent_id) break;
    current = await db
      .selectFrom('content_items')
      .select(['media_library_directory', 'parent_id'])
      .where('content_id', '=', current.parent_id)
      .executeTakeFirst();
  }
  return DEFAULT_MEDIA_DIRECTORY;
}

/**
 * The item exists and is of one of `types`; the caller has Edit on it and holds its lock; its
 * newest version is a draft (§4, §6).
 */
export async function mediaTarget(
  db: Db,
  ctx: OpContext,
  contentId: string,
  types: readonly string[],
): Promise<MediaTarget> {
  const item = await itemOr404(db, contentId);
  const newest = await db
    .selectFrom('content_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('content_id', '=', contentId)
    .executeTakeFirstOrThrow();
  const { version } = await requireWritableVersion(
    db,
    ctx.actor,
    contentId,
    Number(newest.version),
  );
  if (!types.includes(item.content_type_id)) {
    fail(
      'VALIDATION_FAILED',
      `${item.content_name} is a ${item.content_type_id} item; this call is for ${types.join(' or ')} items`,
    );
  }
  const directory = await directoryOf(db, item);
  checkKey(directory);
  return { item, version, directory };
}

/** Reads every part, so that a refused request can still be answered. */
export async function drain(parts: AsyncIterable<UploadPart>): Promise<void> {
  for await (const part of parts) if (part.kind === 'file') part.stream.resume();
}
