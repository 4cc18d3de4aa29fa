import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../db/index';
import { watchWrites, Writes } from '../db/write-watch';
import { menuImpact, orderShared } from './menus';

describe('what a write changed of the menus', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
  });
  afterAll(() => database.close());

  async function impactOf(work: () => Promise<unknown>) {
    const writes = new Writes();
    await watchWrites(writes, work);
    return menuImpact(writes);
  }
  const rename = (id: string) =>
    database.db
      .updateTable('content_items')
      .set({ content_name: 'x' })
      .where('content_id', '=', id)
      .execute();
  const saveAField = () =>
    database.db
      .updateTable('content_fields')
      .set({ field_value: 'x' })
      .where('content_id', '=', 'a')
      .execute();

  it('nothing they show, named items, or the tree', async () => {
    expect(await impactOf(saveAField)).toBe('none');
    expect(
      await impactOf(async () => {
        await saveAField();
        await rename('a');
        await rename('b');
      }),
    ).toEqual({ items: ['a', 'b'], settings: [] });
    // An item added with its creator's settings (an upsert on the key), a role given to a user.
    expect(
      await impactOf(async () => {
        await database.db
          .insertInto('roles')
          .values({ role_id: 'user:ann', role_name: 'user:ann', role_rank: 0, is_admin: 0 })
          .onConflict((oc) => oc.column('role_id').doNothing())
          .execute();
        await database.db
          .insertInto('role_permissions')
          .values({ role_id: 'user:ann', content_id: 'new', permission_id: 'Read', permission: 1 })
          .onConflict((oc) =>
            oc.columns(['role_id', 'content_id', 'permission_id']).doUpdateSet({ permission: 1 }),
          )
          .execute();
        await database.db.deleteFrom('user_roles').where('role_id', '=', 'user:ann').execute();
        await rename('new');
      }),
    ).toEqual({ items: ['new'], settings: ['new'] });
    // Another table the menus read, or content items not named by id.
    expect(
      await impactOf(async () => {
        await rename('a');
        await database.db.updateTable('templates').set({ lvl: 1 }).execute();
      }),
    ).toBe('tree');
    expect(
      await impactOf(() =>
        database.db
          .updateTable('content_items')
          .set({ content_order: 2 })
          .where('parent_id', '=', 'a')
          .execute(),
      ),
    ).toBe('tree');
    // A role deleted takes its settings along; settings chosen by role alone.
    expect(
      await impactOf(() => database.db.deleteFrom('roles').where('role_id', '=', 'x').execute()),
    ).toBe('tree');
    expect(
      await impactOf(() =>
        database.db.deleteFrom('role_permissions').where('role_id', '=', 'x').execute(),
      ),
    ).toBe('tree');
  });

  it('the tree when more items were named than a reader patches', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `item-${i}`);
    expect(await impactOf(() => Promise.all(ids.slice(0, 100).map(rename)))).toMatchObject({
      items: expect.arrayContaining(ids.slice(0, 100)) as string[],
    });
    expect(await impactOf(() => Promise.all(ids.map(rename)))).toBe('tree');
  });

  it('knows when siblings share an order, at the top of the tree too', async () => {
    const item = (id: string, parent: string | null, order: number) => ({
      content_id: id,
      parent_id: parent,
      content_order: order,
      path: `${parent ?? ''}${order}`,
      lvl: parent ? 2 : 1,
      content_type_id: 'page',
      content_name: id,
      is_active: 1 as const,
      allowed_content_type: 'page',
      allowed_template_type: '',
      created_date: '2026-01-01 00:00',
    });
    await database.db
      .insertInto('content_items')
      .values([
        item('top-1', null, 91),
        item('top-2', null, 91),
        item('top-3', null, 92),
        item('child-1', 'top-3', 1),
      ])
      .execute();
    expect(await orderShared(database.db, null, 91)).toBe(true);
    expect(await orderShared(database.db, null, 92)).toBe(false);
    expect(await orderShared(database.db, 'top-3', 1)).toBe(false);
  });
});
