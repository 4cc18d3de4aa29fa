/**
 * Render threads made ready as the server starts (CANOPY_RENDER_WARM), and none left starting
 * by a server closed while it was getting them ready.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, type TestApp } from '../harness';
import { startDemo } from './helpers';

describe.each(DIALECTS)('render threads at start (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('start with the server, and the first build renders on them', async () => {
    const t = await startDemo(dialect, { warmRenderThreads: true, renderThreads: 2 });
    apps.push(t);
    await vi.waitFor(() => expect(t.app.publishing.renderer.running).toBe(2), {
      timeout: 20_000,
      interval: 50,
    });
    const response = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: {
        mode: 'delivery',
        site_id: (await t.db.selectFrom('sites').select('site_id').executeTakeFirstOrThrow())
          .site_id,
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    await t.app.publishing.idle();
    expect((await t.app.inject({ url: '/about' })).body).toContain('<!DOCTYPE html>');
    expect(t.app.publishing.renderer.running).toBe(2);
  });

  it('a server closed while its threads are being made ready starts none afterwards', async () => {
    const t = await startDemo(dialect, { warmRenderThreads: true, renderThreads: 2 });
    // Closed at once: the renderer is still being bundled, and its folder is removed next.
    await t.close();
    expect(t.app.publishing.renderer.running).toBe(0);
    // A thread started now would fail to load the removed renderer (an unhandled error).
    await new Promise((done) => setTimeout(done, 1_500));
    expect(t.app.publishing.renderer.running).toBe(0);
  });
});
