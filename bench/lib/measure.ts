/** Measurements over real HTTP on loopback: sequential latency (fetch) and throughput (autocannon). */
import http from 'node:http';
import net from 'node:net';
import { createGunzip } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Reply {
  status: number;
  text: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  token?: string | undefined;
  body?: unknown;
}

/** One request; the whole body is read, so the time covers the reply's last byte. */
export async function call(url: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, text: await response.text() };
}

/**
 * A GET whose body is only counted, not decoded: the time to the reply's last byte, without the
 * client's own cost of turning megabytes into a string (fetch's `text()` of 57 MB alone takes
 * 300-400 ms on the bench machine). Throws unless it answers 200; returns the body's size.
 *
 * Without gzip the reply is read from a plain socket into one buffer that every read reuses
 * (`onread`), so the client allocates nothing per chunk: read through Node's HTTP client, each
 * 64 KiB chunk was a new buffer, and 57 MB of them made the bench process run a full garbage
 * collection of its own heap during nearly every 100,000-item menu it timed.
 */
export function receiveBytes(
  url: string,
  token?: string,
  { gzip }: { gzip?: 'decoded' | 'wire' } = {},
): Promise<number> {
  if (!gzip) return receiveCounted(url, token);
  // As a browser asks: gzip taken; 'decoded' decompresses it here (in the time, as it costs the
  // browser) and counts the text, 'wire' counts the bytes as they came.
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const body =
        gzip === 'decoded' && response.headers['content-encoding'] === 'gzip'
          ? response.pipe(createGunzip())
          : response;
      let bytes = 0;
      body.on('data', (chunk: Buffer) => (bytes += chunk.length));
      body.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`GET ${url} answered ${response.statusCode}, expected 200`)),
      );
      body.on('error', reject);
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** HTTP/1.1 by hand on one connection that the server closes after the reply (see above). */
function receiveCounted(url: string, token?: string): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = [`GET ${pathname}${search} HTTP/1.1`, `Host: ${hostname}:${port}`];
  if (token) lines.push(`Authorization: Bearer ${token}`);
  lines.push('Connection: close', '', '');
  return new Promise((resolve, reject) => {
    // The status line and headers, until their blank line; then only the body's bytes counted.
    let head: Buffer | undefined = Buffer.alloc(0);
    let status = '';
    let bytes = 0;
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: Buffer.allocUnsafe(256 * 1024),
        callback(read, buffer) {
          if (head === undefined) {
            bytes += read;
            return true;
          }
          head = Buffer.concat([head, buffer.subarray(0, read)]);
          const end = head.indexOf(HEAD_END);
          if (end >= 0) {
            status = head.subarray(0, end).toString('latin1').split(' ')[1] ?? '';
            bytes = head.length - end - HEAD_END.length;
            head = undefined;
          }
          return true;
        },
      },
    });
    socket.once('connect', () => socket.write(lines.join('\r\n')));
    socket.once('error', reject);
    socket.once('close', () =>
      status === '200'
        ? resolve(bytes)
        : reject(new Error(`GET ${url} answered ${status || 'nothing'}, expected 200`)),
    );
  });
}

/** A request that must answer `status`; returns the body's text. */
export async function expectStatus(
  url: string,
  options: CallOptions = {},
  status = 200,
): Promise<string> {
  const reply = await call(url, options);
  if (reply.status !== status) {
    const method = options.method ?? 'GET';
    throw new Error(
      `${method} ${url} answered ${reply.status}, expected ${status}: ${reply.text.slice(0, 500)}`,
    );
  }
  return reply.text;
}

/** A request that must answer `status`; returns the parsed body. */
export async function expectJson<T>(
  url: string,
  options: CallOptions = {},
  status = 200,
): Promise<T> {
  return JSON.parse(await expectStatus(url, options, status)) as T;
}

