/**
 * `canopy import` of an export an earlier Canopy made, at fewer migrations: the demo installation
 * with its media, taken down to migration 0010 (before lock leases, the audit record and media
 * jobs: a column with a data step, and two tables), is exported there; importing that file into
 * this Canopy's schema, on SQLite and on PostgreSQL, gives every API answer and media file that
 * the same installation upgraded in place gives.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/index';
import { migrationProvider } from '../../src/db/migrations/index';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { seedIfEmpty } from '../../src/seed/index';
import { exportInstallation } from '../../src/transfer/export';
import { importInstallation } from '../../src/transfer/import';
import { crawl, differences, newInstallation, type Installation } from './transfer-helpers';

const OLDER = '0010-site-targets';
const work = mkdtempSync(join(tmpdir(), 'canopy-transfer-older-'));
const file = join(work, 'older.canopy.gz');
const opened: Installation[] = [];

async function installation(dialect: 'sqlite' | 'postgres'): Promise<Installation> {
  const made = await newInstallation(dialect);
  opened.push(made);
  return made;
}

let upgradedInPlace: Map<string, string>;
/** When the in-place upgrade started the held lock's lease (0011's data step: "now"). */
let leaseInPlace: string;

beforeAll(async () => {
  const source = await installation('sqlite');
  await seedIfEmpty(source.db, source.storage);
  await source.db
    .updateTable('content_items')
    .set({ locked_by: 'admin', locked_date: new Date().toISOString() })
    .where('content_id', '=', DEMO_HOME_ID)
    .execute();
  const down = await new Migrator({ db: source.db, provider: migrationProvider }).migrateTo(OLDER);
  expect(down.error).toBeUndefined();
  await exportInstallation({ ...source, file, media: true });
  await migrate(source.db);
  leaseInPlace = (await lockOfHome(source)).locked_date!;
  upgradedInPlace = await crawl(await source.app());
}, 120_000);

function lockOfHome(of: Installation) {
  return of.db
    .selectFrom('content_items')
    .select(['locked_by', 'locked_date'])
    .where('content_id', '=', DEMO_HOME_ID)
    .executeTakeFirstOrThrow();
}

afterAll(async () => {
  for (const made of opened) await made.close();
  rmSync(work, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'] as const)(
  'an export at an older migration, into %s',
  (dialect) => {
    it.skipIf(dialect === 'postgres' && !process.env.TEST_DATABASE_URL)(
      'is brought up to this schema: every answer is the upgraded installation’s',
      async () => {
        const header = JSON.parse(gunzipSync(readFileSync(file)).toString().split('\n')[0]!) as {
          migrations: string[];
        };
        expect(header.migrations.at(-1)).toBe(OLDER);

        const target = await installation(dialect);
        const started = new Date().toISOString();
        const summary = await importInstallation({ ...target, file, media: true, force: false });
        expect(summary.files).toBeGreaterThan(5);
        // 0011's data step ran: the lock held in the file has a lease from the upgrade on; that
        // moment is the one thing that differs from the upgrade in place, so it is made the same
        const home = await lockOfHome(target);
        expect(home.locked_by).toBe('admin');
        expect(home.locked_date! >= started).toBe(true);
        await target.db
          .updateTable('content_items')
          .set({ locked_date: leaseInPlace })
          .where('content_id', '=', DEMO_HOME_ID)
          .execute();
        expect(differences(upgradedInPlace, await crawl(await target.app()))).toEqual([]);
      },
      180_000,
    );
  },
);

describe('an export at an older migration, into a database that holds something', () => {
  it('is refused, and nothing in it changes', async () => {
    const target = await installation('sqlite');
    await seedIfEmpty(target.db);
    const before = await lockOfHome(target);
    await expect(
      importInstallation({ ...target, file, media: true, force: false }),
    ).rejects.toThrow(
      /^The database is not empty \(.*\): import into a new, empty database, or add --force to replace everything in it$/,
    );
    expect(await lockOfHome(target)).toEqual(before);
  });
});
