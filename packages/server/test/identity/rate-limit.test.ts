import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { postSignIn, startIdentityApp, startSignIn, type IdentityApp } from './helpers';
import type { AuditEntryView as Entry } from '../../src/audit/list';

describe.each(DIALECTS)('sign-in rate limits on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect, {
      signInLimits: { perAccount: 3, perAddress: 6, windowSeconds: 600 },
    });
    await t.user('target', ['editor'], 'the right password');
    await t.user('other', ['editor'], 'the right password');
  });
  afterAll(() => t.close());

  /** Refused sign-ins for too many attempts in the audit record, newest first. */
  const limited = async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/audit?action=sign-in-failed',
      as: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: Entry[] }).entries
      .filter((e) => e.details?.reason === 'too many attempts')
      .map((e) => [e.actor, e.details?.address]);
  };

  it('locks an account after repeated failures, even for the right password', async () => {
    const { interaction, cookie } = await startSignIn(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await postSignIn(t.app, interaction, cookie, 'target', 'wrong', {
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await postSignIn(t.app, interaction, cookie, 'target', 'the right password', {
      remoteAddress: '192.0.2.50',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts. Wait 10 minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    // Other accounts are not affected.
    const other = await postSignIn(t.app, interaction, cookie, 'other', 'the right password', {
      remoteAddress: '192.0.2.51',
    });
    expect(other.statusCode).toBe(303);
    // The first refusal of the window is recorded, not each one after it.
    await postSignIn(t.app, interaction, cookie, 'target', 'wrong', {
      remoteAddress: '192.0.2.52',
    });
    expect(await limited()).toEqual([['target', '192.0.2.50']]);
  });

  it('limits one address across accounts; a forged X-Forwarded-For does not reset it', async () => {
    const { interaction, cookie } = await startSignIn(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await postSignIn(t.app, interaction, cookie, `nobody${i}`, 'wrong', {
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await limited())[0]).toEqual(['nobody6', '198.51.100.7']);
  });
});
