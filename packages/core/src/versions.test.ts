import { describe, expect, it } from 'vitest';
import { VERSION_STATUSES, type VersionStatus } from './entities';
import {
  isEditable,
  isPublishable,
  nextVersionNumber,
  transition,
  transitionBetween,
} from './versions';

describe('transition', () => {
  it('pushes a draft to staging and takes a staged version back to draft', () => {
    expect(transition('draft', 'pushToStaging')).toBe('staged');
    expect(transition('staged', 'backToDraft')).toBe('draft');
  });

  it('refuses every other move', () => {
    expect(transition('staged', 'pushToStaging')).toBeNull();
    expect(transition('published', 'pushToStaging')).toBeNull();
    expect(transition('draft', 'backToDraft')).toBeNull();
    expect(transition('published', 'backToDraft')).toBeNull();
  });
});

describe('transitionBetween', () => {
  it('names the only two allowed moves', () => {
    expect(transitionBetween('draft', 'staged')).toBe('pushToStaging');
    expect(transitionBetween('staged', 'draft')).toBe('backToDraft');
  });

  it('has no move for any other pair of statuses', () => {
    const allowed = new Set(['draft>staged', 'staged>draft']);
    for (const from of VERSION_STATUSES) {
      for (const to of VERSION_STATUSES) {
        if (allowed.has(`${from}>${to}`)) continue;
        expect(transitionBetween(from, to), `${from} -> ${to}`).toBeNull();
      }
    }
  });
});

describe('isEditable', () => {
  it.each<[VersionStatus, boolean]>([
    ['draft', true],
    ['staged', false],
    ['published', false],
  ])('%s -> %s', (status, editable) => {
    expect(isEditable(status)).toBe(editable);
  });
});

describe('isPublishable', () => {
  it.each<[VersionStatus, boolean]>([
    ['draft', false],
    ['staged', true],
    ['published', true],
  ])('%s -> %s', (status, publishable) => {
    expect(isPublishable(status)).toBe(publishable);
  });
});

describe('nextVersionNumber', () => {
  it('is the highest existing version plus one, whatever the order', () => {
    expect(nextVersionNumber([1, 4, 2])).toBe(5);
    expect(nextVersionNumber([3])).toBe(4);
  });

  it('is 1 when there is no version yet', () => {
    expect(nextVersionNumber([])).toBe(1);
  });
});
