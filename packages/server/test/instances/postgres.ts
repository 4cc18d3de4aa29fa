/** What the tests of several instances on one PostgreSQL database share. */
import pg from 'pg';

export const SERVER = 'postgres://postgres@127.0.0.1:5432';

/** Asks `probe` again (every `everyMs`) until it answers something other than undefined. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 40_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await probe().catch(() => undefined);
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

/** Runs `sql` on the server's `postgres` database (creating and dropping databases). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
