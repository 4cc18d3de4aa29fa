/**
 * `canopy export` and `canopy import`: the demo installation with its media goes SQLite ->
 * PostgreSQL -> SQLite and every API answer and media file stays the same; an import refuses a
 * database that holds anything, another format version and a file cut short, and leaves nothing
 * of itself behind then.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_TEMPLATE_IDS } from '../../src/seed/templates-ids';
import { DEMO_SITE_ID } from '../../src/seed/content';
import { exportInstallation } from '../../src/transfer/export';
import { importInstallation } from '../../src/transfer/import';
import {
  adminToken,
  crawl,
  differences,
  newInstallation,
  type Installation,
} from './transfer-helpers';

const work = mkdtempSync(join(tmpdir(), 'canopy-transfer-files-'));
const opened: Installation[] = [];

async function installation(dialect: 'sqlite' | 'postgres'): Promise<Installation> {
  const made = await newInstallation(dialect);
  opened.push(made);
  return made;
}

function exportOf(from: Installation, file: string) {
  return exportInstallation({ ...from, file: join(work, file), media: true });
}

function importInto(into: Installation, file: string, force = false) {
  return importInstallation({ ...into, file: join(work, file), media: true, force });
}

async function mediaKeys(into: Installation): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of into.storage.list('media/')) keys.push(object.key);
  return keys;
}

/** The demo with its media, an API key, a publish and a transcode: something in every kind of table. */
async function demo(): Promise<Installation> {
  const source = await installation('sqlite');
  const app = await source.app();
  await seedIfEmpty(source.db, source.storage);
  const headers = { authorization: `Bearer ${await adminToken(app)}` };
  const key = await app.inject({
    method: 'POST',
    url: '/api/apikeys',
    headers,
    payload: { name: 'site builder', scope: 'published' },
  });
  expect(key.statusCode, key.body).toBe(201);
  const release = await app.inject({
    method: 'POST',
    url: '/api/releases',
    headers,
    payload: { mode: 'delivery', site_id: DEMO_SITE_ID },
  });
  expect(release.statusCode, release.body).toBe(202);
  await app.publishing.idle();
  const clip = await source.db
    .selectFrom('content_items')
    .select('content_id')
    .where('content_type_id', '=', 'video')
    .where('media_url', 'is not', null)
    .executeTakeFirstOrThrow();
  const stream = await app.inject({
    method: 'POST',
    url: '/api/contents',
    headers,
    payload: { parent_id: MEDIA_LIBRARY_ROOT_ID, template_id: DEMO_TEMPLATE_IDS.multiStreamVideo },
  });
  const transcode = await app.inject({
    method: 'POST',
    url: `/api/mediacollectionfolder/${stream.json().content_id}/transcode`,
    headers,
    payload: { source_id: clip.content_id },
  });
  expect(transcode.statusCode, transcode.body).toBe(202);
  const jobUrl = `/api/mediajobs/${transcode.json().job_id}`;
  // the transcode runs in this process: done when its job says so
  let status = 'queued';
  for (let i = 0; i < 600 && (status === 'queued' || status === 'running'); i++) {
    if (i > 0) await new Promise((done) => setTimeout(done, 100));
    status = (await app.inject({ method: 'GET', url: jobUrl, headers })).json().status;
  }
  expect(status).toBe('succeeded');
  return source;
}

let source: Installation;
let answers: Map<string, string>;

beforeAll(async () => {
  source = await demo();
  await exportOf(source, 'demo.canopy.gz');
  answers = await crawl(await source.app());
}, 120_000);

