/** The storage chosen by configuration: the data folder unless another store is configured. */
import { join } from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk';
import type { Storage } from './storage';

export type { Storage, StoredObject, ByteRange, PutOptions } from './storage';
export { StorageLimitError, checkKey } from './storage';

export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return new DiskStorage(join(config.dataDir, 'storage'));
}
