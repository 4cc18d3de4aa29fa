/** Writes to the content tree's shape. */
import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * The content items under the items `ids` (their children, theirs, and so on), at most `limit` +
 * 1 of them when a limit is given. Found by parent_id, not by path prefix: while siblings are
 * being renumbered one by one, two of them may briefly share a path.
 */
export async function subtreeIds(db: Db, ids: string[], limit?: number): Promise<string[]> {
  let query = db
    .withRecursive('subtree', (qb) =>
      qb
        .selectFrom('content_items')
        .select('content_id as id')
        .where('parent_id', 'in', ids)
        .unionAll((union) =>
          union
            .selectFrom('content_items as c')
            .innerJoin('subtree', 'subtree.id', 'c.parent_id')
            .select('c.content_id as id'),
        ),
    )
    .selectFrom('subtree')
    .select('id');
  if (limit !== undefined) query = query.limit(limit + 1);
  return (await query.execute()).map((row) => row.id);
}

/** Rows one UPDATE names by id, well under every database's limit of parameters. */
const IDS_PER_UPDATE = 500;

/**
 * Gives every descendant of a moved item the item's new path prefix and level, and the site
 * `siteId`, updating them by id: the read cache then knows which rows the move changed
 * (db/write-watch.ts) and edits the cached menus instead of rebuilding them.
 */
export async function moveSubtree(
  trx: Db,
  item: { content_id: string; path: string },
  to: { path: string; levelDelta: number; siteId: string | null },
): Promise<void> {
  const { path, levelDelta: delta, siteId } = to;
  const ids = await subtreeIds(trx, [item.content_id]);
  for (let from = 0; from < ids.length; from += IDS_PER_UPDATE) {
    await trx
      .updateTable('content_items')
      .set({
        path: sql<string>`${path} || substr(path, ${item.path.length + 1})`,
        lvl: sql<number>`lvl + ${delta}`,
        site_id: siteId,
      })
      .where('content_id', 'in', ids.slice(from, from + IDS_PER_UPDATE))
      .execute();
  }
}
