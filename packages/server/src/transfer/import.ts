/**
 * `canopy import FILE`: puts an export (format.ts) into this installation's database and storage,
 * all or nothing. It refuses a database that holds anything (unless `force`: then what was there
 * goes), a file of a newer format version or from a newer Canopy (migrations this one lacks), and
 * a file cut short; every row goes in in one transaction, and media files written before a failure
 * are removed again. A file made at fewer migrations (an earlier Canopy) is brought up to this
 * one's first (upgrade.ts).
 */
import { Readable } from 'node:stream';
import type { ControlledTransaction } from 'kysely';
import { openDatabase, type Database, type Db } from '../db/index';
import type { TransferOptions, TransferSummary } from './export';
import {
  FORMAT,
  FORMAT_VERSION,
  LineReader,
  TransferError,
  type Header,
  type Line,
  type Value,
} from './format';
import { countRows, migrationsOf, readTables, type TableShape } from '../db/catalog';
import { fromOlderMigrations } from './upgrade';

export interface ImportOptions extends TransferOptions {
  /** Replace whatever the database holds (`--force`). */
  force: boolean;
}

/** Placeholders per INSERT stay well under SQLite's and PostgreSQL's limits. */
const MAX_PARAMETERS = 30_000;

export async function importInstallation(options: ImportOptions): Promise<TransferSummary> {
  const { db, file } = options;
  const reader = new LineReader(file);
  try {
    const header = checkHeader(await reader.next(), file);
    if (compareMigrations(file, header.migrations, await migrationsOf(db)) === 'older') {
      await reader.close();
      await refuseFilled(options, await readTables(db, options.dialect));
      return await fromOlderMigrations(options, header, importInstallation);
    }
    const tables = await checkTarget(db, options.dialect, header);
    await refuseFilled(options, tables);
    const trx = await db.startTransaction().execute();
    const written: string[] = [];
    try {
      for (const table of [...tables].reverse()) {
        await trx.deleteFrom(table.name as keyof Database).execute();
      }
      const summary = await readBody(reader, trx, tables, options, written);
      await trx.commit().execute();
      return summary;
    } catch (error) {
      await trx.rollback().execute();
      await Promise.all(written.map((key) => options.storage.delete(key).catch(() => undefined)));
      throw error;
    }
  } finally {
    await reader.close();
  }
}

/** Refuses a database that holds anything, unless `force`. */
async function refuseFilled(options: ImportOptions, tables: TableShape[]): Promise<void> {
  if (options.force) return;
  const filled = await nonEmpty(options.db, tables);
  if (filled.length > 0) {
    throw new TransferError(
      `The database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', ...' : ''} have rows): import into a new, empty database, or add --force to replace everything in it`,
    );
  }
}

function checkHeader(first: Line | undefined, file: string): Header {
  const header = first as Partial<Header> | undefined;
  if (!header || typeof header !== 'object' || header.format !== FORMAT) {
    throw new TransferError(`${file} is not a Canopy export (its first line is no export header)`);
  }
  if (typeof header.version === 'number' && header.version > FORMAT_VERSION) {
    throw new TransferError(
      `${file} is an export of format version ${header.version}, made by a newer Canopy; this one reads version ${FORMAT_VERSION}: import it with that Canopy version or a later one`,
    );
  }
  if (header.version !== FORMAT_VERSION) {
    throw new TransferError(
      `${file} is an export of format version ${String(header.version)}; this Canopy reads version ${FORMAT_VERSION} (import it with the Canopy version that exported it)`,
    );
  }
  return header as Header;
}

/** The target's tables, once they are those of the file (at the same migrations). */
async function checkTarget(
  db: Db,
  dialect: Header['source'],
  header: Header,
): Promise<TableShape[]> {
  const tables = await readTables(db, dialect);
  const byName = new Map(tables.map((table) => [table.name, table]));
  for (const { name, columns } of header.tables) {
    const target = byName.get(name);
    if (!target) throw new TransferError(`The export has a table ${name} that this database lacks`);
    if ([...columns].sort().join() !== [...target.columns].sort().join()) {
      throw new TransferError(
        `Table ${name} has columns ${columns.join(', ')} in the export and ${target.columns.join(', ')} here`,
      );
    }
  }
  const missing = tables.filter((table) => !header.tables.some((t) => t.name === table.name));
  if (missing.length > 0) {
    throw new TransferError(`The export lacks tables ${missing.map((t) => t.name).join(', ')}`);
  }
  return tables;
}

/**
 * 'older': the file was made at this database's first migrations, not all of them (by an earlier
 * Canopy). Migrations this Canopy does not know mean a newer one made it.
 */
function compareMigrations(file: string, theirs: string[], ours: string[]): 'same' | 'older' {
  const last = (list: string[]) => list.at(-1) ?? 'none';
  const unknown = theirs.filter((name) => !ours.includes(name));
  if (unknown.length > 0) {
    throw new TransferError(
      `${file} was exported by a newer Canopy, at database migration ${last(theirs)} (this one knows up to ${last(ours)}): import it with that Canopy version or a later one`,
    );
  }
  if (theirs.length === 0 || theirs.some((name, i) => ours[i] !== name)) {
    throw new TransferError(
      `${file} was exported at database migrations ${theirs.join(', ') || 'none'}, which are not the first of this Canopy's (${ours.join(', ')}): import it with the Canopy version that exported it`,
    );
  }
  return theirs.length === ours.length ? 'same' : 'older';
}

/**
 * Tables holding other rows than a newly made database: the migrations themselves fill a few
 * (the permission definitions), so those are compared with a fresh in-memory database.
 */
