/** What every operation receives: the database (or a transaction) and the caller. */
import type { Actor } from '../auth/actor';
import type { Db } from '../db/index';

export interface OpContext {
  db: Db;
  actor: Actor;
}

/** Now, as stored: ISO-8601 with milliseconds, UTC. */
export function now(): string {
  return new Date().toISOString();
}
