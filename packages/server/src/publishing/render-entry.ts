/**
 * The render module's entry: bundled by the renderer (with the site's own components in place of
 * `canopy:site-components`) into the one module the render threads and on-request rendering load.
 * Its default export is what a render thread runs for each task.
 */
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import type BetterSqlite3 from 'better-sqlite3';
import {
  defaultRegistry,
  renderBatch,
  renderNotFound,
  renderPage,
  sampleBatch,
  type BuildContext,
  type MenuEntry,
  type PageSource,
} from '@canopy/site';
import * as own from 'canopy:site-components';
import { rowsReader } from '../db/dialects/sqlite/rows-reader';
import { PAGE_HASH } from './store';
import type {
  BuildTask,
  BuiltBatch,
  BuiltDocument,
  RenderJob,
  RenderTask,
  RowsSource,
  UnreadPage,
  WarmTask,
} from './render-tasks';

const registry = defaultRegistry();
const register = own.default ?? own.register;
if (typeof register === 'function') register(registry);

export function describe(): string {
  return registry.describe();
}

export function render(jobs: RenderJob[]): string[] {
  return jobs.map((job) =>
    (job.notFound ? renderNotFound : renderPage)(job.model, registry, { whole: job.whole }),
  );
}

const load = createRequire(import.meta.url);
// The thread's own piscina (not a bundled copy), which hands over what `move` marks.
const pool = load(CANOPY_PISCINA) as typeof Piscina;
// The SQLite driver, loaded when a build first has this thread read rows.
let sqlite: typeof BetterSqlite3 | undefined;

/**
 * The pages with their rows, read here from `read`'s file (one statement for the batch), and the
 * documents the database built for them (the server's thread stores those).
 */
function withRows(
  read: RowsSource,
  pages: UnreadPage[],
): { pages: PageSource[]; built: BuiltDocument[] } {
  sqlite ??= load(CANOPY_SQLITE) as typeof BetterSqlite3;
  const pairs = JSON.stringify(pages.map((page) => [page.contentId, page.version]));
  const found = rowsReader(sqlite, read.file).all(read.sql, pairs) as (BuiltDocument & {
    built: number;
  })[];
  const rows = new Map<string, Uint8Array>();
  const built: BuiltDocument[] = [];
  for (const { built: isBuilt, ...document } of found) {
    rows.set(`${document.content_id}#${document.version}`, document.rows);
    if (isBuilt) built.push(document);
  }
  return {
    pages: pages.map(({ version, ...page }) => ({
      ...page,
      rows: rows.get(`${page.contentId}#${version}`) ?? null,
    })),
    built,
  };
}

// The last two shared menus or build contexts (a large site's are large), parsed once per thread.
const shared = new Map<string, unknown>();
function sharedOf<T>(key: string, json: SharedArrayBuffer): T {
  let value = shared.get(key);
  if (value) return value as T;
  value = JSON.parse(Buffer.from(json).toString('utf8'));
  if (shared.size >= 2) shared.delete(shared.keys().next().value!);
  shared.set(key, value);
  return value as T;
}

// Pages are named where they are rendered, as the store names them (PAGE_HASH).
const digest = (bytes: Uint8Array) =>
  hash(PAGE_HASH.algorithm, bytes, 'hex').slice(0, PAGE_HASH.hexDigits);

export default function run(task: RenderTask | BuildTask | WarmTask): unknown {
  if ('warm' in task) {
    const sample = sampleBatch(task.warm, registry.widgetLayouts());
    renderBatch(sample.context, sample.pages, registry, digest);
    return [];
  }
  if ('pages' in task) {
    const context = sharedOf<BuildContext>(task.context.key, task.context.json);
    const read = task.read ? withRows(task.read, task.pages as UnreadPage[]) : undefined;
    const pages = read?.pages ?? task.pages;
    const batch: BuiltBatch = renderBatch(context, pages, registry, digest, task.output);
    if (read?.built.length) batch.built = read.built;
    // The HTML's buffer is handed over, not copied (piscina's move).
    // Piscina's Transferable is keyed by these two symbols, which its types do not name.
    const movable = {
      [pool.transferableSymbol]: [batch.html.buffer],
      [pool.valueSymbol]: batch,
    } as unknown as Parameters<typeof pool.move>[0];
    return pool.move(movable);
  }
  return render(
    task.jobs.map((job) =>
      job.menu === undefined
        ? job
        : {
            notFound: job.notFound,
            model: { ...job.model, menu: sharedOf<MenuEntry[]>(job.menu, task.menus[job.menu]!) },
          },
    ),
  );
}
