/**
 * Media test set-up: an app per database and storage (the data folder, and S3 on a real
 * moto_server), the demo templates and site, multipart bodies streamed from buffers or
 * generators, and the demo files as fixtures.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_TEMPLATE_IDS, PAGE_BLOCK_IDS } from '../../src/seed/templates-ids';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { startMoto, type Moto } from '../storage/moto';
import type { Config } from '../../src/config';

export const FILES = join(import.meta.dirname, '../../src/seed/media-files');
export const fixture = (name: string): Buffer => readFileSync(join(FILES, name));

/**
 * An ffmpeg (CANOPY_FFMPEG) that answers -version and otherwise holds until the server that ran
 * it is gone or `release()` is called, then fails; its ffprobe is the real one.
 */
export function holdingFfmpeg(): { program: string; release(): void; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-ffmpeg-'));
  const program = join(dir, 'ffmpeg');
  const released = join(dir, 'released');
  writeFileSync(
    program,
    [
      '#!/bin/sh',
      'if [ "$1" = "-version" ]; then exec /usr/bin/ffmpeg "$@"; fi',
      `while kill -0 "$PPID" 2>/dev/null && [ ! -e '${released}' ]; do sleep 0.2; done`,
      'echo "held, then let go" >&2',
      'exit 1',
      '',
    ].join('\n'),
  );
  chmodSync(program, 0o755);
  symlinkSync('/usr/bin/ffprobe', join(dir, 'ffprobe'));
  return {
    program,
    release: () => writeFileSync(released, ''),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const STORAGES = ['disk', 's3'] as const;
export type StorageName = (typeof STORAGES)[number];
export const SETUPS = DIALECTS.flatMap((dialect) =>
  STORAGES.map((storage) => ({ dialect, storage })),
);

export interface MediaApp extends TestApp {
  /** Creates a media item of a type under the media-library root (locked by admin, a draft). */
  newItem(
    type: 'image' | 'video' | 'multi-stream-video' | 'document',
    name?: string,
  ): Promise<string>;
  /** A new page under Home whose Hero Image is `url`; its id and name. */
  newPageReferring(url: string): Promise<{ id: string; name: string }>;
  /** Every stored key. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const TEMPLATES = {
  image: DEMO_TEMPLATE_IDS.image,
  video: DEMO_TEMPLATE_IDS.video,
  'multi-stream-video': DEMO_TEMPLATE_IDS.multiStreamVideo,
  document: DEMO_TEMPLATE_IDS.document,
};

/** `demoMedia`: the demo seed fills the media library too (through the storage). */
export async function startMediaApp(
  setup: (typeof SETUPS)[number],
  options: { demoMedia?: boolean; config?: Partial<Config>; databaseUrl?: string } = {},
): Promise<MediaApp> {
  let moto: Moto | undefined;
  if (setup.storage === 's3') moto = await startMoto();
  // A storage of its own (PostgreSQL apps would otherwise share the temporary folder's).
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-media-'));
  let t: TestApp;
  try {
    t = await startApp(
      setup.dialect,
      { ...(moto ? { storage: moto.config } : { dataDir }), ...options.config },
      { databaseUrl: options.databaseUrl },
    );
    await seedIfEmpty(t.db, options.demoMedia ? t.app.canopy.storage : undefined);
  } catch (error) {
    await moto?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...t,
    async newItem(type, name) {
      const res = await t.request({
        method: 'POST',
        url: '/api/contents',
        payload: {
          parent_id: MEDIA_LIBRARY_ROOT_ID,
          template_id: TEMPLATES[type],
          ...(name && { content_name: name }),
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().content_id as string;
    },
    async newPageReferring(url) {
      const name = `Gallery ${randomUUID().slice(0, 6)}`;
      const created = await t.request({
        method: 'POST',
        url: '/api/contents',
        payload: {
          parent_id: DEMO_HOME_ID,
          template_id: DEMO_TEMPLATE_IDS.page,
          content_name: name,
        },
      });
      const page = created.json();
      const saved = await t.request({
        method: 'PUT',
        url: `/api/contents/${page.content_id}`,
        payload: {
          version: 1,
          updated_date: page.updated_date,
          content_fields: [
            {
              field_id: page.content_fields[PAGE_BLOCK_IDS.heroImage].field_id,
              field_value: url,
              cmsItemStatus: { edited: true },
            },
          ],
        },
      });
      if (saved.statusCode !== 200) throw new Error(saved.body);
      return { id: page.content_id, name };
    },
    async keys() {
      const found: string[] = [];
      for await (const object of t.app.canopy.storage.list('')) found.push(object.key);
      return found;
    },
    async stop() {
      await t.close();
      await moto?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; body: Buffer | (() => AsyncIterable<Buffer>) };

/** A multipart/form-data body, streamed part by part (never held whole in memory). */
export function form(parts: FormPart[]) {
  const boundary = `----canopy${randomUUID()}`;
  async function* generate() {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      if (Buffer.isBuffer(part.body)) yield part.body;
      else yield* part.body();
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/media/{id} with content_id and one file. */
export function upload(t: TestApp, id: string, filename: string, body: Buffer, as = 'admin') {
  return t.request({
    method: 'POST',
    url: `/api/media/${id}`,
    as,
    ...form([
      { name: 'content_id', value: id },
      { name: 'media', filename, body },
    ]),
  });
}

/** POST /api/mediacollectionfile/{id} with content_id and one file of the video's folder. */
export function uploadToFolder(t: TestApp, id: string, filename: string, body: Buffer) {
  return t.request({
    method: 'POST',
    url: `/api/mediacollectionfile/${id}`,
    ...form([
      { name: 'content_id', value: id },
      { name: 'media', filename, body },
    ]),
  });
}
