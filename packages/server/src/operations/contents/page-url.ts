/**
 * A site's Page URLs are unique: two pages answering one address would be ambiguous. The rule is
 * checked here before writing (to name the page that holds the address) and enforced by a unique
 * index on the item's `page_url`; every path that changes a name or a Page URL calls
 * `setNameAndPageUrl`, so they cannot drift apart.
 */
import type { Db } from '../../db/index';
import { isUniqueViolationOn } from '../../db/errors-driver';
import type { ContentItemRow } from '../../db/schema';
import { fail } from '../../errors';

function pageUrlTaken(pageUrl: string, holder?: { content_id: string; content_name: string }) {
  return fail(
    'CONFLICT',
    `The Page URL ${pageUrl} is already used by ${holder ? `"${holder.content_name}"` : 'another page'}; choose another`,
    holder ? { content_id: holder.content_id } : undefined,
  );
}

/** Refuses a Page URL another page of the site holds; `taken` words the refusal when given. */
export async function checkPageUrlFree(
  db: Db,
  item: Pick<ContentItemRow, 'content_id' | 'site_id'>,
  pageUrl: string | null,
  taken: (holder: { content_id: string; content_name: string }) => never = (holder) =>
    pageUrlTaken(pageUrl!, holder),
): Promise<void> {
  if (pageUrl == null || pageUrl === '' || item.site_id == null) return;
  const other = await db
    .selectFrom('content_items')
    .select(['content_id', 'content_name'])
    .where('site_id', '=', item.site_id)
    .where('page_url', '=', pageUrl)
    .where('content_id', '!=', item.content_id)
    .executeTakeFirst();
  if (other) taken(other);
}

/** Runs a write to `content_items`, turning the unique index's refusal into the same 409. */
export async function withPageUrlIndex<T>(
  pageUrl: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pageUrl && isUniqueViolationOn(error, 'page_url')) pageUrlTaken(pageUrl);
    throw error;
  }
}

/**
 * Sets a version's content name and Page URL (either may be absent), and mirrors them to the
 * item when the version is its newest, which the menus read.
 */
export async function setNameAndPageUrl(
  trx: Db,
  item: ContentItemRow,
  version: number,
  change: { contentName?: string | undefined; pageUrl?: string | null | undefined },
): Promise<void> {
  const set = {
    ...(change.contentName !== undefined ? { content_name: change.contentName } : {}),
    ...(change.pageUrl !== undefined ? { page_url: change.pageUrl } : {}),
  };
  if (Object.keys(set).length === 0) return;
  if (change.contentName === '') fail('VALIDATION_FAILED', 'The content name must not be empty');
  if (change.pageUrl !== undefined) await checkPageUrlFree(trx, item, change.pageUrl);
  await trx
    .updateTable('content_versions')
    .set(set)
    .where('content_id', '=', item.content_id)
    .where('version', '=', version)
    .execute();
  const newest = await trx
    .selectFrom('content_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('content_id', '=', item.content_id)
    .executeTakeFirst();
  if (Number(newest?.v) !== version) return;
  await withPageUrlIndex(change.pageUrl, () =>
    trx.updateTable('content_items').set(set).where('content_id', '=', item.content_id).execute(),
  );
}
