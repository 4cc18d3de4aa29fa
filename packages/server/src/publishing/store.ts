/**
 * A target's builds in storage: pages are written in packs (the pages a build rendered, a few
 * hundred per object, end to end), a build is a manifest (page URL -> the page's hash, its pack
 * and byte range, and what it read), and the target's `current` file names the manifest being
 * served. Switching builds is one atomic put of `current`; a build that never got that far
 * changes nothing a reader sees. A page is served by a range read of its pack.
 *
 * Packs make a build of 10,000 pages some 25 writes (or S3 PUTs) instead of 10,000. A page whose
 * bytes a pack already holds (carried over, or the same HTML at another URL) is not written
 * again: its entry points at the bytes stored before.
 *
 *   sites/<site>/<mode>/packs/<build id>-<n>.html
 *   sites/<site>/<mode>/manifests/<build id>.json
 *   sites/<site>/<mode>/current
 *   sites/<site>/<mode>/objects/<hash>.html   (one page per object: manifests made before packs)
 *
 * After each switch, what no kept build reads any more is removed (`prune`): packs, one-page
 * objects and manifests of builds that are over. The build served and the one before it are
 * kept, so a request that read the old manifest just before the switch still finds its bytes.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { SiteMode } from '@canopy/site/data';
import type { Storage } from '../storage/index';
import type { Dependencies } from './source';

/** Where a page's bytes are stored: a pack and a byte range of it. */
export interface PageLocation {
  hash: string;
  pack?: string;
  start?: number;
  length?: number;
}

export interface ManifestPage extends PageLocation {
  deps: Dependencies;
  /** The content item the page shows (preview checks the reader's Read on it); not on 404s. */
  content_id?: string;
}

export interface Manifest {
  build_id: string;
  site_id: string;
  mode: SiteMode;
  /** The rendering code's version: a different one renders every page again. */
  renderer: string;
  /** The base path the links were made for. */
  base_path: string;
  created: string;
  pages: Record<string, ManifestPage>;
  not_found: ManifestPage;
}

/** How a page's bytes are named: the first 40 hex digits of their SHA-256. */
export const PAGE_HASH = { algorithm: 'sha256', hexDigits: 40 } as const;

export const contentHash = (html: string | Uint8Array) =>
  createHash(PAGE_HASH.algorithm).update(html).digest('hex').slice(0, PAGE_HASH.hexDigits);

export class TargetStore {
  constructor(
    private readonly storage: Storage,
    readonly siteId: string,
    readonly mode: SiteMode,
  ) {}

  private get prefix() {
    return `sites/${this.siteId}/${this.mode}`;
  }

  private packKey(name: string): string {
    return `${this.prefix}/packs/${name}.html`;
  }

  /** Stores pages end to end as one pack (streamed, not joined first); read by range. */
  async putPack(name: string, pages: Uint8Array[]): Promise<void> {
    // Pages side by side in one buffer (a render thread's batch) go out as one piece.
    const pieces: Buffer[] = [];
    let run: Uint8Array | undefined;
    for (const page of pages) {
      if (
        run &&
        run.buffer === page.buffer &&
        run.byteOffset + run.byteLength === page.byteOffset
      ) {
        run = new Uint8Array(run.buffer, run.byteOffset, run.byteLength + page.byteLength);
        continue;
      }
      if (run) pieces.push(Buffer.from(run.buffer, run.byteOffset, run.byteLength));
      run = page;
    }
    if (run) pieces.push(Buffer.from(run.buffer, run.byteOffset, run.byteLength));
    await this.storage.put(
      this.packKey(name),
      pieces.length === 1 ? pieces[0]! : Readable.from(pieces),
      { contentType: 'text/html; charset=utf-8' },
    );
  }

  async putManifest(manifest: Manifest): Promise<void> {
    await this.storage.put(
      `${this.prefix}/manifests/${manifest.build_id}.json`,
      Buffer.from(JSON.stringify(manifest)),
      { contentType: 'application/json' },
    );
  }

  /** The switch: one atomic write. */
  async setCurrent(buildId: string): Promise<void> {
    await this.storage.put(`${this.prefix}/current`, Buffer.from(buildId));
  }

  async currentBuildId(): Promise<string | undefined> {
    const found = await this.storage.get(`${this.prefix}/current`);
    return found ? (await text(found.body)).trim() : undefined;
  }

  async manifest(buildId: string): Promise<Manifest | undefined> {
    const found = await this.storage.get(`${this.prefix}/manifests/${buildId}.json`);
    return found ? (JSON.parse(await text(found.body)) as Manifest) : undefined;
  }

  /**
   * Removes the packs, one-page objects and manifests that no build in `keep` reads, except
   * those of the builds in `spare` (running now, maybe in another process, and still writing).
   * Answers how many objects went.
   */
  async prune(keep: Manifest[], spare: Set<string>): Promise<number> {
    const kept = new Set([...keep.map((m) => m.build_id), ...spare]);
    const packs = new Set<string>();
    const objects = new Set<string>();
    for (const manifest of keep)
      for (const page of [...Object.values(manifest.pages), manifest.not_found])
        if (page.pack === undefined) objects.add(page.hash);
        else packs.add(page.pack);
    const unread: string[] = [];
    for await (const { key } of this.storage.list(`${this.prefix}/`)) {
      const [folder, file] = key.slice(this.prefix.length + 1).split('/');
      if (file === undefined) continue;
      const name = file.slice(0, file.lastIndexOf('.'));
      const read =
        folder === 'packs'
          ? packs.has(name) || kept.has(name.slice(0, name.lastIndexOf('-')))
          : folder === 'manifests'
            ? kept.has(name)
            : folder === 'objects'
              ? objects.has(name)
              : true;
      if (!read) unread.push(key);
    }
    for (const key of unread) await this.storage.delete(key);
    return unread.length;
  }

  /** A page's bytes (the body of the answer), or undefined when they are gone. */
  async page(location: PageLocation) {
    if (location.pack === undefined)
      return this.storage.get(`${this.prefix}/objects/${location.hash}.html`);
    const start = location.start ?? 0;
    return this.storage.get(this.packKey(location.pack), {
      start,
      end: start + (location.length ?? 0) - 1,
    });
  }
}

/**
 * Writes a build's pages into packs, one pack per call; pages whose bytes are stored already
 * (in the previous build's packs or earlier in this build) are not written again.
 */
export class PackWriter {
  private readonly stored = new Map<string, PageLocation>();
  private packs = 0;

  constructor(
    private readonly store: TargetStore,
    private readonly buildId: string,
    previous: Manifest | undefined,
  ) {
    for (const page of Object.values(previous?.pages ?? {}))
      if (page.pack !== undefined) this.stored.set(page.hash, page);
  }

  /** Where each page is stored, in the order given (`hash`, when given, is `contentHash(html)`). */
  async write(pages: { html: string | Uint8Array; hash?: string }[]): Promise<PageLocation[]> {
    const name = `${this.buildId}-${++this.packs}`;
    const fresh: Uint8Array[] = [];
    let offset = 0;
    const locations = pages.map((page) => {
      const bytes = typeof page.html === 'string' ? Buffer.from(page.html) : page.html;
      const hash = page.hash ?? contentHash(bytes);
      const known = this.stored.get(hash);
      if (known) return { hash, pack: known.pack, start: known.start, length: known.length };
      const location = { hash, pack: name, start: offset, length: bytes.byteLength };
      this.stored.set(hash, location);
      fresh.push(bytes);
      offset += bytes.byteLength;
      return location;
    });
    if (fresh.length > 0) await this.store.putPack(name, fresh);
    return locations;
  }
}
