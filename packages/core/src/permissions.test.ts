import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, hasPermission, isPermission, normalisePermissions } from './permissions';

describe('hasPermission', () => {
  it('is true when the expected permission is contained in the actual ones', () => {
    expect(hasPermission(['Read', 'Edit'], 'Edit')).toBe(true);
    expect(hasPermission(['Read', 'Edit', 'Create'], ['Edit', 'Create'])).toBe(true);
  });

  it('is false when any expected permission is missing', () => {
    expect(hasPermission(['Read'], 'Edit')).toBe(false);
    expect(hasPermission(['Edit'], ['Edit', 'Create'])).toBe(false);
  });

  it('is false when nothing is known about the actual permissions', () => {
    expect(hasPermission(null, 'Read')).toBe(false);
    expect(hasPermission(undefined, 'Read')).toBe(false);
    expect(hasPermission([], 'Read')).toBe(false);
  });
});

describe('ALL_PERMISSIONS', () => {
  it('holds the four permissions a creator gets', () => {
    expect([...ALL_PERMISSIONS]).toEqual(['Edit', 'Create', 'Delete', 'Read']);
  });
});

describe('normalisePermissions', () => {
  it('orders permissions as the spec lists them and drops duplicates', () => {
    expect(normalisePermissions(['Read', 'Edit', 'Read', 'Delete'])).toEqual([
      'Edit',
      'Delete',
      'Read',
    ]);
  });
});

describe('isPermission', () => {
  it('accepts only the four spelled exactly', () => {
    expect(isPermission('Create')).toBe(true);
    expect(isPermission('create')).toBe(false);
    expect(isPermission('Publish')).toBe(false);
  });
});
