/**
 * Content items and templates share one id space: the permissions table keys both by the same
 * column, so an id chosen by a client must be unused by every kind of item, or its creator would
 * be granted permissions on something that already exists.
 */
import type { Db } from '../db/index';
import { fail } from '../errors';

export async function requireUnusedItemId(db: Db, itemId: string): Promise<void> {
  const [content, template, permission] = await Promise.all([
    db
      .selectFrom('content_items')
      .select('content_id')
      .where('content_id', '=', itemId)
      .executeTakeFirst(),
    db
      .selectFrom('templates')
      .select('template_id')
      .where('template_id', '=', itemId)
      .executeTakeFirst(),
    db
      .selectFrom('role_permissions')
      .select('content_id')
      .where('content_id', '=', itemId)
      .executeTakeFirst(),
  ]);
  if (content || template || permission) {
    fail('ALREADY_EXISTS', `An item with id ${itemId} already exists; use a new id`);
  }
}
