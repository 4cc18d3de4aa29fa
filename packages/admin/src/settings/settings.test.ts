import { describe, expect, it } from 'vitest';
import { keyStatus } from './ApiKeysScreen';
import { dropsAdministrator } from './UsersScreen';
import { deleteRefusal } from './RolesScreen';
import { deletionMessage } from './SitesScreen';
import { parseHosts } from './SiteDialogs';
import type { ApiKey, Role, SiteUsage } from './api';

const role = (role_id: string, is_admin = 0, member_count = 0) =>
  ({ role_id, role_name: role_id, role_rank: 10, is_admin, is_personal: 0, member_count }) as Role;

describe('removing an administrator role', () => {
  const roles = [role('administrator', 1), role('editor')];
  it('is noticed only when no administrator role is left', () => {
    expect(dropsAdministrator(roles, ['administrator', 'editor'], ['editor'])).toBe(true);
    expect(dropsAdministrator(roles, ['administrator'], ['administrator', 'editor'])).toBe(false);
    expect(dropsAdministrator(roles, ['editor'], [])).toBe(false);
  });
});

describe('a role that cannot be deleted', () => {
  it('is a built-in role or one with members', () => {
    expect(deleteRefusal(role('editor'))).toBe('Built-in roles cannot be deleted');
    expect(deleteRefusal(role('reviewers', 0, 2))).toBe(
      'Only a role without members can be deleted',
    );
    expect(deleteRefusal(role('reviewers'))).toBeNull();
  });
});

describe('host names as typed', () => {
  it('are split at commas, spaces and new lines, empty ones left out', () => {
    expect(parseHosts(' www.shop.test, shop.test\nm.shop.test ,, ')).toEqual([
      'www.shop.test',
      'shop.test',
      'm.shop.test',
    ]);
    expect(parseHosts('   ')).toEqual([]);
  });
});

describe('the site delete confirmation', () => {
  const usage = (microapps: string[], builds: number) =>
    ({
      site_id: 's',
      site_name: 'Shop',
      blocked_by: null,
      removes: {
        home: { content_id: 'h', content_name: 'Shop Home', versions: 2 },
        builds,
        releases: 1,
        microapps,
      },
    }) as SiteUsage;
  it('names the home item and everything that goes with the site', () => {
    expect(deletionMessage(usage(['Search'], 1))).toBe(
      'Delete the site Shop? With it go its home item Shop Home (2 versions), 1 build, 1 publish record, the micro-apps Search, its host names and base paths. This cannot be undone.',
    );
    expect(deletionMessage(usage([], 3))).toContain(', 3 builds, 1 publish record, its host');
  });
});

describe('an API key status', () => {
  const key = (revoked: string | null, expires: string | null) =>
    ({ revoked_date: revoked, expires_date: expires }) as ApiKey;
  const now = new Date('2026-06-01T00:00:00Z');
  it('is Revoked, Expired or Active', () => {
    expect(keyStatus(key('2026-05-01T00:00:00Z', null), now)).toBe('Revoked');
    expect(keyStatus(key(null, '2026-05-31T23:59:59Z'), now)).toBe('Expired');
    expect(keyStatus(key(null, '2026-06-02T00:00:00Z'), now)).toBe('Active');
    expect(keyStatus(key(null, null), now)).toBe('Active');
  });
});
