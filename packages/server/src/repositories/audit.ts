/** Reads of the audit record. */
import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * The record's entries with the name of the item each is about and which tree it is in (null
 * once the item is deleted, or for entries about no item), to filter and page further.
 */
export function auditEntries(db: Db) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('content_items as i', 'i.content_id', 'a.content_id')
    .leftJoin('templates as t', 't.template_id', 'a.content_id')
    .select([
      'a.audit_id',
      'a.audit_date',
      'a.actor_kind',
      'a.actor',
      'a.actor_name',
      'a.action',
      'a.content_id',
      (eb) => eb.fn.coalesce('i.content_name', 't.template_name').as('content_name'),
      (eb) =>
        eb
          .case()
          .when('i.content_id', 'is not', null)
          .then(sql.lit('content'))
          .when('t.template_id', 'is not', null)
          .then(sql.lit('template'))
          .else(null)
          .end()
          .$castTo<'content' | 'template' | null>()
          .as('item_type'),
      'a.version',
      'a.details',
    ]);
}
