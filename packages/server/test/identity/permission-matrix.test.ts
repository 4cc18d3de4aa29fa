/**
 * The permission matrix: every content and template route that reads or changes an item, for
 * each permission it needs, called by a user whose role holds that permission or not, set on the
 * item itself or inherited from its parent. Allowed calls answer 2xx; refused ones answer 403
 * and leave every row of the item exactly as it was. Lists answer 200 either way and name the
 * item only when the caller may read it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, TEMPLATE_FOLDER_ID, type Permission } from '@canopy/core';
import { seedTemplates } from '../../src/seed/templates';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { contentRows, createPage, makeWorld, publish, type World } from '../contents/fixtures';

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
  prepare(): Promise<Setup & { run(): Promise<Reply> }>;
  /** What must not change when the call is refused. */
  state(setup: Setup): Promise<unknown>;
  /** For lists (200 either way): whether the reply names the item. */
  lists?: (body: string, setup: Setup) => boolean;
}

type Reply = { statusCode: number; body: string };

/** A template made for one case, with one block and one field definition. */
interface TemplateParts {
  template: string;
  block: string;
  field: string;
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
    rows: await contentRows(t.db, item),
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
    blocks: await t.db
      .selectFrom('template_blocks')
      .selectAll()
      .where('template_id', '=', item)
      .orderBy('block_id')
      .execute(),
    fields: await t.db
      .selectFrom('template_fields')
      .selectAll()
      .where('template_id', '=', item)
      .orderBy('field_id')
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
    lists?: Route['lists'],
  ): Route => ({
    name,
    needs,
    lists,
    state: contentState,
    async prepare() {
      const { folder, page } = await pageInFolder();
      await before?.(page);
      const options = await call(page);
      return { item: page, parent: folder, run: () => as(options) };
    },
  });

  /** A list route: 200 either way, naming the page only when the caller may read it. */
  const listing = (
    name: string,
    url: (page: string) => string | Promise<string>,
    before: (page: string) => Promise<unknown>,
  ): Route =>
    onPage(
      name,
      ['Read'],
      async (page) => ({ method: 'GET', url: await url(page) }),
      before,
      (body, setup) => body.includes(setup.item),
    );
  const parentOf = async (page: string) =>
    (
      await t.db
        .selectFrom('content_items')
        .select('parent_id')
        .where('content_id', '=', page)
        .executeTakeFirstOrThrow()
    ).parent_id!;

  /** A route called on a fresh template (with a block and a field) under a fresh folder. */
  const onTemplate = (
    name: string,
    needs: Permission[],
    call: (item: TemplateParts) => Call,
  ): Route => ({
    name,
    needs,
    state: templateState,
    async prepare() {
      const folder = await template(TEMPLATE_FOLDER_ID, `Folder ${randomUUID().slice(0, 8)}`);
      const item = await template(folder, 'Item');
      const block = await adminCall({
        method: 'POST',
        url: '/api/templateblocks/',
        payload: { template_id: item, block_name: 'Block' },
      });
      const field = await adminCall({
        method: 'POST',
        url: '/api/templatefields/',
        payload: { block_id: block.block_id, field_name: 'Field' },
      });
      const parts = { template: item, block: block.block_id, field: field.field_id };
      return { item, parent: folder, run: () => as(call(parts)) };
    },
  });

  /** An administrator's set-up call; throws unless it answers 2xx. */
  async function adminCall(options: Call) {
    const res = await t.request(options);
    if (res.statusCode >= 300) throw new Error(`${options.url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  /** The id of a row of the page's version 1 (a content field of a template block, its zone...). */
  const rowOf = async (page: string, templateBlock: string) =>
    (
      await t.db
        .selectFrom('content_fields')
        .select('field_id')
        .where('content_id', '=', page)
        .where('template_block_id', '=', templateBlock)
        .executeTakeFirstOrThrow()
    ).field_id;
  const zoneOf = async (page: string) =>
    (
      await t.db
        .selectFrom('dynamic_regions')
        .select('region_id')
        .where('content_id', '=', page)
        .executeTakeFirstOrThrow()
    ).region_id;

  /** Gives the page a widget block with a heading (as the administrator), then locks it for the user. */
  async function withBlock(page: string): Promise<void> {
    await t.db
      .updateTable('content_items')
      .set({ locked_by: 'admin' })
      .where('content_id', '=', page)
      .execute();
    const block = randomUUID();
    await adminCall({
      method: 'POST',
      url: '/api/contentblock/',
      payload: {
        block_id: block,
        region_id: await zoneOf(page),
        template_id: world.widgetTemplateId,
        version: 1,
        content_block_order: 1,
      },
    });
    await adminCall({
      method: 'POST',
      url: '/api/contentblockfield/',
      payload: {
        field_id: randomUUID(),
        block_id: block,
        template_block_id: world.widgetBlocks.heading,
        field_value: 'Heading',
        version: 1,
      },
    });
    await lockForUser(page);
  }
  const blockOf = async (page: string) =>
    (
      await t.db
        .selectFrom('content_blocks')
        .select('block_id')
        .where('content_id', '=', page)
        .executeTakeFirstOrThrow()
    ).block_id;
  const blockFieldOf = async (page: string) =>
    (
      await t.db
        .selectFrom('block_fields')
        .select('field_id')
        .where('content_id', '=', page)
        .executeTakeFirstOrThrow()
    ).field_id;

  /** Gives version 1 a Page URL and a status (published or staged), as a release would. */
  async function releaseAt(page: string, status: 'published' | 'staged'): Promise<void> {
    const page_url = `/matrix-${page}`;
    await t.db
      .updateTable('content_versions')
      .set({ page_url, status_id: status })
      .where('content_id', '=', page)
      .execute();
    await t.db
      .updateTable('content_items')
      .set({ page_url, locked_by: null })
      .where('content_id', '=', page)
      .execute();
    t.app.canopy.readCache.clear();
  }
  /** Version 1 published, version 2 a draft locked by the user. */
  async function publishedWithDraft(page: string): Promise<void> {
    await publish(t, page);
    await t.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', '=', page)
      .execute();
    await adminCall({ method: 'POST', url: '/api/contents/draft', payload: { content_id: page } });
    await lockForUser(page);
  }
  const siteOf = async (page: string) =>
    (
      await t.db
        .selectFrom('content_items')
        .select('site_id')
        .where('content_id', '=', page)
        .executeTakeFirstOrThrow()
    ).site_id!;

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
      (page) => publish(t, page),
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
    onPage('GET /api/contents/{id}/{version}', ['Read'], (page) => ({
      method: 'GET',
      url: `/api/contents/${page}/1`,
    })),
    onPage(
      'GET /api/latestpublishable/contents/{id}',
      ['Read'],
      (page) => ({ method: 'GET', url: `/api/latestpublishable/contents/${page}` }),
      (page) => releaseAt(page, 'staged'),
    ),
    onPage(
      'GET /api/menus/contents/latestpublishable/{id}',
      ['Read'],
      (page) => ({ method: 'GET', url: `/api/menus/contents/latestpublishable/${page}?level=1` }),
      (page) => releaseAt(page, 'staged'),
    ),
    listing(
      'GET /api/contents/{id}/children (of its parent)',
      async (page) => `/api/contents/${await parentOf(page)}/children`,
      async () => undefined,
    ),
    listing(
      'GET /api/contents/{id}/references (the item refers to its parent)',
      async (page) => `/api/contents/${await parentOf(page)}/references`,
      async (page) =>
        t.db
          .updateTable('content_fields')
          .set({ field_value: await parentOf(page) })
          .where('field_id', '=', await rowOf(page, world.blocks.body))
          .execute(),
    ),
    onPage(
      'GET /api/contents?site_id&page_url (published page)',
      ['Read'],
      async (page) => ({
        method: 'GET',
        url: `/api/contents?site_id=${await siteOf(page)}&page_url=/matrix-${page}`,
      }),
      (page) => releaseAt(page, 'published'),
    ),
    onPage(
      'GET /api/latestpublishable/contents?site_id&page_url',
      ['Read'],
      async (page) => ({
        method: 'GET',
        url: `/api/latestpublishable/contents?site_id=${await siteOf(page)}&page_url=/matrix-${page}`,
      }),
      (page) => releaseAt(page, 'staged'),
    ),
    onPage(
      'PUT /api/unlockcontents/{id}',
      ['Edit'],
      (page) => ({ method: 'PUT', url: `/api/unlockcontents/${page}` }),
      lockForUser,
    ),
    onPage(
      'PUT /api/contents/{id} (back to draft)',
      ['Edit'],
      (page) => ({
        method: 'PUT',
        url: `/api/contents/${page}`,
        payload: { version: 1, status_id: 'draft' },
      }),
      async (page) => {
        await releaseAt(page, 'staged');
        await lockForUser(page);
      },
    ),
    onPage(
      'PUT /api/contents/{id} (active flag)',
      ['Edit'],
      (page) => ({ method: 'PUT', url: `/api/contents/${page}`, payload: { is_active: 0 } }),
      lockForUser,
    ),
    onPage(
      'POST /api/contents/draftfromversion',
      ['Edit'],
      (page) => ({
        method: 'POST',
        url: '/api/contents/draftfromversion',
        payload: { content_id: page, version: 1 },
      }),
      (page) => publish(t, page),
    ),
    onPage(
      'DELETE /api/contents/draft/{id}',
      ['Edit'],
      (page) => ({ method: 'DELETE', url: `/api/contents/draft/${page}?version=2` }),
      publishedWithDraft,
    ),
    onPage(
      'PUT /api/content/updatedinfo/{id}',
      ['Edit'],
      (page) => ({ method: 'PUT', url: `/api/content/updatedinfo/${page}?version=1` }),
      lockForUser,
    ),
    onPage(
      'POST /api/contentfields',
      ['Edit'],
      (page) => ({
        method: 'POST',
        url: '/api/contentfields/',
        payload: {
          field_id: randomUUID(),
          content_id: page,
          version: 1,
          template_block_id: world.blocks.body,
          field_value: '<p>Mine</p>',
        },
      }),
      async (page) => {
        await t.db
          .deleteFrom('content_fields')
          .where('field_id', '=', await rowOf(page, world.blocks.body))
          .execute();
        await lockForUser(page);
      },
    ),
    onPage(
      'PUT /api/contentfields/{id}',
      ['Edit'],
      async (page) => ({
        method: 'PUT',
        url: `/api/contentfields/${await rowOf(page, world.blocks.title)}`,
        payload: { content_id: page, version: 1, field_value: 'Mine' },
      }),
      lockForUser,
    ),
    onPage(
      'POST /api/dynamiccontentregion',
      ['Edit'],
      async (page) => ({
        method: 'POST',
        url: '/api/dynamiccontentregion/',
        payload: {
          region_id: randomUUID(),
          field_id: await rowOf(page, world.blocks.zone),
          version: 1,
          region_value: null,
        },
      }),
      lockForUser,
    ),
    onPage(
      'PUT /api/dynamiccontentregion/{id}',
      ['Edit'],
      async (page) => {
        const region = await zoneOf(page);
        return {
          method: 'PUT',
          url: `/api/dynamiccontentregion/${region}`,
          payload: { version: 1, region_value: { id: region, type: 'dynamicZone', blocks: [] } },
        };
      },
      lockForUser,
    ),
    onPage(
      'POST /api/contentblock',
      ['Edit'],
      async (page) => ({
        method: 'POST',
        url: '/api/contentblock/',
        payload: {
          block_id: randomUUID(),
          region_id: await zoneOf(page),
          template_id: world.widgetTemplateId,
          version: 1,
          content_block_order: 1,
        },
      }),
      lockForUser,
    ),
    onPage(
      'PUT /api/contentblock/{id}',
      ['Edit'],
      async (page) => ({
        method: 'PUT',
        url: `/api/contentblock/${await blockOf(page)}`,
        payload: { version: 1, content_block_order: 2 },
      }),
      withBlock,
    ),
    onPage(
      'DELETE /api/contentblock/{id}',
      ['Edit'],
      async (page) => ({
        method: 'DELETE',
        url: `/api/contentblock/${await blockOf(page)}?version=1`,
      }),
      withBlock,
    ),
    onPage(
      'POST /api/contentblockfield',
      ['Edit'],
      async (page) => ({
        method: 'POST',
        url: '/api/contentblockfield/',
        payload: {
          field_id: randomUUID(),
          block_id: await blockOf(page),
          template_block_id: world.widgetBlocks.text,
          field_value: 'Mine',
          version: 1,
        },
      }),
      withBlock,
    ),
    onPage(
      'PUT /api/contentblockfield/{id}',
      ['Edit'],
      async (page) => ({
        method: 'PUT',
        url: `/api/contentblockfield/${await blockFieldOf(page)}`,
        payload: { version: 1, field_value: 'Mine' },
      }),
      withBlock,
    ),
    onPage(
      'DELETE /api/contentblockfield/{id}',
      ['Edit'],
      async (page) => ({
        method: 'DELETE',
        url: `/api/contentblockfield/${await blockFieldOf(page)}?version=1`,
      }),
      withBlock,
    ),
    listing(
      'GET /api/menus',
      () => '/api/menus',
      async () => undefined,
    ),
    listing(
      'GET /api/pageurls',
      () => `/api/pageurls?site_id=${world.siteId}`,
      (page) => releaseAt(page, 'published'),
    ),
    listing(
      'GET /api/latestpublishable/pageurls',
      () => `/api/latestpublishable/pageurls?site_id=${world.siteId}`,
      (page) => releaseAt(page, 'staged'),
    ),
    listing(
      'GET /api/contents/drafts',
      () => `/api/contents/drafts?site_id=${world.siteId}`,
      async () => undefined,
    ),
    listing('GET /api/contents/locked', () => '/api/contents/locked', lockForUser),
    listing(
      'GET /api/contents/list/{type}',
      () => '/api/contents/list/page',
      async () => undefined,
    ),
    onTemplate('GET /api/templates/{id}', ['Read'], ({ template }) => ({
      method: 'GET',
      url: `/api/templates/${template}`,
    })),
    onTemplate('GET /api/templates/{id}/references', ['Read'], ({ template }) => ({
      method: 'GET',
      url: `/api/templates/${template}/references`,
    })),
    onTemplate('GET /api/templates/{id}/widgetreferences', ['Read'], ({ template }) => ({
      method: 'GET',
      url: `/api/templates/${template}/widgetreferences`,
    })),
    onTemplate('PUT /api/templates/{id}', ['Edit'], ({ template }) => ({
      method: 'PUT',
      url: `/api/templates/${template}`,
      payload: { template_name: 'Renamed' },
    })),
    onTemplate('PUT /api/templates/updatedinfo/{id}', ['Edit'], ({ template }) => ({
      method: 'PUT',
      url: `/api/templates/updatedinfo/${template}`,
    })),
    onTemplate('POST /api/templates (under the item)', ['Create'], ({ template }) => ({
      method: 'POST',
      url: '/api/templates',
      payload: { template_name: 'Child', template_type_id: 'folder-template', parent_id: template },
    })),
    onTemplate('DELETE /api/templates/{id}', ['Delete'], ({ template }) => ({
      method: 'DELETE',
      url: `/api/templates/${template}`,
    })),
    onTemplate('POST /api/templateblocks/', ['Edit'], ({ template }) => ({
      method: 'POST',
      url: '/api/templateblocks/',
      payload: { template_id: template, block_name: 'Another' },
    })),
    onTemplate('PUT /api/templateblocks/{block_id}', ['Edit'], ({ block }) => ({
      method: 'PUT',
      url: `/api/templateblocks/${block}`,
      payload: { block_name: 'Renamed' },
    })),
    onTemplate('DELETE /api/templateblocks/{id}', ['Edit'], ({ block }) => ({
      method: 'DELETE',
      url: `/api/templateblocks/${block}`,
    })),
    onTemplate('POST /api/templatefields/', ['Edit'], ({ block }) => ({
      method: 'POST',
      url: '/api/templatefields/',
      payload: { block_id: block, field_name: 'Another' },
    })),
    onTemplate('PUT /api/templatefields/{field_id}', ['Edit'], ({ field }) => ({
      method: 'PUT',
      url: `/api/templatefields/${field}`,
      payload: { field_name: 'Renamed' },
    })),
    onTemplate('DELETE /api/templatefields/{id}', ['Edit'], ({ field }) => ({
      method: 'DELETE',
      url: `/api/templatefields/${field}`,
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
    // as PUT /api/permissions would: no reply cached before the change may answer after it
    t.app.canopy.readCache.clear();
    const before = await route.state(setup);
    const res = await setup.run();
    if (route.lists) {
      expect(res.statusCode, res.body).toBe(200);
      expect(route.lists(res.body, setup), res.body).toBe(holds);
      expect(await route.state(setup)).toEqual(before);
    } else if (holds) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(JSON.parse(res.body).code).toBe('FORBIDDEN');
      expect(await route.state(setup)).toEqual(before);
    }
  });
});
