/**
 * Builds as jobs: a request is queued at once (a queued build of the same target takes in later
 * requests, so close publishes merge), each target builds one at a time in order (on the queue of
 * `jobs.ts`: this process, or every instance on PostgreSQL), and every change of status or
 * progress is written to the builds table and told to listeners (the Server-Sent Events of
 * /api/builds/{id}/events; with a shared queue, changes made on other instances are read back).
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { siteHref, type Dependencies, type SiteMode } from '@canopy/site/data';
import { isPostgres, type Db } from '../db/index';
import type { BuildRow } from '../db/schema';
import { storeVersionDocuments } from '../repositories/version-documents';
import type { Storage } from '../storage/index';
import { targetsOf, type PublishingConfig } from './config';
import { LocalQueue, type BuildQueue } from './jobs';
import type { BuiltDocument } from './render-tasks';
import type { Renderer } from './renderer';
import { loadSnapshot, type SiteSnapshot } from './source';
import { staleness } from './stale';
import { PackWriter, TargetStore, type Manifest } from './store';

export const STYLESHEET_URL = '/_canopy/site.css';

export interface BuildRequest {
  siteId: string;
  mode: SiteMode;
  definitionId: string;
  buildType: string;
  requestedBy: string;
  releaseId?: string | null;
}

/** Pages per chunk of the build's pipeline (and per pack), and chunks rendering at once. */
const CHUNK = 400;
const IN_FLIGHT = 4;

const INTERRUPTED = 'The server stopped before this build finished; publish again to rebuild';

export const ABANDONED =
  'The instance running this build stopped, and no try was left; publish again to rebuild';

const UNFINISHED = ['queued', 'running'];

/** How often the builds listeners follow are checked for a job the shared queue gave up on. */
const ABANDONED_CHECK_MS = 5_000;

