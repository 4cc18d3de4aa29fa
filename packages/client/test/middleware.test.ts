/** The client's bearer token and §8 401 handling, against a real HTTP server. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanopyClient, sendsToUnauthorizedPage } from '../src/index';

describe('client middleware', () => {
  let server: Server;
  let baseUrl: string;
  const seen: Array<string | undefined> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers.authorization);
      const ok = request.headers.authorization === 'Bearer good';
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(ok ? [] : { code: 'UNAUTHORIZED', message: 'Sign in' }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('sends the bearer token and reports a 401 with where it should lead', async () => {
    const events: Array<{ path: string; toUnauthorized: boolean }> = [];
    let token: string | null = 'good';
    const client = createCanopyClient({
      baseUrl,
      getToken: () => token,
      onUnauthorized: (event) => events.push(event),
    });
    expect((await client.GET('/api/menus')).response.status).toBe(200);
    expect(seen.at(-1)).toBe('Bearer good');

    token = null;
    expect((await client.GET('/api/menus')).response.status).toBe(401);
    expect(seen.at(-1)).toBeUndefined();
    await client.GET('/api/contents/{id}', { params: { path: { id: 'x' } } });
    expect(events).toEqual([
      { path: '/api/menus', toUnauthorized: true },
      { path: '/api/contents/x', toUnauthorized: false },
    ]);
  });

  it('sends only menus and references to the unauthorized page', () => {
    expect(sendsToUnauthorizedPage('/api/menus')).toBe(true);
    expect(sendsToUnauthorizedPage('/api/menus/contents/1')).toBe(true);
    expect(sendsToUnauthorizedPage('/api/references/')).toBe(true);
    expect(sendsToUnauthorizedPage('/api/contents/1/references')).toBe(false);
    expect(sendsToUnauthorizedPage('/api/menusx')).toBe(false);
  });
});
