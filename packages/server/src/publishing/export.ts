/**
 * `canopy build`: a site's target rendered into a plain folder (DIR/<page url>/index.html,
 * DIR/404.html, DIR/_canopy/site.css), from this server's database, by the same renderer and
 * components as the server's builds.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stylesheet, type SiteMode } from '@canopy/site';
import type { Db } from '../db/index';
import { STYLESHEET_URL } from './builds';
import type { PublishingConfig } from './config';
import { Renderer } from './renderer';
import { loadSnapshot } from './source';

export interface ExportResult {
  pages: number;
  ms: number;
}

export async function exportSite(
  db: Db,
  options: {
    siteId: string;
    mode: SiteMode;
    out: string;
    cacheDir: string;
    publishing: PublishingConfig;
  },
): Promise<ExportResult> {
  const started = Date.now();
  const renderer = new Renderer(
    options.cacheDir,
    options.publishing.siteComponents,
    options.publishing.renderThreads,
  );
  try {
    const snapshot = await loadSnapshot(db, options.siteId, options.mode);
    const inputs = await snapshot.models([...snapshot.pages.keys()], '/', STYLESHEET_URL);
    const html = await renderer.renderMany(inputs);
    await mkdir(join(options.out, '_canopy'), { recursive: true });
    await writeFile(join(options.out, '_canopy', 'site.css'), stylesheet);
    await Promise.all(
      inputs.map(async (input, i) => {
        const folder = join(options.out, ...input.url.split('/').filter(Boolean));
        await mkdir(folder, { recursive: true });
        await writeFile(join(folder, 'index.html'), html[i]!);
      }),
    );
    const notFound = await snapshot.notFoundModel('/', STYLESHEET_URL);
    await writeFile(
      join(options.out, '404.html'),
      await renderer.renderHere({ model: notFound.model, notFound: true }),
    );
    return { pages: inputs.length, ms: Date.now() - started };
  } finally {
    await renderer.close();
  }
}
