/** Writes to the content tree's shape. */
import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * Gives every descendant of a moved item the item's new path prefix and level, and the site
 * `siteId`. Descendants are found by parent_id, not by path prefix: while siblings are being
 * renumbered one by one, two of them may briefly share a path.
 */
export async function moveSubtree(
  trx: Db,
  item: { content_id: string; path: string },
  to: { path: string; levelDelta: number; siteId: string | null },
): Promise<void> {
  const { path, levelDelta: delta, siteId } = to;
  await sql`
      WITH RECURSIVE subtree(id) AS (
        SELECT content_id FROM content_items WHERE parent_id = ${item.content_id}
        UNION ALL
        SELECT c.content_id FROM content_items c JOIN subtree ON c.parent_id = subtree.id
      )
      UPDATE content_items
      SET path = ${path} || substr(path, ${item.path.length + 1}), lvl = lvl + ${delta}, site_id = ${siteId}
      WHERE content_id IN (SELECT id FROM subtree)`.execute(trx);
}
