import type { Db } from '../../db/index';
import type { ContentItemRow } from '../../db/schema';
import { fail } from '../../errors';

/** A site's page URLs are unique: two pages answering one address would be ambiguous. */
export async function checkPageUrlFree(
  db: Db,
  item: ContentItemRow,
  pageUrl: string | null,
): Promise<void> {
  if (pageUrl == null || pageUrl === '' || item.site_id == null) return;
  const other = await db
    .selectFrom('content_items')
    .select(['content_id', 'content_name'])
    .where('site_id', '=', item.site_id)
    .where('page_url', '=', pageUrl)
    .where('content_id', '!=', item.content_id)
    .executeTakeFirst();
  if (other)
    fail(
      'CONFLICT',
      `The Page URL ${pageUrl} is already used by "${other.content_name}"; choose another`,
      { content_id: other.content_id },
    );
}
