/**
 * One pg-boss per process (in the database's `pgboss` schema), shared by the queues on it: builds
 * and media jobs. It starts with the first queue that starts, and stops when the last one has
 * stopped (each queue stops taking its own jobs first).
 */
import type PgBoss from 'pg-boss';

export class SharedBoss {
  private instance: PgBoss | undefined;
  private starting: Promise<unknown> | undefined;
  private users = 0;

  constructor(
    private readonly connectionString: string,
    private readonly maintenanceSeconds: number,
    private readonly log: (error: unknown) => void,
  ) {}

  /** The started pg-boss: there is none before the first `acquire()`. */
  get boss(): PgBoss {
    if (!this.instance) throw new Error('The job queue has not started yet');
    return this.instance;
  }

  /** Starts pg-boss (once) for one more queue. */
  async acquire(): Promise<PgBoss> {
    this.users += 1;
    this.starting ??= this.open();
    await this.starting;
    return this.boss;
  }

  /** pg-boss, and `pg` and the date libraries it brings, load only when a queue starts. */
  private async open(): Promise<void> {
    const { default: Boss } = await import('pg-boss');
    this.instance = new Boss({
      connectionString: this.connectionString,
      max: 3,
      maintenanceIntervalSeconds: this.maintenanceSeconds,
    });
    this.instance.on('error', this.log);
    await this.instance.start();
  }

  /**
   * One queue is done with it; the last one stops pg-boss, letting running jobs finish for a
   * while: one still running after that is handed back when it expires.
   */
  async release(): Promise<void> {
    this.users -= 1;
    if (this.users > 0 || !this.starting) return;
    await this.starting.catch(() => undefined);
    await this.instance
      ?.stop({ graceful: true, wait: true, timeout: 8_000 })
      .catch((error: unknown) => this.log(error));
  }
}
