/**
 * The audit record: who (a user, an API key or the system), when, which item and version, and
 * what a write did. Each write records itself with `recordAudit` on the transaction it writes
 * with, so a write that fails records nothing. Nothing updates or deletes these rows.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/index';

/** What a write did (the record's `action`). */
export const AUDIT_ACTIONS = [
  'create',
  'save',
  'status',
  'move',
  'lock',
  'unlock',
  'force-unlock',
  'lapse',
  'handover',
  'draft',
  'delete-draft',
  'delete',
  'touch',
  'permissions',
  'template-create',
  'template-change',
  'template-delete',
  'media-upload',
  'media-replace',
  'media-delete',
  'publish',
  'sign-in-failed',
  'user-create',
  'user-change',
  'user-delete',
  'site-create',
  'site-change',
  'site-delete',
  'microapp-register',
  'microapp-change',
  'microapp-delete',
  'instance-create',
  'instance-change',
  'instance-delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries only administrators read, whatever item they are about. */
export const ADMIN_ONLY_ACTIONS: readonly AuditAction[] = [
  'permissions',
  'sign-in-failed',
  'user-create',
  'user-change',
  'user-delete',
];

export interface AuditEntry {
  action: AuditAction;
  content_id?: string | null;
  version?: number | null;
  details?: Record<string, unknown>;
}

/** Entries this process has recorded: orders those of one millisecond. */
let recorded = 0;

/**
 * Ids begin with the date, then this process's count of entries, so they sort in the order they
 * were recorded, within a millisecond too (a lock and an unlock can be that close): the list and
 * its cursor go by id. The UUID keeps ids of different instances apart.
 */
function auditId(date: string): string {
  recorded += 1;
  return `${date}-${recorded.toString(16).padStart(12, '0')}-${randomUUID()}`;
}

export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const date = new Date().toISOString();
  await db
    .insertInto('audit_log')
    .values({
      audit_id: auditId(date),
      audit_date: date,
      actor_kind: actor.kind,
      actor: actor.username,
      actor_name: actor.displayName,
      action: entry.action,
      content_id: entry.content_id ?? null,
      version: entry.version ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
