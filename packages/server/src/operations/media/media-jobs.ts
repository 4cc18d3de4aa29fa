/**
 * Media jobs as rows of `media_jobs`: what GET /api/mediajobs/{job_id} answers, on any instance,
 * whichever instance runs the job. Progress is written at most once a second; every change of
 * status at once.
 */
import { SYSTEM_ACTOR, type Actor } from '../../auth/actor';
import { loadUserActor } from '../../auth/load-actor';
import type { Db } from '../../db/index';
import type { MediaJobRow } from '../../db/schema';
import { fail } from '../../errors';
import { API_KEY_ACTOR_PREFIX, apiKeyActorByName } from '../apikeys/authenticate-api-key';
import { now } from '../context';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface MediaJob {
  job_id: string;
  kind: 'hls';
  /** The video item whose MP4 is read. */
  source_id: string;
  /** The multi-stream video item the stream goes to. */
  content_id: string;
  status: JobStatus;
  /** 0 to 100. */
  progress: number;
  /** Why a job failed (or why an attempt did, while it waits for the next); null otherwise. */
  message: string | null;
  /** The files made, once it succeeded. */
  files: string[];
  created_by: string;
  created_date: string;
  updated_date: string;
}

/** How often progress is written while ffmpeg runs. */
const PROGRESS_WRITE_MS = 1000;

export const ABANDONED_MESSAGE =
  'The instance running this transcode stopped, and no try was left; start the transcode again';

export const INTERRUPTED_MESSAGE =
  'The server stopped before this transcode finished; start the transcode again';

export function jobOf(row: MediaJobRow): MediaJob {
  return {
    job_id: row.job_id,
    kind: row.kind as MediaJob['kind'],
    source_id: row.source_id,
    content_id: row.content_id,
    status: row.status as JobStatus,
    progress: Number(row.progress),
    message: row.message,
    files: JSON.parse(row.files) as string[],
    created_by: row.created_by,
    created_date: row.created_date,
    updated_date: row.updated_date,
  };
}

export async function insertJob(db: Db, job: MediaJob, actor: Actor): Promise<void> {
  await db
    .insertInto('media_jobs')
    .values({ ...job, files: JSON.stringify(job.files), actor_kind: actor.kind })
    .execute();
}

export async function readJobRow(db: Db, jobId: string): Promise<MediaJobRow | undefined> {
  return db.selectFrom('media_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

type Change = Partial<Pick<MediaJob, 'status' | 'progress' | 'message' | 'files'>>;

/** `unfinished`: only while the job is queued or running (a failure recorded stays). */
export async function updateJob(
  db: Db,
  jobId: string,
  change: Change,
  { unfinished = false } = {},
): Promise<void> {
  const { files, ...rest } = change;
  let update = db
    .updateTable('media_jobs')
    .set({ ...rest, ...(files && { files: JSON.stringify(files) }), updated_date: now() })
    .where('job_id', '=', jobId);
  if (unfinished) update = update.where('status', 'in', ['queued', 'running']);
  await update.execute();
}

/**
 * Progress as it goes: a rise is written when a second has passed since the last write (the
 * last rise waits for `flush`); it never goes down within an attempt.
 */
export function progressWriter(db: Db, jobId: string) {
  let written = 0;
  let latest = 0;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    if (latest === written) return;
    written = latest;
    lastWrite = Date.now();
    const progress = latest;
    writing = writing
      .then(() => updateJob(db, jobId, { progress }, { unfinished: true }))
      .catch(() => undefined);
  };
  return {
    report(progress: number) {
      latest = Math.max(latest, progress);
      if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) write();
    },
    async flush() {
      write();
      await writing;
    },
  };
}

/** Jobs a stopped server left queued or running (one process, SQLite) are failed at start. */
export async function failInterruptedJobs(db: Db): Promise<number> {
  const result = await db
    .updateTable('media_jobs')
    .set({ status: 'failed', message: INTERRUPTED_MESSAGE, updated_date: now() })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whoever asked for the job, as they are now (a disabled user or revoked key is refused). */
export async function actorOfJob(db: Db, row: MediaJobRow): Promise<Actor> {
  if (row.actor_kind === 'system') return SYSTEM_ACTOR;
  if (row.actor_kind === 'apikey' && row.created_by.startsWith(API_KEY_ACTOR_PREFIX)) {
    return apiKeyActorByName(db, row.created_by.slice(API_KEY_ACTOR_PREFIX.length));
  }
  if (row.actor_kind === 'user') {
    const user = await db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', row.created_by)
      .executeTakeFirst();
    if (user) return loadUserActor(db, user.user_id);
  }
  return fail('UNAUTHENTICATED', `${row.created_by} who asked for this job is no longer known`);
}
