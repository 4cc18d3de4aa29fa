/** The storage chosen by configuration: the data folder unless an S3 store is configured. */
import { join } from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage, StoredObject, ByteRange, PutOptions } from './storage';
export { StorageLimitError, checkKey } from './storage';
export { limited, STREAM_BUFFER } from './streams';
export { loadStorageConfig, type StorageConfig } from './config';

export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage);
  return new DiskStorage(join(config.dataDir, 'storage'));
}
