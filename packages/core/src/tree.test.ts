import { describe, expect, it } from 'vitest';
import { childPath, levelOf, nextOrder, pathSegment, splitList } from './tree';

describe('pathSegment', () => {
  it('zero-pads an order to two digits', () => {
    expect(pathSegment(1)).toBe('01');
    expect(pathSegment(3)).toBe('03');
    expect(pathSegment(12)).toBe('12');
  });

  it('keeps orders above 99 whole', () => {
    expect(pathSegment(100)).toBe('100');
  });

  it.each([0, -1, 1.5, Number.NaN])('throws on the order %s', (order) => {
    expect(() => pathSegment(order)).toThrow(RangeError);
  });
});

describe('childPath', () => {
  it('is the parent path plus "/" plus the two-digit order', () => {
    expect(childPath('01', 3)).toBe('01/03');
    expect(childPath('01/03', 10)).toBe('01/03/10');
  });

  it('is the bare segment at the top level', () => {
    expect(childPath(null, 2)).toBe('02');
    expect(childPath(undefined, 2)).toBe('02');
    expect(childPath('', 2)).toBe('02');
  });
});

describe('nextOrder', () => {
  it('is the sibling count plus one', () => {
    expect(nextOrder(0)).toBe(1);
    expect(nextOrder(4)).toBe(5);
  });
});

describe('levelOf', () => {
  it('counts the segments of a path', () => {
    expect(levelOf('')).toBe(0);
    expect(levelOf('01')).toBe(1);
    expect(levelOf('01/03/02')).toBe(3);
  });
});

describe('splitList', () => {
  it('splits a comma-separated string into trimmed entries', () => {
    expect(splitList('page, image ,,document')).toEqual(['page', 'image', 'document']);
  });

  it('trims a list and treats nothing as empty', () => {
    expect(splitList([' page', ''])).toEqual(['page']);
    expect(splitList(null)).toEqual([]);
    expect(splitList('')).toEqual([]);
  });
});
