/**
 * The two trees items live in (content items and templates), walked by the database: an item's
 * chain of ancestors, parent links, and the subtrees a role's permission reaches.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Permission } from '@canopy/core';
import type { Db } from '../db/index';

/** The two trees items live in, with their id columns. */
export type ItemTable = 'content_items' | 'templates';
const ID_COLUMN = { content_items: 'content_id', templates: 'template_id' } as const;
const TABLES = ['content_items', 'templates'] as const;

/** Parent links read per query. */
const BATCH = 5000;

/** The ids from the root down to the item, in whichever tree holds it ([] when neither does). */
export async function ancestryIds(db: Db, itemId: string): Promise<string[]> {
  for (const table of TABLES) {
    const idColumn = ID_COLUMN[table];
    const { rows } = await sql<{ id: string }>`
      WITH RECURSIVE chain(id, parent_id, depth) AS (
        SELECT ${sql.ref(idColumn)}, parent_id, 0 FROM ${sql.table(table)} WHERE ${sql.ref(idColumn)} = ${itemId}
        UNION ALL
        SELECT ${sql.ref(`t.${idColumn}`)}, t.parent_id, chain.depth + 1
        FROM ${sql.table(table)} AS t JOIN chain ON ${sql.ref(`t.${idColumn}`)} = chain.parent_id
      )
      SELECT id FROM chain ORDER BY depth DESC`.execute(db);
    if (rows.length > 0) return rows.map((row) => row.id);
  }
  return [];
}

/** Parent links of the given items and all their ancestors, in both trees, in one query each. */
export async function parentLinks(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  const parentOf = new Map<string, string | null>();
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = sql.join(ids.slice(start, start + BATCH));
    for (const table of TABLES) {
      const idColumn = ID_COLUMN[table];
      const { rows } = await sql<{ id: string; parent_id: string | null }>`
        WITH RECURSIVE up(id, parent_id) AS (
          SELECT ${sql.ref(idColumn)}, parent_id FROM ${sql.table(table)} WHERE ${sql.ref(idColumn)} IN (${batch})
          UNION
          SELECT ${sql.ref(`t.${idColumn}`)}, t.parent_id
          FROM ${sql.table(table)} AS t JOIN up ON ${sql.ref(`t.${idColumn}`)} = up.parent_id
        )
        SELECT id, parent_id FROM up`.execute(db);
      for (const row of rows) parentOf.set(row.id, row.parent_id);
    }
  }
  return parentOf;
}

/** A where-expression that is always true, or always false. */
export function constantFilter(value: boolean): Expression<SqlBool> {
  return value ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
}

/**
 * A where-expression that keeps the items of `table` (whose qualified id column is `idColumn`)
 * on which one of `roleIds` holds `permission`: a walk that starts at every item on which one of
 * the roles grants it and goes down, stopping where that role sets the permission itself.
 */
export function grantedItemsFilter(
  roleIds: readonly string[],
  table: ItemTable,
  idColumn: string,
  permission: Permission,
): Expression<SqlBool> {
  const id = ID_COLUMN[table];
  const roles = sql.join([...roleIds]);
  return sql<SqlBool>`${sql.ref(idColumn)} IN (
    WITH RECURSIVE held(item_id, role_id) AS (
      SELECT rp.content_id, rp.role_id FROM role_permissions AS rp
      WHERE rp.role_id IN (${roles}) AND rp.permission_id = ${permission} AND rp.permission = 1
      UNION ALL
      SELECT ${sql.ref(`child.${id}`)}, held.role_id
      FROM held JOIN ${sql.table(table)} AS child ON child.parent_id = held.item_id
      LEFT JOIN role_permissions AS own
        ON own.role_id = held.role_id AND own.content_id = ${sql.ref(`child.${id}`)}
        AND own.permission_id = ${permission}
      WHERE own.role_id IS NULL
    )
    SELECT item_id FROM held)`;
}

/** The ids of the items of `table` that pass `filter`. */
export async function itemIdsWhere(
  db: Db,
  table: ItemTable,
  filter: Expression<SqlBool>,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(ID_COLUMN[table])}`.as('id'))
    .where(filter)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The qualified id column of a tree's table, e.g. `content_items.content_id`. */
export function qualifiedId(table: ItemTable): string {
  return `${table}.${ID_COLUMN[table]}`;
}
