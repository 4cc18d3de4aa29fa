/**
 * Where builds run. With SQLite, in this process: each target's builds one at a time, in order.
 * With PostgreSQL (`DATABASE_URL`), as durable pg-boss jobs shared by every instance: a build
 * requested anywhere runs once on some instance, one at a time per target (a singleton key per
 * target); a job whose instance died is taken over once it expires (`CANOPY_JOB_TIMEOUT`
 * seconds), and a failed one is retried with back-off before the build is recorded as failed.
 */
import type PgBoss from 'pg-boss';
import { SharedBoss } from '../jobs/boss';

/** One attempt at a build; `last` says no retry follows when it fails. */
export type RunBuild = (buildId: string, attempt: { last: boolean }) => Promise<void>;

export interface BuildQueue {
  /** Builds requested on other instances run here too, and their state is in the database. */
  readonly shared: boolean;
  start(run: RunBuild): Promise<void>;
  send(target: string, buildId: string): Promise<void>;
  /** Waits for the builds this process runs or started (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * A shared queue gave up on the job sent for `id` at `sent` (its last try failed, or its
   * instance died or overran CANOPY_JOB_TIMEOUT): a row still saying queued or running for it
   * will never be finished. Builds and media jobs alike record theirs failed when read.
   */
  abandoned?(id: string, sent: string): Promise<boolean>;
  /** Throws when the queue cannot be reached (readiness). */
  check(): Promise<void>;
  /** Builds waiting to run (queued, or waiting for a retry): every instance's when shared. */
  size(): Promise<number>;
  stop(): Promise<void>;
}

/** This process's queue: a promise chain per target. */
export class LocalQueue implements BuildQueue {
  readonly shared = false;
  private readonly chains = new Map<string, Promise<void>>();
  private waiting = 0;
  private run: RunBuild = () => Promise.resolve();

  async start(run: RunBuild): Promise<void> {
    this.run = run;
  }

  async send(target: string, buildId: string): Promise<void> {
    const previous = this.chains.get(target) ?? Promise.resolve();
    this.waiting++;
    const next = previous
      .then(() => {
        this.waiting--;
        return this.run(buildId, { last: true });
      })
      .catch(() => undefined);
    this.chains.set(target, next);
    void next.finally(() => {
      if (this.chains.get(target) === next) this.chains.delete(target);
    });
  }

  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all(this.chains.values());
  }

  async check(): Promise<void> {}

  async size(): Promise<number> {
    return this.waiting;
  }

  async stop(): Promise<void> {
    await this.idle();
  }
}

export interface JobSettings {
  /** Seconds a running build may take before another instance takes its job over. */
  timeoutSeconds: number;
  /** Retries after a failed attempt, the first after `retryDelaySeconds`, then doubling. */
  retries: number;
  retryDelaySeconds: number;
  /** How often expired jobs are looked for, and how often an idle instance asks for work. */
  maintenanceSeconds: number;
  pollSeconds: number;
  /** Days a finished build or media job is kept (jobs/retention.ts). */
  retentionDays: number;
}

export function jobSettings(env: NodeJS.ProcessEnv = process.env): JobSettings {
  const number = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    return Number.isFinite(value) ? Math.max(min, value) : fallback;
  };
  return {
    timeoutSeconds: number('CANOPY_JOB_TIMEOUT', 900, 1),
    retries: Math.floor(number('CANOPY_JOB_RETRIES', 2, 0)),
    retryDelaySeconds: Math.floor(number('CANOPY_JOB_RETRY_DELAY', 5, 0)),
    maintenanceSeconds: Math.floor(number('CANOPY_JOB_MAINTENANCE_INTERVAL', 30, 1)),
    pollSeconds: number('CANOPY_JOB_POLL_INTERVAL', 1, 0.5),
    retentionDays: number('CANOPY_JOB_RETENTION_DAYS', 30, 0),
  };
}

const QUEUE = 'canopy-build';

/** What a job carries: the id of the row it runs (a build's, or another queue's). */
interface BuildJob {
  buildId: string;
}

/** pg-boss in the database's `pgboss` schema (one per process, shared by the queues on it). */
export class PgBossQueue implements BuildQueue {
  readonly shared = true;
  private readonly jobs: SharedBoss;
  private readonly running = new Set<Promise<void>>();
  private started = false;

  constructor(
    connection: string | SharedBoss,
    private readonly settings: JobSettings,
    private readonly log: (error: unknown) => void,
    private readonly queue = QUEUE,
  ) {
    this.jobs =
      typeof connection === 'string'
        ? new SharedBoss(connection, settings.maintenanceSeconds, log)
        : connection;
  }

  private get boss(): PgBoss {
    return this.jobs.boss;
  }

  async start(run: RunBuild): Promise<void> {
    await this.jobs.acquire();
    this.started = true;
    const { timeoutSeconds: expireInSeconds, retries, retryDelaySeconds } = this.settings;
    await this.boss.createQueue(this.queue, {
      name: this.queue,
      policy: 'singleton',
      expireInSeconds,
      retryLimit: retries,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
    });
    await this.boss.work<BuildJob>(
      this.queue,
      { includeMetadata: true, pollingIntervalSeconds: this.settings.pollSeconds },
      async ([job]) => {
        if (!job) return;
        const attempt = run(job.data.buildId, { last: job.retryCount >= job.retryLimit });
        this.running.add(attempt);
        try {
          await attempt;
        } finally {
          this.running.delete(attempt);
        }
      },
    );
  }

  async send(target: string, buildId: string): Promise<void> {
    const data: BuildJob = { buildId };
    await this.boss.send(this.queue, data, { singletonKey: target, id: buildId });
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running);
  }

  async abandoned(id: string, sent: string): Promise<boolean> {
    const job = await this.boss.getJobById(this.queue, id, { includeArchive: true });
    // none at all: gone from the queue's archive, long after (not in the moment of its sending)
    if (!job) return Date.now() - Date.parse(sent) > 60_000;
    return job.state === 'failed' || job.state === 'cancelled';
  }

  async check(): Promise<void> {
    await this.boss.getQueueSize(this.queue);
  }

  async size(): Promise<number> {
    // pg-boss counts the jobs not active yet: created, or waiting for a retry.
    return (await this.boss.getQueueSize(QUEUE)) ?? 0;
  }

  /** Stops taking jobs and lets the running ones finish; one still running after the wait is handed back when it expires. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.offWork(this.queue).catch((error: unknown) => this.log(error));
    await Promise.race([this.idle(), new Promise((done) => setTimeout(done, 8_000).unref())]);
    await this.jobs.release();
  }
}
