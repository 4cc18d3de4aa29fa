/**
 * One inheritance rule, two walks: the menu (a JavaScript walk) and the lists (an SQL walk in
 * the database) must show exactly the items core's rule makes readable, on random trees with
 * random grants and refusals for several roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@canopy/core';
import { DIALECTS } from '../harness';
import { seeded as random } from '../contents/fixtures';
import { contentItem, startIdentityApp, type IdentityApp } from './helpers';

const ROLES = ['walk-a', 'walk-b', 'walk-other'];
const HELD = ['walk-a', 'walk-b'];

interface Node {
  id: string;
  parent: string | null;
}

interface MenuNode {
  content_id: string;
  children: MenuNode[];
}

describe.each(DIALECTS)('permission inheritance on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.db
      .insertInto('roles')
      .values(ROLES.map((role_id) => ({ role_id, role_name: role_id, role_rank: 5, is_admin: 0 })))
      .execute();
    await t.user('walker', HELD);
  });
  afterAll(() => t.close());

  it.each([1, 2, 3])('menu, lists and the rule agree on random tree %i', async (seed) => {
    const next = random(seed);
    const nodes: Node[] = [];
    const root = await contentItem(t.db, null, `Root ${seed}`);
    nodes.push({ id: root, parent: null });
    for (let i = 0; i < 40; i++) {
      const parent = nodes[Math.floor(next() * nodes.length)]!.id;
      nodes.push({ id: await contentItem(t.db, parent, `Item ${seed}.${i}`), parent });
    }
    const settings = new Map<string, { role: string; permission: Permission; value: 0 | 1 }[]>();
    const rows = [];
    for (const node of nodes) {
      for (const role of ROLES) {
        for (const permission of ['Read', 'Edit'] as Permission[]) {
          if (next() > 0.18) continue;
          const value = next() < 0.6 ? 1 : 0;
          settings.set(node.id, [...(settings.get(node.id) ?? []), { role, permission, value }]);
          rows.push({
            role_id: role,
            content_id: node.id,
            permission_id: permission,
            permission: value,
          });
        }
      }
    }
    if (rows.length > 0) await t.db.insertInto('role_permissions').values(rows).execute();
    // Written straight to the database, past the API that clears the read cache.
    t.app.canopy.readCache.clear();

    // The rule, stated plainly: per held role, the nearest Read setting up the chain.
    const parentOf = new Map(nodes.map((node) => [node.id, node.parent]));
    const expected = nodes
      .filter((node) =>
        HELD.some((role) => {
          for (let id: string | null = node.id; id; id = parentOf.get(id) ?? null) {
            const own = settings.get(id)?.find((s) => s.role === role && s.permission === 'Read');
            if (own) return own.value === 1;
          }
          return false;
        }),
      )
      .map((node) => node.id)
      .sort();

    const ours = new Set(nodes.map((node) => node.id));
    const menu = await t.request({ method: 'GET', url: '/api/menus', as: 'walker' });
    expect(menu.statusCode).toBe(200);
    const inMenu: string[] = [];
    const walk = (items: MenuNode[]) => {
      for (const item of items) {
        if (ours.has(item.content_id)) inMenu.push(item.content_id);
        walk(item.children);
      }
    };
    walk(menu.json());
    const list = await t.request({ method: 'GET', url: '/api/contents/list/page', as: 'walker' });
    expect(list.statusCode).toBe(200);
    const inList = (list.json() as { content_id: string }[])
      .map((item) => item.content_id)
      .filter((id) => ours.has(id));

    expect(inMenu.sort()).toEqual(expected);
    expect(inList.sort()).toEqual(expected);
  });
});
