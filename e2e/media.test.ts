/**
 * The demo media in a real browser: Canopy started as `canopy start` (which seeds the demo media
 * library), then Debian's Chromium plays the multi-stream video with hls.js until it has played
 * a moment, and shows a served image. The test page and hls.js are answered by the browser's
 * request routing on Canopy's own origin, so nothing else is served.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MEDIA_LIBRARY_ROOT_ID, type MenuItem } from '@canopy/core';
import {
  CANOPY_BIN,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';

const SCREENSHOT = '/tmp/canopy-media.png';

describe('demo media in Chromium', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    server = await startCanopy({ CANOPY_STORAGE: 'disk' });
    base = server.base;
    browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays the demo stream with hls.js and shows a served image', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CANOPY_BIN, 'token', '--user', 'admin'],
      { env: server.env },
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

it('breaks no security policy in the browser', expectNoPolicyViolations);
