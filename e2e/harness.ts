/**
 * Browser-test harness: Canopy started as `canopy start` on a data folder of its own (the admin
 * panel built first when it is missing or stale) and Debian's Chromium launched through
 * playwright-core.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The compiled server `npm start` runs (made by the test run's global set-up). */
export const CANOPY_BIN = resolve('packages/server/dist/canopy.mjs');
export const ADMIN_PASSWORD = 'e2e-admin-password-1';
export const DEMO_PASSWORD = 'e2e-demo-password-1';

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

/** Builds the admin panel when its build is missing or older than its sources. */
/** Builds the admin and the page editor when stale; `env` as `npm start` would be given it. */
export function buildAdmin(env: Record<string, string> = {}): void {
  execFileSync(process.execPath, [resolve('packages/admin/scripts/build.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

export interface RunningCanopy {
  base: string;
  child: ChildProcess;
  /** The server's environment: `canopy` commands given it act on the same server. */
  env: NodeJS.ProcessEnv;
  output(): string;
  /** Stops the server and removes its data folder (unless kept). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * What a server reads at start without it changing what the first start seeds: a server given
 * nothing else starts from a copy of a folder this run's server seeded once (`seededDataDir`).
 */
const NOT_SEEDED = new Set([
  'PORT',
  'CANOPY_PUBLIC_URL',
  'CANOPY_LOCK_LEASE_SECONDS',
  'CANOPY_PRESENCE_SECONDS',
  'CANOPY_ACCESS_TOKEN_TTL',
]);

export interface StartOptions {
  /** Starts on an empty folder: the server seeds the demo and prints the first sign-ins. */
  firstStart?: boolean;
}

/**
 * `canopy start` on a folder of its own. A journey does not need to watch the first start (the
 * demo seeded, its site built, the first passwords hashed: most of five seconds): unless it says
 * so, or gives settings that change what is seeded, it starts on a copy of a folder seeded by the
 * same compiled server earlier in the run (a restart, about a second and a half).
 */
export async function startCanopy(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningCanopy> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-e2e-'));
  if (!options.firstStart && Object.keys(env).every((name) => NOT_SEEDED.has(name))) {
    cpSync(await seededFolder(), dataDir, { recursive: true });
  }
  return launch(dataDir, env);
}

/** The run's seeded data folder: made by a first start the first time a journey needs it. */
async function seededFolder(): Promise<string> {
  const folder = inject('seededDataDir');
  if (existsSync(folder)) return folder;
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-e2e-seed-'));
  const seeding = await launch(dataDir, {});
  await seeding.stop({ keepData: true });
  try {
    // Whole or not at all: a file of the suite running beside this one may have made it first.
    renameSync(dataDir, folder);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}

async function launch(dataDir: string, env: Record<string, string>): Promise<RunningCanopy> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CANOPY_PUBLIC_URL: base,
    CANOPY_DATA_DIR: dataDir,
    CANOPY_ADMIN_PASSWORD: ADMIN_PASSWORD,
    CANOPY_DEMO_PASSWORD: DEMO_PASSWORD,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const child = spawn(process.execPath, [CANOPY_BIN, 'start'], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Generous: a loaded machine (tests of several packages at once) can take minutes to migrate and seed.
  const deadline = Date.now() + 240_000;
  while (!output.includes('Canopy is running')) {
    if (child.exitCode !== null) {
      await new Promise((done) => setTimeout(done, 200)); // the last of its output
      throw new Error(`canopy start exited with ${child.exitCode}: ${output}`);
    }
    if (Date.now() > deadline) throw new Error(`canopy start did not come up: ${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    base,
    child,
    env: serverEnv,
    output: () => output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        // The server's own grace period is ten seconds; a process that outlives it is killed.
        if (!(await within(exited, 15_000))) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Content-Security-Policy violations the pages of this journey file reported. */
const policyViolations: string[] = [];

/** Records every CSP violation of the context's pages and frames (shadow roots included). */
async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding('canopyPolicyViolation', ({ frame }, text: string) => {
    policyViolations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { canopyPolicyViolation?: (text: string) => void })
          .canopyPolicyViolation;
        report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}`);
      },
      true,
    );
  });
}

/** A journey's last step: no page broke the security policy (a violation is a broken screen). */
export function expectNoPolicyViolations(): void {
  expect(policyViolations, policyViolations.join('\n')).toEqual([]);
}

/** Debian's Chromium, headless, with the flags this machine needs (and any `extraArgs`). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await launchBare(extraArgs);
  // A browser that does not close in time (a busy machine) must not hold up the next journey.
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await within(close(options), 15_000);
  };
  // Every page reports its policy violations (browser.newPage makes its context here too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchPolicy(context);
    return context;
  };
  return browser;
}

function launchBare(extraArgs: string[]): Promise<Browser> {
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
      ...extraArgs,
    ],
  });
}

/** Opens the admin at `path` and signs in on the provider page (the page must not be signed in). */
/**
 * A page in a browser context of its own (one person's sign-in), at 1440x900, patient on a busy
 * machine; the context is added to `contexts` for the caller to close.
 */
export async function pageOfItsOwn(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.setDefaultNavigationTimeout(60_000);
  return page;
}

export async function signInAdmin(
  page: Page,
  base: string,
  username: string,
  password: string,
  path = '/admin/',
): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByPlaceholder('Filter Items').waitFor();
}

/** The bearer token the signed-in admin page holds, for checks over the API. */
export function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
  });
}

/**
 * Until nothing on the page moves: two frames drawn (a transition that a change starts begins on
 * the next frame), then every animation and transition finished.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** Whether `promise` settled within `ms` milliseconds (it is left to settle on its own if not). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
