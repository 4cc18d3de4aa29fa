/**
 * §8's token rules in the client, with a fake token source and a fake server: a call whose
 * token expired is held until one silent renewal gives a new token, and calls that need a
 * renewal at the same time (expired or answered 401) share it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCanopyClient, singleFlight, tokenExpired, type ClientOptions } from '../src/index';

const START = Date.parse('2026-05-01T09:00:00Z');

/** A token source like the admin's: a token with an expiry, renewed when asked. */
function fakeTokens(lifetimeMs = 60_000) {
  const source = {
    token: 'token-1',
    expiresAt: START + lifetimeMs,
    renewals: 0,
    /** Whether the next renewal works. */
    renewalWorks: true,
    /** Resolves the renewal under way (it waits, as a hidden frame does). */
    finish: () => {},
    renew: () =>
      new Promise<boolean>((done) => {
        source.renewals += 1;
        source.finish = () => {
          if (source.renewalWorks) {
            source.token = `token-${source.renewals + 1}`;
            source.expiresAt = Date.now() + lifetimeMs;
          }
          done(source.renewalWorks);
        };
      }),
  };
  return source;
}

/** A server that accepts only `valid` tokens and records what each call carried. */
function fakeServer(valid: () => string[]) {
  const calls: Array<{ method: string; path: string; authorization: string | null }> = [];
  const fetch = async (input: Request) => {
    const authorization = input.headers.get('authorization');
    calls.push({ method: input.method, path: new URL(input.url).pathname, authorization });
    const ok = valid().some((token) => authorization === `Bearer ${token}`);
    return new Response(JSON.stringify(ok ? [] : { code: 'UNAUTHORIZED', message: 'Sign in' }), {
      status: ok ? 200 : 401,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

function clientFor(tokens: ReturnType<typeof fakeTokens>, server: ReturnType<typeof fakeServer>) {
  const unauthorized: Array<{ path: string; toUnauthorized: boolean }> = [];
  const options: ClientOptions = {
    baseUrl: 'http://canopy.test',
    fetch: server.fetch,
    getToken: () => tokens.token,
    getTokenExpiry: () => tokens.expiresAt,
    renew: tokens.renew,
    onUnauthorized: (event) => unauthorized.push(event),
  };
  return { client: createCanopyClient(options), unauthorized };
}

/** Lets pending promises (the middleware's awaits) run. */
const settle = () => new Promise((done) => setTimeout(done, 0));

const content = (id: string) => ({ params: { path: { id } } });

describe('tokens (§8)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('sends a token that has not expired as it is', async () => {
    const tokens = fakeTokens();
    const server = fakeServer(() => [tokens.token]);
    const { client } = clientFor(tokens, server);
    vi.setSystemTime(tokens.expiresAt - 5_000);
    expect((await client.GET('/api/contents/{id}', content('a'))).response.status).toBe(200);
    expect(server.calls).toEqual([
      { method: 'GET', path: '/api/contents/a', authorization: 'Bearer token-1' },
    ]);
    expect(tokens.renewals).toBe(0);
  });

  it('holds calls made after expiry, renews once, then sends them all with the new token', async () => {
    const tokens = fakeTokens();
    const server = fakeServer(() => [tokens.token]);
    const { client, unauthorized } = clientFor(tokens, server);
    vi.setSystemTime(tokens.expiresAt + 1);

    const burst = [
      client.GET('/api/contents/{id}', content('a')),
      client.GET('/api/menus'),
      client.PUT('/api/contents/{id}', { ...content('b'), body: {} as never }),
      client.GET('/api/contents/{id}', content('c')),
    ];
    await settle();
    // Nothing went out with the expired token; one renewal is under way.
    expect(server.calls).toEqual([]);
    expect(tokens.renewals).toBe(1);

    tokens.finish();
    const answers = await Promise.all(burst);
    expect(answers.map((answer) => answer.response.status)).toEqual([200, 200, 200, 200]);
    expect(server.calls.map((call) => call.authorization)).toEqual(Array(4).fill('Bearer token-2'));
    expect(server.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /api/contents/a',
      'GET /api/contents/c',
      'GET /api/menus',
      'PUT /api/contents/b',
    ]);
    expect(tokens.renewals).toBe(1);
    expect(unauthorized).toEqual([]);
  });

  it('counts a token in its last second as expired: it would arrive too late', () => {
    const expiresAt = START + 60_000;
    expect(tokenExpired(expiresAt, expiresAt - 1_001)).toBe(false);
    expect(tokenExpired(expiresAt, expiresAt - 1_000)).toBe(true);
    expect(tokenExpired(expiresAt, expiresAt + 10)).toBe(true);
    expect(tokenExpired(null, expiresAt + 10)).toBe(false);
  });

  it('answers held calls with a clear 401 when the renewal fails, without sending them', async () => {
    const tokens = fakeTokens();
    tokens.renewalWorks = false;
    const server = fakeServer(() => [tokens.token]);
    const { client } = clientFor(tokens, server);
    vi.setSystemTime(tokens.expiresAt + 1);

    const burst = [client.GET('/api/contents/{id}', content('a')), client.GET('/api/menus')];
    await settle();
    tokens.finish();
    const answers = await Promise.all(burst);
    expect(answers.map((answer) => answer.response.status)).toEqual([401, 401]);
    expect(answers[0]!.error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Your sign-in has expired. Sign in again to go on.',
    });
    expect(server.calls).toEqual([]);
    expect(tokens.renewals).toBe(1);
  });

  it('renews once for several 401s at once and sends the reads again', async () => {
    const tokens = fakeTokens();
    // The server has stopped accepting token-1 (its keys changed, say) before it expired.
    const server = fakeServer(() => (tokens.token === 'token-1' ? [] : [tokens.token]));
    const { client, unauthorized } = clientFor(tokens, server);

    const burst = [
      client.GET('/api/contents/{id}', content('a')),
      client.GET('/api/contents/{id}', content('b')),
      client.DELETE('/api/contents/{id}', content('c')),
    ];
    await settle();
    expect(tokens.renewals).toBe(1);
    tokens.finish();
    const answers = await Promise.all(burst);

    expect(tokens.renewals).toBe(1);
    // The reads went out again with the new token; the write was not repeated, and says 401.
    expect(answers.map((answer) => answer.response.status)).toEqual([200, 200, 401]);
    expect(server.calls.filter((call) => call.authorization === 'Bearer token-2')).toEqual([
      { method: 'GET', path: '/api/contents/a', authorization: 'Bearer token-2' },
      { method: 'GET', path: '/api/contents/b', authorization: 'Bearer token-2' },
    ]);
    expect(unauthorized).toEqual([{ path: '/api/contents/c', toUnauthorized: false }]);
  });

  it('sends a read refused with a token renewed since then again, without another renewal', async () => {
    const tokens = fakeTokens();
    const server = fakeServer(() => ['token-2']);
    // The first two answers wait until the test lets them through.
    const gates: Array<() => void> = [];
    let sent = 0;
    const gated = ((input: Request) =>
      ++sent <= 2
        ? new Promise((done) => gates.push(() => done(server.fetch(input))))
        : server.fetch(input)) as typeof globalThis.fetch;
    const { client } = clientFor(tokens, { ...server, fetch: gated });

    const slow = client.GET('/api/contents/{id}', content('a'));
    const quick = client.GET('/api/contents/{id}', content('b'));
    await settle();
    expect(gates).toHaveLength(2);
    gates[1]!(); // b's 401 starts the renewal
    await settle();
    tokens.finish();
    expect((await quick).response.status).toBe(200);
    gates[0]!(); // a's 401 comes back after the renewal: it only needs the new token
    expect((await slow).response.status).toBe(200);
    expect(tokens.renewals).toBe(1);
    expect(server.calls.map((call) => `${call.path} ${call.authorization}`)).toEqual([
      '/api/contents/b Bearer token-1',
      '/api/contents/b Bearer token-2',
      '/api/contents/a Bearer token-1',
      '/api/contents/a Bearer token-2',
    ]);
  });

  it('never renews for menus or references: their 401 leads to the unauthorized page', async () => {
    const tokens = fakeTokens();
    const server = fakeServer(() => []);
    const { client, unauthorized } = clientFor(tokens, server);
    expect((await client.GET('/api/menus')).response.status).toBe(401);
    expect(tokens.renewals).toBe(0);
    expect(server.calls).toHaveLength(1);
    expect(unauthorized).toEqual([{ path: '/api/menus', toUnauthorized: true }]);
  });
});

describe('singleFlight', () => {
  it('shares one run between callers that come while it runs, and runs again after', async () => {
    let runs = 0;
    let finish = () => {};
    const renew = singleFlight(
      () =>
        new Promise<number>((done) => {
          runs += 1;
          finish = () => done(runs);
        }),
    );
    const together = [renew(), renew(), renew()];
    finish();
    expect(await Promise.all(together)).toEqual([1, 1, 1]);
    const later = renew();
    finish();
    expect(await later).toBe(2);
    expect(runs).toBe(2);
  });

  it('lets the next caller try again after a run that failed', async () => {
    let runs = 0;
    const renew = singleFlight(async () => {
      runs += 1;
      if (runs === 1) throw new Error('frame timed out');
      return true;
    });
    await expect(renew()).rejects.toThrow('frame timed out');
    expect(await renew()).toBe(true);
  });
});
