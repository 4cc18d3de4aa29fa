/** PostgreSQL's own session tools: NOTIFY, and advisory locks held by one connection. */
import { sql } from 'kysely';
import type { Db } from '../../index';

/** Sends `payload` to every listener of `channel` (delivered when the transaction commits). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

/**
 * Runs `work` on one connection while it holds the advisory lock `key`, and answers true; answers
 * false at once, without running it, when another connection holds the lock.
 */
export async function withAdvisoryLock(
  db: Db,
  key: number,
  work: (connection: Db) => Promise<void>,
): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${key}) as locked`.execute(connection);
    if (!rows[0]?.locked) return false;
    try {
      await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
    return true;
  });
}
