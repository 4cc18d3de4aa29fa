/**
 * A read-only connection of another thread (a render thread) to the server's SQLite file, for
 * statements compiled by the server's thread: WAL lets it read while the server writes, and each
 * statement reads what was committed when it started.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** How much of the database file may be mapped, as for the server's own connection. */
const MMAP_BYTES = 1 << 30;

export interface RowsReader {
  all(sql: string, parameter: string): unknown[];
}

/** Connections of this thread by file: the last one used is kept, others are closed. */
let open:
  | {
      file: string;
      database: BetterSqlite3.Database;
      statements: Map<string, BetterSqlite3.Statement>;
    }
  | undefined;

export function rowsReader(Database: typeof BetterSqlite3, file: string): RowsReader {
  if (open?.file !== file) {
    open?.database.close();
    const database = new Database(file, { readonly: true, fileMustExist: true });
    database.pragma(`mmap_size = ${MMAP_BYTES}`);
    open = { file, database, statements: new Map() };
  }
  const { database, statements } = open;
  return {
    all(sql, parameter) {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = database.prepare(sql)));
      return statement.all(parameter);
    },
  };
}
