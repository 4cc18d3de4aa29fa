/**
 * Mounts the embedded OpenID provider at /oidc (off when OIDC_ISSUER names an external one) and
 * serves its sign-in pages. The provider is a Koa app: its routes hand the raw request and
 * response over to it, with the /oidc prefix moved to `originalUrl` as it expects when mounted.
 */
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { loadSigningKeys } from '../auth/keys';
import { checkPassword } from '../operations/users/check-password';
import { cookieKeys } from '../auth/cookie-keys';
import { SignInLimiter } from '../auth/rate-limit';
import { createEmbeddedProvider } from '../auth/oidc/provider';
import { renderMessagePage, renderSignInPage } from '../auth/oidc/sign-in-page';
import { recordSignInFailure, recordTokenFailure } from '../audit/sign-in-failures';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded OpenID provider; null when an external issuer signs people in. */
    oidcProvider: Provider | null;
  }
}

const PREFIX = '/oidc';

export const oidcPlugin = fp(
  async (app) => {
    const { config, db } = app.canopy;
    if (config.auth.external) {
      app.decorate('oidcProvider', null);
      return;
    }
    const provider = createEmbeddedProvider({
      db,
      publicUrl: config.publicUrl,
      keys: await loadSigningKeys(db),
      cookieKeys: await cookieKeys(db),
      accessTokenTtl: config.auth.accessTokenTtl,
      allowedOrigins: config.auth.allowedOrigins,
    });
    app.decorate('oidcProvider', provider);
    provider.on('grant.error', (ctx, error) => {
      recordTokenFailure(db, ctx, error).catch((failure: unknown) =>
        app.log.error({ err: failure }, 'A refused token request could not be recorded'),
      );
    });
    await app.register(providerRoutes, { provider });
    await app.register(signInRoutes, {
      provider,
      limiter: new SignInLimiter(config.auth.signInLimits),
    });
  },
  { name: 'canopy-oidc', dependencies: ['canopy-context'] },
);

/** Every provider endpoint (discovery, auth, token, jwks, userinfo, logout...). */
async function providerRoutes(app: FastifyInstance, { provider }: { provider: Provider }) {
  const callback = provider.callback();
  // Endpoints are announced on the public address whatever Host the request came with (a proxy,
  // a test, a container's own name): the provider reads them from these headers.
  const publicUrl = new URL(app.canopy.config.publicUrl);
  provider.proxy = true;
  // The provider reads its own request bodies.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // The provider writes its own answers: with the headers already set for /oidc.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.headers['x-forwarded-host'] = publicUrl.host;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(PREFIX.length) || '/';
    await callback(raw, reply.raw);
  };
  const options = { schema: { hide: true }, config: { public: true } };
  app.all(PREFIX, options, handler);
  app.all(`${PREFIX}/*`, options, handler);
}

interface SignInOptions {
  provider: Provider;
  limiter: SignInLimiter;
}

/** The sign-in interaction: the form, the password check, and cancelling. */
async function signInRoutes(app: FastifyInstance, { provider, limiter }: SignInOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const db = app.canopy.db;
  const schema = { hide: true };

  app.get<{ Params: { uid: string } }>(
    `${PREFIX}/interaction/:uid`,
    { schema },
    async (request, reply) => {
      const details = await interaction(provider, request, reply);
      if (!details) return;
      if (details.prompt.name !== 'login') {
        // Consent is never asked of the first-party client; finish any other prompt as is.
        const to = await provider.interactionResult(request.raw, reply.raw, {});
        return reply.redirect(to, 303);
      }
      return html(reply, 200, renderSignInPage({ uid: details.uid }));
    },
  );

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    `${PREFIX}/interaction/:uid/login`,
    { schema },
    async (request, reply) => {
      const details = await interaction(provider, request, reply);
      if (!details) return;
      const username = String(request.body?.username ?? '').trim();
      const password = String(request.body?.password ?? '');
      const page = (status: number, error: string) =>
        html(reply, status, renderSignInPage({ uid: details.uid, username, error }));
      if (!username || !password) return page(400, 'Enter your username and password.');

      const verdict = limiter.attempt(username, request.ip);
      if (!verdict.allowed) {
        if (verdict.firstRefusal)
          await recordSignInFailure(db, {
            username,
            endpoint: 'sign-in',
            reason: 'too many attempts',
            address: request.ip,
          });
        const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        return page(
          429,
          `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        );
      }
      const check = await checkPassword(db, username, password);
      if (check === 'wrong' || check === 'disabled') {
        const reason = check === 'wrong' ? 'wrong username or password' : 'account disabled';
        await recordSignInFailure(db, {
          username,
          endpoint: 'sign-in',
          reason,
          address: request.ip,
        });
      }
      if (check === 'wrong') {
        limiter.failed(username);
        return page(401, 'The username or password is not correct. Check them and try again.');
      }
      if (check === 'disabled') {
        return page(403, 'This account is disabled. Ask an administrator to enable it.');
      }
      const userId = check.userId;
      limiter.succeeded(username);
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: userId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${PREFIX}/interaction/:uid/abort`,
    { schema },
    async (request, reply) => {
      const details = await interaction(provider, request, reply);
      if (!details) return;
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was cancelled' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    },
  );
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The pending interaction of this browser, or null after answering with an expiry page. */
async function interaction(
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Details | null> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid === request.params.uid) return details;
  } catch {
    // Expired, or opened in another browser: the interaction cookie is missing.
  }
  html(
    reply,
    400,
    renderMessagePage({
      title: 'Sign-in expired',
      message:
        'This sign-in page has expired or was opened in another browser. Go back to Canopy and sign in again.',
    }),
  );
  return null;
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}
