import { describe, expect, it } from 'vitest';
import { keyStatus } from './ApiKeysScreen';
import { filterUsers } from './UsersScreen';
import type { ApiKey, User } from './api';

const user = (username: string, given: string, roles: string[], email: string | null = null) =>
  ({
    user_id: username,
    username,
    given_name: given,
    family_name: 'Reyes',
    email,
    disabled: 0,
    roles,
    created_date: '',
    updated_date: '',
  }) as User;

describe('the users filter', () => {
  const users = [
    user('dana', 'Dana', ['editor']),
    user('sam', 'Sam', ['author'], 'sam@example.com'),
  ];
  it('matches name, username or email, without regard to case', () => {
    expect(filterUsers(users, 'DANA R', null).map((u) => u.username)).toEqual(['dana']);
    expect(filterUsers(users, 'example.com', null).map((u) => u.username)).toEqual(['sam']);
    expect(filterUsers(users, '  ', null)).toHaveLength(2);
  });
  it('keeps to holders of the chosen role', () => {
    expect(filterUsers(users, '', 'author').map((u) => u.username)).toEqual(['sam']);
    expect(filterUsers(users, 'dana', 'author')).toEqual([]);
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
