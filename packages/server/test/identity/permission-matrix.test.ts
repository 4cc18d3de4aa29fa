/**
 * The permission matrix: every content and template route that reads or changes an item, for
 * each permission it needs, called by a user whose role holds that permission or not, set on the
 * item itself or inherited from its parent. Allowed calls answer 2xx; refused ones answer 403
 * and leave the database exactly as it was.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, TEMPLATE_FOLDER_ID, type Permission } from '@canopy/core';
import { seedTemplates } from '../../src/seed/templates';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, type World } from '../contents/fixtures';

const ROLE = 'matrix-team';
const USER = 'matrix';

interface Setup {
  /** The item the permission is checked on. */
  item: string;
  /** Its parent (where an inherited setting is made). */
  parent: string;
}

interface Route {
  name: string;
  /** Refused without all of these (several: refused only when all are missing). */
  needs: Permission[];
  prepare(): Promise<Setup & { run(): Promise<{ statusCode: number; body: string }> }>;
  /** What must not change when the call is refused. */
  state(setup: Setup): Promise<unknown>;
}

describe.each(DIALECTS)('permission matrix on %s', (dialect) => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await startApp(dialect);
    await seedTemplates(t.db);
    world = await makeWorld(t.db);
    await t.db
      .insertInto('roles')
      .values({ role_id: ROLE, role_name: 'Matrix team', role_rank: 10, is_admin: 0 })
      .execute();
    await t.tokenFor(USER, [ROLE]);
  });
  afterAll(() => t.close());

  const as = (options: Parameters<TestApp['request']>[0]) => t.request({ ...options, as: USER });

  /** A page under a fresh folder page, both made by the administrator, unlocked. */
  async function pageInFolder(): Promise<{ folder: string; page: string }> {
    const folder = (await createPage(t, world, `Folder ${randomUUID().slice(0, 8)}`)).content_id;
    const page = (await createPage(t, world, 'Page', 'admin', folder)).content_id;
    await t.db
      .updateTable('content_items')
      .set({ locked_by: null, allowed_content_type: 'page' })
      .where('content_id', 'in', [folder, page])
      .execute();
    return { folder, page };
  }

  async function template(parent: string, name: string): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: '/api/templates',
      payload: { template_name: name, template_type_id: 'folder-template', parent_id: parent },
    });
    if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
    return res.json().template_id;
  }

  const contentState = async ({ item }: Setup) => ({
    item: await t.db
      .selectFrom('content_items')
      .selectAll()
      .where('content_id', '=', item)
      .execute(),
    versions: await t.db
      .selectFrom('content_versions')
      .selectAll()
      .where('content_id', '=', item)
      .orderBy('version')
      .execute(),
    children: await t.db
      .selectFrom('content_items')
      .select('content_id')
      .where('parent_id', '=', item)
      .execute(),
  });
  const templateState = async ({ item }: Setup) => ({
    template: await t.db
      .selectFrom('templates')
      .selectAll()
      .where('template_id', '=', item)
      .execute(),
    children: await t.db
      .selectFrom('templates')
      .select('template_id')
      .where('parent_id', '=', item)
      .execute(),
  });

  type Call = Parameters<TestApp['request']>[0];

  /** Locks a page for the matrix user, as an editor about to save would have. */
  const lockForUser = (page: string) =>
    t.db
      .updateTable('content_items')
      .set({ locked_by: USER })
      .where('content_id', '=', page)
      .execute();

  /** A route called on a fresh page under a fresh folder; `before` readies the page. */
  const onPage = (
    name: string,
    needs: Permission[],
    call: (page: string) => Call | Promise<Call>,
    before?: (page: string) => Promise<unknown>,
  ): Route => ({
    name,
    needs,
    state: contentState,
    async prepare() {
      const { folder, page } = await pageInFolder();
      await before?.(page);
      const options = await call(page);
      return { item: page, parent: folder, run: () => as(options) };
    },
  });

  /** A route called on a fresh template under a fresh template folder. */
  const onTemplate = (name: string, needs: Permission[], call: (item: string) => Call): Route => ({
    name,
    needs,
    state: templateState,
    async prepare() {
      const folder = await template(TEMPLATE_FOLDER_ID, `Folder ${randomUUID().slice(0, 8)}`);
      const item = await template(folder, 'Item');
      return { item, parent: folder, run: () => as(call(item)) };
    },
  });

  const routes: Route[] = [
    onPage('GET /api/contents/{id}', ['Read'], (page) => ({
      method: 'GET',
      url: `/api/contents/${page}`,
    })),
    onPage('GET /api/menus/contents/{id}', ['Read'], (page) => ({
      method: 'GET',
      url: `/api/menus/contents/${page}?level=1`,
    })),
    onPage('PUT /api/lockcontents/{id}', ['Edit'], (page) => ({
      method: 'PUT',
      url: `/api/lockcontents/${page}`,
    })),
    onPage(
      'PUT /api/contents/{id} (save)',
      ['Edit'],
      async (page) => {
        const { updated_date } = await t.db
          .selectFrom('content_versions')
          .select('updated_date')
          .where('content_id', '=', page)
          .executeTakeFirstOrThrow();
        return {
          method: 'PUT',
          url: `/api/contents/${page}`,
          payload: { version: 1, updated_date, content_name: 'Renamed' },
        };
      },
      lockForUser,
    ),
    onPage(
      'PUT /api/contents/{id} (push to staging)',
      ['Edit'],
      (page) => ({
        method: 'PUT',
        url: `/api/contents/${page}`,
        payload: { version: 1, status_id: 'staged' },
      }),
      lockForUser,
    ),
    onPage(
      'POST /api/contents/draft',
      ['Edit'],
      (page) => ({ method: 'POST', url: '/api/contents/draft', payload: { content_id: page } }),
      (page) =>
        t.db
          .updateTable('content_versions')
          .set({ status_id: 'published' })
          .where('content_id', '=', page)
          .execute(),
    ),
    onPage('POST /api/contents (Add Item under the item)', ['Create'], (page) => ({
      method: 'POST',
      url: '/api/contents',
      payload: { parent_id: page, template_id: world.pageTemplateId, content_name: 'Child' },
    })),
    onPage('DELETE /api/contents/{id}', ['Delete'], (page) => ({
      method: 'DELETE',
      url: `/api/contents/${page}`,
    })),
    onPage('PUT /api/contents/{id} (move: Edit on the item)', ['Edit'], async (page) => {
      const target = (await pageInFolder()).folder;
      await grant(target, { Edit: 1, Create: 1, Delete: 1, Read: 1 });
      return {
        method: 'PUT',
        url: `/api/contents/${page}`,
        payload: { content_order: 1, parent_id: target },
      };
    }),
    {
      name: 'PUT /api/contents/{id} (move: Edit or Create on the target)',
      needs: ['Edit', 'Create'],
      state: async (setup) => ({
        ...(await contentState(setup)),
        moved: await contentState({ ...setup, item: moving }),
      }),
      async prepare() {
        const { folder: target } = await pageInFolder();
        const other = await pageInFolder();
        moving = other.page;
        await grant(moving, { Edit: 1, Create: 1, Delete: 1, Read: 1 });
        return {
          item: target,
          parent: (
            await t.db
              .selectFrom('content_items')
              .select('parent_id')
              .where('content_id', '=', target)
              .executeTakeFirstOrThrow()
          ).parent_id!,
          run: () =>
            as({
              method: 'PUT',
              url: `/api/contents/${moving}`,
              payload: { content_order: 1, parent_id: target },
            }),
        };
      },
    },
    onTemplate('GET /api/templates/{id}', ['Read'], (item) => ({
      method: 'GET',
      url: `/api/templates/${item}`,
    })),
    onTemplate('PUT /api/templates/{id}', ['Edit'], (item) => ({
      method: 'PUT',
      url: `/api/templates/${item}`,
      payload: { template_name: 'Renamed' },
    })),
    onTemplate('POST /api/templates (under the item)', ['Create'], (item) => ({
      method: 'POST',
      url: '/api/templates',
      payload: { template_name: 'Child', template_type_id: 'folder-template', parent_id: item },
    })),
    onTemplate('DELETE /api/templates/{id}', ['Delete'], (item) => ({
      method: 'DELETE',
      url: `/api/templates/${item}`,
    })),
  ];
  let moving = '';

  /** Sets the team role's permissions on one item (1 granted, 0 refused). */
  async function grant(itemId: string, flags: Partial<Record<Permission, 0 | 1>>) {
    for (const [permission_id, permission] of Object.entries(flags)) {
      await t.db
        .insertInto('role_permissions')
        .values({ role_id: ROLE, content_id: itemId, permission_id, permission: permission! })
        .onConflict((oc) =>
          oc
            .columns(['role_id', 'content_id', 'permission_id'])
            .doUpdateSet({ permission: permission! }),
        )
        .execute();
    }
  }

  const cases = routes.flatMap((route) =>
    (['on the item', 'inherited from its parent'] as const).flatMap((where) =>
      ([true, false] as const).map((holds) => ({ route, where, holds })),
    ),
  );

  it.each(
    cases.map(
      (c) =>
        [
          `${c.route.name}: ${c.holds ? 'with' : 'without'} ${c.route.needs.join(' or ')} ${c.where}`,
          c,
        ] as const,
    ),
  )('%s', async (_name, { route, where, holds }) => {
    await t.db.deleteFrom('role_permissions').where('role_id', '=', ROLE).execute();
    const setup = await route.prepare();
    const flags = Object.fromEntries(
      PERMISSIONS.map((permission) => [
        permission,
        holds || !route.needs.includes(permission) ? 1 : 0,
      ]),
    ) as Record<Permission, 0 | 1>;
    await grant(where === 'on the item' ? setup.item : setup.parent, flags);
    const before = await route.state(setup);
    const res = await setup.run();
    if (holds) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(JSON.parse(res.body).code).toBe('FORBIDDEN');
      expect(await route.state(setup)).toEqual(before);
    }
  });
});
