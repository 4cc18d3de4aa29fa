/**
 * Lists of content (§7 Content): drafts by site, locked content, content of a type, an item's
 * children and the items that reference it. Each contains only items the caller may read.
 */
import type { Flag, Permission } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { permissionsForItems, readableFilter } from '../../access/permissions';
import { itemOr404 } from './guards';
import { lapseCutoff } from '../../repositories/lock-lease';

export interface ContentSummary {
  content_id: string;
  content_name: string;
  content_type_id: string;
  template_id: string | null;
  parent_id: string | null;
  site_id: string | null;
  page_url: string | null;
  is_locked: Flag;
  locked_by: string | null;
  path: string;
  permissions: Permission[];
}

const SUMMARY = [
  'i.content_id',
  'i.content_name',
  'i.content_type_id',
  'i.template_id',
  'i.parent_id',
  'i.site_id',
  'i.page_url',
  'i.locked_by',
  'i.path',
] as const;

type SummaryRow = Omit<ContentSummary, 'permissions' | 'is_locked'>;

/**
 * Adds each row's is_locked flag and the caller's permissions. The rows were already limited to
 * what the caller may read, in the query (`readableFilter`).
 */
async function annotate<T extends SummaryRow>(
  db: Db,
  actor: Actor,
  rows: T[],
): Promise<(T & ContentSummary)[]> {
  const parentsFirst = [...rows].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const permissions = await permissionsForItems(
    db,
    actor,
    parentsFirst.map((row) => ({ id: row.content_id, parent_id: row.parent_id })),
  );
  return rows.map((row) => ({
    ...row,
    is_locked: row.locked_by ? 1 : 0,
    permissions: permissions.get(row.content_id) ?? [],
  }));
}

/** A query over content items as `i`, limited to what the caller may read. */
function readableItems(db: Db, actor: Actor) {
  if (actor.publishedOnly) fail('FORBIDDEN', 'This caller may only read published content');
  return db
    .selectFrom('content_items as i')
    .where(readableFilter(actor, 'content_items', 'i.content_id'));
}

/** Items of a site that have a draft, with the draft's number and who changed it last. */
export async function listDrafts(db: Db, actor: Actor, siteId: string) {
  const rows = await readableItems(db, actor)
    .innerJoin('content_versions as v', 'v.content_id', 'i.content_id')
    .select([...SUMMARY, 'v.version', 'v.status_id', 'v.updated_date', 'v.updated_by'])
    .where('i.site_id', '=', siteId)
    .where('v.status_id', '=', 'draft')
    .orderBy('v.updated_date', 'desc')
    .execute();
  return annotate(db, actor, rows);
}

export async function listLocked(db: Db, actor: Actor, lockedBy?: string) {
  let query = readableItems(db, actor)
    .select(SUMMARY)
    .where('i.locked_by', 'is not', null)
    .where((eb) =>
      eb.or([eb('i.locked_date', 'is', null), eb('i.locked_date', '>', lapseCutoff())]),
    );
  if (lockedBy) query = query.where('i.locked_by', '=', lockedBy);
  return annotate(db, actor, await query.orderBy('i.content_name').execute());
}

export async function listByType(db: Db, actor: Actor, contentTypeId: string) {
  const rows = await readableItems(db, actor)
    .select(SUMMARY)
    .where('i.content_type_id', '=', contentTypeId)
    .orderBy('i.content_name')
    .execute();
  return annotate(db, actor, rows);
}

export async function listChildren(db: Db, actor: Actor, contentId: string) {
  await itemOr404(db, contentId);
  const rows = await readableItems(db, actor)
    .select([...SUMMARY, 'i.content_order'])
    .where('i.parent_id', '=', contentId)
    .orderBy('i.content_order')
    .execute();
  return annotate(db, actor, rows);
}

/** Items whose newest version refers to this one (a reference picker or a content_ref). */
export async function listReferences(db: Db, actor: Actor, contentId: string) {
  await itemOr404(db, contentId);
  const referring = db
    .selectFrom('content_fields')
    .select('content_id')
    .where((eb) => eb.or([eb('content_ref', '=', contentId), eb('field_value', '=', contentId)]));
  const rows = await readableItems(db, actor)
    .select(SUMMARY)
    .where('i.content_id', 'in', referring)
    .orderBy('i.content_name')
    .execute();
  return annotate(db, actor, rows);
}
