/**
 * Rendering: the site package (with the site's own components, when configured) is bundled once
 * into one module that both the render workers (piscina, one thread per core) and on-request
 * rendering (preview, 404s before the first build) load, so every page is rendered by the same
 * code.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import type { Piscina } from 'piscina';
import type { BuildContext, MenuEntry, PageSource } from '@canopy/site';
import type { BuildTask, BuiltBatch, RenderJob, RenderTask, RowsSource } from './render-tasks';

export type { RenderJob } from './render-tasks';

interface RenderModule {
  render(jobs: RenderJob[]): string[];
  describe(): string;
}

/** Piscina's and the SQLite driver's entries, from wherever the bundled render module runs. */
const PISCINA = createRequire(import.meta.url).resolve('piscina');
const SQLITE = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * The render module's entry, in the server package's sources: found from this file's folder up,
 * so from the sources (src/publishing/) and the bundled server (dist/ or dist/chunks/) alike.
 * '@canopy/site' then resolves from there up to the workspace's node_modules.
 */
function entryFile(): string {
  const entry = join('src', 'publishing', 'render-entry.ts');
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, entry))) return join(dir, entry);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The renderer's entry (${entry}) was not found`);
    dir = parent;
  }
}

/** Resolves `canopy:site-components` to the site's own components, or to a module of nothing. */
const siteComponentsPlugin = (siteComponents: string | undefined): Plugin => ({
  name: 'canopy-site-components',
  setup(bundle) {
    bundle.onResolve({ filter: /^canopy:site-components$/ }, () =>
      siteComponents ? { path: siteComponents } : { path: 'none', namespace: 'canopy-empty' },
    );
    bundle.onLoad({ filter: /.*/, namespace: 'canopy-empty' }, () => ({
      contents: 'export {};',
      loader: 'js',
    }));
  },
});

/** Pages per task given to a worker. */
const BATCH = 50;
/** Batches handed to a render thread ahead of the one it is rendering. */
const QUEUED_PER_THREAD = 4;
/** Made-up pages each render thread builds as it starts. */
const WARM_PAGES = 300;
/** Buffers kept for reuse during a build: about as many batches as are in flight at once. */
const SPARE_BUFFERS = 32;

export class Renderer {
  private pool: Piscina | undefined;
  private readonly contexts = new WeakMap<BuildContext, BuildTask['context']>();
  private closed = false;
  /**
   * Batches' HTML buffers whose pages are stored, handed to the threads again to write the next
   * batches into. Each buffer a thread hands over counts as new external memory on this thread
   * until a collection frees it, and a build's 100 MB or so of them started scavenges and a full
   * collection of this thread's heap in every build ("external memory pressure"); a buffer handed
   * back leaves this thread's count as it goes.
   */
  private spare: ArrayBuffer[] = [];
  private module: Promise<{ file: string; version: string; local: RenderModule }> | undefined;

  constructor(
    private readonly cacheDir: string,
    private readonly siteComponents: string | undefined,
    private readonly threads: number | undefined,
  ) {}

