/**
 * Vitest global set-up: the server suite runs on PostgreSQL as well as SQLite. When
 * TEST_DATABASE_URL is unset, the machine's PostgreSQL (the one `.ci/run` starts) is used if it
 * answers; otherwise the run says loudly, at its start and end, that PostgreSQL was skipped.
 * The URL reaches the test workers through `provide` (see database.env.ts).
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string | null;
  }
}

/** Why the database does not answer, or null when it does. */
async function unreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    project.provide('testDatabaseUrl', configured);
    return undefined;
  }
  const why = await unreachable(LOCAL_DATABASE_URL);
  if (why === null) {
    console.log(`PostgreSQL: TEST_DATABASE_URL is unset; using the local ${LOCAL_DATABASE_URL}`);
    project.provide('testDatabaseUrl', LOCAL_DATABASE_URL);
    return undefined;
  }
  project.provide('testDatabaseUrl', null);
  const warning = [
    '',
    '!'.repeat(78),
    `PostgreSQL SKIPPED: TEST_DATABASE_URL is unset and ${LOCAL_DATABASE_URL} does not answer`,
    `(${why}). The server suite ran on SQLite only. Start PostgreSQL or set TEST_DATABASE_URL.`,
    '!'.repeat(78),
    '',
  ].join('\n');
  console.warn(warning);
  return () => console.warn(warning);
}
