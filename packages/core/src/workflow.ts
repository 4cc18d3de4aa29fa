/**
 * The editing commands of §4 and §6, each described once: the permission it needs, the version
 * statuses and lock state it accepts, and the reason a person reads when it is not allowed. The
 * server's guards, the admin's item editor and the page editor all ask `refusal`; nothing else
 * restates these rules.
 */
import type { Permission, VersionStatus } from './entities';
import { hasPermission } from './permissions';

export const DRAFT = 'draft' satisfies VersionStatus;
export const STAGED = 'staged' satisfies VersionStatus;
export const PUBLISHED = 'published' satisfies VersionStatus;

/** Open versions (draft or staged) are the ones a person works on; an item has at most one. */
export function isOpenStatus(status: VersionStatus): boolean {
  return status !== PUBLISHED;
}

/** The number a new draft gets: one more than the highest existing version. */
export function nextVersionNumber(existingVersions: readonly number[]): number {
  return existingVersions.reduce((max, v) => Math.max(max, v), 0) + 1;
}

/** How long a lock lasts without renewal unless CANOPY_LOCK_LEASE_SECONDS says otherwise. */
export const DEFAULT_LOCK_LEASE_SECONDS = 900;

/** A lock as stored: who holds it and when they took or last renewed it (null: unknown, held). */
export interface LockState {
  locked_by: string | null;
  locked_date?: string | null;
}

/**
 * When a lock lapses: its lease after it was taken or last renewed. Null when nobody holds it or
 * its time is unknown (a lock from before leases never lapses by itself).
 */
export function lockExpiry(lock: LockState, leaseSeconds: number): number | null {
  if (lock.locked_by == null || !lock.locked_date) return null;
  return Date.parse(lock.locked_date) + leaseSeconds * 1000;
}

/**
 * Who holds the lock at `now`: a lapsed lock is nobody's, for every caller, the former holder
 * included (their next write is refused as anyone else's would be).
 */
export function lockHolder(lock: LockState, leaseSeconds: number, now = Date.now()): string | null {
  const expiry = lockExpiry(lock, leaseSeconds);
  return expiry !== null && expiry <= now ? null : lock.locked_by;
}

/** The message shown when someone else's lock blocks an action (§4, §8). */
export function lockedByMessage(ownerName: string): string {
  return `Content has been locked by ${ownerName}`;
}

/** §4 Lock button on published content when an open version exists (also the server's message). */
export const DRAFT_EXISTS_MESSAGE =
  'You already have an available draft, delete it first if you want to create a new one.';
/** §4 Delete Draft of version 1. */
export const ONLY_VERSION_MESSAGE =
  'This draft is the only version of the content; delete the content in the CMS instead.';
export const ONLY_PUBLISHED_MESSAGE =
  'This content has only published versions; create a draft from one to edit it';