async function nonEmpty(db: Db, tables: TableShape[]): Promise<string[]> {
  const fresh = await openDatabase({ sqliteFile: ':memory:' });
  try {
    const filled: string[] = [];
    for (const table of tables) {
      if ((await countRows(db, table.name)) !== (await countRows(fresh.db, table.name))) {
        filled.push(table.name);
      }
    }
    return filled;
  } finally {
    await fresh.close();
  }
}

async function readBody(
  reader: LineReader,
  trx: ControlledTransaction<Database>,
  tables: TableShape[],
  options: ImportOptions,
  written: string[],
): Promise<TransferSummary> {
  const summary: TransferSummary = { tables: 0, rows: 0, files: 0, bytes: 0 };
  /** Media files in the file, copied or (without media) passed over. */
  let files = 0;
  const known = new Set(tables.map((table) => table.name));
  const unexpected = (what: string) =>
    new TransferError(`${options.file} is damaged: line ${reader.lineNumber} is ${what}`);
  for (;;) {
    const line = await reader.next();
    if (line === undefined) {
      throw new TransferError(
        `${options.file} is truncated: it ends after line ${reader.lineNumber}, before the end of the export; nothing was imported`,
      );
    }
    if (typeof line !== 'object' || line === null || Array.isArray(line))
      throw unexpected('out of place');
    if ('table' in line && 'columns' in line) {
      if (!known.has(line.table)) throw unexpected(`an unknown table ${line.table}`);
      const shape = tables.find((table) => table.name === line.table)!;
      summary.rows += await insertTable(reader, trx, shape, line.columns, unexpected);
      summary.tables += 1;
    } else if ('file' in line) {
      await copyFile(reader, line, options, written);
      files += 1;
      if (options.media) {
        summary.files += 1;
        summary.bytes += line.size;
      }
    } else if ('end' in line && line.end === 'export') {
      if (line.rows !== summary.rows || line.files !== files) {
        throw unexpected(
          `an end that counts ${line.rows} rows and ${line.files} files, not ${summary.rows} and ${files}`,
        );
      }
      return summary;
    } else {
      throw unexpected('out of place');
    }
  }
}

/**
 * Inserts one table's rows in file order. In a tree (rows referring to rows of the same table), a
 * row whose parent comes later in the file goes in without it, and gets it once all are in.
 */
async function insertTable(
  reader: LineReader,
  trx: ControlledTransaction<Database>,
  shape: TableShape,
  columns: string[],
  unexpected: (what: string) => TransferError,
): Promise<number> {
  const table = shape.name;
  // A table of this database, found in its catalogue (`readTables`), and rows of values as the
  // file gives them: Kysely's types cannot name a table chosen at run time.
  const rows = trx as unknown as ControlledTransaction<Record<string, Record<string, Value>>>;
  const batchSize = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / columns.length)));
  const tree = shape.parent;
  const inserted = new Set<Value>();
  const later: [Value, Value][] = [];
  let batch: Record<string, Value>[] = [];
  let count = 0;
  const failed = (error: unknown) =>
    new TransferError(
      `Table ${shape.name}, rows before line ${reader.lineNumber}: ${error instanceof Error ? error.message : String(error)}`,
    );
  const flush = async () => {
    if (batch.length === 0) return;
    await rows
      .insertInto(table)
      .values(batch)
      .execute()
      .catch((error: unknown) => {
        throw failed(error);
      });
    batch = [];
  };
  for (;;) {
    const line = await reader.next();
    if (line === undefined) return count; // the caller reports the file as cut short
    if (Array.isArray(line)) {
      if (line.length !== columns.length) {
        throw unexpected(`a row of ${line.length} values, not ${columns.length}`);
      }
      const row = Object.fromEntries(columns.map((column, i) => [column, line[i] ?? null]));
      if (tree) {
        const parent = row[tree.column];
        if (parent != null && !inserted.has(parent)) {
          later.push([row[tree.references]!, parent]);
          row[tree.column] = null;
        }
        inserted.add(row[tree.references]!);
      }
      batch.push(row);
      count += 1;
      if (batch.length >= batchSize) await flush();
      continue;
    }
    if (typeof line === 'object' && line !== null && 'end' in line && line.end === 'table') {
      if (line.table !== shape.name || line.rows !== count) {
        throw unexpected(
          `the end of ${line.table} with ${line.rows} rows, not of ${shape.name} with ${count}`,
        );
      }
      await flush();
      for (const [key, parent] of later) {
        await rows
          .updateTable(table)
          .set({ [tree!.column]: parent })
          .where(tree!.references, '=', key)
          .execute()
          .catch((error: unknown) => {
            throw failed(error);
          });
      }
      return count;
    }
    throw unexpected('out of place in a table');
  }
}

async function copyFile(
  reader: LineReader,
  entry: { file: string; size: number; type?: string },
  options: ImportOptions,
  written: string[],
): Promise<void> {
  async function* bytes(): AsyncGenerator<Buffer> {
    let received = 0;
    while (received < entry.size) {
      const line = await reader.next();
      if (typeof line !== 'string') {
        throw new TransferError(
          line === undefined
            ? `${options.file} is truncated inside the media file ${entry.file}; nothing was imported`
            : `${options.file} is damaged: line ${reader.lineNumber} is not part of ${entry.file}`,
        );
      }
      const chunk = Buffer.from(line, 'base64');
      received += chunk.length;
      yield chunk;
    }
    if (received !== entry.size) {
      throw new TransferError(
        `${options.file} is damaged: ${entry.file} has ${received} bytes, not ${entry.size}`,
      );
    }
  }
  if (!options.media) {
    for await (const _ of bytes()) void _;
    return;
  }
  const existed = await options.storage.stat(entry.file);
  if (!existed) written.push(entry.file);
  await options.storage.put(entry.file, Readable.from(bytes()), {
    ...(entry.type && { contentType: entry.type }),
  });
}
