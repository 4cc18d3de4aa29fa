/**
 * Memory at idle: a fresh `npm start`-style start (first start: migrations and demo seed) on a free port
 * with a temporary data folder, measured from /proc/<pid>/status once it listens and has idled.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { memoryRow, step, type Row } from './lib/report';
import { startNodeFlags, stopChild } from './lib/server';

// The same steps as `npm start` (root package.json): compile, then run with its V8 flags.
const BUNDLE = fileURLToPath(new URL('../packages/server/scripts/bundle.mjs', import.meta.url));
const CLI = fileURLToPath(new URL('../packages/server/dist/canopy.mjs', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const IDLE_MS = 3_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('No port')),
      );
    });
  });
}

/** Whether something accepts TCP connections on the port (no HTTP request, so no extra work). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A /proc/<pid>/status figure in MB (VmRSS: resident now; VmHWM: the peak). */
export function procStatusMb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no ${key}`);
  return Number(match[1]) / 1024;
}

/** One `canopy start` on `dataDir`: resident and peak memory once it listens and has idled. */
async function idleStart(dataDir: string): Promise<{ rss: number; peak: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startNodeFlags(), CLI, 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CANOPY_DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await listening(port))) {
      if (child.exitCode !== null)
        throw new Error(`canopy start exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`canopy start did not listen within ${START_TIMEOUT_MS} ms:\n${output}`);
      await sleep(100);
    }
    await sleep(IDLE_MS);
    return { rss: procStatusMb(child.pid!, 'VmRSS'), peak: procStatusMb(child.pid!, 'VmHWM') };
  } finally {
    await stopChild(child);
  }
}

/**
 * The first start (migrations, the demo seed, which uploads its media through the same code as an
 * editor and so loads sharp and jsdom, and the demo site's first build) and a restart on the same
 * data folder, as a server usually starts.
 */
export async function benchIdleMemory(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-idle-'));
  execFileSync(process.execPath, [BUNDLE], { stdio: 'inherit' });
  try {
    const first = await idleStart(dataDir);
    step(
      `first canopy start: ${first.rss.toFixed(1)} MB resident, ${first.peak.toFixed(1)} MB peak during start`,
    );
    const again = await idleStart(dataDir);
    step(`canopy start again: ${again.rss.toFixed(1)} MB resident`);
    return [
      memoryRow('Server RSS at idle (canopy start, first: seed)', first.rss, 150),
      memoryRow('  peak RSS during first start', first.peak),
      memoryRow('Server RSS at idle (canopy start again)', again.rss, 150),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
