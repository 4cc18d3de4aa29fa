/**
 * Cached published pages answered before routing (plugins/cached-pages.ts), over real HTTP: the
 * answer a caller gets must be the route's, byte for byte and header for header, and whatever the
 * front cannot answer exactly as the route would must reach the route.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAuthConfig } from '../../src/auth/config';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { makeWorld, ok, publish, publishedPage, saveFields, type World } from './fixtures';

/** Headers every HTTP answer has of its own (the date, the connection, the request's id). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

function comparable(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name))
      .map(([name, value]): [string, string] => [name, String(value)])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe.each(DIALECTS)('cached pages answered before routing on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let contentId: string;
  let origin: string;
  let routed: ReturnType<typeof vi.spyOn>;
  const pagePath = () => `/api/contents?site_id=${world.siteId}&page_url=/cached`;

  beforeAll(async () => {
    t = await startApp(dialect, { auth: loadAuthConfig({ CANOPY_PUBLIC_DELIVERY: 'true' }) });
    world = await makeWorld(t.db);
    const saved = await publishedPage(t, world, 'Cached', {
      [world.blocks.pageUrl]: '/cached',
      [world.blocks.title]: 'First title',
    });
    contentId = saved.content_id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  // The route reads the cache with `get`; an answer given before routing never does.
  const watchRoute = () => (routed = vi.spyOn(t.app.canopy.readCache, 'get'));
  afterEach(() => routed?.mockRestore());

  async function fetchPage(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${origin}${path}`, { headers });
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  /** The route's own answer (`inject` calls Fastify's handler, never the server in front of it). */
  async function routeAnswer(headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'GET', url: pagePath(), headers });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  }

  it.each([
    ['public', () => ({})],
    ['bearer token', async () => ({ authorization: `Bearer ${await t.tokenFor('admin')}` })],
  ])('answers a %s caller with the route’s bytes and headers', async (_, headersOf) => {
    const headers: Record<string, string> = await headersOf();
    const first = await fetchPage(pagePath(), headers); // read and cached by the route
    expect(first.status).toBe(200);
    const reference = await routeAnswer(headers);
    watchRoute();
    const cached = await fetchPage(pagePath(), headers);
    expect(routed).not.toHaveBeenCalled();
    expect(cached.status).toBe(200);
    expect(cached.body.equals(reference.body)).toBe(true);
    expect(cached.body.equals(first.body)).toBe(true);
    expect(comparable(cached.headers)).toEqual(comparable(reference.headers));
    expect(cached.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cached.headers['cache-control']).toBe(headers.authorization ? 'no-store' : undefined);
    expect(JSON.parse(cached.body.toString())).toMatchObject({
      content_id: contentId,
      status_id: 'published',
    });
    // A sane request id from a proxy is kept, as the route keeps it.
    const traced = await fetchPage(pagePath(), { ...headers, 'x-request-id': 'edge-42' });
    expect(traced.headers['x-request-id']).toBe('edge-42');
    expect(routed).not.toHaveBeenCalled();
  });

  it('reads the query as the route does', async () => {
    await fetchPage(pagePath());
    watchRoute();
    const encoded = await fetchPage(`/api/contents?page_url=%2Fcached&site_id=${world.siteId}`);
    expect(routed).not.toHaveBeenCalled();
    expect(JSON.parse(encoded.body.toString()).content_id).toBe(contentId);
  });

  it('leaves to the route whatever it cannot answer as the route would', async () => {
    await fetchPage(pagePath());
    watchRoute();
    // A token never verified: the route verifies it (and the next call is answered in front).
    const token = await t.tokenFor('reader', ['administrator']);
    const verified = await fetchPage(pagePath(), { authorization: `Bearer ${token}` });
    expect(verified.status).toBe(200);
    expect(routed).toHaveBeenCalledTimes(1);
    // A token that is not valid.
    const forged = await fetchPage(pagePath(), { authorization: 'Bearer not-a-token' });
    expect(forged.status).toBe(401);
    expect(forged.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // Another origin's page calling from the browser (CORS): refused its headers by the route.
    const elsewhere = await fetchPage(pagePath(), { origin: 'https://elsewhere.example' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    // Anything else in the query: the route's validation answers.
    const extra = await fetchPage(`${pagePath()}&version=2`);
    expect(extra.status).toBe(400);
    // A token in the address, even as part of a Page URL the route has served and cached.
    await publishedPage(t, world, 'Odd', { [world.blocks.pageUrl]: '/odd?access_token=1' });
    const oddPath = `/api/contents?site_id=${world.siteId}&page_url=`;
    expect((await fetchPage(`${oddPath}%2Fodd%3Faccess_token%3D1`)).status).toBe(200);
    const inAddress = await fetchPage(`${oddPath}/odd?access_token=1`);
    expect(inAddress.status).toBe(401);
    expect(JSON.parse(inAddress.body.toString()).message).toBe(
      'Send the token in the Authorization header, never in the URL',
    );
    const head = await fetch(`${origin}${pagePath()}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(routed.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('never answers from a page a write has changed', async () => {
    const title = (res: { body: Buffer }) =>
      JSON.parse(res.body.toString()).content_fields[world.blocks.title].field_value;
    await fetchPage(pagePath());
    expect(title(await fetchPage(pagePath()))).toBe('First title');
    const draft = (
      await t.request({
        method: 'POST',
        url: '/api/contents/draft',
        payload: { content_id: contentId },
      })
    ).json();
    ok(await saveFields(t, draft, { [world.blocks.title]: 'Second title' }));
    // Any write empties the cache: the next read is the route's, and still the published version.
    watchRoute();
    expect(title(await fetchPage(pagePath()))).toBe('First title');
    expect(routed).toHaveBeenCalledTimes(1);
    await publish(t, contentId, 2);
    expect(title(await fetchPage(pagePath()))).toBe('Second title');
    expect(title(await fetchPage(pagePath()))).toBe('Second title');
    expect(routed).toHaveBeenCalledTimes(2);
  });

  it('counts its answers in the request metrics', async () => {
    const labels = 'method="GET",route="/api/contents",status_code="200"';
    const count = async () => {
      const text = (await t.request({ method: 'GET', url: '/metrics', as: null })).body;
      const line = new RegExp(
        `^canopy_http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`,
        'm',
      );
      return Number(line.exec(text)?.[1] ?? 0);
    };
    await fetchPage(pagePath());
    const before = await count();
    watchRoute();
    for (let i = 0; i < 3; i++) expect((await fetchPage(pagePath())).status).toBe(200);
    expect(routed).not.toHaveBeenCalled();
    expect((await count()) - before).toBe(3);
  });
});
