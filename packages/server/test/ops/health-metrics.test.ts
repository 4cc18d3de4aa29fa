import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';

describe.each(DIALECTS)('health, readiness and metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(() => t.close());

  it('answers /healthz without sign-in', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz', as: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with each part it checked', async () => {
    const res = await t.request({ method: 'GET', url: '/readyz', as: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      failed: [],
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it('gives every answer a request id, keeping a sane one sent by a proxy', async () => {
    const fresh = await t.request({ method: 'GET', url: '/healthz', as: null });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.request({
      method: 'GET',
      url: '/api/menus',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const odd = await t.request({
      method: 'GET',
      url: '/healthz',
      as: null,
      headers: { 'x-request-id': 'two words\u0007' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  /** The scraped metrics and how many requests of one kind they counted. */
  async function scrape(labels: string): Promise<{ text: string; count: number }> {
    const res = await t.request({ method: 'GET', url: '/metrics', as: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const line = new RegExp(
      `^canopy_http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`,
      'm',
    );
    return { text: res.body, count: Number(line.exec(res.body)?.[1] ?? 0) };
  }

  it('counts requests per route pattern and cache reads in /metrics', async () => {
    const menus = 'method="GET",route="/api/menus",status_code="200"';
    const before = await scrape(menus);
    const menu = await t.request({ method: 'GET', url: '/api/menus' });
    expect(menu.statusCode).toBe(200);
    await t.request({ method: 'GET', url: '/api/menus' });
    await t.request({ method: 'GET', url: '/no/such/page/at/all', as: null });
    const { text, count } = await scrape(menus);
    expect(count - before.count).toBe(2);
    expect(text).not.toContain('/no/such/page');
    expect(text).toMatch(
      /^canopy_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} [1-9]/m,
    );
    expect(text).toMatch(/^canopy_read_cache_requests_total\{scope="menu",result="hit"\} [1-9]/m);
    expect(text).toMatch(/^canopy_read_cache_requests_total\{scope="menu",result="miss"\} [1-9]/m);
    expect(text).toMatch(/^canopy_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^canopy_event_streams 0$/m);
  });
});

describe('readiness when a part fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(() => t.close());

  it('is 503 and names the storage when it cannot be reached', async () => {
    const { storage } = t.app.canopy;
    const stat = storage.stat.bind(storage);
    storage.stat = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9'));
    try {
      const res = await t.request({ method: 'GET', url: '/readyz', as: null });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: ['storage'],
        checks: { database: 'ok', storage: 'failed: connect ECONNREFUSED 127.0.0.1:9' },
      });
    } finally {
      storage.stat = stat;
    }
  });

  it('is 503 and names the database when it is closed', async () => {
    const other = await startApp('sqlite');
    await other.db.destroy();
    const res = await other.request({ method: 'GET', url: '/readyz', as: null });
    expect(res.statusCode).toBe(503);
    expect(res.json().failed).toEqual(['database']);
    expect(res.json().checks.storage).toBe('ok');
    await other.close().catch(() => undefined);
  });
});

describe('metrics token', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.CANOPY_METRICS_TOKEN = 'scrape-secret-123';
    t = await startApp('sqlite');
  });
  afterAll(async () => {
    delete process.env.CANOPY_METRICS_TOKEN;
    await t.close();
  });

  it('asks for CANOPY_METRICS_TOKEN when it is set', async () => {
    const without = await t.request({ method: 'GET', url: '/metrics', as: null });
    expect(without.statusCode).toBe(401);
    expect(without.json().message).toBe(
      'Send the metrics token (CANOPY_METRICS_TOKEN) as "Authorization: Bearer <token>"',
    );
    const wrong = await t.request({
      method: 'GET',
      url: '/metrics',
      as: null,
      headers: { authorization: 'Bearer scrape-secret-124' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.request({
      method: 'GET',
      url: '/metrics',
      as: null,
      headers: { authorization: 'Bearer scrape-secret-123' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('canopy_http_request_duration_seconds');
  });
});
