/**
 * Finished job rows do not pile up: media jobs, and builds other than the one a target serves,
 * that finished more than CANOPY_JOB_RETENTION_DAYS ago (default 30) are removed, as the server
 * starts and every hour after. On PostgreSQL one instance at a time removes them (an advisory
 * lock): another that finds the lock held skips that round.
 */
import type { Db, DialectName } from '../db/index';
import { withAdvisoryLock } from '../db/dialects/postgres/session';

/** The advisory lock's key: any number no other part of Canopy uses. */
const RETENTION_LOCK = 7_264_002;

const HOUR_MS = 60 * 60 * 1000;
const FINISHED = ['succeeded', 'failed'];

export interface Pruned {
  builds: number;
  mediaJobs: number;
}

export interface RetentionOptions {
  db: Db;
  dialect: DialectName;
  retentionDays: number;
  /** The builds the targets serve now: their rows stay however old. */
  served: () => Promise<string[]>;
}

/** The rows older than the retention removed now; undefined when another instance is at it. */
export async function pruneFinishedJobs(
  options: RetentionOptions,
  now = Date.now(),
): Promise<Pruned | undefined> {
  const cutoff = new Date(now - options.retentionDays * 24 * HOUR_MS).toISOString();
  const prune = async (db: Db): Promise<Pruned> => {
    const served = await options.served();
    const builds = await db
      .deleteFrom('builds')
      .where('status', 'in', FINISHED)
      .where('finished_date', '<', cutoff)
      .$if(served.length > 0, (q) => q.where('build_id', 'not in', served))
      .executeTakeFirst();
    const mediaJobs = await db
      .deleteFrom('media_jobs')
      .where('status', 'in', FINISHED)
      .where('updated_date', '<', cutoff)
      .executeTakeFirst();
    return { builds: Number(builds.numDeletedRows), mediaJobs: Number(mediaJobs.numDeletedRows) };
  };
  if (options.dialect !== 'postgres') return prune(options.db);
  let pruned: Pruned | undefined;
  await withAdvisoryLock(options.db, RETENTION_LOCK, async (connection) => {
    pruned = await prune(connection);
  });
  return pruned;
}

/** Prunes now and then every `intervalMs`; answers a function that stops it (after a round at work). */
export function startPruning(
  options: RetentionOptions,
  log: (error: unknown) => void,
  intervalMs = HOUR_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const round = () => {
    running = running.then(() => pruneFinishedJobs(options)).catch(log);
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
