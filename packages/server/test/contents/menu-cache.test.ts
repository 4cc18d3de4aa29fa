/**
 * The menus a write leaves in the read cache. A write that wrote no table a menu reads (a save of
 * fields, Push to Staging) keeps the cached trees; one that changed named content items (a rename,
 * a new Page URL, a draft, a lock, a move, Add Item, Delete) has them patched; any other, or one
 * whose change reaches items it did not name, rebuilds them. Either way, what each caller is
 * served right after the write is exactly the tree built afresh from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/auth/actor';
import { ReadCache } from '../../src/cache/read-cache';
import { getMenusJson } from '../../src/operations/menus/get-menus';
import { DIALECTS, startApp, type TestApp } from '../harness';
import {
  createPage,
  makeWorld,
  ok,
  publishedPage,
  saveFields,
  seeded,
  setRead,
  type MenuNode,
  type World,
} from './fixtures';

/** An administrator, and a role that may read the world's site only. */
const CALLERS = ['admin', 'reader'] as const;

interface NamedNode extends MenuNode {
  content_name: string;
  content_order: number;
  is_active: number;
  page_url: string | null;
  children: NamedNode[];
}

function find(nodes: NamedNode[], id: string): NamedNode | undefined {
  for (const node of nodes) {
    if (node.content_id === id) return node;
    const inner = find(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

describe.each(DIALECTS)('menus after a write on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  const reads: Array<{ key: string; hit: boolean }> = [];

  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    await t.db
      .insertInto('roles')
      .values({ role_id: 'site-readers', role_name: 'Site readers', role_rank: 10, is_admin: 0 })
      .execute();
    await t.tokenFor('reader', ['site-readers']);
    await setRead(t, 'site-readers', world.rootId, 1);
    t.app.canopy.readCache.onRead((key, hit) => {
      if (key.startsWith('menu:')) reads.push({ key, hit });
    });
  });
  afterAll(() => t.close());

  /** A save of these fields of the item through PUT /api/contents/{id}, which must succeed. */
  const save = async (contentId: string, payload: object) =>
    ok(await t.request({ method: 'PUT', url: `/api/contents/${contentId}`, payload }));

  const menuText = async (as: string) => {
    const res = await t.request({ method: 'GET', url: '/api/menus', as });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  /**
   * Each caller's menu is read (so the cache holds it), `write` runs, and each caller's menu is
   * read again and compared with the tree built afresh (after forgetting everything). Answers
   * whether those reads were served from the trees kept in the cache, and the admin's tree.
   */
  async function afterWrite(write: () => Promise<unknown>) {
    for (const as of CALLERS) await menuText(as);
    await write();
    reads.length = 0;
    const served = new Map<string, string>();
    for (const as of CALLERS) served.set(as, await menuText(as));
    const kept = reads.length === CALLERS.length && reads.every((read) => read.hit);
    t.app.canopy.readCache.clear();
    for (const as of CALLERS) {
      expect(JSON.parse(served.get(as)!)).toEqual(JSON.parse(await menuText(as)));
    }
    return { kept, admin: JSON.parse(served.get('admin')!) as NamedNode[] };
  }

  it("keeps the menus through a save of an item's fields", async () => {
    const page = await createPage(t, world, 'Fields only');
    const { kept } = await afterWrite(async () =>
      ok(await saveFields(t, page, { [world.blocks.title]: 'A new title' })),
    );
    expect(kept).toBe(true);
  });

  it('keeps the menus through Push to Staging', async () => {
    const page = await createPage(t, world, 'Staged');
    const { kept } = await afterWrite(async () =>
      save(page.content_id, { version: page.version, status_id: 'staged' }),
    );
    expect(kept).toBe(true);
  });

  it('patches them after a rename and a new Page URL', async () => {
    const page = await createPage(t, world, 'Old name');
    const { kept, admin } = await afterWrite(async () =>
      ok(
        await saveFields(
          t,
          page,
          { [world.blocks.pageUrl]: '/new-name' },
          { content_name: 'New name' },
        ),
      ),
    );
    expect(kept).toBe(true);
    expect(find(admin, page.content_id)).toMatchObject({
      content_name: 'New name',
      page_url: '/new-name',
    });
  });

  it('patches them after a new draft, which names and locks the item again', async () => {
    const page = await publishedPage(t, world, 'Drafted', { [world.blocks.title]: 'Drafted' });
    ok(await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` }));
    const { kept, admin } = await afterWrite(async () =>
      ok(
        await t.request({
          method: 'POST',
          url: '/api/contents/draft',
          payload: { content_id: page.content_id },
        }),
      ),
    );
    expect(kept).toBe(true);
    expect(find(admin, page.content_id)?.locked_by).toBe('admin');
  });

  it('patches them after a rename among siblings of the same order, which sorts them again', async () => {
    const parent = await createPage(t, world, 'Parent of twins');
    const first = await createPage(t, world, 'B twin', 'admin', parent.content_id);
    const second = await createPage(t, world, 'C twin', 'admin', parent.content_id);
    await t.db
      .updateTable('content_items')
      .set({ content_order: 1 })
      .where('content_id', 'in', [first.content_id, second.content_id])
      .execute();
    t.app.canopy.readCache.clear();
    const { kept, admin } = await afterWrite(async () =>
      ok(await saveFields(t, second, {}, { content_name: 'A twin' })),
    );
    expect(kept).toBe(true);
    expect(find(admin, parent.content_id)?.children.map((child) => child.content_name)).toEqual([
      'A twin',
      'B twin',
    ]);
  });

  it("patches a role's menu after a rename of an item it cannot read", async () => {
    const hidden = await createPage(t, world, 'Not for readers');
    await setRead(t, 'site-readers', hidden.content_id, 0);
    const { kept, admin } = await afterWrite(async () =>
      ok(await saveFields(t, hidden, {}, { content_name: 'Still not for readers' })),
    );
    expect(kept).toBe(true);
    expect(find(admin, hidden.content_id)?.content_name).toBe('Still not for readers');
  });

  it("rebuilds a role's menu after a rename of an item it cannot read above one it can", async () => {
    const hidden = await createPage(t, world, 'Hidden folder');
    const shown = await createPage(t, world, 'Readable inside', 'admin', hidden.content_id);
    await setRead(t, 'site-readers', hidden.content_id, 0);
    await setRead(t, 'site-readers', shown.content_id, 1);
    const { kept, admin } = await afterWrite(async () =>
      ok(await saveFields(t, hidden, {}, { content_name: 'Hidden folder, renamed' })),
    );
    // The admin's tree is patched; the role's is built again (its readable child was not read).
    expect(kept).toBe(false);
    expect(reads.filter((read) => read.hit).map((read) => read.key)).toEqual(['menu:admin']);
    expect(find(admin, hidden.content_id)?.content_name).toBe('Hidden folder, renamed');
  });

  it('patches them after a move, with the subtree, among the new siblings', async () => {
    const from = await createPage(t, world, 'Moving');
    const inner = await createPage(t, world, 'Moving along', 'admin', from.content_id);
    const to = await createPage(t, world, 'New parent');
    const first = await createPage(t, world, 'Z first', 'admin', to.content_id);
    await createPage(t, world, 'A second', 'admin', to.content_id);
    const { kept, admin } = await afterWrite(async () =>
      save(from.content_id, { parent_id: to.content_id, content_order: 1 }),
    );
    expect(kept).toBe(true);
    const children = find(admin, to.content_id)!.children;
    expect(children.map((child) => child.content_name)).toEqual(['Moving', 'Z first', 'A second']);
    expect(children[0]!.children.map((child) => child.content_id)).toEqual([inner.content_id]);
    expect(children[1]!.content_id).toBe(first.content_id);
  });

  it("patches a role's menu after a move of an item it cannot read, its readable child along", async () => {
    const hidden = await createPage(t, world, 'Hidden, moving');
    const shown = await createPage(t, world, 'Readable, moving', 'admin', hidden.content_id);
    const to = await createPage(t, world, 'Readable parent');
    await setRead(t, 'site-readers', hidden.content_id, 0);
    await setRead(t, 'site-readers', shown.content_id, 1);
    const { kept } = await afterWrite(async () =>
      save(hidden.content_id, { parent_id: to.content_id, content_order: 1 }),
    );
    expect(kept).toBe(true);
    const reader = JSON.parse(await menuText('reader')) as NamedNode[];
    expect(find(reader, hidden.content_id)).toBeUndefined();
    expect(find(reader, to.content_id)?.children.map((child) => child.content_id)).toEqual([
      shown.content_id,
    ]);
  });

  it('rebuilds them after a move of a subtree larger than a patch takes', async () => {
    const from = await createPage(t, world, 'Big folder');
    const row = await t.db
      .selectFrom('content_items')
      .selectAll()
      .where('content_id', '=', from.content_id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('content_items')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          ...row,
          content_id: `${row.content_id}-${i}`,
          content_name: `Inside ${i}`,
          parent_id: row.content_id,
          content_order: i + 1,
          path: `${row.path}/${String(i + 1).padStart(2, '0')}`,
          lvl: row.lvl + 1,
          page_url: null,
        })),
      )
      .execute();
    t.app.canopy.readCache.clear();
    const to = await createPage(t, world, 'Big folder home');
    const { kept, admin } = await afterWrite(async () =>
      save(from.content_id, { parent_id: to.content_id, content_order: 1 }),
    );
    expect(kept).toBe(false);
    expect(find(admin, to.content_id)?.children[0]?.children).toHaveLength(101);
  });

  it('patches them after an item is made inactive', async () => {
    const page = await createPage(t, world, 'Going quiet');
    const { kept, admin } = await afterWrite(async () => save(page.content_id, { is_active: 0 }));
    expect(kept).toBe(true);
    expect(find(admin, page.content_id)?.is_active).toBe(0);
  });

  it('patches them after Add Item and Delete', async () => {
    let added = '';
    const add = await afterWrite(async () => {
      added = (await createPage(t, world, 'Added')).content_id;
    });
    expect(add.kept).toBe(true);
    expect(find(add.admin, added)).toBeDefined();
    const removed = await afterWrite(async () =>
      ok(await t.request({ method: 'DELETE', url: `/api/contents/${added}` })),
    );
    expect(removed.kept).toBe(true);
    expect(find(removed.admin, added)).toBeUndefined();
  });

  it('patches them after a Delete of an item with permission settings', async () => {
    const page = await createPage(t, world, 'Deleted with settings');
    await setRead(t, 'site-readers', page.content_id, 1);
    const removed = await afterWrite(async () =>
      ok(await t.request({ method: 'DELETE', url: `/api/contents/${page.content_id}` })),
    );
    expect(removed.kept).toBe(true);
    expect(find(removed.admin, page.content_id)).toBeUndefined();
  });

  it("rebuilds them after a change of a role's permissions", async () => {
    const page = await createPage(t, world, 'Hidden from readers');
    await afterWrite(() => setRead(t, 'site-readers', page.content_id, 0));
    const reader = JSON.parse(await menuText('reader')) as NamedNode[];
    expect(find(reader, world.rootId)).toBeDefined();
    expect(find(reader, page.content_id)).toBeUndefined();
  });

  it('rebuilds them after a template is renamed', async () => {
    const { kept, admin } = await afterWrite(async () =>
      ok(
        await t.request({
          method: 'PUT',
          url: `/api/templates/${world.widgetTemplateId}`,
          payload: { template_name: 'Renamed widget' },
        }),
      ),
    );
    expect(kept).toBe(false);
    expect(find(admin, world.widgetTemplateId)?.content_name).toBe('Renamed widget');
  });

  it('reads back names and lock holders of any text, separators and all UTF-8 widths', async () => {
    const page = await createPage(t, world, 'Plain');
    const name = 'Rows\u001eand\u001ffields, ünïcødé, 漢字, 😀';
    const holder = 'ed\u001eitør';
    await t.db
      .updateTable('content_items')
      .set({ content_name: name, locked_by: holder })
      .where('content_id', '=', page.content_id)
      .execute();
    t.app.canopy.readCache.clear();
    const node = find(JSON.parse(await menuText('admin')) as NamedNode[], page.content_id);
    expect(node?.content_name).toBe(name);
    expect(node?.locked_by).toBe(holder);
    await t.db
      .updateTable('content_items')
      .set({ locked_by: 'admin' })
      .where('content_id', '=', page.content_id)
      .execute();
    t.app.canopy.readCache.clear();
  });

  it('patches the lock state after a lock and an unlock', async () => {
    const page = await createPage(t, world, 'Locked and unlocked');
    const unlocked = await afterWrite(async () =>
      ok(await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` })),
    );
    expect(unlocked.kept).toBe(true);
    expect(find(unlocked.admin, page.content_id)?.locked_by).toBeNull();
    const locked = await afterWrite(async () =>
      ok(await t.request({ method: 'PUT', url: `/api/lockcontents/${page.content_id}` })),
    );
    expect(locked.kept).toBe(true);
    expect(find(locked.admin, page.content_id)?.locked_by).toBe('admin');
  });

  it('serves exactly the tree built afresh through random moves, additions, deletions and renames', async () => {
    const actors: Record<(typeof CALLERS)[number], Actor> = {
      admin: { ...ACTOR, isAdmin: true, roleIds: [] },
      reader: { ...ACTOR, username: 'reader', roleIds: ['site-readers'] },
    };
    const top = await createPage(t, world, 'Random subtree');
    const items: string[] = [top.content_id];
    for (let i = 0; i < 8; i++) {
      items.push((await createPage(t, world, `Item ${i}`, 'admin', items[i >> 1])).content_id);
    }
    const random = seeded(dialect === 'sqlite' ? 23 : 29);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const NAMES = ['Alpha', 'beta', 'Gamma', 'alpha', 'Ünder', 'Zed'];
    const content = async (id: string) =>
      (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json<{
        version: number;
        updated_date: string;
      }>();
    const steps: Record<string, () => Promise<unknown>> = {
      add: async () => {
        items.push((await createPage(t, world, pick(NAMES), 'admin', pick(items))).content_id);
      },
      move: async () => {
        const id = pick(items.slice(1));
        await t.request({
          method: 'PUT',
          url: `/api/contents/${id}`,
          payload: { parent_id: pick(items), content_order: 1 + Math.floor(random() * 4) },
        });
      },
      rename: async () => {
        const id = pick(items);
        const { version, updated_date } = await content(id);
        await save(id, { version, updated_date, content_name: pick(NAMES) });
      },
      delete: async () => {
        const id = pick(items.slice(1));
        const res = await t.request({ method: 'DELETE', url: `/api/contents/${id}` });
        if (res.statusCode < 300) items.splice(items.indexOf(id), 1);
      },
      unlockAndLock: async () => {
        const id = pick(items);
        ok(await t.request({ method: 'PUT', url: `/api/unlockcontents/${id}` }));
        ok(await t.request({ method: 'PUT', url: `/api/lockcontents/${id}` }));
      },
      hide: () => setRead(t, 'site-readers', pick(items), random() < 0.5 ? 0 : 1),
    };
    const kinds = Object.keys(steps);
    let hits = 0;
    for (let step = 0; step < 60; step++) {
      const kind = step < 4 ? 'hide' : pick(kinds);
      await steps[kind]!();
      reads.length = 0;
      for (const as of CALLERS) {
        const served = await menuText(as);
        const fresh = (await getMenusJson(t.db, new ReadCache(), actors[as])).body;
        expect(JSON.parse(served), `${as} after step ${step}, ${kind}`).toEqual(
          JSON.parse(fresh.toString()),
        );
      }
      if (kind !== 'hide') hits += reads.filter((read) => read.hit).length;
    }
    // The cached trees were edited, not built again, after most of those writes.
    expect(hits).toBeGreaterThan(50);
  });
});

/** An actor for building menus outside the server. */
const ACTOR: Actor = {
  kind: 'user',
  userId: null,
  username: 'admin',
  displayName: 'Test',
  roleIds: [],
  isAdmin: false,
  publishedOnly: false,
};
