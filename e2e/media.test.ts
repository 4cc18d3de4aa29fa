/**
 * The demo media in a real browser: Canopy started as `canopy start` (which seeds the demo media
 * library), then Debian's Chromium plays the multi-stream video with hls.js until it has played
 * a moment, and shows a served image. The test page and hls.js are answered by the browser's
 * request routing on Canopy's own origin, so nothing else is served.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { MEDIA_LIBRARY_ROOT_ID, type MenuItem } from '@canopy/core';
import { freePort } from '../packages/server/test/storage/moto';

const SCREENSHOT = '/tmp/canopy-media.png';
const CANOPY = resolve('packages/server/bin/canopy.js');

describe('demo media in Chromium', () => {
  let dataDir: string;
  let child: ChildProcess;
  let browser: Browser;
  let base: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'canopy-e2e-media-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CANOPY_PUBLIC_URL: base,
      CANOPY_DATA_DIR: dataDir,
      CANOPY_STORAGE: 'disk',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    };
    let output = '';
    child = spawn(process.execPath, [CANOPY, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 50_000;
    while (!output.includes('Canopy is running')) {
      if (child.exitCode !== null) throw new Error(`canopy start exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`canopy start did not come up: ${output}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('plays the demo stream with hls.js and shows a served image', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CANOPY, 'token', '--user', 'admin'],
      { env },
    );
    const menu = await fetch(`${base}/api/menus/contents/${MEDIA_LIBRARY_ROOT_ID}?level=2`, {
      headers: { authorization: `Bearer ${stdout.trim()}` },
    });
    const items = (await menu.json()).children as MenuItem[];
    const stream = items.find((item) => item.content_type_id === 'multi-stream-video')!.media_url!;
    const photo = items.find((item) => item.content_name === 'Office photo')!.media_url!;

    const page = await browser.newPage();
    const hlsScript = readFileSync(resolve('node_modules/hls.js/dist/hls.min.js'));
    await page.route(`${base}/test/hls.js`, (route) =>
      route.fulfill({ body: hlsScript, contentType: 'text/javascript' }),
    );
    await page.route(`${base}/test/player.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="margin:0;background:#fff">
          <video id="video" muted playsinline width="640" height="360"></video>
          <img id="photo" src="${photo}" width="480" height="270">
          <script src="/test/hls.js"></script>
          <script>
            const video = document.getElementById('video');
            const hls = new Hls();
            hls.on(Hls.Events.ERROR, (_event, data) => { if (data.fatal) window.hlsError = data.details; });
            hls.loadSource(${JSON.stringify(stream)});
            hls.attachMedia(video);
            hls.on(Hls.Events.MANIFEST_PARSED, () => video.play());
          </script></body>`,
      }),
    );
    await page.goto(`${base}/test/player.html`);
    await page.waitForFunction(
      () =>
        (window as unknown as { hlsError?: string }).hlsError ??
        (document.getElementById('video') as HTMLVideoElement).currentTime > 0,
      undefined,
      { timeout: 20_000 },
    );
    const state = await page.evaluate(() => ({
      error: (window as unknown as { hlsError?: string }).hlsError ?? null,
      time: (document.getElementById('video') as HTMLVideoElement).currentTime,
      image: (document.getElementById('photo') as HTMLImageElement).naturalWidth,
    }));
    expect(state.error).toBeNull();
    expect(state.time).toBeGreaterThan(0);
    expect(state.image).toBe(480);
    await page.screenshot({ path: SCREENSHOT });
    await page.close();
  });
});
