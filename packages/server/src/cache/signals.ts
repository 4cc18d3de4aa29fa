/**
 * Signals between instances that share one PostgreSQL database, over LISTEN/NOTIFY on the
 * channel `canopy_changes`. Each message is `{ "o": origin, "k": kind, "p": payload }` as JSON;
 * an instance ignores what it sent itself (every listener hears every NOTIFY, its own too).
 *
 * - `send(kind, payload)` tells the other instances; call it after the change is committed (a
 *   NOTIFY sent inside a transaction would wait for it, one sent outside leaves at once). It
 *   never throws: a failure is logged, and the other instances' caches then live on their
 *   expiry. A message over `MAX_PAYLOAD` bytes is refused (PostgreSQL's limit is 8000):
 *   send something smaller that means the same (the read cache sends 'all'). One instance's
 *   messages reach the others in the order its `send`s were called (each NOTIFY waits for the
 *   one before), whatever their kinds.
 * - `on(kind, handler)` runs `handler(payload)` for each message of that kind from another
 *   instance. Other modules (e.g. live events) register their own kinds on the same connection.
 * - `onResync(handler)` runs after the listening connection was lost and is back: whatever was
 *   sent in between was missed, so a handler forgets everything it holds.
 * - `pending()` is the work remote messages started and that has not finished (a handler may
 *   be async, e.g. re-reading the site targets): a request waits for it before it is served.
 *
 * With SQLite (one process) `noSignals` does nothing.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/index';

export const CHANNEL = 'canopy_changes';
/** Bytes of a NOTIFY payload: PostgreSQL refuses 8000 and more. */
export const MAX_PAYLOAD = 7900;
const APPLICATION_NAME = 'canopy-signals';
/** How long `send` waits for its own message to come back. */
const ECHO_MS = 1000;

type Handler = (payload: unknown) => void | Promise<void>;
type Log = { warn(object: object, message: string): void };

export interface Signals {
  send(kind: string, payload: unknown): Promise<void>;
  on(kind: string, handler: Handler): void;
  onResync(handler: () => void | Promise<void>): void;
  pending(): Promise<void> | undefined;
  close(): Promise<void>;
}

export const noSignals: Signals = {
  send: () => Promise.resolve(),
  on: () => undefined,
  onResync: () => undefined,
  pending: () => undefined,
  close: () => Promise.resolve(),
};

/** The JSON of a message, or undefined when it would be too large to send. */
export function encodeSignal(origin: string, kind: string, payload: unknown): string | undefined {
  const text = JSON.stringify({ o: origin, k: kind, p: payload });
  return Buffer.byteLength(text) <= MAX_PAYLOAD ? text : undefined;
}

class PgSignals implements Signals {
  private readonly origin = randomUUID();
  private readonly handlers = new Map<string, Handler[]>();
  private readonly resyncs: (() => void | Promise<void>)[] = [];
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private sent = 0;
  /** The NOTIFY sent last: the next one waits for it, so messages arrive in the order sent. */
  private sending: Promise<unknown> = Promise.resolve();
  /** Messages sent and not heard back yet, by number. */
  private readonly echoes = new Map<number, () => void>();

  constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly log: Log,
  ) {}

  async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: this.url,
      application_name: APPLICATION_NAME,
    });
    client.on('notification', (message) => this.receive(message.payload));
    const lost = () => this.lost(client);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 100;
  }

  async send(kind: string, payload: unknown): Promise<void> {
    const number = ++this.sent;
    const text = encodeSignal(`${this.origin}:${number}`, kind, payload);
    if (text === undefined) {
      this.log.warn({ kind }, `A signal over ${MAX_PAYLOAD} bytes was not sent`);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const echo = this.client
      ? new Promise<void>((heard) => {
          this.echoes.set(number, heard);
          timer = setTimeout(heard, ECHO_MS);
        })
      : undefined;
    const notify = this.sending.then(() =>
      sql`SELECT pg_notify(${CHANNEL}, ${text})`.execute(this.db),
    );
    this.sending = notify.catch(() => undefined);
    try {
      await notify;
      await echo;
    } catch (error) {
      this.log.warn({ err: error, kind }, 'A change could not be signalled to other instances');
    } finally {
      clearTimeout(timer);
      this.echoes.delete(number);
    }
  }

  on(kind: string, handler: Handler): void {
    const list = this.handlers.get(kind) ?? [];
    list.push(handler);
    this.handlers.set(kind, list);
  }

  onResync(handler: () => void | Promise<void>): void {
    this.resyncs.push(handler);
  }

  pending(): Promise<void> | undefined {
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const heard of this.echoes.values()) heard();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private receive(text: string | undefined): void {
    let message: { o?: string; k?: string; p?: unknown };
    try {
      message = JSON.parse(text ?? '') as typeof message;
    } catch {
      return;
    }
    const [origin, number] = String(message.o).split(':');
    if (origin === this.origin) return this.echoes.get(Number(number))?.();
    if (typeof message.k !== 'string') return;
    const handlers = this.handlers.get(message.k) ?? [];
    this.track(handlers.map((handler) => handler(message.p)));
  }

  /** Keeps `pending()` until the handlers' promises settle. */
  private track(results: (void | Promise<void>)[]): void {
    const waits = results.filter((result): result is Promise<void> => result instanceof Promise);
    if (waits.length === 0) return;
    const all = Promise.all([this.running, ...waits]).then(
      () => undefined,
      (error: unknown) => this.log.warn({ err: error }, 'A signal from another instance failed'),
    );
    this.running = all;
    void all.then(() => {
      if (this.running === all) this.running = undefined;
    });
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.log.warn({}, 'The signals connection was lost; reconnecting');
    this.reconnect();
  }

  private reconnect(): void {
    this.timer = setTimeout(() => {
      this.listen().then(
        () => {
          if (!this.closed) this.track(this.resyncs.map((handler) => handler()));
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 5000);
          if (!this.closed) this.reconnect();
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }
}

/** Signals over the database at `url` when it is PostgreSQL's; none otherwise. */
export async function startSignals(
  db: Db,
  url: string | undefined,
  dialect: 'sqlite' | 'postgres',
  log: Log,
): Promise<Signals> {
  if (dialect !== 'postgres' || !url) return noSignals;
  const signals = new PgSignals(db, url, log);
  await signals.listen();
  return signals;
}