export const COMMAND_IDS = [
  'lock',
  'unlock',
  'save',
  'pushToStaging',
  'backToDraft',
  'deleteDraft',
  'createDraft',
  'createDraftFromPublished',
  'touchUpdated',
  'deleteItem',
  'publishToPreview',
  'publishToDelivery',
  'addBlock',
  'moveBlock',
  'deleteBlock',
  'requestLock',
  'handOverLock',
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/**
 * Whose lock a command accepts: 'holder' needs the caller's own lock; 'free-or-holder' refuses
 * only someone else's lock; 'other' needs someone else's (Request the lock); 'none' ignores locks.
 */
export type LockRequirement = 'holder' | 'free-or-holder' | 'other' | 'none';

export interface CommandDescription {
  id: CommandId;
  /** The command's name as §4 and the screens say it. */
  title: string;
  permission: Permission;
  /** The statuses of the version acted on; null accepts any. */
  statuses: readonly VersionStatus[] | null;
  /** The status the version reaches (Push to Staging, Back to Draft). */
  to?: VersionStatus;
  lock: LockRequirement;
  /** Save: only with unsaved changes. */
  needsChanges?: boolean;
  /** New drafts: only while every version is published (an item has one open version). */
  needsNoOpenVersion?: boolean;
  /** Lock: only while an open version exists (a published one needs a draft first). */
  needsOpenVersion?: boolean;
  /** Delete Draft: version 1 is the only version and is deleted with the content instead. */
  keepsFirstVersion?: boolean;
  /** Words for the reasons: "You need Edit ... to <doing>", "Only a draft version can <passive>", "Lock the content to <active>". */
  words: { doing: string; passive?: string; active?: string };
}

const EDITING = { permission: 'Edit', statuses: [DRAFT], lock: 'holder' } as const;

function indexById(...list: CommandDescription[]): Record<CommandId, CommandDescription> {
  return Object.fromEntries(list.map((command) => [command.id, command])) as Record<
    CommandId,
    CommandDescription
  >;
}

export const COMMANDS: Readonly<Record<CommandId, CommandDescription>> = indexById(
  {
    id: 'lock',
    title: 'Lock',
    permission: 'Edit',
    statuses: null,
    lock: 'free-or-holder',
    needsOpenVersion: true,
    words: { doing: 'lock it' },
  },
  {
    id: 'unlock',
    title: 'Unlock',
    permission: 'Edit',
    statuses: null,
    lock: 'free-or-holder',
    words: { doing: 'unlock it' },
  },
  {
    id: 'save',
    title: 'Save',
    ...EDITING,
    needsChanges: true,
    words: { doing: 'save it', passive: 'be saved', active: 'save it' },
  },
  {
    id: 'pushToStaging',
    title: 'Push to Staging',
    ...EDITING,
    to: STAGED,
    words: { doing: 'stage it', passive: 'be staged', active: 'push it to staging' },
  },
  {
    id: 'backToDraft',
    title: 'Back to Draft',
    ...EDITING,
    statuses: [STAGED],
    to: DRAFT,
    words: {
      doing: 'move it back to draft',
      passive: 'go back to draft',
      active: 'move it back to draft',
    },
  },
  {
    id: 'deleteDraft',
    title: 'Delete Draft',
    ...EDITING,
    keepsFirstVersion: true,
    words: {
      doing: 'delete a draft',
      passive: 'be deleted as a draft',
      active: 'delete this draft',
    },
  },
  {
    id: 'createDraft',
    title: 'Create Draft',
    permission: 'Edit',
    statuses: null,
    lock: 'free-or-holder',
    needsNoOpenVersion: true,
    words: { doing: 'create a draft' },
  },
  {
    id: 'createDraftFromPublished',
    title: 'Create a draft',
    permission: 'Edit',
    statuses: [PUBLISHED],
    lock: 'free-or-holder',
    needsNoOpenVersion: true,
    words: { doing: 'create a draft from it', passive: 'give a new draft' },
  },
  {
    id: 'touchUpdated',
    title: 'Mark Updated',
    ...EDITING,
    words: { doing: 'mark it updated', passive: 'be marked updated', active: 'mark it updated' },
  },
  {
    id: 'deleteItem',
    title: 'Delete item',
    permission: 'Delete',
    statuses: null,
    lock: 'free-or-holder',
    words: { doing: 'delete it' },
  },
  {
    id: 'publishToPreview',
    title: 'Publish to Preview',
    permission: 'Edit',
    statuses: null,
    lock: 'none',
    words: { doing: 'publish it' },
  },
  {
    id: 'publishToDelivery',
    title: 'Publish to Delivery',
    permission: 'Edit',
    statuses: null,
    lock: 'none',
    words: { doing: 'publish it' },
  },
  {
    id: 'addBlock',
    title: 'Add block',
    ...EDITING,
    words: { doing: 'add a block', passive: 'take new blocks', active: 'add a block' },
  },
  {
    id: 'moveBlock',
    title: 'Move block',
    ...EDITING,
    words: { doing: 'move a block', passive: 'have its blocks moved', active: 'move a block' },
  },
  {
    id: 'deleteBlock',
    title: 'Delete block',
    ...EDITING,
    words: {
      doing: 'delete a block',
      passive: 'have its blocks deleted',
      active: 'delete a block',
    },
  },
  {
    id: 'requestLock',
    title: 'Request the lock',
    permission: 'Edit',
    statuses: null,
    lock: 'other',
    words: { doing: 'ask for the lock' },
  },
  {
    id: 'handOverLock',
    title: 'Hand over',
    permission: 'Edit',
    statuses: null,
    lock: 'holder',
    words: { doing: 'hand over the lock', active: 'hand it over' },
  },
);

/** Request the lock: nobody else holds it, so there is nothing to ask for (lock it instead). */
export const NOBODY_HOLDS_LOCK_MESSAGE = 'Nobody else holds the lock: lock the content instead';

/**
 * What the rules read. Each part is checked only when given, so a caller that learns the state
 * step by step (the server: permissions, then the lock, then the version) asks once per step.
 */
export interface WorkflowState {
  /** The caller's permissions on the item. */
  permissions?: readonly Permission[] | null;
  /** The status and number of the version acted on. */
  status?: VersionStatus;
  version?: number;
  /** Who holds the item's lock (null: nobody); with `me`, the caller's preferred_username. */
  lockedBy?: string | null;
  lockedByName?: string | null;
  me?: string | null;
  /** With `leaseSeconds`: when the lock was taken or last renewed; a lapsed lock counts as free. */
  lockedDate?: string | null;
  leaseSeconds?: number;
  /** The time the lease is judged at (default: now), in milliseconds. */
  now?: number;
  /** Whether there are unsaved changes. */
  dirty?: boolean;
  /** Every version of the item. */
  versions?: readonly { version: number; status_id: VersionStatus }[];
}

/** Stable codes, the same as the server's error catalogue, so it maps them to its HTTP status. */
export type RefusalCode =
  | 'FORBIDDEN'
  | 'VERSION_NOT_EDITABLE'
  | 'CONTENT_LOCKED'
  | 'NOT_LOCKED'
  | 'NO_CHANGES'
  | 'DRAFT_EXISTS'
  | 'ONLY_VERSION';

export interface Refusal {
  code: RefusalCode;
  /** The sentence a person reads (a disabled control's tooltip). */
  reason: string;
  command: CommandId;
  /** FORBIDDEN: the permission missing. */
  permission?: Permission;
  /** CONTENT_LOCKED: the lock owner's username. */
  owner?: string;
  /** VERSION_NOT_EDITABLE: the statuses accepted; DRAFT_EXISTS: the open version. */
  expected?: readonly VersionStatus[];
  status?: VersionStatus;
  version?: number;
}

/**
 * Null when the command may run in this state; otherwise the first rule it breaks, in the order
 * permission, version status, lock, then the command's own conditions.
 */
export function refusal(id: CommandId, state: WorkflowState): Refusal | null {
  const command = COMMANDS[id];
  const { words } = command;
  const refuse = (code: RefusalCode, reason: string, extra: Partial<Refusal> = {}): Refusal => ({
    code,
    reason,
    command: id,
    ...extra,
  });

  if (state.permissions !== undefined && !hasPermission(state.permissions, command.permission)) {
    return refuse(
      'FORBIDDEN',
      `You need the ${command.permission} permission on this item to ${words.doing}`,
      { permission: command.permission },
    );
  }
  if (state.status !== undefined && command.statuses && !command.statuses.includes(state.status)) {
    const wanted = command.statuses.join(' or ');
    return refuse(
      'VERSION_NOT_EDITABLE',
      `Only a ${wanted} version can ${words.passive ?? words.doing}; version ${state.version} is ${state.status}`,
      { expected: command.statuses, status: state.status, version: state.version },
    );
  }
  if (state.lockedBy !== undefined && command.lock !== 'none') {
    const holder =
      state.leaseSeconds === undefined
        ? state.lockedBy
        : lockHolder(
            { locked_by: state.lockedBy, locked_date: state.lockedDate },
            state.leaseSeconds,
            state.now,
          );
    const mine = state.me != null && holder === state.me;
    if (command.lock === 'other') {
      if (holder == null || mine) return refuse('NOT_LOCKED', NOBODY_HOLDS_LOCK_MESSAGE);
    } else if (holder != null && !mine) {
      return refuse('CONTENT_LOCKED', `Locked by ${state.lockedByName ?? holder}`, {
        owner: holder,
      });
    }
    if (command.lock === 'holder' && !mine) {
      return refuse('NOT_LOCKED', `Lock the content to ${words.active ?? words.doing}`);
    }
  }
  if (command.needsChanges && state.dirty === false) {
    return refuse('NO_CHANGES', 'There are no changes to save');
  }
  if (state.versions !== undefined) {
    const open = openVersionOf(state.versions);
    if (command.needsNoOpenVersion && open) {
      return refuse('DRAFT_EXISTS', `Version ${open.version} is ${open.status_id}: edit that one`, {
        status: open.status_id,
        version: open.version,
      });
    }
    if (command.needsOpenVersion && !open) {
      return refuse('VERSION_NOT_EDITABLE', ONLY_PUBLISHED_MESSAGE);
    }
  }
  if (command.keepsFirstVersion && state.version === 1) {
    return refuse('ONLY_VERSION', ONLY_VERSION_MESSAGE, { version: 1 });
  }
  return null;
}

/** Whether the command may run in this state. */
export function allowed(id: CommandId, state: WorkflowState): boolean {
  return refusal(id, state) === null;
}

/** The open (non-published) version of an item, if it has one. */
export function openVersionOf<V extends { status_id: VersionStatus }>(
  versions: readonly V[],
): V | null {
  return versions.find((v) => isOpenStatus(v.status_id)) ?? null;
}

/** The command that moves a version to `to`, whatever its status now. */
export function commandReaching(to: VersionStatus): CommandId | null {
  return Object.values(COMMANDS).find((command) => command.to === to)?.id ?? null;
}
