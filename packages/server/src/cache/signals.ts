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
 * A message that does not arrive is noticed, and treated like a lost connection (resync): each
 * instance numbers what it sends, so a receiver that sees a number skipped knows it missed one;
 * and every `CANOPY_SIGNALS_CHECK_SECONDS` (default 10) each instance sends a check, which tells
 * the others the number it is at (a lost last message is noticed then at the latest) and must
 * come back to itself within `DEAF_MS`, or its listening connection is replaced (one that went
 * deaf without closing: a silent network drop, a proxy that ends the LISTEN).
 *
 * With SQLite (one process) `noSignals` does nothing.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../db/index';
import { notify as pgNotify } from '../db/dialects/postgres/session';

export const CHANNEL = 'canopy_changes';
/** Bytes of a NOTIFY payload: PostgreSQL refuses 8000 and more. */
export const MAX_PAYLOAD = 7900;
const APPLICATION_NAME = 'canopy-signals';
/** How long `send` waits for its own message to come back. */
const ECHO_MS = 1000;
/** How long a check may take to come back before the listening connection counts as deaf. */
const DEAF_MS = 5000;
const CHECK_KIND = 'check';

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
  /** Messages sent and not heard back yet, by number: told whether they came back in time. */
  private readonly echoes = new Map<number, (heard: boolean) => void>();
  /** The number of the last message heard from each other instance. */
  private readonly heard = new Map<string, number>();
  private checks: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly log: Log,
  ) {}

  /** Checks every `everyMs` that this instance hears and is heard (see above). */
  startChecks(everyMs: number): void {
    this.checks = setInterval(() => this.check(), everyMs);
    this.checks.unref();
  }

  async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: this.url,
      application_name: APPLICATION_NAME,
      keepAlive: true,
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
    await this.transmit(kind, payload, ECHO_MS);
  }

  /** Sends the message; answers whether it came back within `waitMs` (undefined: not listening). */
  private async transmit(
    kind: string,
    payload: unknown,
    waitMs: number,
  ): Promise<boolean | undefined> {
    // A number is used only by a message that leaves: a gap means a message was lost.
    const number = this.sent + 1;
    const text = encodeSignal(`${this.origin}:${number}`, kind, payload);
    if (text === undefined) {
      this.log.warn({ kind }, `A signal over ${MAX_PAYLOAD} bytes was not sent`);
      return undefined;
    }
    this.sent = number;
    let timer: NodeJS.Timeout | undefined;
    const echo = this.client
      ? new Promise<boolean>((heard) => {
          this.echoes.set(number, heard);
          timer = setTimeout(() => heard(false), waitMs);
        })
      : undefined;
    const notify = this.sending.then(() => pgNotify(this.db, CHANNEL, text));
    this.sending = notify.catch(() => undefined);
    try {
      await notify;
      return await echo;
    } catch (error) {
      this.log.warn({ err: error, kind }, 'A change could not be signalled to other instances');
      return undefined;
    } finally {
      clearTimeout(timer);
      this.echoes.delete(number);
    }
  }

  /** Sends a check; a listening connection that does not hear it is replaced. */
  private check(): void {
    const client = this.client;
    if (this.checking || !client || this.closed) return;
    this.checking = true;
    void this.transmit(CHECK_KIND, null, DEAF_MS).then((heard) => {
      this.checking = false;
      if (heard === false && this.client === client) {
        this.log.warn({}, 'The signals connection heard nothing for a while; reconnecting');
        this.lost(client);
      }
    });
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
    clearInterval(this.checks);
    for (const heard of this.echoes.values()) heard(true);
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
    const [origin = '', numberText] = String(message.o).split(':');
    const number = Number(numberText);
    if (origin === this.origin) return this.echoes.get(number)?.(true);
    if (!Number.isInteger(number)) return;
    const last = this.heard.get(origin);
    this.heard.set(origin, number);
    if (last !== undefined && number !== last + 1) {
      this.log.warn({ origin }, 'A signal from another instance was missed; forgetting everything');
      this.resync();
    }
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

  /** Whatever was cached may be stale: every resync handler forgets it. */
  private resync(): void {
    this.track(this.resyncs.map((handler) => handler()));
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    // Numbering starts afresh: what was missed meanwhile is covered by the resync once back.
    this.heard.clear();
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.log.warn({}, 'The signals connection was lost; reconnecting');
    this.reconnect();
  }

  private reconnect(): void {
    this.timer = setTimeout(() => {
      this.listen().then(
        () => {
          if (!this.closed) this.resync();
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
  signals.startChecks(checkSeconds(process.env) * 1000);
  return signals;
}

/** CANOPY_SIGNALS_CHECK_SECONDS: how often each instance checks the signals (default 10). */
function checkSeconds(env: NodeJS.ProcessEnv): number {
  const value = Number(env.CANOPY_SIGNALS_CHECK_SECONDS ?? 10);
  return Number.isFinite(value) && value > 0 ? Math.max(0.2, value) : 10;
}
