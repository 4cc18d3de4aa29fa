/** Every storage implementation, each opened fresh: the data folder and S3 (a real moto_server). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DiskStorage } from '../../src/storage/disk';
import { S3Storage } from '../../src/storage/s3';
import type { Storage } from '../../src/storage/storage';
import { startMoto } from './moto';

export interface Implementation {
  name: string;
  open(): Promise<{ storage: Storage; cleanup(): Promise<void> }>;
}

export const IMPLEMENTATIONS: Implementation[] = [
  {
    name: 'disk',
    async open() {
      const root = mkdtempSync(join(tmpdir(), 'canopy-storage-'));
      return {
        storage: new DiskStorage(root),
        cleanup: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const moto = await startMoto();
      return { storage: new S3Storage(moto.config), cleanup: () => moto.stop() };
    },
  },
];

/** The keys stored under `prefix`, in key order. */
export async function keys(storage: Storage, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list(prefix)) found.push(object.key);
  return found;
}

/**
 * Opens the implementation for the suite this is called in (closed after it): `opened.storage`
 * is there from the suite's first test.
 */
export function openForSuite(implementation: Implementation): { storage: Storage } {
  const opened = {} as { storage: Storage; cleanup: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(opened, await implementation.open());
  });
  afterAll(async () => {
    await opened.storage.close();
    await opened.cleanup();
  });
  return opened;
}
