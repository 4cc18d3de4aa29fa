/**
 * The checks of the content operations (DESIGN §4): the rules are core's workflow (`refusal`);
 * these ask it step by step as the operation learns the state, and answer with the error catalogue.
 */
import {
  COMMANDS,
  DRAFT_EXISTS_MESSAGE,
  PUBLISHED,
  lockedByMessage,
  refusal,
  type CommandId,
  type Permission,
  type Refusal,
  type VersionStatus,
  type WorkflowState,
} from '@canopy/core';
import { displayNameOf, type Actor } from '../../auth/actor';
import { forbidden, permissionsOn } from '../../access/permissions';
import type { Db } from '../../db/index';
import type { ContentItemRow, ContentVersionRow } from '../../db/schema';
import { fail, notFound } from '../../errors';
import { findItem, findVersion } from '../../repositories/contents';

export async function itemOr404(db: Db, contentId: string): Promise<ContentItemRow> {
  return (await findItem(db, contentId)) ?? notFound('Content', contentId);
}

export async function versionOr404(
  db: Db,
  contentId: string,
  version: number,
): Promise<ContentVersionRow> {
  return (
    (await findVersion(db, contentId, version)) ??
    fail('VERSION_NOT_FOUND', `Version ${version} of content ${contentId} was not found`)
  );
}

/** The display name of a lock owner, for 'Content has been locked by <name>'. */
export async function ownerName(db: Db, username: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'given_name', 'family_name'])
    .where('username', '=', username)
    .executeTakeFirst();
  return user ? displayNameOf(user) : username;
}

/** Refuses with 423 and the spec's Failure message when someone else holds the lock. */
export async function failLockedByOther(
  db: Db,
  item: Pick<ContentItemRow, 'content_id' | 'locked_by'>,
): Promise<never> {
  const owner = item.locked_by!;
  fail('CONTENT_LOCKED', lockedByMessage(await ownerName(db, owner)), {
    status: 'Failure',
    content_id: item.content_id,
    locked_by: owner,
  });
}

/**
 * Answers a refusal of core's workflow with the error catalogue's code and HTTP status (the codes
 * are the same) and the API's message. `action` names the command in status messages.
 */
export async function failRefusal(
  db: Db,
  refused: Refusal,
  item: Pick<ContentItemRow, 'content_id' | 'locked_by'>,
  action: string = COMMANDS[refused.command].title,
): Promise<never> {
  switch (refused.code) {
    case 'FORBIDDEN':
      return forbidden(refused.permission!, item.content_id);
    case 'CONTENT_LOCKED':
      return failLockedByOther(db, item);
    case 'NOT_LOCKED':
      // Request the lock: nobody else holds it; every other command: the caller does not.
      return COMMANDS[refused.command].lock === 'other'
        ? fail('NOT_LOCKED', refused.reason)
        : fail('NOT_LOCKED', 'Lock the content before changing it');
    case 'DRAFT_EXISTS':
      return fail('DRAFT_EXISTS', DRAFT_EXISTS_MESSAGE);
    case 'VERSION_NOT_EDITABLE':
      if (refused.status === undefined) return fail('VERSION_NOT_EDITABLE', refused.reason);
      if (refused.status === PUBLISHED) {
        return fail(
          'VERSION_NOT_EDITABLE',
          `Version ${refused.version} is published and never changes; create a draft from it first`,
        );
      }
      return fail(
        'VERSION_NOT_EDITABLE',
        `${action} needs a ${refused.expected!.join(' or ')} version; version ${refused.version} is ${refused.status}`,
      );
    case 'ONLY_VERSION':
      return fail('ONLY_VERSION', refused.reason);
    case 'NO_CHANGES':
      return fail('VALIDATION_FAILED', refused.reason);
  }
}

/** The item's versions as core's workflow reads them (the database holds statuses as text). */
export function versionsState(
  rows: readonly Pick<ContentVersionRow, 'version' | 'status_id'>[],
): WorkflowState {
  return {
    versions: rows.map((row) => ({
      version: row.version,
      status_id: row.status_id as VersionStatus,
    })),
  };
}

/** Refuses unless core's workflow allows `command` in the state known so far. */
export async function requireAllowed(
  db: Db,
  command: CommandId,
  state: WorkflowState,
  item: Pick<ContentItemRow, 'content_id' | 'locked_by'>,
  action?: string,
): Promise<void> {
  const refused = refusal(command, state);
  if (refused) await failRefusal(db, refused, item, action);
}

/** The caller's permissions on the item, refused with 403 unless `command`'s permission is among them. */
export async function requireCommandPermission(
  db: Db,
  actor: Actor,
  item: Pick<ContentItemRow, 'content_id' | 'locked_by'>,
  command: CommandId,
): Promise<Permission[]> {
  const permissions = await permissionsOn(db, actor, item.content_id);
  await requireAllowed(db, command, { permissions }, item);
  return permissions;
}

/** The item's lock as `command` needs it: 409 when it needs yours and nobody holds it, 423 when someone else does. */
export function requireLock(
  db: Db,
  actor: Actor,
  item: ContentItemRow,
  command: CommandId,
): Promise<void> {
  return requireAllowed(db, command, { lockedBy: item.locked_by, me: actor.username }, item);
}

/** The version's status as `command` accepts it; `action` names the command in the message. */
export function requireVersionStatus(
  db: Db,
  item: ContentItemRow,
  version: ContentVersionRow,
  command: CommandId,
  action?: string,
): Promise<void> {
  return requireAllowed(
    db,
    command,
    { status: version.status_id as VersionStatus, version: version.version },
    item,
    action,
  );
}

export interface WritableVersion {
  item: ContentItemRow;
  version: ContentVersionRow;
  permissions: Permission[];
}

/**
 * Everything a write to a content version needs (core's `save` rule and the rules of the block
 * commands, which are the same): the item exists, the caller has Edit on it and holds its lock,
 * and the version exists and is a draft.
 */
export async function requireWritableVersion(
  db: Db,
  actor: Actor,
  contentId: string,
  versionNumber: number,
  command: CommandId = 'save',
): Promise<WritableVersion> {
  const item = await itemOr404(db, contentId);
  const permissions = await requireCommandPermission(db, actor, item, command);
  return { ...(await requireEditableDraft(db, actor, item, versionNumber, command)), permissions };
}

/** The rest of the write rule once the permission is known: the caller's lock and a draft version. */
export async function requireEditableDraft(
  db: Db,
  actor: Actor,
  item: ContentItemRow,
  versionNumber: number,
  command: CommandId = 'save',
): Promise<Omit<WritableVersion, 'permissions'>> {
  await requireLock(db, actor, item, command);
  const version = await versionOr404(db, item.content_id, versionNumber);
  await requireVersionStatus(db, item, version, command, 'Editing');
  return { item, version };
}
