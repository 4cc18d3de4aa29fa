import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from './index';
import { ANY_TABLE, watchWrites, Writes } from './write-watch';

describe('write watch', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
  });
  afterAll(() => database.close());

  /** The tables `work` wrote to, as the watch saw them. */
  async function written(work: () => Promise<unknown>): Promise<string[]> {
    const writes = new Writes();
    await watchWrites(writes, work);
    return [...writes.tables].sort();
  }

  /** The content items `work` wrote, when its writes named them all. */
  async function itemsWritten(work: () => Promise<unknown>): Promise<string[] | undefined> {
    const writes = new Writes();
    await watchWrites(writes, work);
    const rows = writes.rowsOf('content_items');
    return rows && [...rows].sort();
  }

  it('sees no table in reads', async () => {
    const { db } = database;
    expect(
      await written(async () => {
        await db.selectFrom('content_items').select('content_id').execute();
        await sql`SELECT 1`.execute(db);
      }),
    ).toEqual([]);
  });

  it('names the table of each insert, update and delete, aliased or in a transaction', async () => {
    const { db } = database;
    const tables = await written(() =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('settings')
          .values({ key: 'watched', value: '1' })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
          .execute();
        await trx
          .updateTable('content_items as c')
          .set({ content_name: 'x' })
          .where('c.content_id', '=', 'none')
          .execute();
        await trx.deleteFrom('audit_log').where('audit_id', '=', 'none').execute();
      }),
    );
    expect(tables).toEqual(['audit_log', 'content_items', 'settings']);
  });

  it('names the table of a write in SQL text, and any table for a statement it cannot read', async () => {
    const { db } = database;
    expect(
      await written(() =>
        sql`UPDATE "templates" SET template_name = template_name WHERE 0 = 1`.execute(db),
      ),
    ).toEqual(['templates']);
    expect(
      await written(() =>
        sql`INSERT OR IGNORE INTO settings (key, value) VALUES ('t', '1')`.execute(db),
      ),
    ).toEqual(['settings']);
    expect(
      await written(() => sql`CREATE TEMP TABLE IF NOT EXISTS scratch (a)`.execute(db)),
    ).toEqual([ANY_TABLE]);
    // A WITH query reads, unless it writes in a CTE or its body.
    expect(
      await written(() => sql`WITH RECURSIVE up(id) AS (SELECT 1) SELECT id FROM up`.execute(db)),
    ).toEqual([]);
    expect(
      await written(() =>
        sql`WITH gone AS (SELECT 1) DELETE FROM audit_log WHERE 0 = 1`.execute(db),
      ),
    ).toEqual([ANY_TABLE]);
  });

  it('keeps to its own work across awaits, whatever runs beside it', async () => {
    const { db } = database;
    const mine = new Writes();
    const theirs = new Writes();
    await Promise.all([
      watchWrites(mine, async () => {
        await db.selectFrom('templates').select('template_id').execute();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await db
          .updateTable('templates')
          .set({ lvl: 1 })
          .where('template_id', '=', 'none')
          .execute();
      }),
      watchWrites(theirs, async () => {
        await db
          .updateTable('users')
          .set({ given_name: 'x' })
          .where('user_id', '=', 'none')
          .execute();
      }),
      // Outside any watched work: seen by nobody.
      db.updateTable('roles').set({ role_name: 'x' }).where('role_id', '=', 'none').execute(),
    ]);
    expect([...mine.tables]).toEqual(['templates']);
    expect([...theirs.tables]).toEqual(['users']);
  });

  it('names the content items of updates that name them by id, and only those', async () => {
    const { db } = database;
    const update = () => db.updateTable('content_items').set({ content_name: 'x' });
    expect(await itemsWritten(() => db.selectFrom('content_items').selectAll().execute())).toEqual(
      [],
    );
    expect(
      await itemsWritten(async () => {
        await update().where('content_id', '=', 'b').execute();
        await update().where('content_id', 'in', ['a', 'c']).where('lvl', '=', 1).execute();
        await db
          .updateTable('content_items as c')
          .set({ page_url: null })
          .where((eb) => eb.or([eb('c.content_id', '=', 'd'), eb('content_id', '=', 'e')]))
          .execute();
        await db.updateTable('templates').set({ lvl: 1 }).execute();
        await db.deleteFrom('content_items').where('content_id', '=', 'f').execute();
        await db.deleteFrom('content_items as c').where('c.content_id', 'in', ['g', 'h']).execute();
      }),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(
      await itemsWritten(() =>
        db
          .insertInto('content_items')
          .values([newItem('n1'), { ...newItem('n2'), content_name: sql<string>`'x' || 'y'` }])
          .execute(),
      ),
    ).toEqual(['n1', 'n2']);
    // An upsert that does nothing, or updates the row with the same key.
    expect(
      await itemsWritten(async () => {
        await db
          .insertInto('content_items')
          .values(newItem('n1'))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await db
          .insertInto('content_items')
          .values(newItem('n5'))
          .onConflict((oc) => oc.column('content_id').doUpdateSet({ content_name: 'x' }))
          .execute();
      }),
    ).toEqual(['n1', 'n5']);
    // Rows chosen by anything else, an insert of a query's rows, an upsert, SQL text: which rows
    // is unknown.
    const unknown: (() => Promise<unknown>)[] = [
      () => update().where('parent_id', '=', 'a').execute(),
      () =>
        update()
          .where((eb) => eb.or([eb('content_id', '=', 'a'), eb('lvl', '=', 1)]))
          .execute(),
      () => update().where('content_id', 'like', 'b%').execute(),
      () => db.deleteFrom('content_items').where('parent_id', '=', 'a').execute(),
      () =>
        db
          .insertInto('content_items')
          .columns(['content_id', 'path'])
          .expression(db.selectFrom('templates').select(['template_id', 'path']))
          .execute(),
      () =>
        db
          .insertInto('content_items')
          .values({ ...newItem('n3'), content_id: sql<string>`'n' || '4'` })
          .execute(),
      () =>
        db
          .insertInto('content_items')
          .values(newItem('n1'))
          .onConflict((oc) => oc.column('path').doUpdateSet({ content_name: 'x' }))
          .execute()
          .catch(() => undefined),
      () => sql`UPDATE content_items SET lvl = lvl WHERE content_id = 'a'`.execute(db),
      () => sql`VACUUM`.execute(db),
    ];
    for (const work of unknown) {
      expect(
        await itemsWritten(async () => {
          await update().where('content_id', '=', 'b').execute();
          await work();
        }),
      ).toBeUndefined();
    }
  });
});

/** A content item's row (its required columns), for inserts. */
function newItem(id: string) {
  return {
    content_id: id,
    content_order: 1,
    path: '99',
    lvl: 1,
    content_type_id: 'page',
    content_name: id,
    is_active: 0 as const,
    allowed_content_type: '',
    allowed_template_type: '',
    created_date: '2026-01-01T00:00:00.000Z',
  };
}
