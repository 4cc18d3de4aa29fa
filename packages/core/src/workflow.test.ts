/** The editing commands' rules (§4, §6) and the reasons a refused command gives. */
import { describe, expect, it } from 'vitest';
import {
  COMMAND_IDS,
  COMMANDS,
  nextVersionNumber,
  lockedByMessage,
  openVersionOf,
  refusal,
  commandReaching,
  lockHolder,
  type CommandId,
  type WorkflowState,
} from './workflow';
import type { VersionStatus } from './entities';

const versions = (...statuses: VersionStatus[]) =>
  statuses.map((status_id, i) => ({ version: i + 1, status_id }));

/** Nina holds the lock of version 2, a draft, with every permission and unsaved changes. */
function state(overrides: WorkflowState = {}): WorkflowState {
  return {
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    status: 'draft',
    version: 2,
    lockedBy: 'nina',
    lockedByName: 'Nina North',
    me: 'nina',
    dirty: true,
    versions: versions('published', 'draft'),
    ...overrides,
  };
}
const reason = (id: CommandId, s: WorkflowState) => refusal(id, s)?.reason ?? null;
const omar = { lockedBy: 'omar', lockedByName: 'Omar Ortiz' };

describe('the editing commands', () => {
  it('Save, Push to Staging and Delete Draft need Edit and a draft locked by you', () => {
    for (const id of ['save', 'pushToStaging', 'deleteDraft'] as const) {
      expect(refusal(id, state())).toBeNull();
      expect(refusal(id, state({ lockedBy: null, lockedByName: null }))).toMatchObject({
        code: 'NOT_LOCKED',
        reason: expect.stringMatching(/^Lock the content to /),
      });
      expect(refusal(id, state(omar))).toMatchObject({
        code: 'CONTENT_LOCKED',
        reason: 'Locked by Omar Ortiz',
        owner: 'omar',
      });
      expect(refusal(id, state({ status: 'staged' }))).toMatchObject({
        code: 'VERSION_NOT_EDITABLE',
        expected: ['draft'],
        reason: expect.stringContaining('version 2 is staged'),
      });
      expect(refusal(id, state({ permissions: ['Read'] }))).toMatchObject({
        code: 'FORBIDDEN',
        permission: 'Edit',
      });
    }
    expect(reason('save', state({ dirty: false }))).toBe('There are no changes to save');
    expect(reason('pushToStaging', state({ dirty: false }))).toBeNull();
  });

  it('Back to Draft needs a staged version locked by you and reaches draft', () => {
    expect(refusal('backToDraft', state({ status: 'staged' }))).toBeNull();
    expect(reason('backToDraft', state())).toBe(
      'Only a staged version can go back to draft; version 2 is draft',
    );
    expect(commandReaching('draft')).toBe('backToDraft');
    expect(commandReaching('staged')).toBe('pushToStaging');
    expect(commandReaching('published')).toBeNull();
  });

  it('checks the status before the lock, so the reason says what locking cannot fix', () => {
    expect(refusal('save', state({ status: 'published', ...omar }))?.code).toBe(
      'VERSION_NOT_EDITABLE',
    );
  });

  it('checks only the parts of the state it is given', () => {
    expect(refusal('save', { lockedBy: 'omar', me: 'nina' })?.code).toBe('CONTENT_LOCKED');
    expect(refusal('save', { status: 'staged', version: 4 })?.reason).toBe(
      'Only a draft version can be saved; version 4 is staged',
    );
    expect(refusal('save', { permissions: ['Edit'] })).toBeNull();
    expect(refusal('save', { permissions: null })?.code).toBe('FORBIDDEN');
  });

  it('Lock and Unlock are refused for others while someone holds the lock', () => {
    expect(refusal('lock', state({ lockedBy: null }))).toBeNull();
    expect(refusal('unlock', state())).toBeNull();
    expect(reason('lock', state(omar))).toBe('Locked by Omar Ortiz');
    expect(reason('unlock', state(omar))).toBe('Locked by Omar Ortiz');
    expect(reason('lock', state({ permissions: ['Read'] }))).toBe(
      'You need the Edit permission on this item to lock it',
    );
  });

  it('Lock needs an open version; a published one needs a draft first', () => {
    expect(refusal('lock', { versions: versions('published', 'published') })).toMatchObject({
      code: 'VERSION_NOT_EDITABLE',
      reason: 'This content has only published versions; create a draft from one to edit it',
    });
    expect(refusal('lock', { versions: versions('published', 'staged') })).toBeNull();
  });

  it('new drafts only while every version is published, never over another lock', () => {
    expect(refusal('createDraft', state())).toMatchObject({
      code: 'DRAFT_EXISTS',
      reason: 'Version 2 is draft: edit that one',
    });
    const allPublished = state({
      version: 1,
      status: 'published',
      lockedBy: null,
      versions: versions('published'),
    });
    expect(refusal('createDraft', allPublished)).toBeNull();
    expect(refusal('createDraftFromPublished', allPublished)).toBeNull();
    expect(refusal('createDraftFromPublished', { ...allPublished, ...omar })?.code).toBe(
      'CONTENT_LOCKED',
    );
    expect(refusal('createDraftFromPublished', state())?.code).toBe('VERSION_NOT_EDITABLE');
  });

  it('Delete Draft keeps version 1, which goes with its content', () => {
    expect(refusal('deleteDraft', state({ version: 1 }))).toMatchObject({
      code: 'ONLY_VERSION',
      reason:
        'This draft is the only version of the content; delete the content in the CMS instead.',
    });
  });

  it('Delete item needs Delete and no one else holding the lock', () => {
    expect(refusal('deleteItem', state({ lockedBy: null }))).toBeNull();
    expect(reason('deleteItem', state({ permissions: ['Edit', 'Read'] }))).toBe(
      'You need the Delete permission on this item to delete it',
    );
    expect(refusal('deleteItem', state(omar))?.code).toBe('CONTENT_LOCKED');
  });

  it('publishing needs Edit and ignores locks and statuses', () => {
    for (const id of ['publishToPreview', 'publishToDelivery'] as const) {
      expect(refusal(id, state({ ...omar, status: 'published' }))).toBeNull();
      expect(refusal(id, { permissions: ['Read'] })?.code).toBe('FORBIDDEN');
    }
  });

  it('block changes are edits of a draft you hold', () => {
    for (const id of ['addBlock', 'moveBlock', 'deleteBlock'] as const) {
      expect(refusal(id, state({ dirty: false }))).toBeNull();
      expect(refusal(id, state({ status: 'staged' }))?.code).toBe('VERSION_NOT_EDITABLE');
      expect(refusal(id, state({ lockedBy: null }))?.code).toBe('NOT_LOCKED');
    }
  });

  it('describes every command once, under its own id', () => {
    expect(Object.keys(COMMANDS).sort()).toEqual([...COMMAND_IDS].sort());
    for (const id of COMMAND_IDS) expect(COMMANDS[id].id).toBe(id);
  });
});

