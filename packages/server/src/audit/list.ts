/**
 * GET /api/audit: the audit record, newest first, filtered by item, user, action and time, in
 * pages (the cursor is the last entry's id). Readers see only entries about items (content or
 * templates) they may read, and never permission changes, user entries or failed sign-ins
 * (ADMIN_ONLY_ACTIONS); administrators see every entry. A publish entry names its release; the release's build is read with it.
 */
import { fail } from '../errors';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/index';
import type { AuditLogRow } from '../db/schema';
import { readableFilter } from '../access/permissions';
import { auditEntries } from '../repositories/audit';
import { ADMIN_ONLY_ACTIONS } from './record';

export interface AuditQuery {
  content_id?: string | undefined;
  user?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** A row of the record as the API answers it: with the item's name and the details parsed. */
export type AuditEntryView = Omit<AuditLogRow, 'details'> & {
  content_name: string | null;
  /** Which tree the item is in (null once it is deleted, or for entries about no item). */
  item_type: 'content' | 'template' | null;
  details: Record<string, unknown> | null;
};

export const AUDIT_PAGE = 50;
export const AUDIT_PAGE_MAX = 500;

function instant(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    fail('VALIDATION_FAILED', `${name} must be a date and time like 2026-05-01T09:00:00Z`);
  }
  return new Date(time).toISOString();
}

export async function listAudit(
  db: Db,
  actor: Actor,
  query: AuditQuery,
): Promise<{ entries: AuditEntryView[]; next_cursor: string | null }> {
  if (actor.publishedOnly) fail('FORBIDDEN', 'This caller may only read published content');
  const from = instant('from', query.from);
  const to = instant('to', query.to);
  if (from && to && from > to) fail('VALIDATION_FAILED', 'from must not be after to');
  const limit = query.limit ?? AUDIT_PAGE;
  let select = auditEntries(db);
  if (!actor.isAdmin) {
    select = select
      .where('a.content_id', 'is not', null)
      .where('a.action', 'not in', ADMIN_ONLY_ACTIONS)
      .where((eb) =>
        eb.or([
          readableFilter(actor, 'content_items', 'a.content_id'),
          readableFilter(actor, 'templates', 'a.content_id'),
        ]),
      );
  }
  if (query.content_id) select = select.where('a.content_id', '=', query.content_id);
  if (query.user) select = select.where('a.actor', '=', query.user);
  if (query.action) select = select.where('a.action', '=', query.action);
  if (from) select = select.where('a.audit_date', '>=', from);
  if (to) select = select.where('a.audit_date', '<=', to);
  if (query.cursor) select = select.where('a.audit_id', '<', query.cursor);
  const rows = await select
    .orderBy('a.audit_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const entries = page.map((row) => ({
    ...row,
    content_name: row.content_name ?? null,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }));
  await addBuilds(db, entries);
  return {
    entries,
    next_cursor: rows.length > limit ? page[page.length - 1]!.audit_id : null,
  };
}

/** A publish entry records its release; the build queued for it is the release's. */
async function addBuilds(db: Db, entries: AuditEntryView[]): Promise<void> {
  const publishes = entries.filter(
    (entry) => entry.action === 'publish' && typeof entry.details?.release_id === 'string',
  );
  if (publishes.length === 0) return;
  const releases = await db
    .selectFrom('releases')
    .select(['release_id', 'build_id'])
    .where(
      'release_id',
      'in',
      publishes.map((entry) => entry.details!.release_id as string),
    )
    .execute();
  const buildOf = new Map(releases.map((release) => [release.release_id, release.build_id]));
  for (const entry of publishes) {
    entry.details!.build_id = buildOf.get(entry.details!.release_id as string) ?? null;
  }
}
