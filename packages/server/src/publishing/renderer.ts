/**
 * Rendering: the site package (with the site's own components, when configured) is bundled once
 * into one module that both the render workers (piscina, one thread per core) and on-request
 * rendering (preview, 404s before the first build) load, so every page is rendered by the same
 * code.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Piscina } from 'piscina';
import type { MenuEntry, PageModel } from '@canopy/site';

export interface RenderJob {
  model: PageModel;
  notFound?: boolean;
}

/**
 * What a worker is given: jobs whose shared menu was taken out (`menu` names it), and each such
 * menu once, as JSON in shared memory under a hash of its content. A site's menu holds every
 * page, so copying it with each batch made a build's transfers grow with the square of its pages.
 */
interface RenderTask {
  jobs: (RenderJob & { menu?: string })[];
  menus: Record<string, SharedArrayBuffer>;
}

interface RenderModule {
  render(jobs: RenderJob[]): string[];
  describe(): string;
}

// '@canopy/site' resolves from here (the sources or the bundled server) up to the workspace's node_modules.
const here = dirname(fileURLToPath(import.meta.url));

function entrySource(siteComponents: string | undefined): string {
  return [
    `import { defaultRegistry, renderPage, renderNotFound } from '@canopy/site';`,
    siteComponents ? `import * as own from ${JSON.stringify(siteComponents)};` : 'const own = {};',
    'const registry = defaultRegistry();',
    `const register = own.default ?? own.register;`,
    `if (typeof register === 'function') register(registry);`,
    'export function describe() { return registry.describe(); }',
    'export function render(jobs) {',
    '  return jobs.map((job) => job.notFound ? renderNotFound(job.model, registry) : renderPage(job.model, registry));',
    '}',
    // The last few shared menus, parsed once per worker.
    'const menus = new Map();',
    'function menuOf(key, json) {',
    '  let menu = menus.get(key);',
    '  if (menu) return menu;',
    "  menu = JSON.parse(Buffer.from(json).toString('utf8'));",
    '  if (menus.size >= 4) menus.delete(menus.keys().next().value);',
    '  menus.set(key, menu);',
    '  return menu;',
    '}',
    'export default function (task) {',
    '  return render(task.jobs.map((job) => job.menu === undefined ? job',
    '    : { notFound: job.notFound, model: { ...job.model, menu: menuOf(job.menu, task.menus[job.menu]) } }));',
    '}',
  ].join('\n');
}

export class Renderer {
  private pool: Piscina | undefined;
  private module: Promise<{ file: string; version: string; local: RenderModule }> | undefined;

  constructor(
    private readonly cacheDir: string,
    private readonly siteComponents: string | undefined,
    private readonly threads: number | undefined,
  ) {}

  /** Bundles the renderer (once per process) and returns its file and a hash of its code. */
  private load() {
    this.module ??= (async () => {
      const result = await build({
        stdin: {
          contents: entrySource(this.siteComponents),
          resolveDir: here,
          loader: 'js',
          sourcefile: 'render-entry.js',
        },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
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

  /** Renders many pages on the worker pool, in batches; results in the order given. */
  async renderMany(jobs: RenderJob[], onBatch?: (done: number) => void): Promise<string[]> {
    if (jobs.length === 0) return [];
    const { file } = await this.load();
    const threads = this.threads ?? Math.max(1, availableParallelism());
    this.pool ??= new Piscina({
      filename: file,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 30_000,
    });
    const BATCH = 50;
    const batches: RenderJob[][] = [];
    for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
    const menus = sharedMenus(jobs);
    let done = 0;
    const results = await Promise.all(
      batches.map(async (batch) => {
        const html = (await this.pool!.run(task(batch, menus))) as string[];
        done += batch.length;
        onBatch?.(done);
        return html;
      }),
    );
    return results.flat();
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

type SharedMenus = Map<MenuEntry[], { key: string; json: SharedArrayBuffer }>;

/** Menus more than one job renders, each as JSON in shared memory under a hash of that JSON. */
function sharedMenus(jobs: RenderJob[]): SharedMenus {
  const uses = new Map<MenuEntry[], number>();
  for (const { model } of jobs) uses.set(model.menu, (uses.get(model.menu) ?? 0) + 1);
  const shared: SharedMenus = new Map();
  for (const [menu, count] of uses) {
    if (count < 2) continue;
    const bytes = Buffer.from(JSON.stringify(menu));
    const json = new SharedArrayBuffer(bytes.length);
    new Uint8Array(json).set(bytes);
    shared.set(menu, { key: createHash('sha256').update(bytes).digest('hex'), json });
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
