/**
 * Metrics fed by publishing: build durations, the builds waiting in the queue, and the Server-Sent
 * Event streams open now.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRunningBuild, publishAndWait, startDemo } from '../publishing/helpers';
import type { TestApp } from '../harness';

async function scrape(t: TestApp): Promise<string> {
  const res = await t.request({ method: 'GET', url: '/metrics', as: null });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('publishing metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo('sqlite');
  });
  afterAll(() => t.close());

  it('records how long each finished build ran', async () => {
    const build = await publishAndWait(t);
    expect(build.status).toBe('succeeded');
    expect(await scrape(t)).toMatch(
      /^canopy_build_duration_seconds_count\{mode="delivery",status="succeeded"\} 1$/m,
    );
    // This process's queue: nothing waits once the build ran.
    expect(await scrape(t)).toMatch(/^canopy_build_queue_depth 0$/m);
  });

  it('counts an open build event stream until its client goes away', async () => {
    const buildId = randomUUID();
    await insertRunningBuild(t, buildId, 1);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/builds/${buildId}/events`, {
      headers: { authorization: `Bearer ${await t.tokenFor('admin')}` },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await scrape(t)).toMatch(/^canopy_event_streams 1$/m);
    abort.abort();
    await until(async () => /^canopy_event_streams 0$/m.test(await scrape(t)));
    t.app.server.closeAllConnections();
  });
});
