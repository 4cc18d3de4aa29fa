/** The tree panel's pure parts: the filter over the indexed forest, and a role's held permissions. */
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@canopy/core';
import { activeFilter, filterItems, indexForest, isShown } from './forest';
import { heldByItem } from './permissions';

function item(id: string, children: MenuItem[] = []): MenuItem {
  const node = {
    content_id: id,
    content_name: id,
    children,
    parent_id: null,
  } as unknown as MenuItem;
  children.forEach((child) => (child.parent_id = id));
  return node;
}

const forest = [item('Home', [item('About', [item('Team')]), item('Contact')]), item('Footer')];

describe('which items have a row', () => {
  const index = indexForest(forest);

  it('when filtered, the matches alone', () => {
    expect(isShown(index, 'Team', ['Team'], [])).toBe(true);
    expect(isShown(index, 'Home', ['Team'], ['Home', 'About'])).toBe(false);
  });

  it('otherwise, the items whose every ancestor is expanded', () => {
    expect(isShown(index, 'Home', null, [])).toBe(true);
    expect(isShown(index, 'About', null, [])).toBe(false);
    expect(isShown(index, 'Team', null, ['About'])).toBe(false);
    expect(isShown(index, 'Team', null, ['Home', 'About'])).toBe(true);
    expect(isShown(index, 'Gone', null, ['Home'])).toBe(false);
  });
});

describe('the filter', () => {
  it('applies from 3 characters, case-insensitively, in tree order', () => {
    expect(activeFilter('te')).toBeNull();
    expect(activeFilter(' CoN ')).toBe('con');
    const index = indexForest(forest);
    expect(filterItems(index, 'o')).toEqual(['Home', 'About', 'Contact', 'Footer']);
    expect(filterItems(index, 'tea')).toEqual(['Team']);
  });

  it('finds each item once, the first and the last too, and never across two names', () => {
    const named = (id: string, name: string, children: MenuItem[] = []) => ({
      ...item(id, children),
      content_name: name,
    });
    const index = indexForest([
      named('a', 'Amber amber', [named('b', 'Birch'), named('c', 'CAMBER')]),
      named('d', 'ember'),
    ]);
    expect(filterItems(index, 'amb')).toEqual(['a', 'c']);
    expect(filterItems(index, 'ber')).toEqual(['a', 'c', 'd']);
    // 'ch' ends Birch and 'ca' starts CAMBER: no filter matches across the two.
    expect(filterItems(index, 'chca')).toEqual([]);
    expect(filterItems(index, 'ember')).toEqual(['d']);
    expect(filterItems(indexForest([]), 'amb')).toEqual([]);
  });
});

describe("a role's permissions per item (permissions editor)", () => {
  it('inherits the nearest setting above, and a refusal stops a grant', () => {
    const held = heldByItem(indexForest(forest), {
      Home: { Read: { permission: 1 }, Edit: { permission: 1 } },
      About: { Edit: { permission: 0 } },
      Team: { Create: { permission: 1 } },
    });
    expect(held.get('Home')).toEqual(['Edit', 'Read']);
    expect(held.get('Contact')).toEqual(['Edit', 'Read']);
    expect(held.get('About')).toEqual(['Read']);
    expect(held.get('Team')).toEqual(['Create', 'Read']);
    expect(held.get('Footer')).toEqual([]);
  });
});
