/**
 * The audit record of the administration's writes: users added, changed and deleted, sites
 * created, changed and deleted, micro-apps registered, changed and deleted and their instances,
 * and refused API keys. Each is recorded with the change and a refused write records nothing;
 * user entries and refused keys are for administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../harness';
import { DEMO_SITE_ID, startDemo } from '../publishing/helpers';
import { DEMO_TEMPLATE_IDS } from '../../src/seed/templates-ids';
import type { AuditEntryView as Entry } from '../../src/audit/list';

describe.each(DIALECTS)('the audit record of administration on %s', (dialect) => {
  let t: TestApp;
  let since: string;
  beforeAll(async () => {
    t = await startDemo(dialect);
    // Both users exist before any test counts: making one is a recorded write too.
    await t.tokenFor('admin');
    await t.tokenFor('ed', ['editor']);
  });
  afterAll(() => t.close());

  /**
   * A moment after every earlier write: the clock has ticked past the last millisecond of
   * `beforeAll`'s (a user made there in the same millisecond would count as this test's).
   */
  const afterEarlierWrites = async () => {
    const last = Date.now();
    while (Date.now() === last) await new Promise((tick) => setImmediate(tick));
    return new Date().toISOString();
  };

  /** Entries of `action` since the test began, newest first. */
  const recorded = async (action: string, as = 'admin') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/audit?action=${action}&from=${since}`,
      as,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: Entry[] }).entries;
  };
  const send = async (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    status: number,
    payload?: object,
  ) => {
    const res = await t.request({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(status);
    return res.statusCode === 204 ? null : (res.json() as Record<string, unknown>);
  };

  it('records users added, changed and deleted, for administrators only', async () => {
    since = await afterEarlierWrites();
    const user = await send('POST', '/api/users', 201, {
      username: 'nora',
      password: 'a long enough passphrase',
      roles: ['editor'],
    });
    // A taken name is refused: nothing recorded.
    await send('POST', '/api/users', 409, { username: 'nora', roles: [] });
    const id = user!.user_id as string;
    await send('PUT', `/api/users/${id}`, 200, {
      password: 'another long passphrase',
      disabled: 1,
    });
    await send('DELETE', `/api/users/${id}`, 204);
    await send('DELETE', `/api/users/${id}`, 404);
    const [created] = await recorded('user-create');
    expect(await recorded('user-create')).toHaveLength(1);
    expect(created).toMatchObject({
      actor: 'admin',
      content_id: null,
      details: { username: 'nora', roles: ['editor'] },
    });
    const changed = await recorded('user-change');
    expect(changed.map((e) => e.details)).toEqual([
      { username: 'nora', changed: ['password', 'disabled'], disabled: 1 },
    ]);
    expect(JSON.stringify(changed)).not.toContain('passphrase');
    expect((await recorded('user-delete')).map((e) => e.details)).toEqual([{ username: 'nora' }]);
    for (const action of ['user-create', 'user-change', 'user-delete'])
      expect(await recorded(action, 'ed')).toEqual([]);
  });

  it('records sites created, changed and deleted', async () => {
    since = await afterEarlierWrites();
    const site = await send('POST', '/api/sites', 201, {
      site_name: 'Outlet',
      home: { template_id: DEMO_TEMPLATE_IDS.page, content_name: 'Outlet Home' },
    });
    await send('POST', '/api/sites', 409, {
      site_name: 'Outlet',
      home: { template_id: DEMO_TEMPLATE_IDS.page, content_name: 'Another Home' },
    });
    const id = site!.site_id as string;
    await send('PUT', `/api/sites/${id}`, 200, { site_name: 'Factory Outlet' });
    await send('DELETE', `/api/sites/${id}`, 204);
    const [created] = await recorded('site-create');
    expect(await recorded('site-create')).toHaveLength(1);
    expect(created).toMatchObject({
      content_id: (site!.root as { content_id: string }).content_id,
      details: { site_id: id, site_name: 'Outlet' },
    });
    expect((await recorded('site-change')).map((e) => e.details)).toEqual([
      { site_id: id, site_name: 'Factory Outlet', changed: ['site_name'] },
    ]);
    expect((await recorded('site-delete')).map((e) => e.details)).toEqual([
      { site_id: id, site_name: 'Factory Outlet' },
    ]);
  });

  it('records micro-apps and their instances', async () => {
    since = await afterEarlierWrites();
    const app = {
      microapp_id: 'rates',
      site_id: DEMO_SITE_ID,
      name: 'Rates',
      versions: [{ version: '1', runtime: 'frame', frame_url: '/apps/rates/1/' }],
    };
    const base = '/api/microapps';
    await send('POST', `${base}/registeredclient`, 201, app);
    await send('POST', `${base}/registeredclient`, 409, app);
    await send('PUT', `${base}/registeredclient/rates`, 200, { name: 'Rate table' });
    const instance = await send('POST', `${base}/registeredclientapi`, 201, {
      microapp_id: 'rates',
      instance_name: 'Home rates',
    });
    await send('POST', `${base}/registeredclientapi`, 400, {
      microapp_id: 'rates',
      instance_name: 'Other',
      instance_version: '9',
    });
    const instanceId = instance!.instance_id as string;
    await send('PUT', `${base}/registeredclientapi/rates/${instanceId}`, 200, {
      instance_name: 'Front rates',
    });
    await send('DELETE', `${base}/registeredclient/rates`, 409);
    await send('DELETE', `${base}/registeredclientapi/rates/${instanceId}`, 204);
    await send('DELETE', `${base}/registeredclient/rates`, 204);
    const details = async (action: string) => (await recorded(action)).map((e) => e.details);
    expect(await details('microapp-register')).toEqual([
      { microapp_id: 'rates', site_id: DEMO_SITE_ID, name: 'Rates', versions: ['1'] },
    ]);
    expect(await details('microapp-change')).toEqual([
      { microapp_id: 'rates', site_id: DEMO_SITE_ID, name: 'Rate table', changed: ['name'] },
    ]);
    expect(await details('instance-create')).toEqual([
      { instance_id: instanceId, instance_name: 'Home rates', microapp_id: 'rates', version: '1' },
    ]);
    expect(await details('instance-change')).toEqual([
      {
        instance_id: instanceId,
        instance_name: 'Front rates',
        microapp_id: 'rates',
        changed: ['instance_name'],
      },
    ]);
    expect(await details('instance-delete')).toEqual([
      { instance_id: instanceId, instance_name: 'Front rates', microapp_id: 'rates' },
    ]);
    expect(await details('microapp-delete')).toEqual([
      { microapp_id: 'rates', site_id: DEMO_SITE_ID, name: 'Rate table' },
    ]);
  });

  it('records a refused API key, for administrators only; a good key records nothing', async () => {
    since = await afterEarlierWrites();
    const created = await send('POST', '/api/apikeys', 201, { name: 'ci', scope: 'published' });
    const call = (key: string) =>
      t.app.inject({ method: 'GET', url: '/api/menus', headers: { 'x-api-key': key } });
    expect((await call(created!.key as string)).statusCode).not.toBe(401);
    expect((await call('not-a-key')).statusCode).toBe(401);
    await send('DELETE', `/api/apikeys/${created!.key_id as string}`, 204);
    expect((await call(created!.key as string)).statusCode).toBe(401);
    const refused = await recorded('sign-in-failed');
    expect(refused.map((e) => [e.actor, e.details?.endpoint, e.details?.reason])).toEqual([
      ['apikey:ci', 'api-key', 'revoked API key'],
      ['unknown', 'api-key', 'unknown API key'],
    ]);
    expect(await recorded('sign-in-failed', 'ed')).toEqual([]);
  });

  it('records a flood of refusals of one key once a minute, not once a call', async () => {
    since = await afterEarlierWrites();
    const created = await send('POST', '/api/apikeys', 201, { name: 'flood', scope: 'published' });
    await send('DELETE', `/api/apikeys/${created!.key_id as string}`, 204);
    for (let call = 0; call < 5; call++) {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/api/menus',
        headers: { 'x-api-key': created!.key as string },
      });
      expect(reply.statusCode).toBe(401);
    }
    const refused = await recorded('sign-in-failed');
    expect(refused.map((e) => [e.actor, e.details?.reason])).toEqual([
      ['apikey:flood', 'revoked API key'],
    ]);
  });
});
