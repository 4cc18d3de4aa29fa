/**
 * `canopy export FILE`: the whole installation (every table the migrations made, every row) and,
 * unless left out, the media files, as one streamed file (format.ts). The rows are read in one
 * transaction, so the file is one consistent moment of the database even while it is in use.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Transaction } from 'kysely';
import type { Database, Db, DialectName } from '../db/index';
import type { Storage } from '../storage/index';
import { MEDIA_KEY_PREFIX } from '../operations/media/files';
import { batched, CHUNK_BYTES, FORMAT, FORMAT_VERSION, type Header, type Line } from './format';
import { migrationsOf, readTables, tableRows } from '../db/catalog';

export interface TransferOptions {
  db: Db;
  dialect: DialectName;
  storage: Storage;
  file: string;
  /** Media files too (default); false: the rows only (`--no-media`). */
  media: boolean;
}

export interface TransferSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

export async function exportInstallation(options: TransferOptions): Promise<TransferSummary> {
  const { db, dialect, file } = options;
  const summary: TransferSummary = { tables: 0, rows: 0, files: 0, bytes: 0 };
  const partial = `${file}.partial`;
  let trx = db.startTransaction();
  if (dialect === 'postgres')
    trx = trx.setIsolationLevel('repeatable read').setAccessMode('read only');
  const snapshot = await trx.execute();
  try {
    const lines = linesOf(options, snapshot, summary);
    await pipeline(Readable.from(batched(lines)), createGzip(), createWriteStream(partial));
    await rename(partial, file);
    return summary;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await snapshot.rollback().execute();
  }
}

async function* linesOf(
  options: TransferOptions,
  trx: Transaction<Database>,
  summary: TransferSummary,
): AsyncGenerator<string> {
  const db = trx;
  const tables = await readTables(db, options.dialect);
  const header: Header = {
    format: FORMAT,
    version: FORMAT_VERSION,
    created: new Date().toISOString(),
    source: options.dialect,
    migrations: await migrationsOf(db),
    tables: tables.map(({ name, columns }) => ({ name, columns })),
    media: options.media,
  };
  yield JSON.stringify(header);
  for (const table of tables) {
    yield line({ table: table.name, columns: table.columns });
    let count = 0;
    // In the order the database keeps them: an import inserts them in that order, so that lists
    // the API answers in storage order come out the same.
    for await (const row of tableRows(trx, options.dialect, table)) {
      yield JSON.stringify(table.columns.map((column) => row[column] ?? null));
      count += 1;
    }
    yield line({ end: 'table', table: table.name, rows: count });
    summary.tables += 1;
    summary.rows += count;
  }
  if (options.media) {
    for await (const object of options.storage.list(`${MEDIA_KEY_PREFIX}/`)) {
      const found = await options.storage.get(object.key);
      if (!found) continue;
      yield line({ file: object.key, size: found.object.size, type: found.object.contentType });
      let pending: Buffer = Buffer.alloc(0);
      for await (const chunk of found.body as AsyncIterable<Buffer>) {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        while (pending.length >= CHUNK_BYTES) {
          yield JSON.stringify(pending.subarray(0, CHUNK_BYTES).toString('base64'));
          pending = pending.subarray(CHUNK_BYTES);
        }
      }
      if (pending.length > 0) yield JSON.stringify(pending.toString('base64'));
      summary.files += 1;
      summary.bytes += found.object.size;
    }
  }
  yield line({
    end: 'export',
    tables: summary.tables,
    rows: summary.rows,
    files: summary.files,
  });
}

function line(value: Line): string {
  return JSON.stringify(value);
}