export interface LatencyStats {
  runs: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LatencyOptions {
  runs: number;
  /** Unmeasured runs first (JIT, caches, connection). */
  warmup?: number;
  /** Stop early once this much time has gone by (at least `minRuns` are always made). */
  budgetMs?: number;
  minRuns?: number;
  /** Untimed work before each timed call (e.g. a write that empties the server's read cache). */
  prepare?: () => Promise<unknown>;
}

/** Times `run` one call after another; `run` gets the run number, so it can vary its input. */
export async function sequentialLatency(
  run: (index: number) => Promise<unknown>,
  { runs, warmup = 3, budgetMs = Infinity, minRuns = 5, prepare }: LatencyOptions,
): Promise<LatencyStats> {
  for (let i = 0; i < warmup; i++) await run(-1 - i);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    await prepare?.();
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
    if (samples.length >= minRuns && performance.now() - started > budgetMs) break;
  }
  return summarise(samples);
}

/**
 * Times two calls alternately (a, b, a, b...), so that a change in the machine's speed during the
 * runs weighs on both alike: for comparing two requests with each other.
 */
export async function pairedLatency(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  { runs, warmup = 2, budgetMs = Infinity, minRuns = 5, prepare }: LatencyOptions,
): Promise<[LatencyStats, LatencyStats]> {
  const samples: [number[], number[]] = [[], []];
  const started = performance.now();
  for (let i = -warmup; i < runs; i++) {
    for (const [k, run] of [a, b].entries()) {
      await prepare?.();
      const t0 = performance.now();
      await run();
      if (i >= 0) samples[k]!.push(performance.now() - t0);
    }
    if (i + 1 >= minRuns && performance.now() - started > budgetMs) break;
  }
  return [summarise(samples[0]), summarise(samples[1])];
}

export function summarise(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return {
    runs: sorted.length,
    mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length,
    p50: rank(0.5),
    p99: rank(0.99),
    max: sorted[sorted.length - 1]!,
  };
}

export interface Throughput {
  /** Mean requests per second over the measured seconds. */
  rps: number;
  latencyMean: number;
  latencyP99: number;
  requests: number;
}

export interface ThroughputOptions {
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  token?: string | undefined;
}

/** One autocannon run of `duration` seconds; every reply must be a 2xx. */
async function fire(
  url: string,
  duration: number,
  { connections = 10, token }: ThroughputOptions,
): Promise<autocannon.Result> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const result = await autocannon({ url, connections, duration, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${url}: ${failed} of ${result.requests.total} requests failed (non-2xx, errors or timeouts)`,
    );
  }
  return result;
}

/** Requests per second with `connections` keep-alive connections; every reply must be a 2xx. */
export async function throughput(
  url: string,
  options: ThroughputOptions = {},
): Promise<Throughput> {
  const { seconds = 5, warmupSeconds = 1 } = options;
  if (warmupSeconds > 0) await fire(url, warmupSeconds, options);
  const result = await fire(url, seconds, options);
  return {
    rps: result.requests.average,
    latencyMean: result.latency.average,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
  };
}

/**
 * Two URLs' requests per second measured in turns of one second (`rounds` each, after a second of
 * warm-up each), so that a drift of the machine's speed during the measurement weighs on both
 * alike: measured one after the other, five seconds each, the same server gave figures a quarter
 * apart. Each figure is its requests over its seconds; latency is that of its turns, weighted by
 * their requests (the mean) and the worst of their p99s.
 */
export async function alternatingThroughput(
  first: { url: string; options?: ThroughputOptions },
  second: { url: string; options?: ThroughputOptions },
  rounds = 5,
): Promise<[Throughput, Throughput]> {
  const both = [first, second];
  for (const { url, options = {} } of both) await fire(url, 1, options);
  const results: autocannon.Result[][] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [i, { url, options = {} }] of both.entries())
      results[i]!.push(await fire(url, 1, options));
  }
  const summary = (runs: autocannon.Result[]): Throughput => {
    const requests = runs.reduce((sum, run) => sum + run.requests.total, 0);
    return {
      rps: requests / runs.reduce((sum, run) => sum + run.duration, 0),
      latencyMean:
        runs.reduce((sum, run) => sum + run.latency.average * run.requests.total, 0) / requests,
      latencyP99: Math.max(...runs.map((run) => run.latency.p99)),
      requests,
    };
  };
  return [summary(results[0]!), summary(results[1]!)];
}

/**
 * Collects the garbage earlier steps left (writing a 10,000-page site leaves hundreds of MB), so
 * a measurement does not pay for another's; needs `--expose-gc` (the bench script passes it).
 */
export function settle(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
