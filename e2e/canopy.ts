/** Shared by the browser tests: a free port, `canopy start` on it, Debian's Chromium, and stopping. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CANOPY_BIN = resolve('packages/server/bin/canopy.js');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** `canopy start` on a data folder and port; resolves once it is listening. */
export async function startCanopy(
  dataDir: string,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; output: () => string; env: NodeJS.ProcessEnv }> {
  let output = '';
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CANOPY_PUBLIC_URL: `http://127.0.0.1:${port}`,
    CANOPY_DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [CANOPY_BIN, 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 50_000;
  while (!output.includes('Canopy is running')) {
    if (child.exitCode !== null) {
      await new Promise((done) => setTimeout(done, 200)); // the last of its output
      throw new Error(`canopy start exited with ${child.exitCode}: ${output}`);
    }
    if (Date.now() > deadline) throw new Error(`canopy start did not come up: ${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return { child, output: () => output, env };
}

export async function stopCanopy(child: ChildProcess | undefined): Promise<void> {
  if (child?.exitCode !== null || !child) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
