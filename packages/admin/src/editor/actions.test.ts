/** The commands' enabled rules (§4, §6), with the reason a disabled command gives. */
import { describe, expect, it } from 'vitest';
import type { VersionSummary } from '@canopy/core';
import { actionRule, type ActionState, type EditorActionId } from './actions';

const summary = (version: number, status_id: VersionSummary['status_id']): VersionSummary => ({
  version,
  status_id,
  copied_from: null,
  updated_date: '2026-11-20T10:00:00.000Z',
  updated_by: 'nina',
  updated_by_name: 'Nina North',
});

function state(
  overrides: Partial<ActionState['content']> = {},
  extra: Partial<ActionState> = {},
): ActionState {
  return {
    me: 'nina',
    dirty: true,
    ...extra,
    content: {
      version: 2,
      status_id: 'draft',
      locked_by: 'nina',
      locked_by_name: 'Nina North',
      permissions: ['Edit', 'Create', 'Delete', 'Read'],
      versions: [summary(1, 'published'), summary(2, 'draft')],
      ...overrides,
    },
  };
}
const reason = (id: EditorActionId, s: ActionState) => actionRule(id).disabledReason(s);

describe('the editor commands', () => {
  it('Save, Push to Staging and Delete Draft need a draft locked by you', () => {
    for (const id of ['save', 'pushToStaging', 'deleteDraft'] as const) {
      expect(reason(id, state())).toBeNull();
      expect(reason(id, state({ locked_by: null, locked_by_name: null }))).toMatch(
        /^Lock the content to /,
      );
      expect(reason(id, state({ locked_by: 'omar', locked_by_name: 'Omar Ortiz' }))).toBe(
        'Locked by Omar Ortiz',
      );
      expect(reason(id, state({ status_id: 'staged' }))).toContain('version 2 is staged');
    }
    expect(reason('save', state({}, { dirty: false }))).toBe('There are no changes to save');
  });

  it('Back to Draft needs a staged version locked by you', () => {
    expect(reason('backToDraft', state({ status_id: 'staged' }))).toBeNull();
    expect(reason('backToDraft', state())).toContain('Only a staged version');
  });

  it('the lock button says Unlock to its owner and is disabled for others, naming the owner', () => {
    expect(actionRule('lock').label(state())).toBe('Unlock');
    expect(actionRule('lock').label(state({ locked_by: null }))).toBe('Lock');
    expect(reason('lock', state({ locked_by: 'omar', locked_by_name: 'Omar Ortiz' }))).toBe(
      'Locked by Omar Ortiz',
    );
    expect(reason('lock', state({ permissions: ['Read'] }))).toBe(
      'You need the Edit permission on this item to lock it',
    );
  });

  it('Create Draft only when every version is published', () => {
    expect(reason('createDraft', state())).toBe('Version 2 is draft: edit that one');
    expect(
      reason(
        'createDraft',
        state({
          version: 1,
          status_id: 'published',
          locked_by: null,
          versions: [summary(1, 'published')],
        }),
      ),
    ).toBeNull();
  });

  it('Delete item needs the Delete permission', () => {
    expect(reason('deleteItem', state())).toBeNull();
    expect(reason('deleteItem', state({ permissions: ['Edit', 'Read'] }))).toBe(
      'You need the Delete permission on this item to delete it',
    );
  });
});
