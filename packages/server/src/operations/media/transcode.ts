/**
 * POST /api/mediacollectionfolder/{id}/transcode: turns the MP4 of a video item into the
 * multi-stream video {id} (hls.ts) as a background job with progress (GET /api/mediajobs/{job_id}).
 * Without ffmpeg on the server the call is a 501 that says so. Jobs are rows of the database
 * (media-jobs.ts), so every instance answers the same about them and a restart forgets none. They
 * run on the queues builds run on (publishing/jobs.ts): with SQLite in this process, one at a time
 * per stream, and a job a stop interrupted is failed at the next start; with PostgreSQL as
 * durable pg-boss jobs any instance runs once, taken over when their instance dies and retried
 * with back-off before they are recorded as failed. A job acts as whoever asked for it.
 */
import { randomUUID } from 'node:crypto';
import { extensionOf } from '@canopy/core';
import { requirePermission } from '../../access/permissions';
import type { Db } from '../../db/index';
import type { MediaJobRow } from '../../db/schema';
import { fail } from '../../errors';
import type { BuildQueue } from '../../publishing/jobs';
import type { Storage } from '../../storage/index';
import { itemOr404 } from '../contents/guards';
import { now } from '../context';
import { mediaKey } from './files';
import { ffmpegAvailable, makeStream, NO_FFMPEG_MESSAGE, type TranscodeContext } from './hls';
import {
  ABANDONED_MESSAGE,
  actorOfJob,
  failInterruptedJobs,
  insertJob,
  jobOf,
  progressWriter,
  readJobRow,
  updateJob,
  type MediaJob,
} from './media-jobs';
import type { MediaContext } from './target';
import { mediaTarget } from './target';

export { NO_FFMPEG_MESSAGE } from './hls';

const UNFINISHED = { unfinished: true };
export type { JobStatus, MediaJob } from './media-jobs';

/** Where media jobs run, and how: one per process, made by the media routes. */
export class Transcodes {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly ffmpeg: string | null,
    readonly queue: BuildQueue,
  ) {}

  /** Fails what a stopped server left (unless the queue is shared), then takes jobs. */
  async start(): Promise<void> {
    if (!this.queue.shared) await failInterruptedJobs(this.db);
    await this.queue.start((jobId, attempt) => this.run(jobId, attempt));
  }

  async stop(): Promise<void> {
    await this.queue.stop();
  }

  /** One attempt at a job; a failure is recorded failed when no retry follows, queued otherwise. */
  private async run(jobId: string, attempt: { last: boolean }): Promise<void> {
    const row = await readJobRow(this.db, jobId);
    if (!row || row.status === 'succeeded' || row.status === 'failed') return;
    const progress = progressWriter(this.db, jobId);
    try {
      const actor = await actorOfJob(this.db, row);
      await updateJob(this.db, jobId, { status: 'running', progress: 0, message: null });
      const ctx: TranscodeContext = {
        db: this.db,
        storage: this.storage,
        ffmpeg: this.ffmpeg,
        actor,
      };
      const source = await itemOr404(this.db, row.source_id);
      const sourceKey = mediaKey(
        source.media_library_directory ?? '',
        source.content_id,
        extensionOf(source.media_url ?? '') ?? 'mp4',
      );
      const files = await makeStream(ctx, sourceKey, row.content_id, progress.report);
      await progress.flush();
      await updateJob(this.db, jobId, { status: 'succeeded', progress: 100, files, message: null });
    } catch (error) {
      await progress.flush();
      const message = error instanceof Error ? error.message : String(error);
      // The error goes back to the queue too: the job is retried, or recorded failed there.
      await updateJob(
        this.db,
        jobId,
        attempt.last
          ? { status: 'failed', message }
          : { status: 'queued', progress: 0, message: `${message} (trying again)` },
        UNFINISHED,
      );
      throw error;
    }
  }

  async request(ctx: MediaContext, contentId: string, sourceId: string): Promise<MediaJob> {
    // access: the stream like any upload to it; Read on the video it is made of
    const target = await mediaTarget(ctx.db, ctx, contentId, ['multi-stream-video']);
    const source = await itemOr404(ctx.db, sourceId);
    await requirePermission(ctx.db, ctx.actor, sourceId, 'Read');
    if (
      source.content_type_id !== 'video' ||
      !source.media_url ||
      !source.media_library_directory
    ) {
      fail(
        'VALIDATION_FAILED',
        `${source.content_name} is not a video item with an uploaded MP4; upload one first`,
      );
    }
    // what the server can do: checked after access, so only those who may ask learn it
    if (!(await ffmpegAvailable(this.ffmpeg))) fail('NOT_IMPLEMENTED', NO_FFMPEG_MESSAGE);
    const stamp = now();
    const job: MediaJob = {
      job_id: randomUUID(),
      kind: 'hls',
      source_id: sourceId,
      content_id: target.item.content_id,
      status: 'queued',
      progress: 0,
      message: null,
      files: [],
      created_by: ctx.actor.username,
      created_date: stamp,
      updated_date: stamp,
    };
    await insertJob(this.db, job, ctx.actor);
    try {
      // one job at a time per stream: two at once would fill one folder
      await this.queue.send(job.content_id, job.job_id);
    } catch (error) {
      await this.db.deleteFrom('media_jobs').where('job_id', '=', job.job_id).execute();
      throw error;
    }
    return job;
  }

  async job(ctx: MediaContext, jobId: string): Promise<MediaJob> {
    const row =
      (await readJobRow(ctx.db, jobId)) ?? fail('NOT_FOUND', `Media job ${jobId} was not found`);
    await requirePermission(ctx.db, ctx.actor, row.content_id, 'Read');
    if (!(await this.abandoned(row))) return jobOf(row);
    await updateJob(this.db, jobId, { status: 'failed', message: ABANDONED_MESSAGE }, UNFINISHED);
    return jobOf((await readJobRow(ctx.db, jobId))!);
  }

  /** A job the shared queue gave up on while its row says queued or running. */
  private async abandoned(row: MediaJobRow): Promise<boolean> {
    if (!this.queue.abandoned || (row.status !== 'queued' && row.status !== 'running'))
      return false;
    return this.queue.abandoned(row.job_id, row.created_date);
  }
}
