/** Version status transitions and rules (§4, §6). */
import type { VersionStatus } from './entities';

export type VersionTransition = 'pushToStaging' | 'backToDraft';

const TRANSITIONS: Record<VersionTransition, { from: VersionStatus; to: VersionStatus }> = {
  pushToStaging: { from: 'draft', to: 'staged' },
  backToDraft: { from: 'staged', to: 'draft' },
};

/** The status a version reaches by a transition, or null when it may not take it. */
export function transition(status: VersionStatus, move: VersionTransition): VersionStatus | null {
  const rule = TRANSITIONS[move];
  return rule.from === status ? rule.to : null;
}

/** The transition that takes a version from one status to another, if there is one. */
export function transitionBetween(
  from: VersionStatus,
  to: VersionStatus,
): VersionTransition | null {
  for (const [name, rule] of Object.entries(TRANSITIONS)) {
    if (rule.from === from && rule.to === to) return name as VersionTransition;
  }
  return null;
}

/** Only drafts take edits; published versions never change. */
export function isEditable(status: VersionStatus): boolean {
  return status === 'draft';
}

/** The number a new draft gets: one more than the highest existing version. */
export function nextVersionNumber(existingVersions: readonly number[]): number {
  return existingVersions.reduce((max, v) => Math.max(max, v), 0) + 1;
}

/** Latest publishable: the newest version that is staged or published. */
export function isPublishable(status: VersionStatus): boolean {
  return status === 'staged' || status === 'published';
}
