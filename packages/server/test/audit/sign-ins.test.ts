/**
 * Failed sign-ins in the audit record: a wrong password or a disabled account on the sign-in
 * page, and a refused call of the token endpoint. Administrators read them; nobody else does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import {
  postSignIn,
  REDIRECT_URI,
  signIn,
  startIdentityApp,
  startSignIn,
  type IdentityApp,
} from '../identity/helpers';
import type { AuditEntryView as Entry } from '../../src/audit/list';

describe.each(DIALECTS)('failed sign-ins in the audit record on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.user('admin', ['administrator']);
    await t.user('editor', ['editor'], 'correct horse battery');
    const disabled = await t.user('gone', ['editor'], 'correct horse battery');
    await t.db.updateTable('users').set({ disabled: 1 }).where('user_id', '=', disabled).execute();
  });
  afterAll(() => t.close());

  const failures = async (since: string, as = 'admin') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/audit?action=sign-in-failed&from=${since}`,
      as,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: Entry[] }).entries;
  };

  it('records a wrong password and a disabled account at the sign-in page, not a success', async () => {
    const start = new Date().toISOString();
    expect((await signIn(t.app, 'editor', 'correct horse battery')).statusCode).toBe(200);
    expect(await failures(start)).toEqual([]);

    const { interaction, cookie } = await startSignIn(t.app);
    const wrong = await postSignIn(t.app, interaction, cookie, 'editor', 'wrong horse');
    expect(wrong.statusCode).toBe(401);
    const disabled = await postSignIn(t.app, interaction, cookie, 'gone', 'correct horse battery');
    expect(disabled.statusCode).toBe(403);
    expect(await failures(start)).toEqual([
      expect.objectContaining({
        actor_kind: 'public',
        actor: 'gone',
        content_id: null,
        details: expect.objectContaining({ endpoint: 'sign-in', reason: 'account disabled' }),
      }),
      expect.objectContaining({
        actor_kind: 'public',
        actor: 'editor',
        details: expect.objectContaining({
          endpoint: 'sign-in',
          reason: 'wrong username or password',
        }),
      }),
    ]);
  });

  it('records a refused token request', async () => {
    const start = new Date().toISOString();
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: REDIRECT_URI,
        client_id: 'canopy-admin',
        code_verifier: 'x'.repeat(43),
      }).toString(),
    });
    expect(token.statusCode).toBe(400);
    // The provider answers first and tells its listeners after.
    await expect
      .poll(() => failures(start))
      .toEqual([
        expect.objectContaining({
          actor: 'unknown',
          details: expect.objectContaining({
            endpoint: 'token',
            grant_type: 'authorization_code',
            reason: expect.stringContaining('grant'),
          }),
        }),
      ]);
  });

  it('shows them to administrators only', async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString();
    expect((await failures(start)).length).toBeGreaterThan(0);
    expect(await failures(start, 'editor')).toEqual([]);
    const all = await t.request({ method: 'GET', url: '/api/audit?limit=500', as: 'editor' });
    expect((all.json() as { entries: Entry[] }).entries.map((e) => e.action)).not.toContain(
      'sign-in-failed',
    );
  });
});
