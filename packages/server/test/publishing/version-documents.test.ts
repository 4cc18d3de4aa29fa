/**
 * Kept page rows (`version_documents`): a build keeps each page version's rows as the one
 * document it read, the next read takes it whole, and no change to a version's rows, by any
 * path, leaves a kept document behind: the database's triggers drop it, and one read before a
 * change is never kept after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHref } from '@canopy/site';
import { migrate } from '../../src/db/index';
import { ensureBuiltInRoles } from '../../src/operations/users/roles';
import { STYLESHEET_URL } from '../../src/publishing/builds';
import { seedDemoContent } from '../../src/seed/content';
import { seedTemplates } from '../../src/seed/templates';
import { loadSnapshot } from '../../src/publishing/source';
import {
  storeVersionDocuments,
  versionRowDocuments,
  type VersionDocument,
} from '../../src/repositories/version-documents';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import {
  DIALECTS,
  dropTestSchema,
  migratingTestDatabase,
  openTestDatabase,
  testSchemaName,
  type TestApp,
} from '../harness';
import { DEMO_SITE_ID, publishAndWait, startDemo } from './helpers';

/** A page's summary field (shown on the page). */
const SUMMARY = DEMO_TEMPLATES.blocks.page.summary;

const text = (rows: string | Uint8Array) =>
  typeof rows === 'string' ? rows : Buffer.from(rows).toString('utf8');

describe.each(DIALECTS)('kept page rows (%s)', (dialect) => {
  let t: TestApp;
  /** The delivery target's pages: URL and the version shown. */
  let shown: { url: string; contentId: string; version: number }[];
  /** The page the changes below are made to (found before they remove its block fields). */
  let blocks: (typeof shown)[number] | undefined;

  beforeAll(async () => {
    t = await startDemo(dialect, { renderThreads: 2 });
    const build = await publishAndWait(t, 'delivery');
    expect(build).toMatchObject({ status: 'succeeded', error: null });
    const snapshot = await loadSnapshot(t.db, DEMO_SITE_ID, 'delivery');
    shown = snapshot
      .unread([...snapshot.pages.keys()])
      .map(({ url, contentId, version }) => ({ url, contentId, version }));
  });
  afterAll(() => t.close());

  const read = async (page: { contentId: string; version: number }) => {
    const [found] = await versionRowDocuments(t.db, [page.contentId], [page.version]);
    return found!;
  };
  /** A read as a build makes it: what the database built is kept. */
  const readAndKeep = async (page: { contentId: string; version: number }) => {
    const found = await read(page);
    if (found.built) await storeVersionDocuments(t.db, [found]);
    return found;
  };
  /** A shown page with rows in all four tables: fields, a zone, blocks and their fields. */
  const withBlocks = async () => {
    for (const page of shown) {
      const count = async (table: 'dynamic_regions' | 'content_blocks' | 'block_fields') =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .where('content_id', '=', page.contentId)
              .where('version', '=', page.version)
              .executeTakeFirstOrThrow()
          ).n,
        );
      if (
        (await count('dynamic_regions')) > 0 &&
        (await count('content_blocks')) > 0 &&
        (await count('block_fields')) > 0
      )
        return page;
    }
    throw new Error('No demo page has blocks');
  };
  const kept = (page: { contentId: string; version: number }) =>
    t.db
      .selectFrom('version_documents')
      .selectAll()
      .where('content_id', '=', page.contentId)
      .where('version', '=', page.version)
      .executeTakeFirst();
  /** What the page shows when rendered from the rows read now (as preview renders it). */
  const rendered = async (url: string) => {
    const snapshot = await loadSnapshot(t.db, DEMO_SITE_ID, 'delivery');
    const base = t.app.publishing.basePath(DEMO_SITE_ID, 'delivery');
    const [input] = await snapshot.models([url], base, siteHref(base, STYLESHEET_URL));
    return t.app.publishing.renderer.renderHere({ model: input!.model });
  };

  it('keeps the rows of every page a build read, and the next read takes them as kept', async () => {
    expect(shown.length).toBeGreaterThan(5);
    for (const page of shown) {
      const document = await read(page);
      expect(Boolean(document.built), page.url).toBe(false);
      // What is kept is what the database builds from the rows.
      await t.db
        .updateTable('version_documents')
        .set({ rows: null })
        .where('content_id', '=', page.contentId)
        .where('version', '=', page.version)
        .execute();
      const built = await readAndKeep(page);
      expect(Boolean(built.built), page.url).toBe(true);
      expect(text(built.rows), page.url).toBe(text(document.rows));
      expect(Boolean((await read(page)).built), page.url).toBe(false);
    }
  });

  // One statement per table and kind of change, as any path (an editor's save, an import, a
  // repair by hand) writes them.
  const changes: [string, (page: { contentId: string; version: number }) => Promise<unknown>][] = [
    [
      'a field changed',
      (page) =>
        sql`update content_fields set field_value = 'Changed by hand' where content_id = ${page.contentId} and version = ${page.version} and template_block_id = ${SUMMARY}`.execute(
          t.db,
        ),
    ],
    [
      'a zone rewritten',
      (page) =>
        sql`update dynamic_regions set region_value = region_value where content_id = ${page.contentId} and version = ${page.version}`.execute(
          t.db,
        ),
    ],
    [
      'a block moved',
      (page) =>
        sql`update content_blocks set content_block_order = content_block_order where content_id = ${page.contentId} and version = ${page.version}`.execute(
          t.db,
        ),
    ],
    [
      'a block field added',
      (page) =>
        sql`insert into block_fields (field_id, version, content_id, block_id, template_block_id, field_value)
          select ${'added-' + page.contentId}, version, content_id, block_id, template_block_id, field_value
          from block_fields where content_id = ${page.contentId} and version = ${page.version} and field_id = (
            select min(field_id) from block_fields where content_id = ${page.contentId} and version = ${page.version})`.execute(
          t.db,
        ),
    ],
    [
      'a field moved to another version',
      async (page) => {
        // Rows never move between versions; were one moved, the version it left changed too.
        await sql`insert into content_versions (content_id, version, status_id, content_name, page_url, publish_date, unpublish_date, updated_date)
          select content_id, version + 100, 'draft', content_name, null, publish_date, unpublish_date, updated_date
          from content_versions where content_id = ${page.contentId} and version = ${page.version}`.execute(
          t.db,
        );
        return sql`update content_fields set version = version + 100 where content_id = ${page.contentId} and version = ${page.version} and field_id = (
            select min(f.field_id) from content_fields f where f.content_id = ${page.contentId} and f.version = ${page.version}
            and f.template_block_id <> ${SUMMARY}
            and not exists (select 1 from dynamic_regions r where r.field_id = f.field_id and r.version = f.version))`.execute(
          t.db,
        );
      },
    ],
    [
      'block fields removed',
      (page) =>
        sql`delete from block_fields where content_id = ${page.contentId} and version = ${page.version}`.execute(
          t.db,
        ),
    ],
  ];

  it.each(changes)('drops a kept document when %s', async (_, change) => {
    blocks ??= await withBlocks();
    const page = blocks;
    await readAndKeep(page);
    const before = await kept(page);
    expect(before?.rows).not.toBeNull();
    const result = (await change(page)) as { numAffectedRows?: bigint };
    expect(Number(result.numAffectedRows ?? 0)).toBeGreaterThan(0);
    const after = await kept(page);
    expect(after!.rows).toBeNull();
    expect(after!.generation).toBeGreaterThan(before!.generation);
    // The next read builds it again from the rows as they are now, and keeps it.
    expect(Boolean((await readAndKeep(page)).built)).toBe(true);
    expect((await kept(page))!.rows).not.toBeNull();
  });

  it('drops a kept document when its version is deleted with its rows', async () => {
    const page = shown.find((p) => p !== blocks && p.url !== '/')!;
    await readAndKeep(page);
    expect((await kept(page))!.rows).not.toBeNull();
    // The version's rows go with it (the tables' foreign keys cascade).
    await t.db
      .deleteFrom('content_versions')
      .where('content_id', '=', page.contentId)
      .where('version', '=', page.version)
      .execute();
    expect((await kept(page))!.rows).toBeNull();
  });

  it('renders what the rows say now, not what was kept', async () => {
    const page = blocks!;
    expect(await rendered(page.url)).toContain('Changed by hand');
    await sql`update content_fields set field_value = 'Changed twice' where content_id = ${page.contentId} and version = ${page.version} and template_block_id = ${SUMMARY}`.execute(
      t.db,
    );
    const html = await rendered(page.url);
    expect(html).toContain('Changed twice');
    expect(html).not.toContain('Changed by hand');
  });

  it('never keeps a document read before a change to its rows', async () => {
    const page = shown.find((p) => p.url === '/')!;
    await t.db
      .updateTable('version_documents')
      .set({ rows: null })
      .where('content_id', '=', page.contentId)
      .execute();
    const early: VersionDocument = await read(page);
    expect(Boolean(early.built)).toBe(true);
    await sql`update content_fields set field_value = field_value where content_id = ${page.contentId} and version = ${page.version}`.execute(
      t.db,
    );
    // A build that read the rows before the change stores what it read: nothing is kept.
    await storeVersionDocuments(t.db, [early]);
    expect((await kept(page))!.rows).toBeNull();
    // Stored under the generation it was read at, it is kept.
    const now = await read(page);
    expect(Boolean(now.built)).toBe(true);
    await storeVersionDocuments(t.db, [now]);
    expect(text((await kept(page))!.rows!)).toBe(text(now.rows));
  });
});

