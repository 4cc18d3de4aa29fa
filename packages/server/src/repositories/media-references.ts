/**
 * Content that uses a media item: a reference to its id (a picker or content_ref) or its address
 * in a field or block field value (media fields hold `/media-library/{dir}/{id}.{ext}`), in any
 * version of another item.
 */
import type { Db } from '../db/index';

export interface Referrer {
  content_id: string;
  content_name: string;
}

export async function findMediaReferrers(db: Db, contentId: string): Promise<Referrer[]> {
  const pattern = `%${contentId}%`;
  const fromFields = db
    .selectFrom('content_fields')
    .select('content_id')
    .where('content_id', '!=', contentId)
    .where((eb) => eb.or([eb('content_ref', '=', contentId), eb('field_value', 'like', pattern)]));
  const fromBlocks = db
    .selectFrom('block_fields')
    .select('content_id')
    .where('content_id', '!=', contentId)
    .where('field_value', 'like', pattern);
  return db
    .selectFrom('content_items')
    .select(['content_id', 'content_name'])
    .where((eb) => eb.or([eb('content_id', 'in', fromFields), eb('content_id', 'in', fromBlocks)]))
    .orderBy('content_name')
    .execute();
}
