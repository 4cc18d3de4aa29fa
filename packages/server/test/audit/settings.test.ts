/**
 * The audit record beyond content saves: permission changes, template writes, media uploads,
 * replacements and deletes, and publishes with their release and build. Each is recorded with
 * the change; a refused one records nothing; readers never see permission changes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID, TEMPLATE_FOLDER_ID } from '@canopy/core';
import { DIALECTS, type TestApp } from '../harness';
import { ok } from '../contents/fixtures';
import { fixture, upload, uploadToFolder } from '../media/helpers';
import { contentIdOf, DEMO_SITE_ID, stageChange, startDemo } from '../publishing/helpers';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { DEMO_TEMPLATE_IDS, PAGE_BLOCK_IDS } from '../../src/seed/templates-ids';
import type { AuditEntryView as Entry } from '../../src/audit/list';

describe.each(DIALECTS)('the audit record of settings, media and publishing on %s', (dialect) => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-audit-'));
  beforeAll(async () => {
    t = await startDemo(dialect, {}, { dataDir });
    for (const role_id of ['audit-readers', 'audit-extra']) {
      await t.db
        .insertInto('roles')
        .values({ role_id, role_name: role_id, role_rank: 5, is_admin: 0 })
        .execute();
    }
    await t.tokenFor('rita', ['audit-readers']);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const audit = async (query: string, as = 'admin') => {
    const res = await t.request({ method: 'GET', url: `/api/audit?${query}`, as });
    if (res.statusCode !== 200) throw new Error(`audit answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { entries: Entry[] }).entries;
  };
  /** The actions recorded about an item, oldest first. */
  const actions = async (id: string) =>
    (await audit(`content_id=${id}`)).map((e) => e.action).reverse();
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, ...(payload ? { payload } : {}) });
  /** A new item (locked by admin, a draft); its id. */
  const newItem = async (parent_id: string, template_id: string, content_name: string) =>
    (
      ok(
        await send('POST', '/api/contents', { parent_id, template_id, content_name }),
        201,
      ).json() as {
        content_id: string;
      }
    ).content_id;

  it('records permission changes, which only administrators read', async () => {
    const page = await newItem(DEMO_HOME_ID, DEMO_TEMPLATE_IDS.page, 'Granted');
    ok(
      await send('PUT', '/api/permissions/audit-readers', {
        [DEMO_HOME_ID]: { Read: { permission: 1 }, Edit: { permission: 0 } },
      }),
    );
    const [entry] = await audit(`content_id=${DEMO_HOME_ID}&action=permissions`);
    expect(entry).toMatchObject({
      actor: 'admin',
      actor_kind: 'user',
      content_id: DEMO_HOME_ID,
      content_name: 'Home',
      item_type: 'content',
      details: { role_id: 'audit-readers', permissions: { Read: 1, Edit: 0 } },
    });

    const rita = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'rita')
      .executeTakeFirstOrThrow();
    ok(
      await send('PUT', `/api/users/${rita.user_id}/roles`, {
        roles: ['audit-readers', 'audit-extra'],
      }),
    );
    const [roles] = await audit('user=admin&action=permissions&limit=1');
    expect(roles).toMatchObject({
      content_id: null,
      details: { username: 'rita', roles_added: ['audit-extra'], roles_removed: [] },
    });

    // Refused: nothing recorded.
    const before = await audit('action=permissions');
    const unknown = await send('PUT', '/api/permissions/audit-readers', {
      [DEMO_HOME_ID]: { Read: { permission: null }, Publish: { permission: 1 } },
    });
    expect(unknown.statusCode).toBe(400);
    const noRole = await send('PUT', `/api/users/${rita.user_id}/roles`, { roles: ['no-such'] });
    expect(noRole.statusCode).toBeGreaterThanOrEqual(400);
    expect(noRole.statusCode).toBeLessThan(500);
    expect(await audit('action=permissions')).toEqual(before);

    // A reader who may read Home sees what happened to its pages, never the permission changes.
    const seen = await audit('limit=500', 'rita');
    expect(seen.some((e) => e.content_id === page && e.action === 'create')).toBe(true);
    expect(seen.filter((e) => e.action === 'permissions')).toEqual([]);
    expect(await audit(`content_id=${DEMO_HOME_ID}&action=permissions`, 'rita')).toEqual([]);
  });

  it("records a role's create, change and delete as permission changes", async () => {
    const start = new Date().toISOString();
    const role = { role_id: 'audit-temp', role_name: 'Audit Temp', role_rank: 3 };
    ok(await send('POST', '/api/roles', role), 201);
    expect((await send('POST', '/api/roles', role)).statusCode).toBe(409);
    const refused = await send('PUT', '/api/roles/audit-temp', { role_rank: 100 });
    expect(refused.statusCode).toBe(400);
    ok(await send('PUT', '/api/roles/audit-temp', { role_name: 'Audit Temporary' }));
    ok(await send('DELETE', '/api/roles/audit-temp'));
    const entries = await audit(`action=permissions&from=${start}`);
    expect(entries.map((e) => e.details).reverse()).toEqual([
      { role: 'create', ...role },
      { role: 'change', role_id: 'audit-temp', role_name: 'Audit Temporary' },
      { role: 'delete', role_id: 'audit-temp' },
    ]);
    expect(await audit(`action=permissions&from=${start}`, 'rita')).toEqual([]);
  });

  it('records API keys made and revoked as permission changes', async () => {
    const start = new Date().toISOString();
    const key = { name: 'audit-key', scope: 'role', role_id: 'audit-readers' };
    const { key_id } = ok(await send('POST', '/api/apikeys', key), 201).json() as {
      key_id: string;
    };
    expect((await send('POST', '/api/apikeys', key)).statusCode).toBe(409);
    ok(await send('DELETE', `/api/apikeys/${key_id}`));
    expect((await send('DELETE', `/api/apikeys/${key_id}`)).statusCode).toBe(404);
    const entries = await audit(`action=permissions&from=${start}`);
    expect(entries.map((e) => e.details).reverse()).toEqual([
      { api_key: 'create', ...key, expires_date: null },
      { api_key: 'revoke', name: 'audit-key' },
    ]);
  });

  it('records template creates, changes (blocks and fields too) and deletes', async () => {
    const template = ok(
      await send('POST', '/api/templates', {
        template_name: 'Audited Folder',
        template_type_id: 'folder-template',
        parent_id: TEMPLATE_FOLDER_ID,
      }),
      201,
    ).json() as { template_id: string };
    const id = template.template_id;
    ok(await send('PUT', `/api/templates/${id}`, { template_name: 'Audited Renamed' }));
    const block = ok(
      await send('POST', '/api/templateblocks/', { template_id: id, block_name: 'Extra' }),
      201,
    ).json() as { block_id: string };
    const [created] = await audit(`content_id=${id}&limit=1`);
    expect(created).toMatchObject({
      action: 'template-change',
      content_name: 'Audited Renamed',
      item_type: 'template',
      details: { change: 'block-create', block_id: block.block_id },
    });

    // A reader sees a template's entries once they may read the template.
    expect(await audit(`content_id=${id}`, 'rita')).toEqual([]);
    ok(
      await send('PUT', '/api/permissions/audit-readers', {
        [TEMPLATE_FOLDER_ID]: { Read: { permission: 1 } },
      }),
    );
    expect(await audit(`content_id=${id}`, 'rita')).toEqual(await audit(`content_id=${id}`));

    // Refused inside the transaction (after the template's stamp): nothing recorded.
    const recorded = await actions(id);
    expect((await send('PUT', `/api/templates/${id}`, { template_name: ' ' })).statusCode).toBe(
      400,
    );
    const twice = await send('POST', '/api/templateblocks/', {
      template_id: id,
      block_name: 'Extra',
    });
    expect(twice.statusCode).toBe(409);
    expect(await actions(id)).toEqual(recorded);

    ok(await send('DELETE', `/api/templateblocks/${block.block_id}`));
    ok(await send('DELETE', `/api/templates/${id}`));
    expect(await actions(id)).toEqual([
      'template-create',
      'template-change',
      'template-change',
      'template-change',
      'template-delete',
    ]);
    const [deleted] = await audit(`content_id=${id}&limit=1`);
    expect(deleted).toMatchObject({
      content_name: null,
      item_type: null,
      details: { content_name: 'Audited Renamed' },
    });
    const [change] = (await audit(`content_id=${id}&action=template-change`)).reverse();
    expect(change!.details).toEqual({ settings: ['template_name'] });
  });

  it('records media uploads, replacements and deletes', async () => {
    const id = await newItem(MEDIA_LIBRARY_ROOT_ID, DEMO_TEMPLATE_IDS.image, 'Audited Photo');
    const refused = await upload(t, id, 'notes.txt', Buffer.from('not an image'));
    expect(refused.statusCode).toBe(400);
    expect(await actions(id)).toEqual(['create']);

    ok(await upload(t, id, 'photo.jpg', fixture('photo.jpg')));
    ok(await upload(t, id, 'photo.jpg', fixture('photo.jpg')));
    ok(await send('DELETE', `/api/media/${id}`));
    expect(await actions(id)).toEqual(['create', 'media-upload', 'media-replace', 'media-delete']);
    const entries = await audit(`content_id=${id}`);
    expect(entries.find((e) => e.action === 'media-upload')).toMatchObject({
      actor: 'admin',
      version: 1,
      details: { file: 'photo.jpg', size: fixture('photo.jpg').length },
    });
    expect(entries.find((e) => e.action === 'media-replace')!.details).toMatchObject({
      file: 'photo.jpg',
    });
    expect(entries.find((e) => e.action === 'media-delete')!.details).toEqual({
      content_name: 'Audited Photo',
    });
  });

  it("records each file of a multi-stream video's folder", async () => {
    const id = await newItem(MEDIA_LIBRARY_ROOT_ID, DEMO_TEMPLATE_IDS.multiStreamVideo, 'Stream');
    ok(await send('POST', `/api/mediacollectionfolder/${id}`), 201);
    const sendFile = (name: string, body: Buffer) => uploadToFolder(t, id, name, body);
    const escaping = await sendFile('up.m3u8', Buffer.from('#EXTM3U\n#EXTINF:2,\n../x.m4s\n'));
    expect(escaping.statusCode).toBe(400);
    ok(await sendFile('master.m3u8', fixture('stream/master.m3u8')));
    const [entry] = await audit(`content_id=${id}&limit=1`);
    expect(entry).toMatchObject({
      action: 'media-upload',
      version: 1,
      details: { file: 'master.m3u8', size: fixture('stream/master.m3u8').length },
    });
    ok(await send('DELETE', `/api/mediacollectionfolder/${id}`));
    expect(await actions(id)).toEqual(['create', 'media-upload', 'media-delete']);
    const [deleted] = await audit(`content_id=${id}&limit=1`);
    expect(deleted!.details).toEqual({ folder: true });
  });

  it('records a publish with its release and the build queued for it', async () => {
    const start = new Date().toISOString();
    const site = await t.db
      .selectFrom('sites')
      .select('root_content_id')
      .where('site_id', '=', DEMO_SITE_ID)
      .executeTakeFirstOrThrow();
    const refused = await send('POST', '/api/releases', {
      mode: 'delivery',
      site_id: DEMO_SITE_ID,
      build_definition_id: 'no-such-definition',
    });
    expect(refused.statusCode).toBe(400);
    expect(await audit(`action=publish&from=${start}`)).toEqual([]);

    await stageChange(t, await contentIdOf(t, '/careers'), PAGE_BLOCK_IDS.summary, 'Audited.');
    const staged = await t.db
      .selectFrom('content_versions as v')
      .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
      .select('v.version')
      .where('i.site_id', '=', DEMO_SITE_ID)
      .where('v.status_id', '=', 'staged')
      .execute();
    const res = await send('POST', '/api/releases', { mode: 'delivery', site_id: DEMO_SITE_ID });
    expect(res.statusCode, res.body).toBe(202);
    const { build_id, release_id } = res.json() as { build_id: string; release_id: string };
    await t.app.publishing.idle();
    expect(await audit(`action=publish&from=${start}`)).toEqual([
      expect.objectContaining({
        actor: 'admin',
        content_id: site.root_content_id,
        details: {
          release_id,
          build_id,
          site_id: DEMO_SITE_ID,
          mode: 'delivery',
          versions: staged.length,
        },
      }),
    ]);
  });
});