describe('versions and locks', () => {
  it('numbers a new draft one above the highest version', () => {
    expect(nextVersionNumber([1, 4, 2])).toBe(5);
    expect(nextVersionNumber([])).toBe(1);
  });

  it('finds the open version', () => {
    expect(openVersionOf(versions('published', 'staged'))).toEqual({
      version: 2,
      status_id: 'staged',
    });
    expect(openVersionOf(versions('published'))).toBeNull();
  });

  it("names the lock's owner as §4 says it", () => {
    expect(lockedByMessage('Jane')).toBe('Content has been locked by Jane');
  });

  it('a lock lapses after its lease unless renewed, for everyone including its former holder', () => {
    const taken = '2026-01-01T10:00:00.000Z';
    const at = (minutes: number) => Date.parse(taken) + minutes * 60_000;
    const lock = { locked_by: 'omar', locked_date: taken };
    expect(lockHolder(lock, 900, at(14))).toBe('omar');
    expect(lockHolder(lock, 900, at(15))).toBeNull();
    expect(lockHolder({ locked_by: 'omar', locked_date: null }, 900, at(60))).toBe('omar');
    const lease = { ...omar, lockedDate: taken, leaseSeconds: 900 };
    expect(refusal('lock', state({ ...lease, now: at(10) }))).toMatchObject({ owner: 'omar' });
    expect(refusal('lock', state({ ...lease, now: at(16) }))).toBeNull();
    expect(refusal('save', state({ ...lease, me: 'omar', now: at(16) }))).toMatchObject({
      code: 'NOT_LOCKED',
    });
  });
});