export class BuildService {
  readonly events = new EventEmitter();
  private readonly manifests = new Map<string, { buildId: string; manifest: Manifest }>();
  private closed = false;
  /** The last state told to listeners, per build. */
  private readonly told = new Map<string, string>();
  private watcher: NodeJS.Timeout | undefined;
  private lastAbandonedCheck = 0;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    readonly renderer: Renderer,
    readonly config: PublishingConfig,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    readonly queue: BuildQueue = new LocalQueue(),
  ) {
    this.events.setMaxListeners(0);
    if (!queue.shared) void queue.start((id, attempt) => this.run(id, attempt));
  }

  /** Starts taking jobs from a shared queue, and reading back the builds listeners follow. */
  async start(): Promise<void> {
    if (!this.queue.shared) return;
    await this.queue.start((id, attempt) => this.run(id, attempt));
    this.watcher = setInterval(() => void this.watch().catch(() => undefined), 500);
    this.watcher.unref();
  }

  private async watch(): Promise<void> {
    const ids = this.events.eventNames().map(String);
    for (const id of this.told.keys()) if (!ids.includes(id)) this.told.delete(id);
    if (ids.length === 0) return;
    let rows = await this.db
      .selectFrom('builds')
      .selectAll()
      .where('build_id', 'in', ids)
      .execute();
    if (Date.now() - this.lastAbandonedCheck >= ABANDONED_CHECK_MS) {
      this.lastAbandonedCheck = Date.now();
      rows = await this.settled(rows);
    }
    for (const row of rows) this.tell(row);
  }

  /**
   * The rows as they stand: a build the shared queue gave up on while its row says queued or
   * running (the instance running its last try died or overran CANOPY_JOB_TIMEOUT, so nothing
   * will finish it) is recorded failed first, as media jobs are.
   */
  async settled(rows: BuildRow[]): Promise<BuildRow[]> {
    const queue = this.queue;
    if (!queue.abandoned) return rows;
    return Promise.all(
      rows.map(async (row) => {
        if (!UNFINISHED.includes(row.status)) return row;
        if (!(await queue.abandoned!(row.build_id, row.queued_date))) return row;
        await this.fail(row.build_id, new Error(ABANDONED));
        return (await this.read(row.build_id)) ?? row;
      }),
    );
  }

  private read(buildId: string): Promise<BuildRow | undefined> {
    return this.db
      .selectFrom('builds')
      .selectAll()
      .where('build_id', '=', buildId)
      .executeTakeFirst();
  }

  private tell(row: BuildRow): void {
    const state = JSON.stringify(row);
    if (this.told.get(row.build_id) === state) return;
    this.told.set(row.build_id, state);
    this.events.emit(row.build_id, row);
  }

  store(siteId: string, mode: SiteMode): TargetStore {
    return new TargetStore(this.storage, siteId, mode);
  }

  basePath(siteId: string, mode: SiteMode): string {
    return targetsOf(this.config, siteId)[mode].basePath;
  }

  /**
   * Builds left queued or running by a server that stopped are failed; their targets never
   * switched. A shared queue keeps them instead: another instance may be running them, and the
   * jobs of a stopped one are taken over.
   */
  async failInterrupted(): Promise<number> {
    if (this.queue.shared) return 0;
    const result = await this.db
      .updateTable('builds')
      .set({ status: 'failed', error: INTERRUPTED, finished_date: new Date().toISOString() })
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Queues a build, or joins a queued one of the same target; answers at once. */
  async enqueue(request: BuildRequest): Promise<BuildRow> {
    const queued = await this.queueIn(this.db, request);
    await queued.send();
    return queued.build;
  }

  /**
   * Queues a build within the transaction `trx`, or joins a queued one of the same target (which
   * starts only once `trx` has ended: SQLite has one connection, and on PostgreSQL the row stays
   * locked). `send` hands a new build to the queue: call it after `trx` has committed.
   */
  async queueIn(
    trx: Db,
    request: BuildRequest,
  ): Promise<{ build: BuildRow; send(): Promise<void> }> {
    const found = await trx
      .selectFrom('builds')
      .selectAll()
      .where('site_id', '=', request.siteId)
      .where('mode', '=', request.mode)
      .where('build_definition_id', '=', request.definitionId)
      .where('status', '=', 'queued')
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    // A queued build the shared queue gave up on is not joined; it is recorded failed once `trx`
    // has ended (its row is this transaction's until then).
    const abandoned = found
      ? await this.queue.abandoned?.(found.build_id, found.queued_date)
      : false;
    if (found && !abandoned) return { build: found, send: async () => undefined };
    const row: BuildRow = {
      build_id: randomUUID(),
      site_id: request.siteId,
      mode: request.mode,
      build_definition_id: request.definitionId,
      build_type: request.buildType,
      status: 'queued',
      release_id: request.releaseId ?? null,
      requested_by: request.requestedBy,
      queued_date: new Date().toISOString(),
      started_date: null,
      finished_date: null,
      pages_total: 0,
      pages_done: 0,
      pages_rendered: 0,
      error: null,
    };
    await trx.insertInto('builds').values(row).execute();
    const send = async () => {
      if (found) await this.settled([found]);
      try {
        await this.queue.send(`${request.siteId}/${request.mode}`, row.build_id);
      } catch (error) {
        await this.fail(row.build_id, error);
        throw error;
      }
    };
    return { build: row, send };
  }

  /** Queues the first build of each site's delivery target that has none yet. */
  async buildUnbuiltSites(): Promise<void> {
    for (const { site_id } of await this.db.selectFrom('sites').select('site_id').execute()) {
      if (await this.store(site_id, 'delivery').currentBuildId()) continue;
      await this.enqueue({
        siteId: site_id,
        mode: 'delivery',
        definitionId: '263',
        buildType: 'both',
        requestedBy: 'system',
      });
    }
  }

  /** Waits for every queued and running build of this process (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue.idle();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watcher);
    await this.queue.stop();
    await this.renderer.close();
  }

  /** `unfinished`: only while the build is queued or running (a failure recorded stays). */
  private async update(
    buildId: string,
    changes: Partial<BuildRow>,
    { unfinished = false } = {},
  ): Promise<void> {
    await this.db
      .updateTable('builds')
      .set(changes)
      .where('build_id', '=', buildId)
      .$if(unfinished, (q) => q.where('status', 'in', UNFINISHED))
      .execute();
    const row = await this.read(buildId);
    if (row) this.tell(row);
  }

  private async fail(buildId: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const failed = { status: 'failed', error: message, finished_date: new Date().toISOString() };
    await this.update(buildId, failed, { unfinished: true }).catch(() => undefined);
  }

  /**
   * One attempt at a build. A shared queue's job runs a build left `running` too: its instance
   * stopped and the job was taken over. A failed attempt that is retried goes back to `queued`.
   */
  private async run(buildId: string, attempt: { last: boolean }): Promise<void> {
    if (this.closed) {
      if (this.queue.shared) throw new Error('This instance is stopping; another takes the build');
      return;
    }
    const build = await this.read(buildId);
    const resumable =
      build?.status === 'queued' || (this.queue.shared && build?.status === 'running');
    if (!build || !resumable) return;
    await this.update(buildId, { status: 'running', started_date: new Date().toISOString() });
    try {
      const definition = this.config.definitions[build.build_definition_id];
      if (definition?.deployHook) await this.callDeployHook(build, definition.deployHook);
      else await this.buildStatic(build).finally(() => this.renderer.dropSpares());
      await this.update(buildId, { status: 'succeeded', finished_date: new Date().toISOString() });
    } catch (error) {
      // The error goes back to the queue too: the job is retried, or recorded failed there.
      if (attempt.last) await this.fail(buildId, error);
      else
        await this.update(buildId, { status: 'queued' }, { unfinished: true }).catch(
          () => undefined,
        );
      throw error;
    }
  }

  private async callDeployHook(build: BuildRow, url: string): Promise<void> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        build_id: build.build_id,
        site_id: build.site_id,
        mode: build.mode,
        build_type: build.build_type,
        release_id: build.release_id,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`The deploy hook answered ${response.status}`);
  }

  /** Renders the pages whose inputs changed, carries over the rest, then switches `current`. */
  private async buildStatic(build: BuildRow): Promise<void> {
    const mode = build.mode as SiteMode;
    const store = this.store(build.site_id, mode);
    const base = this.basePath(build.site_id, mode);
    const css = siteHref(base, STYLESHEET_URL);
    const [snapshot, rendererVersion, previous] = await Promise.all([
      loadSnapshot(this.db, build.site_id, mode),
      this.renderer.version(),
      this.currentManifest(build.site_id, mode),
    ]);
    const urls = [...snapshot.pages.keys()];
    const {
      kept: pages,
      stale: toRender,
      notFound: keptNotFound,
    } = staleness(snapshot, previous, rendererVersion, base);
    const carried = urls.length - toRender.length;
    await this.update(build.build_id, { pages_total: urls.length, pages_done: carried });

    // A pipeline in chunks, a few rendering at once; each chunk rendered is stored as one pack
    // while the next are rendered. On SQLite the render threads read the pages' rows themselves
    // (each thread's own read-only connection), so this thread does no work per page but store
    // it; on PostgreSQL this thread reads a chunk's rows while the threads assemble and render
    // the chunks before. Either way a page's rows are read as one document, kept from an earlier
    // build or built by the database and then kept (`repositories/version-documents`).
    const context = snapshot.context(base, css);
    // The not-found page is rendered ahead of the others (stored last, as before), so the
    // threads do not wait for it after the last page.
    const notFoundPage = keptNotFound ? undefined : this.renderNotFound(snapshot, base, css);
    notFoundPage?.catch(() => undefined);
    const writer = new PackWriter(store, build.build_id, previous);
    let rendered = 0;
    let reported = Date.now();
    const jobs: Promise<void>[] = [];
    const rendering = new Set<Promise<unknown>>();
    let failure: unknown;
    for (let i = 0; i < toRender.length && failure === undefined; i += CHUNK) {
      const chunk = toRender.slice(i, i + CHUNK);
      const read = snapshot.rowsSource;
      const sources = read ? snapshot.unread(chunk) : await snapshot.sources(chunk);
      const batches = this.renderer.renderPages(context, sources, read);
      const job = batches.then(async (done) => {
        const html: { html: Uint8Array; hash?: string }[] = [];
        const deps: Dependencies[] = [];
        const built: BuiltDocument[] = [];
        for (const batch of done) {
          let start = 0;
          batch.ends.forEach((end, k) => {
            html.push({ html: batch.html.subarray(start, end), hash: batch.hashes?.[k] });
            start = end;
          });
          deps.push(...batch.deps);
          if (batch.built) built.push(...batch.built);
        }
        // The rows the threads had the database build, kept for the next build to read whole.
        await storeVersionDocuments(this.db, built);
        const locations = await writer.write(html);
        // Stored: the batches' buffers take the next batches' HTML.
        this.renderer.recycle(done.map((batch) => batch.html.buffer as ArrayBuffer));
        sources.forEach(({ url }, k) => {
          pages[url] = { ...locations[k]!, deps: deps[k]!, content_id: sources[k]!.contentId };
        });
        rendered += sources.length;
        if (Date.now() - reported < 250) return;
        reported = Date.now();
        void this.update(build.build_id, { pages_done: carried + rendered }).catch(() => undefined);
      });
      jobs.push(job);
      job.catch((error: unknown) => {
        failure ??= error;
      });
      const settled: Promise<unknown> = batches.then(
        () => rendering.delete(settled),
        () => rendering.delete(settled),
      );
      rendering.add(settled);
      if (rendering.size >= IN_FLIGHT) await Promise.race(rendering);
    }
    await Promise.all(jobs);
    let notFound = keptNotFound;
    if (!notFound) {
      const { html, deps } = await (notFoundPage ?? this.renderNotFound(snapshot, base, css));
      const [location] = await writer.write([{ html }]);
      notFound = { ...location!, deps };
    }
    const manifest: Manifest = {
      build_id: build.build_id,
      site_id: build.site_id,
      mode,
      renderer: rendererVersion,
      base_path: base,
      created: new Date().toISOString(),
      pages,
      not_found: notFound,
    };
    await store.putManifest(manifest);
    await store.setCurrent(build.build_id);
    this.manifests.set(`${build.site_id}/${mode}`, { buildId: build.build_id, manifest });
    await this.prune(store, [manifest, ...(previous ? [previous] : [])]);
    await this.update(build.build_id, {
      pages_done: urls.length,
      pages_rendered: rendered,
    });
  }

  private async renderNotFound(snapshot: SiteSnapshot, base: string, css: string) {
    const input = await snapshot.notFoundModel(base, css);
    const [html] = await this.renderer.renderMany([{ model: input.model, notFound: true }]);
    return { html: html!, deps: input.deps };
  }

  /**
   * Removes the target's stored builds that neither `keep` nor a build still running reads. The
   * build has switched already, so a failure here fails nothing: it is logged, and the bytes left
   * are removed after the next build.
   */
  private async prune(store: TargetStore, keep: Manifest[]): Promise<void> {
    try {
      const running = await this.db
        .selectFrom('builds')
        .select('build_id')
        .where('site_id', '=', store.siteId)
        .where('mode', '=', store.mode)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      await store.prune(keep, new Set(running.map((b) => b.build_id)));
    } catch (error) {
      this.log?.warn(
        { err: error, siteId: store.siteId, mode: store.mode },
        'Old builds could not be removed from storage; the next build removes them',
      );
    }
  }

  /** The builds every site's targets serve now. */
  async servedBuildIds(): Promise<string[]> {
    const sites = await this.db.selectFrom('sites').select('site_id').execute();
    const served = await Promise.all(
      sites.flatMap(({ site_id }) =>
        (['delivery', 'preview'] as const).map((mode) =>
          this.store(site_id, mode).currentBuildId(),
        ),
      ),
    );
    return served.filter((id): id is string => id !== undefined);
  }

  /** The manifest the target serves (kept in memory; re-read when `current` names another). */
  async currentManifest(siteId: string, mode: SiteMode): Promise<Manifest | undefined> {
    const store = this.store(siteId, mode);
    const buildId = await store.currentBuildId();
    if (!buildId) return undefined;
    const key = `${siteId}/${mode}`;
    const known = this.manifests.get(key);
    if (known?.buildId === buildId) return known.manifest;
    const manifest = await store.manifest(buildId);
    if (manifest) this.manifests.set(key, { buildId, manifest });
    return manifest;
  }
}
