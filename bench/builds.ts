/**
 * Static builds of a generated 10,000-page site (10 widgets per page): full builds through the
 * server (database reads, render workers, storage, manifest) into an empty target, the first one
 * (which keeps each page's rows as one document) shown alone, then three with the median taken;
 * the same pages rendered whole by a bare React loop on one thread from
 * models already in memory (the floor, also the median of three), the same loop reusing the
 * header and footer markup as builds do, and Eleventy building the same models; the time from
 * Publish of one changed page to its new HTML being served, and a full rebuild after a menu
 * rename. The server's render threads are started (and have built a few hundred made-up pages)
 * before the clock starts, as the server does when it starts.
 * Runs in this process on the bench database.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createUser } from '../packages/server/src/operations/users/create-user';
import { loadSnapshot } from '../packages/server/src/publishing/source';
import { stageFieldChange } from '../packages/server/test/publishing/stage';
import { createBenchDatabase } from './lib/database';
import { createContentModel, fillPage, insertTree, planTree } from './lib/data';
import { settle } from './lib/measure';
import { step, type Row } from './lib/report';
import { buildWithEleventy } from './eleventy';

/** BENCH_BUILD_PAGES sets a smaller site for a quick look on a busy machine. */
const PAGES = Number(process.env.BENCH_BUILD_PAGES ?? 10_000);
const WIDGETS = 10;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Runs of the bare loop and of the full build (after the first); each figure is their median. */
const LOOP_RUNS = 3;
const FULL_RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function benchBuilds(): Promise<Row[]> {
  const bench = await createBenchDatabase('builds');
  const { db } = bench.database;
  try {
    const model = await createContentModel(db);
    const items = planTree(PAGES, 1, 10);
    await insertTree(db, model, items);
    for (const item of items) await fillPage(db, model, item, WIDGETS);
    const siteId = items[0]!.siteId;
    step(`${items.length} pages with ${WIDGETS} widgets each written`);

    const config = loadConfig();
    const app = await build({
      database: { ...bench.database, close: async () => undefined },
      logger: false,
      config: {
        dataDir: bench.connection.dataDir,
        publishing: {
          ...config.publishing,
          buildOnStart: false,
          siteComponents: fileURLToPath(new URL('./site-components.ts', import.meta.url)),
        },
      },
    });
    await app.ready();
    try {
      // The renderer bundled and its threads started, as the server does when it starts,
      // so the build figure is the build.
      await app.publishing.renderer.version();
      await app.publishing.renderer.warm();
      // Full builds of every page into an empty target. The first reads every page's rows as
      // the database builds them and keeps them (no build has run on this database), on threads
      // that have built only made-up pages: it is shown on its own. Then three more, reading the
      // rows as kept, as every later build does: the median taken (as for the floor below).
      const fulls: number[] = [];
      let firstMs = 0;
      for (let run = 0; run <= FULL_RUNS; run++) {
        rmSync(join(bench.connection.dataDir, 'storage', 'sites', siteId, 'delivery'), {
          recursive: true,
          force: true,
        });
        settle();
        const started = performance.now();
        const queued = await app.publishing.enqueue({
          siteId,
          mode: 'delivery',
          definitionId: '263',
          buildType: 'both',
          requestedBy: 'bench',
        });
        await app.publishing.idle();
        if (run === 0) firstMs = performance.now() - started;
        else fulls.push(performance.now() - started);
        const row = await db
          .selectFrom('builds')
          .selectAll()
          .where('build_id', '=', queued.build_id)
          .executeTakeFirstOrThrow();
        if (row.status !== 'succeeded' || row.pages_rendered !== items.length)
          throw new Error(`the build ${row.status}, ${row.pages_rendered} pages: ${row.error}`);
      }
      const fullMs = median(fulls);
      step(
        `full build: ${items.length} pages in ${seconds(fullMs)} (median of ${fulls.map(seconds).join(', ')}; the first, keeping the rows, ${seconds(firstMs)})`,
      );

      // The floor: the same page models, already in memory, rendered by a bare loop on one thread.
      const snapshot = await loadSnapshot(db, siteId, 'delivery');
      const inputs = await snapshot.models([...snapshot.pages.keys()], '/', '/_canopy/site.css');
      // The components the workers run (bundled in production mode), here on the main thread,
      // every page rendered whole: the bare loop. Then the same loop reusing the header and
      // footer markup as a build does, to show what the build's pipeline itself costs.
      const renderer = app.publishing.renderer;
      const loop = async (whole: boolean) => {
        await renderer.renderHere({ model: inputs[0]!.model, whole });
        // Three runs, the median taken: one run of the floor swung by a third on a busy machine.
        const runs: number[] = [];
        let bytes = 0;
        for (let run = 0; run < LOOP_RUNS; run++) {
          settle();
          const loopStarted = performance.now();
          bytes = 0;
          for (const input of inputs)
            bytes += (await renderer.renderHere({ model: input.model, whole })).length;
          runs.push(performance.now() - loopStarted);
        }
        return { ms: median(runs), runs, bytes };
      };
      const bare = await loop(true);
      const loopMs = bare.ms;
      step(
        `bare React loop: ${inputs.length} pages (${(bare.bytes / 1e6).toFixed(0)} MB) in ${seconds(loopMs)} (median of ${bare.runs.map(seconds).join(', ')})`,
      );
      const reusing = await loop(false);
      step(
        `the same loop reusing header and footer markup: ${seconds(reusing.ms)} (median of ${reusing.runs.map(seconds).join(', ')})`,
      );

      // Eleventy: the same models, written to files by a template making the same markup.
      settle();
      const eleventy = await buildWithEleventy(
        inputs.map((input) => input.model),
        (model) => renderer.renderHere({ model }),
      );
      step(
        `Eleventy: ${inputs.length} pages in ${seconds(eleventy.ms)}; ${eleventy.same} of ${eleventy.sampled} sampled pages byte for byte Canopy's`,
      );

      // Publishing as an administrator, through the API.
      const stage = (item: (typeof items)[number], blockId: string, value: string) =>
        stageFieldChange(db, item.id, blockId, value);
      const userId = await createUser(db, {
        username: 'bench-admin',
        given_name: 'Bench',
        family_name: 'Admin',
        roleIds: ['administrator'],
      });
      const token = await app.canopy.tokens.sign(
        { sub: userId, preferred_username: 'bench-admin' },
        600,
      );
      const publish = async () => {
        const published = await app.inject({
          method: 'POST',
          url: '/api/releases',
          headers: { authorization: `Bearer ${token}` },
          payload: { mode: 'delivery', site_id: siteId },
        });
        if (published.statusCode !== 202)
          throw new Error(`publish answered ${published.statusCode}: ${published.body}`);
        return (published.json() as { build_id: string }).build_id;
      };

      // One changed page, from Publish to its new HTML served.
      const target = items[Math.floor(items.length * 0.43)]!;
      await stage(target, model.page.title, 'Changed for the bench');
      const publishStarted = performance.now();
      await publish();
      let html = '';
      while (!html.includes('Changed for the bench')) {
        await new Promise((done) => setTimeout(done, 5));
        html = (await app.inject({ url: target.pageUrl })).body;
      }
      const liveMs = performance.now() - publishStarted;
      step(`one changed page live ${seconds(liveMs)} after Publish`);

      // A page of the header menu renamed: every page shows the menu, so every page is rendered
      // again, on threads that have built the site before.
      await app.publishing.idle();
      await stage(items[1]!, model.page.itemName, 'Renamed for the bench');
      settle();
      const renameStarted = performance.now();
      const renameBuild = await publish();
      await app.publishing.idle();
      const rebuildMs = performance.now() - renameStarted;
      const rebuilt = await db
        .selectFrom('builds')
        .selectAll()
        .where('build_id', '=', renameBuild)
        .executeTakeFirstOrThrow();
      if (rebuilt.status !== 'succeeded' || rebuilt.pages_rendered !== items.length)
        throw new Error(
          `the rebuild ${rebuilt.status}, ${rebuilt.pages_rendered} pages: ${rebuilt.error}`,
        );
      step(`menu rename: ${rebuilt.pages_rendered} pages rendered again in ${seconds(rebuildMs)}`);

      const ratio = fullMs / loopMs;
      // The render floor a build really has: it reuses header and footer markup as this loop does.
      const toFloor = fullMs / reusing.ms;
      const vsEleventy = fullMs / eleventy.ms;
      return [
        {
          name: `Full build, ${PAGES.toLocaleString('en-US')} pages x ${WIDGETS} widgets (DB reads of kept rows, 2 render threads, storage; median of 3)`,
          measured: `${seconds(fullMs)} (${ratio.toFixed(2)}x the whole-page loop)`,
          target: '<= 1.5x the loop reusing header and footer',
          ratio: `${(toFloor / 1.5).toFixed(2)}x target`,
          vsBare: `${toFloor.toFixed(2)}x the loop reusing header and footer`,
          verdict: toFloor <= 1.5 ? 'PASS' : 'MISS',
        },
        {
          name: '  the first full build: rows built by the database, then kept; threads warmed with made-up pages only',
          measured: seconds(firstMs),
          target: '-',
          ratio: `${(firstMs / reusing.ms).toFixed(2)}x the loop reusing header and footer`,
          vsBare: '-',
          verdict: 'INFO',
        },
        {
          name: '  full rebuild after a menu rename (every page again, from Publish)',
          measured: seconds(rebuildMs),
          target: '-',
          ratio: `${(rebuildMs / loopMs).toFixed(2)}x bare loop`,
          vsBare: '-',
          verdict: 'INFO',
        },
        {
          name: '  bare React loop, same pages from memory, same components, one thread, every page whole (floor, median of 3)',
          measured: seconds(loopMs),
          target: '-',
          ratio: '-',
          vsBare: '-',
          verdict: 'INFO',
        },
        {
          name: '  the same loop reusing header and footer markup as builds do (median of 3)',
          measured: seconds(reusing.ms),
          target: '-',
          ratio: `full build ${(fullMs / reusing.ms).toFixed(2)}x this loop`,
          vsBare: '-',
          verdict: 'INFO',
        },
        {
          name: '  Eleventy 3, same pages from memory, .11ty.js template, written to files',
          measured: `${seconds(eleventy.ms)} (${eleventy.same}/${eleventy.sampled} sampled pages identical)`,
          target: '-',
          ratio: `${(eleventy.ms / loopMs).toFixed(2)}x bare loop`,
          vsBare: '-',
          verdict: 'INFO',
        },
        {
          name: '  full build against Eleventy',
          measured: `${vsEleventy.toFixed(2)}x Eleventy's time`,
          target: '< 1x (faster)',
          ratio: `${vsEleventy.toFixed(2)}x target`,
          vsBare: '-',
          verdict: vsEleventy < 1 ? 'PASS' : 'MISS',
        },
        {
          name: '  one changed page: Publish to new HTML served',
          measured: seconds(liveMs),
          target: '< 1 s',
          ratio: `${(liveMs / 1000).toFixed(2)}x target`,
          vsBare: '-',
          verdict: liveMs < 1000 ? 'PASS' : 'MISS',
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await bench.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await benchBuilds())
    console.log(`${row.name}: ${row.measured} (${row.ratio}) ${row.verdict}`);
}