describe.each(DIALECTS)('kept page rows of versions written before the table (%s)', (dialect) => {
  it('counts their changes from the first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'canopy-documents-'));
    const schema = dialect === 'postgres' ? testSchemaName() : undefined;
    const older = await openTestDatabase({
      url: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      sqliteFile: join(dataDir, 'canopy.sqlite'),
      schema,
      upTo: '0013-media-jobs',
    });
    const { db } = older;
    const state = async (page: { contentId: string; version: number }) => {
      const [found] = await versionRowDocuments(db, [page.contentId], [page.version]);
      return { ...found!, built: Boolean(found!.built), text: text(found!.rows) };
    };
    try {
      await ensureBuiltInRoles(db);
      await seedTemplates(db);
      await seedDemoContent(db);
      await migratingTestDatabase(schema, () => migrate(db, schema));
      const snapshot = await loadSnapshot(db, DEMO_SITE_ID, 'delivery');
      const [page] = snapshot.unread(['/']);
      const first = await state(page!);
      expect(first).toMatchObject({ generation: 0, built: true });
      await sql`update content_fields set field_value = 'Changed after the upgrade' where content_id = ${page!.contentId} and version = ${page!.version} and template_block_id = ${SUMMARY}`.execute(
        db,
      );
      // Read before that change: not kept.
      await storeVersionDocuments(db, [first]);
      const again = await state(page!);
      expect(again).toMatchObject({ generation: 1, built: true });
      expect(again.text).toContain('Changed after the upgrade');
      await storeVersionDocuments(db, [again]);
      expect(await state(page!)).toMatchObject({ generation: 1, built: false, text: again.text });
    } finally {
      await older.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropTestSchema(schema);
    }
  });
});
