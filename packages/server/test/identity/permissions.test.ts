import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserActor } from '../../src/auth/load-actor';
import {
  grantCreatorPermissions,
  permissionsForItems,
  permissionsOn,
  readableIds,
} from '../../src/access/permissions';
import { DIALECTS } from '../harness';
import { contentItem, startIdentityApp, type IdentityApp } from './helpers';

describe.each(DIALECTS)('per-item permissions on %s', (dialect) => {
  let t: IdentityApp;
  let root: string, parent: string, child: string, grandchild: string, sibling: string;
  let tomId: string;

  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.db
      .insertInto('roles')
      .values({ role_id: 'team', role_name: 'Team', role_rank: 10, is_admin: 0 })
      .execute();
    await t.user('admin', ['administrator']);
    await t.user('ed', ['editor']);
    tomId = await t.user('tom', ['team']);
    root = await contentItem(t.db, null, 'Root');
    parent = await contentItem(t.db, root, 'Parent');
    child = await contentItem(t.db, parent, 'Child');
    grandchild = await contentItem(t.db, child, 'Grandchild');
    sibling = await contentItem(t.db, root, 'Sibling');
  });
  afterAll(() => t.close());

  const put = (roleId: string, payload: object, as = 'admin') =>
    t.request({ method: 'PUT', url: `/api/permissions/${roleId}`, payload, as });
  const rolesOn = (itemId: string, as = 'admin') =>
    t.request({ method: 'GET', url: `/api/contents/${itemId}/roles`, as });
  const team = async (itemId: string) =>
    (await rolesOn(itemId)).json().find((role: { role_id: string }) => role.role_id === 'team');

  it('sets permission data in bulk and returns it keyed by content id, then permission id', async () => {
    const res = await put('team', {
      [parent]: { Read: { permission: 1 }, Edit: { permission: 1 } },
      [grandchild]: { Edit: { permission: 0 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      [parent]: { Edit: { permission: 1 }, Read: { permission: 1 } },
      [grandchild]: { Edit: { permission: 0 } },
    });
    const get = await t.request({ method: 'GET', url: '/api/permissions/team', as: 'admin' });
    expect(get.json()).toEqual(res.json());
  });

  it('inherits a setting down the subtree unless a descendant sets its own', async () => {
    expect(await team(root)).toMatchObject({ permissions: [], settings: {} });
    expect(await team(parent)).toMatchObject({
      permissions: ['Edit', 'Read'],
      settings: { Edit: { permission: 1 }, Read: { permission: 1 } },
    });
    expect(await team(child)).toMatchObject({ permissions: ['Edit', 'Read'], settings: {} });
    expect(await team(grandchild)).toMatchObject({
      permissions: ['Read'],
      settings: { Edit: { permission: 0 } },
    });
    expect(await team(sibling)).toMatchObject({ permissions: [] });
    const admin = (await rolesOn(child)).json()[0];
    expect(admin).toMatchObject({
      role_id: 'administrator',
      permissions: ['Edit', 'Create', 'Delete', 'Read'],
    });
  });

  it('gives the caller what their roles hold, and filters reads in the query', async () => {
    const tom = await loadUserActor(t.db, tomId);
    expect(await permissionsOn(t.db, tom, child)).toEqual(['Edit', 'Read']);
    expect(await permissionsOn(t.db, tom, grandchild)).toEqual(['Read']);
    expect(await permissionsOn(t.db, tom, root)).toEqual([]);
    expect(await readableIds(t.db, tom, 'content_items')).toEqual(
      new Set([parent, child, grandchild]),
    );
    const items = await t.db
      .selectFrom('content_items')
      .select(['content_id as id', 'parent_id'])
      .orderBy('path')
      .execute();
    const byItem = await permissionsForItems(t.db, tom, items);
    expect(Object.fromEntries([...byItem].map(([id, held]) => [id, held]))).toEqual({
      [root]: [],
      [parent]: ['Edit', 'Read'],
      [child]: ['Edit', 'Read'],
      [grandchild]: ['Read'],
      [sibling]: [],
    });
    // A subtree on its own inherits from above it.
    const below = await permissionsForItems(t.db, tom, [{ id: grandchild, parent_id: child }]);
    expect(below.get(grandchild)).toEqual(['Read']);

    expect((await rolesOn(child, 'tom')).statusCode).toBe(200);
    expect((await rolesOn(root, 'tom')).statusCode).toBe(403);
  });

  it('refuses Read lower down: the item and its subtree leave the readable set', async () => {
    expect((await put('team', { [child]: { Read: { permission: 0 } } })).statusCode).toBe(200);
    const tom = await loadUserActor(t.db, tomId);
    expect(await readableIds(t.db, tom, 'content_items')).toEqual(new Set([parent]));
    // null clears the setting: the subtree inherits again.
    const cleared = await put('team', { [child]: { Read: { permission: null } } });
    expect(cleared.json()[child]).toBeUndefined();
    expect(await readableIds(t.db, tom, 'content_items')).toEqual(
      new Set([parent, child, grandchild]),
    );
  });

  it('lets nobody grant a permission they do not hold', async () => {
    const before = (
      await t.request({ method: 'GET', url: '/api/permissions/team', as: 'admin' })
    ).json();
    const refused = await put('team', { [sibling]: { Read: { permission: 1 } } }, 'ed');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot set Read on this item: you do not hold it yourself',
      permission: 'Read',
      content_id: sibling,
    });
    // Ed gets Read and Edit on the parent: he may pass those on below it, and nothing else.
    await put('editor', { [parent]: { Read: { permission: 1 }, Edit: { permission: 1 } } });
    expect((await put('team', { [child]: { Read: { permission: 1 } } }, 'ed')).statusCode).toBe(
      200,
    );
    const mixed = await put(
      'team',
      { [sibling]: { Edit: { permission: 1 } }, [child]: { Delete: { permission: 1 } } },
      'ed',
    );
    expect(mixed.statusCode).toBe(403);
    const after = (
      await t.request({ method: 'GET', url: '/api/permissions/team', as: 'admin' })
    ).json();
    expect(after).toEqual({ ...before, [child]: { Read: { permission: 1 } } });
  });

  it('lets nobody touch a role above their own', async () => {
    const res = await put('administrator', { [parent]: { Read: { permission: 1 } } }, 'ed');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The role administrator ranks above your own');
    const view = await t.request({
      method: 'GET',
      url: '/api/permissions/administrator',
      as: 'ed',
    });
    expect(view.statusCode).toBe(403);
    const admin = await put('administrator', { [parent]: { Read: { permission: 1 } } });
    expect(admin.statusCode).toBe(400);
  });

  it('refuses unknown items, permissions and roles with a clear message', async () => {
    const unknownItem = await put('team', {
      '00000000-0000-4000-8000-00000000dead': { Read: { permission: 1 } },
    });
    expect(unknownItem.statusCode).toBe(404);
    const unknownPermission = await put('team', { [parent]: { Publish: { permission: 1 } } });
    expect(unknownPermission.statusCode).toBe(400);
    expect(unknownPermission.json().message).toContain('Publish');
    const badFlag = await put('team', { [parent]: { Read: { permission: 2 } } });
    expect(badFlag.statusCode).toBe(400);
    const unknownRole = await put('wizards', {});
    expect(unknownRole.statusCode).toBe(404);
  });

  it("gives a new item's creator all four permissions through a personal role", async () => {
    const tom = await loadUserActor(t.db, tomId);
    const made = await contentItem(t.db, sibling, 'Made by Tom');
    expect(await permissionsOn(t.db, tom, made)).toEqual([]);
    await t.db.transaction().execute((trx) => grantCreatorPermissions(trx, tom, made));
    const fresh = await loadUserActor(t.db, tomId);
    expect(fresh.roleIds).toContain(`user:${tomId}`);
    expect(await permissionsOn(t.db, fresh, made)).toEqual(['Edit', 'Create', 'Delete', 'Read']);
    expect(await permissionsOn(t.db, fresh, sibling)).toEqual([]);
    const roles = (await t.request({ method: 'GET', url: '/api/roles', as: 'admin' })).json();
    expect(roles).toContainEqual({
      role_id: `user:${tomId}`,
      role_name: 'user:tom',
      role_rank: 0,
      is_admin: 0,
      is_personal: 1,
      member_count: 1,
    });
    const me = (
      await t.request({ method: 'GET', url: '/api/identity/personinfo', as: 'tom' })
    ).json();
    expect(me.roles).toEqual(['team']);
  });
});
