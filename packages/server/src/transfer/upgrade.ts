/**
 * An export made at fewer migrations (by an earlier Canopy): its rows go into a staging SQLite
 * database migrated only as far as the file was, the remaining migrations run there as they would
 * on that installation upgraded in place, and the staging database is exported again. The import
 * takes that file like any other (rows move between SQLite and PostgreSQL as with every export),
 * so the result is the upgraded installation's, and the target never sees the older schema.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase } from '../db/index';
import { createStorage } from '../storage/index';
import { exportInstallation, type TransferSummary } from './export';
import type { Header } from './format';
import type { ImportOptions } from './import';

export async function fromOlderMigrations(
  options: ImportOptions,
  header: Header,
  load: (options: ImportOptions) => Promise<TransferSummary>,
): Promise<TransferSummary> {
  const dir = await mkdtemp(join(tmpdir(), 'canopy-import-'));
  const upgraded = join(dir, 'upgraded.canopy.gz');
  try {
    const staging = await openDatabase({
      sqliteFile: join(dir, 'staging.sqlite'),
      upTo: header.migrations.at(-1),
    });
    const storage = createStorage({ dataDir: dir, storage: { kind: 'disk' } });
    try {
      const at = { db: staging.db, dialect: staging.dialect, storage, media: options.media };
      await load({ ...at, file: options.file, force: true });
      await migrate(staging.db);
      await exportInstallation({ ...at, file: upgraded });
    } finally {
      await storage.close();
      await staging.close();
    }
    return await load({ ...options, file: upgraded });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