  /** Bundles the renderer (once per process) and returns its file and a hash of its code. */
  private load() {
    this.module ??= (async () => {
      // esbuild and piscina load with the first build or page rendered, not at start.
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [entryFile()],
        plugins: [siteComponentsPlugin(this.siteComponents)],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        jsx: 'automatic',
        define: {
          'process.env.NODE_ENV': '"production"',
          CANOPY_PISCINA: JSON.stringify(PISCINA),
          CANOPY_SQLITE: JSON.stringify(SQLITE),
        },
        // CommonJS packages inside (sanitize-html's parser) still call require.
        banner: {
          js: "import { createRequire as __canopyRequire } from 'node:module'; const require = __canopyRequire(import.meta.url);",
        },
        logLevel: 'silent',
      });
      const code = result.outputFiles[0]!.contents;
      const version = createHash('sha256').update(code).digest('hex').slice(0, 16);
      await mkdir(this.cacheDir, { recursive: true });
      const file = join(this.cacheDir, `render-${version}.mjs`);
      const existing = await readFile(file).catch(() => undefined);
      if (!existing || !existing.equals(code)) await writeFile(file, code);
      const local = (await import(pathToFileURL(file).href)) as RenderModule;
      return { file, version: `${version}:${local.describe()}`, local };
    })();
    return this.module;
  }

  /** Identifies the rendering code: a build made by other code renders every page again. */
  async version(): Promise<string> {
    return (await this.load()).version;
  }

  /** Renders in this thread (one page on request). */
  async renderHere(job: RenderJob): Promise<string> {
    return (await this.load()).local.render([job])[0]!;
  }

  /** Render threads running now. */
  get running(): number {
    return this.pool?.threads.length ?? 0;
  }

  private get threadCount(): number {
    return this.threads ?? Math.max(1, availableParallelism());
  }

  /**
   * The worker pool: threads start as work queues up and end after 30 s without work (each holds
   * about 50 MB), unless warmed: then all of them start and stay.
   */
  private async workers(minThreads = 0): Promise<Piscina> {
    const { file } = await this.load();
    const { Piscina } = await import('piscina');
    // Closed while the renderer was being bundled: no thread may start after its files are gone.
    if (this.closed) throw new Error('The renderer was closed');
    this.pool ??= new Piscina({
      filename: file,
      minThreads,
      maxThreads: this.threadCount,
      idleTimeout: 30_000,
      // Tasks wait in each thread's queue, so a thread goes on to its next batch while this
      // thread is busy (reading the next pages' rows) instead of waiting to be handed one.
      concurrentTasksPerWorker: QUEUED_PER_THREAD,
      // The render module is bundled plain JavaScript: the threads take none of this process's
      // Node options (a TypeScript runner's loader in development and tests would transform the
      // module again and slow every thread down); V8's flags apply to every thread regardless.
      execArgv: [],
    });
    return this.pool;
  }

  /**
   * Starts every render thread and waits until each has loaded the renderer (or 10 s), then has
   * each build a few hundred made-up pages, so the next build renders on all of them from its
   * first page with code already compiled. A server that publishes does this as it starts; the
   * threads then stay.
   */
  async warm(): Promise<void> {
    if (this.closed) return;
    const pool = await this.workers(this.threadCount);
    // A pool made earlier with fewer threads grows while tasks wait.
    if (pool.threads.length < this.threadCount) {
      const nothing: RenderTask = { jobs: [], menus: {} };
      await Promise.all(Array.from({ length: this.threadCount * 2 }, () => pool.run(nothing)));
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 10_000);
      function done() {
        clearTimeout(timer);
        pool.off('workerCreate', check);
        resolve();
      }
      const check = () => {
        if (
          pool.threads.length >= pool.options.maxThreads &&
          pool.idleThreads >= pool.threads.length
        )
          done();
      };
      pool.on('workerCreate', check);
      check();
    });
    await Promise.all(
      Array.from({ length: this.threadCount }, () => pool.run({ warm: WARM_PAGES })),
    );
  }

  /** Renders many page models on the worker pool, in batches; results in the order given. */
  async renderMany(jobs: RenderJob[]): Promise<string[]> {
    if (jobs.length === 0) return [];
    const pool = await this.workers();
    const menus = sharedMenus(jobs);
    const results = await Promise.all(
      batches(jobs).map((batch) => pool.run(task(batch, menus)) as Promise<string[]>),
    );
    return results.flat();
  }

  /**
   * Assembles and renders pages of one build from their stored rows on the worker pool, so this
   * thread only reads rows and stores pages; with `read`, the threads read the rows too (pages
   * given as `UnreadPage`). One result per batch, batches in the order given.
   */
  async renderPages(
    context: BuildContext,
    pages: PageSource[],
    read?: RowsSource,
  ): Promise<BuiltBatch[]> {
    if (pages.length === 0) return [];
    const pool = await this.workers();
    let shared = this.contexts.get(context);
    if (!shared) {
      shared = { key: randomUUID(), json: sharedJson(context) };
      this.contexts.set(context, shared);
    }
    const given = shared;
    return Promise.all(
      batches(pages).map((batch) => {
        const { sources, transferList } = movableRows(batch);
        const output = this.spare.pop();
        if (output) transferList.push(output);
        const run = { context: given, pages: sources, read, output } satisfies BuildTask;
        return pool.run(run, { transferList }) as Promise<BuiltBatch>;
      }),
    );
  }

  /** Batches' buffers whose pages are stored: the next batches of this build are written there. */
  recycle(buffers: ArrayBuffer[]): void {
    for (const buffer of buffers) {
      if (this.spare.length >= SPARE_BUFFERS) break;
      if (buffer.byteLength > 0 && !(buffer instanceof SharedArrayBuffer)) this.spare.push(buffer);
    }
  }

  /** Lets go of the buffers kept for reuse (a build ended: an idle server keeps none). */
  dropSpares(): void {
    this.spare = [];
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

const batches = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
};

