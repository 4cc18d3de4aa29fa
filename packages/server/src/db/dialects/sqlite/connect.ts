/** SQLite through better-sqlite3: one file, WAL, foreign keys on. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect, type Dialect } from 'kysely';

export function connect(filename: string): Dialect {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = new SQLite(filename);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database });
}
