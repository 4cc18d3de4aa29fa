/**
 * The audit record: every write recorded with who, when, which item and version and what; a
 * refused write records nothing; GET /api/audit filters and pages it, and readers see only
 * entries about items they may read. No route changes or deletes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, ok, setRead, type World } from '../contents/fixtures';
import type { AuditEntryView } from '../../src/audit/list';
import { recordAudit } from '../../src/audit/record';
import { SYSTEM_ACTOR } from '../../src/auth/actor';

type Entry = AuditEntryView;

describe.each(DIALECTS)('the audit record on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    await t.tokenFor('nina', ['administrator']);
    await t.db
      .insertInto('roles')
      .values({ role_id: 'audit-readers', role_name: 'Audit Readers', role_rank: 5, is_admin: 0 })
      .execute();
    await t.tokenFor('rita', ['audit-readers']);
  });
  afterAll(() => t.close());

  const audit = async (query: string, as = 'admin') => {
    const res = await t.request({ method: 'GET', url: `/api/audit?${query}`, as });
    if (res.statusCode !== 200) throw new Error(`audit answered ${res.statusCode}: ${res.body}`);
    return res.json() as { entries: Entry[]; next_cursor: string | null };
  };
  const actions = async (contentId: string) =>
    (await audit(`content_id=${contentId}`)).entries.map((e) => e.action).reverse();
  const put = (url: string, as = 'admin', payload?: object) =>
    t.request({ method: 'PUT', url, as, ...(payload ? { payload } : {}) });

  it('records each write with who, which version and what it changed', async () => {
    const page = await createPage(t, world, 'Audited');
    const title = fieldId(page, world.blocks.title);
    ok(
      await put(`/api/contents/${page.content_id}`, 'admin', {
        version: 1,
        updated_date: page.updated_date,
        content_fields: [{ field_id: title, field_value: 'Recorded' }],
      }),
    );
    ok(await put(`/api/contents/${page.content_id}`, 'admin', { version: 1, status_id: 'staged' }));
    ok(await put(`/api/unlockcontents/${page.content_id}`));
    ok(await put(`/api/lockcontents/${page.content_id}`, 'nina'));
    ok(await put(`/api/lockcontents/${page.content_id}`, 'nina'));
    ok(await put(`/api/unlockcontents/${page.content_id}?force=true`));
    expect(await actions(page.content_id)).toEqual([
      'create',
      'save',
      'status',
      'unlock',
      'lock',
      'force-unlock',
    ]);
    const { entries } = await audit(`content_id=${page.content_id}`);
    const save = entries.find((e) => e.action === 'save')!;
    expect(save).toMatchObject({
      actor: 'admin',
      actor_kind: 'user',
      actor_name: 'Admin Tester',
      version: 1,
      content_name: 'Audited',
      details: { content_fields: [title] },
    });
    expect(Date.now() - Date.parse(save.audit_date)).toBeLessThan(60_000);
    expect(entries.find((e) => e.action === 'status')!.details).toEqual({
      status: { from: 'draft', to: 'staged' },
    });
    expect(entries.find((e) => e.action === 'force-unlock')).toMatchObject({
      actor: 'admin',
      details: { holder: 'nina' },
    });
  });

  it('a refused or failed write records nothing', async () => {
    const page = await createPage(t, world, 'Refused');
    const before = await actions(page.content_id);
    const title = fieldId(page, world.blocks.title);
    const locked = await put(`/api/contents/${page.content_id}`, 'nina', {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: title, field_value: 'Not mine' }],
    });
    expect(locked.statusCode).toBe(423);
    // Valid so far, then refused inside the transaction: the stamp is rolled back with it.
    const invalid = await put(`/api/contents/${page.content_id}`, 'admin', {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: title, field_value: 'x'.repeat(100_000) }],
    });
    expect(invalid.statusCode).toBe(400);
    expect((await put(`/api/lockcontents/${page.content_id}`, 'nina')).statusCode).toBe(423);
    expect(await actions(page.content_id)).toEqual(before);
  });

  it('filters by item, user, action and time, and pages with the cursor', async () => {
    const start = new Date().toISOString();
    const page = await createPage(t, world, 'Paged', 'nina');
    for (let i = 0; i < 3; i++) {
      ok(await put(`/api/unlockcontents/${page.content_id}`, 'nina'));
      ok(await put(`/api/lockcontents/${page.content_id}`, 'nina'));
    }
    const all = (await audit(`user=nina&from=${start}`)).entries;
    expect(all.map((e) => e.action)).toEqual([
      'lock',
      'unlock',
      'lock',
      'unlock',
      'lock',
      'unlock',
      'create',
    ]);
    expect((await audit(`user=nina&action=lock&from=${start}`)).entries).toHaveLength(3);
    expect((await audit(`user=admin&from=${start}`)).entries).toEqual([]);
    expect((await audit(`from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z`)).entries).toEqual([]);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const next: { entries: Entry[]; next_cursor: string | null } = await audit(
        `user=nina&from=${start}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(next.entries.length).toBeLessThanOrEqual(2);
      paged.push(...next.entries.map((e) => e.audit_id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.map((e) => e.audit_id));
    const bad = await t.request({ method: 'GET', url: '/api/audit?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('from must be a date and time like 2026-05-01T09:00:00Z');
  });

  it('lists entries of one millisecond in the order they were recorded', async () => {
    const page = await createPage(t, world, 'Recorded in a burst');
    // Forty entries back to back: most share a millisecond with another.
    for (let i = 0; i < 40; i++) {
      await recordAudit(t.db, SYSTEM_ACTOR, {
        action: 'save',
        content_id: page.content_id,
        details: { n: i },
      });
    }
    const listed = (await audit(`content_id=${page.content_id}&action=save&limit=100`)).entries;
    expect(listed.map((e) => (e.details as { n: number }).n)).toEqual(
      Array.from({ length: 40 }, (_, i) => 39 - i),
    );
  });

  it('readers see only entries about items they may read', async () => {
    const shown = await createPage(t, world, 'Shown in Audit');
    const hidden = await createPage(t, world, 'Hidden from Audit');
    await setRead(t, 'audit-readers', shown.content_id, 1);
    const seen = (await audit('limit=500', 'rita')).entries;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.content_id === shown.content_id)).toBe(true);
    expect((await audit(`content_id=${hidden.content_id}`, 'rita')).entries).toEqual([]);
  });

  it('no route changes or deletes the record', async () => {
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH'] as const) {
      const res = await t.request({ method, url: '/api/audit', payload: {} });
      expect(res.statusCode).toBe(404);
    }
    expect((await audit('limit=1')).entries).toHaveLength(1);
  });
});