/**
 * Pages whose rows are bytes, made movable to a render thread: rows that fill a buffer of their
 * own (as the SQLite driver answers them) move with it, without a copy, and are detached here;
 * any others are copied end to end into one buffer that moves.
 */
function movableRows(pages: PageSource[]): { sources: PageSource[]; transferList: ArrayBuffer[] } {
  const transferList: ArrayBuffer[] = [];
  let length = 0;
  for (const page of pages) {
    if (page.rows instanceof Uint8Array && !ownsBuffer(page.rows)) length += page.rows.length;
  }
  const shared = length > 0 ? new ArrayBuffer(length) : undefined;
  if (shared) transferList.push(shared);
  let offset = 0;
  const sources = pages.map((page) => {
    if (!(page.rows instanceof Uint8Array)) return page;
    if (ownsBuffer(page.rows)) {
      transferList.push(page.rows.buffer);
      return page;
    }
    const rows = new Uint8Array(shared!, offset, page.rows.length);
    rows.set(page.rows);
    offset += rows.length;
    return { ...page, rows };
  });
  return { sources, transferList };
}

/** Bytes that are the whole of an ArrayBuffer (not a view of part of one, nor shared memory). */
const ownsBuffer = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

/** A value as JSON in memory every worker reads without a copy. */
function sharedJson(value: unknown): SharedArrayBuffer {
  const bytes = Buffer.from(JSON.stringify(value));
  const json = new SharedArrayBuffer(bytes.length);
  new Uint8Array(json).set(bytes);
  return json;
}

type SharedMenus = Map<MenuEntry[], { key: string; json: SharedArrayBuffer }>;

/** Menus more than one job renders, each as JSON in shared memory under a hash of that JSON. */
function sharedMenus(jobs: RenderJob[]): SharedMenus {
  const uses = new Map<MenuEntry[], number>();
  for (const { model } of jobs) uses.set(model.menu, (uses.get(model.menu) ?? 0) + 1);
  const shared: SharedMenus = new Map();
  for (const [menu, count] of uses) {
    if (count < 2) continue;
    const json = sharedJson(menu);
    shared.set(menu, {
      key: createHash('sha256').update(new Uint8Array(json)).digest('hex'),
      json,
    });
  }
  return shared;
}

function task(batch: RenderJob[], menus: SharedMenus): RenderTask {
  const out: RenderTask = { jobs: [], menus: {} };
  for (const job of batch) {
    const menu = menus.get(job.model.menu);
    if (!menu) {
      out.jobs.push(job);
      continue;
    }
    out.menus[menu.key] = menu.json;
    out.jobs.push({ ...job, model: { ...job.model, menu: [] }, menu: menu.key });
  }
  return out;
}
