/**
 * One pg-boss per process (in the database's `pgboss` schema), shared by the queues on it: builds
 * and media jobs. It starts with the first queue that starts, and stops when the last one has
 * stopped (each queue stops taking its own jobs first).
 */
import PgBoss from 'pg-boss';

export class SharedBoss {
  readonly boss: PgBoss;
  private starting: Promise<unknown> | undefined;
  private users = 0;

  constructor(
    connectionString: string,
    maintenanceSeconds: number,
    private readonly log: (error: unknown) => void,
  ) {
    this.boss = new PgBoss({
      connectionString,
      max: 3,
      maintenanceIntervalSeconds: maintenanceSeconds,
    });
    this.boss.on('error', log);
  }

  /** Starts pg-boss (once) for one more queue. */
  async acquire(): Promise<PgBoss> {
    this.users += 1;
    this.starting ??= this.boss.start();
    await this.starting;
    return this.boss;
  }

  /**
   * One queue is done with it; the last one stops pg-boss, letting running jobs finish for a
   * while: one still running after that is handed back when it expires.
   */
  async release(): Promise<void> {
    this.users -= 1;
    if (this.users > 0 || !this.starting) return;
    await this.boss
      .stop({ graceful: true, wait: true, timeout: 8_000 })
      .catch((error: unknown) => this.log(error));
  }
}
