/**
 * A target's builds in storage: pages are content-addressed objects, a build is a manifest (page
 * URL -> object hash, with what each page read), and the target's `current` file names the
 * manifest being served. Switching builds is one atomic put of `current`; a build that never got
 * that far changes nothing a reader sees.
 *
 *   sites/<site>/<mode>/objects/<hash>.html
 *   sites/<site>/<mode>/manifests/<build id>.json
 *   sites/<site>/<mode>/current
 */
import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { SiteMode } from '@canopy/site';
import type { Storage } from '../storage/index';
import type { Dependencies } from './source';

export interface ManifestPage {
  hash: string;
  deps: Dependencies;
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

export const contentHash = (html: string) =>
  createHash('sha256').update(html).digest('hex').slice(0, 40);

export class TargetStore {
  constructor(
    private readonly storage: Storage,
    readonly siteId: string,
    readonly mode: SiteMode,
  ) {}

  private get prefix() {
    return `sites/${this.siteId}/${this.mode}`;
  }

  objectKey(hash: string): string {
    return `${this.prefix}/objects/${hash}.html`;
  }

  /** Stores a page unless an identical one is already there; returns its hash. */
  async putPage(html: string): Promise<string> {
    const hash = contentHash(html);
    const key = this.objectKey(hash);
    if (!(await this.storage.stat(key))) {
      await this.storage.put(key, Buffer.from(html), { contentType: 'text/html; charset=utf-8' });
    }
    return hash;
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

  async page(hash: string) {
    return this.storage.get(this.objectKey(hash));
  }
}
