/** Starts and stops the measured servers, each in its own Node process like a real deployment. */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Connection } from './database';

/** The bare route's path. */
export const BARE_PATH = '/hello';
/** The bare server's reply of `?n=` bytes, and its folder of files (`startBareServer(root)`). */
export const BARE_BYTES_PATH = '/bytes';
export const BARE_STATIC_PREFIX = '/files/';
/** The bare server's upload stages: `receive`, `disk` and `multipart` (serve.ts). */
export const BARE_UPLOAD_PREFIX = '/upload/';

/** The issuer base both the server and the bench's token signer use. */
export const PUBLIC_URL = 'http://127.0.0.1';

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

const SOURCE = fileURLToPath(new URL('./serve.ts', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../packages/server/scripts/bundle.mjs', import.meta.url));
const ENTRY = fileURLToPath(new URL('../../packages/server/dist/bench-serve.mjs', import.meta.url));
/**
 * The Node flags `npm start` runs the server with, read from its script in the root package.json,
 * so that the measured servers can never drift from what a deployment runs. (A function: serve.ts
 * imports this module's paths, compiled elsewhere, where the package.json is not beside it.)
 */
export function startNodeFlags(): string[] {
  const manifest = new URL('../../package.json', import.meta.url);
  const { scripts } = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts: { start: string } };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) packages\/server\/dist\/canopy\.mjs start/.exec(
    scripts.start,
  );
  if (!flags)
    throw new Error(`npm start's script does not start dist/canopy.mjs: ${scripts.start}`);
  return flags[1]!.split(' ').filter(Boolean);
}

/** `npm start`'s flags, and any given in BENCH_NODE_FLAGS (e.g. `--cpu-prof` to profile). */
const nodeFlags = () => [
  ...startNodeFlags(),
  ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
];
let compiled = false;

/**
 * serve.ts compiled as `npm start` compiles the server (scripts/bundle.mjs, into its `dist/`),
 * once per bench run: the servers run the code a deployment runs, not TypeScript compiled on load
 * by a loader whose own thread and caches would be counted in their memory and time.
 */
function compiledEntry(): string {
  if (!compiled) {
    execFileSync(process.execPath, [BUNDLE, `bench-serve=${SOURCE}`], { stdio: 'inherit' });
    compiled = true;
  }
  return ENTRY;
}
const START_TIMEOUT_MS = 60_000;

/** The bare Fastify server; with `staticRoot`, it also serves that folder with @fastify/static. */
export function startBareServer(staticRoot?: string): Promise<RunningServer> {
  return startServer({ BENCH_SERVER: 'bare', BENCH_STATIC_ROOT: staticRoot ?? '' });
}

/** Canopy on the bench database, with public delivery on (bearer tokens work as well). */
export function startCanopyServer(
  connection: Connection,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer({
    ...env,
    BENCH_SERVER: 'canopy',
    BENCH_DB_URL: connection.url ?? '',
    BENCH_DB_FILE: connection.sqliteFile,
    BENCH_DB_SCHEMA: connection.schema ?? '',
    BENCH_DATA_DIR: connection.dataDir,
    BENCH_PUBLIC_URL: PUBLIC_URL,
    CANOPY_PUBLIC_DELIVERY: 'true',
  });
}

function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = fork(compiledEntry(), {
    execArgv: nodeFlags(),
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Start-up warnings would clutter the report; they are shown if the server fails to start.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // BENCH_SERVER_LOG keeps all of it (with BENCH_NODE_FLAGS=--trace-gc-nvp, the collector's trace).
  const log = process.env.BENCH_SERVER_LOG;
  if (log) {
    const file = createWriteStream(`${log}.${env.BENCH_SERVER}.${child.pid}`, { flags: 'a' });
    child.stdout!.pipe(file, { end: false });
    child.stderr!.pipe(file, { end: false });
    child.once('exit', () => file.end());
  }
  const name = env.BENCH_SERVER;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`The ${name} server did not start within ${START_TIMEOUT_MS} ms:\n${output}`),
      );
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ${name} server exited during start (code ${code}):\n${output}`));
    });
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        origin: `http://127.0.0.1:${message.port}`,
        pid: child.pid!,
        stop: () => stopChild(child),
      });
    });
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
