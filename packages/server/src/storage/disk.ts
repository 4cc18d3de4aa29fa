/**
 * Storage in a folder of the machine (the default, under CANOPY_DATA_DIR). A put streams into a
 * temporary file beside the store and renames it into place, so readers never see half a file
 * and a failed or refused write leaves nothing behind.
 */
import { createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  StorageLimitError,
  type ByteRange,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';
import { limited, STREAM_BUFFER } from './streams';

const TEMP_FOLDER = '.incoming';
/** Bytes read from a file at a time when it is sent. */
const READ_CHUNK = 1024 * 1024;

function objectOf(key: string, info: Stats): StoredObject {
  return {
    key,
    size: info.size,
    etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${info.ino.toString(16)}"`,
    modified: info.mtime,
  };
}

export class DiskStorage implements Storage {
  /** Folders known to exist, so many small puts into one folder make it once. */
  private readonly made = new Set<string>();

  constructor(private readonly root: string) {}

  private async folder(path: string): Promise<void> {
    if (this.made.has(path)) return;
    await mkdir(path, { recursive: true });
    this.made.add(path);
  }

  /** Renames into place; a folder removed meanwhile (deletePrefix) is made again. */
  private async moveIn(temp: string, target: string): Promise<void> {
    await this.folder(dirname(target));
    try {
      await rename(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.made.clear();
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    }
  }

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  private async describe(key: string, path: string): Promise<StoredObject | undefined> {
    const info = await stat(path).catch(() => undefined);
    return info?.isFile() ? objectOf(key, info) : undefined;
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<StoredObject> {
    const target = this.path(key);
    const temp = join(this.root, TEMP_FOLDER, randomUUID());
    if (Buffer.isBuffer(body)) {
      // Small bodies in memory (built pages, manifests): one write, no stream.
      if (options.maxBytes !== undefined && body.length > options.maxBytes)
        throw new StorageLimitError(options.maxBytes);
      try {
        await this.folder(dirname(temp));
        await writeFile(temp, body, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          this.made.clear();
          await mkdir(dirname(temp), { recursive: true });
          await writeFile(temp, body, { flag: 'wx' });
        });
        await this.moveIn(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return (await this.describe(key, target))!;
    }
    // Counted from the start: the body may fail while the folder is being made.
    const source = limited(Buffer.isBuffer(body) ? Readable.from([body]) : body, options.maxBytes);
    try {
      await mkdir(dirname(temp), { recursive: true });
      await pipeline(
        source,
        createWriteStream(temp, { flags: 'wx', highWaterMark: STREAM_BUFFER }),
      );
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      // Drain what the client is still sending, so the refusal can be answered.
      if (!Buffer.isBuffer(body) && !body.readableEnded) body.resume();
      throw error;
    }
    return (await this.describe(key, target))!;
  }

  /**
   * The file is opened once and described from the open file, so the bytes sent are those the
   * description (size, ETag) is of, even when the key is replaced meanwhile. Reads go in chunks
   * of up to 1 MiB: a megabyte file is one read and one write to the socket instead of sixteen.
   */
  async get(key: string, range?: ByteRange) {
    const handle = await open(this.path(key), 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      const object = objectOf(key, info);
      const start = range?.start ?? 0;
      const end = range?.end ?? Math.max(0, info.size - 1);
      const highWaterMark = Math.min(READ_CHUNK, Math.max(1, end - start + 1));
      const body = handle.createReadStream({ start, end, highWaterMark });
      return { object, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  stat(key: string): Promise<StoredObject | undefined> {
    return this.describe(key, this.path(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const files = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    const keys = files
      .filter((entry) => entry.isFile())
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((key) => !key.startsWith(`${TEMP_FOLDER}/`) && key.startsWith(prefix))
      .sort();
    for (const key of keys) {
      const object = await this.stat(key);
      if (object) yield object;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.path(from), target);
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.path(to);
    const temp = join(this.root, TEMP_FOLDER, randomUUID());
    try {
      await mkdir(dirname(temp), { recursive: true });
      // A second name for the same bytes where the disk allows it: no file here is ever written
      // in place (puts rename a new file over the key), so the two keys never differ by an edit.
      await link(this.path(from), temp).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw error;
        await copyFile(this.path(from), temp);
      });
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async close(): Promise<void> {}
}
