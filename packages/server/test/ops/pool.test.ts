/**
 * A PostgreSQL connection the server closes while it sits idle in the pool (a restart, a
 * failover, an administrator) does not end the process: the pool drops it with a warning and
 * the next query opens a new connection.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db/index';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
let database: OpenDatabase | undefined;

afterAll(async () => {
  await database?.db.schema.dropSchema(schema).ifExists().cascade().execute();
  await database?.close();
});

describe.skipIf(!url)('an idle PostgreSQL connection closed by the server', () => {
  it('is dropped from the pool with a warning, and the next query works', async () => {
    database = await openDatabase({ url, sqliteFile: ':memory:', schema });
    const pid = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database!.db)).rows[0]!
        .pid;
    const before = await pid();
    const warned = new Promise<string>((resolve) =>
      process.once('warning', (warning) => resolve(warning.message)),
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [before]);
    } finally {
      await admin.end();
    }
    expect(await warned).toMatch(
      /^A PostgreSQL connection was closed by the server \(.+\); the next query opens a new one$/,
    );
    const after = await pid();
    expect(after).not.toBe(before);
  });
});
