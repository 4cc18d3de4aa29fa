/**
 * `canopy build`: a site's target rendered into a plain folder (DIR/<page url>/index.html,
 * DIR/404.html, DIR/_canopy/site.css) by the same renderer and components as the server's
 * builds, from this server's database or from another Canopy server's API (remote-source.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stylesheet, type PageModel, type SiteMode } from '@canopy/site/data';
import type { Db } from '../db/index';
import { STYLESHEET_URL } from './builds';
import type { PublishingConfig } from './config';
import { Renderer } from './renderer';
import { loadSnapshot } from './source';

/** Where an export reads a target's pages: page URLs, then their models batch by batch. */
export interface PageSource {
  /** Every page URL of the target. */
  pageUrls(): Promise<string[]>;
  /** Models of these page URLs (of at most `batchSize`); URLs that are no page are left out. */
  models(urls: string[]): Promise<PageModel[]>;
  notFound(): Promise<PageModel>;
  batchSize: number;
  /** How many batches are read and rendered at once. */
  concurrency: number;
}

export interface ExportResult {
  pages: number;
  ms: number;
}

/** A target of this server's database, read once. */
export function databaseSource(db: Db, siteId: string, mode: SiteMode): PageSource {
  let loading: ReturnType<typeof loadSnapshot> | undefined;
  const snapshot = () => (loading ??= loadSnapshot(db, siteId, mode));
  return {
    pageUrls: async () => [...(await snapshot()).pages.keys()],
    models: async (urls) =>
      (await (await snapshot()).models(urls, '/', STYLESHEET_URL)).map((input) => input.model),
    notFound: async () => (await (await snapshot()).notFoundModel('/', STYLESHEET_URL)).model,
    batchSize: 400,
    concurrency: 2,
  };
}

export async function exportSite(
  source: PageSource,
  options: { out: string; cacheDir: string; publishing: PublishingConfig },
): Promise<ExportResult> {
  const started = Date.now();
  const renderer = new Renderer(
    options.cacheDir,
    options.publishing.siteComponents,
    options.publishing.renderThreads,
  );
  try {
    const urls = [...new Set(await source.pageUrls())];
    await mkdir(join(options.out, '_canopy'), { recursive: true });
    await writeFile(join(options.out, '_canopy', 'site.css'), stylesheet);
    const batches: string[][] = [];
    for (let i = 0; i < urls.length; i += source.batchSize)
      batches.push(urls.slice(i, i + source.batchSize));
    let pages = 0;
    await eachBounded(batches, source.concurrency, async (batch) => {
      const models = await source.models(batch);
      const html = await renderer.renderMany(models.map((model) => ({ model })));
      await Promise.all(
        models.map(async (model, i) => {
          const folder = join(options.out, ...model.url.split('/').filter(Boolean));
          await mkdir(folder, { recursive: true });
          await writeFile(join(folder, 'index.html'), html[i]!);
        }),
      );
      pages += models.length;
    });
    const notFound = await source.notFound();
    await writeFile(
      join(options.out, '404.html'),
      await renderer.renderHere({ model: notFound, notFound: true }),
    );
    return { pages, ms: Date.now() - started };
  } finally {
    await renderer.close();
  }
}

/** Runs `work` on every item, at most `limit` at once; the first failure stops the rest. */
async function eachBounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