afterAll(async () => {
  for (const made of opened) await made.close();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('SQLite -> PostgreSQL -> SQLite', () => {
  it('gives every API answer and every media file back the same', async () => {
    expect(answers.size).toBeGreaterThan(300);
    expect((await mediaKeys(source)).length).toBeGreaterThan(5);

    const postgres = await installation('postgres');
    const imported = await importInto(postgres, 'demo.canopy.gz');
    expect(imported.files).toBe((await mediaKeys(source)).length);
    expect(differences(answers, await crawl(await postgres.app()))).toEqual([]);

    await exportOf(postgres, 'from-postgres.canopy.gz');
    const back = await installation('sqlite');
    await importInto(back, 'from-postgres.canopy.gz');
    expect(differences(answers, await crawl(await back.app()))).toEqual([]);
    expect(await mediaKeys(back)).toEqual(await mediaKeys(source));
  }, 180_000);
});

describe('export', () => {
  it('carries no kept page rows: the database builds its own again', async () => {
    const kept = await source.db
      .selectFrom('version_documents')
      .select('content_id')
      .where('rows', 'is not', null)
      .execute();
    expect(kept.length).toBeGreaterThan(5);
    const lines = gunzipSync(readFileSync(join(work, 'demo.canopy.gz'))).toString();
    expect(lines).toContain('content_fields');
    expect(lines).not.toContain('version_documents');
  });
});

describe('import without media', () => {
  it('takes every row and leaves the media files out', async () => {
    const target = await installation('sqlite');
    const summary = await importInstallation({
      ...target,
      file: join(work, 'demo.canopy.gz'),
      media: false,
      force: false,
    });
    expect(summary).toMatchObject({ files: 0, bytes: 0 });
    expect(summary.rows).toBeGreaterThan(400);
    expect(await mediaKeys(target)).toEqual([]);
    const app = await target.app();
    const menus = await app.inject({
      method: 'GET',
      url: '/api/menus',
      headers: { authorization: `Bearer ${await adminToken(app)}` },
    });
    expect(`${menus.statusCode} ${JSON.stringify(menus.json())}`).toBe(answers.get('/api/menus'));
  });
});

describe('import refusals', () => {
  /** The export's lines, changed, as a new file. */
  function rewrite(file: string, change: (lines: string[]) => string[]) {
    const lines = gunzipSync(readFileSync(join(work, 'demo.canopy.gz')))
      .toString()
      .split('\n');
    writeFileSync(join(work, file), gzipSync(change(lines).join('\n')));
  }

  async function expectEmpty(target: Installation) {
    const count = async (table: 'content_items' | 'users' | 'sites') =>
      Number(
        (
          await target.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('content_items'), await count('users'), await count('sites')]).toEqual([
      0, 0, 0,
    ]);
    expect(await mediaKeys(target)).toEqual([]);
  }

  it('refuses a database that holds anything, and replaces it all with --force', async () => {
    const target = await installation('sqlite');
    await seedIfEmpty(target.db);
    const before = (await target.db.selectFrom('users').select('user_id').execute()).length;
    await expect(importInto(target, 'demo.canopy.gz')).rejects.toThrow(
      /^The database is not empty \(.*roles, .*settings.* have rows\): import into a new, empty database, or add --force to replace everything in it$/,
    );
    expect((await target.db.selectFrom('users').select('user_id').execute()).length).toBe(before);

    await importInto(target, 'demo.canopy.gz', true);
    expect(differences(answers, await crawl(await target.app()))).toEqual([]);
  }, 120_000);

  it('refuses a newer format version before touching the database', async () => {
    rewrite('version-2.canopy.gz', ([header, ...rest]) => [
      JSON.stringify({ ...JSON.parse(header!), version: 2 }),
      ...rest,
    ]);
    const target = await installation('sqlite');
    await expect(importInto(target, 'version-2.canopy.gz')).rejects.toThrow(
      `${join(work, 'version-2.canopy.gz')} is an export of format version 2, made by a newer Canopy; this one reads version 1: import it with that Canopy version or a later one`,
    );
    await expectEmpty(target);
  });

  it('refuses an export from a newer Canopy (a migration this one lacks)', async () => {
    rewrite('newer.canopy.gz', ([header, ...rest]) => {
      const parsed = JSON.parse(header!) as { migrations: string[] };
      const newer = { ...parsed, migrations: [...parsed.migrations, '9999-from-the-future'] };
      return [JSON.stringify(newer), ...rest];
    });
    const target = await installation('sqlite');
    await expect(importInto(target, 'newer.canopy.gz')).rejects.toThrow(
      /newer\.canopy\.gz was exported by a newer Canopy, at database migration 9999-from-the-future \(this one knows up to \d{4}-[\w-]+\): import it with that Canopy version or a later one$/,
    );
    await expectEmpty(target);
  });

  it('refuses an export whose migrations are not the first of this Canopy’s', async () => {
    rewrite('gap.canopy.gz', ([header, ...rest]) => {
      const parsed = JSON.parse(header!) as { migrations: string[] };
      const gap = {
        ...parsed,
        migrations: parsed.migrations.filter((m) => m !== '0003-integrity'),
      };
      return [JSON.stringify(gap), ...rest];
    });
    const target = await installation('sqlite');
    await expect(importInto(target, 'gap.canopy.gz')).rejects.toThrow(
      /gap\.canopy\.gz was exported at database migrations 0001-initial, 0002-identity, 0004-identity-issuer, .*, which are not the first of this Canopy's \(0001-initial, 0002-identity, 0003-integrity, .*\): import it with the Canopy version that exported it$/,
    );
    await expectEmpty(target);
  });

  it('refuses a file that is no export', async () => {
    writeFileSync(join(work, 'notes.txt'), 'just some text\n');
    const target = await installation('sqlite');
    await expect(importInto(target, 'notes.txt')).rejects.toThrow(
      `${join(work, 'notes.txt')} is not a Canopy export (not a gzip file)`,
    );
    await expectEmpty(target);
  });

  it('refuses a file cut short in its compressed bytes, and keeps none of its rows', async () => {
    const whole = readFileSync(join(work, 'demo.canopy.gz'));
    writeFileSync(join(work, 'cut.canopy.gz'), whole.subarray(0, Math.floor(whole.length * 0.7)));
    const target = await installation('sqlite');
    await expect(importInto(target, 'cut.canopy.gz')).rejects.toThrow(
      /cut\.canopy\.gz is truncated or damaged after line \d+ \(unexpected end of file\); export it again$/,
    );
    await expectEmpty(target);
  });

  it('refuses a file that ends inside a media file, and removes the media files it wrote', async () => {
    rewrite('ends-in-media.canopy.gz', (lines) => {
      const lastFile = lines.findLastIndex((line) => line.startsWith('{"file":'));
      const firstFile = lines.findIndex((line) => line.startsWith('{"file":'));
      expect(lastFile).toBeGreaterThan(firstFile);
      return lines.slice(0, lastFile + 1);
    });
    const target = await installation('sqlite');
    await expect(importInto(target, 'ends-in-media.canopy.gz')).rejects.toThrow(
      /ends-in-media\.canopy\.gz is truncated inside the media file media\/.+; nothing was imported$/,
    );
    await expectEmpty(target);
  });

  it('refuses a file that ends between two tables', async () => {
    rewrite('ends-early.canopy.gz', (lines) =>
      lines.slice(
        0,
        lines.findIndex((line) => line.startsWith('{"table":"content_items"')),
      ),
    );
    const target = await installation(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    await expect(importInto(target, 'ends-early.canopy.gz')).rejects.toThrow(
      /ends-early\.canopy\.gz is truncated: it ends after line \d+, before the end of the export; nothing was imported$/,
    );
    await expectEmpty(target);
  });
});
