/**
 * Identity-test helpers: an app on a real database with its own identity configuration, users
 * with passwords, tree items to set permissions on, and the embedded provider's code flow driven
 * over HTTP (app.inject) exactly as a browser would.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadAuthConfig, type AuthConfig } from '../../src/auth/config';
import type { Db, DialectName } from '../../src/db/index';
import { createUser } from '../../src/operations/users/create-user';
import { hashPassword } from '../../src/auth/passwords';
import { startApp } from '../harness';

export const PUBLIC_URL = 'http://localhost:3000';

export interface IdentityApp {
  app: FastifyInstance;
  db: Db;
  /** Creates a user (with roles and optionally a password); returns the user id. */
  user(username: string, roleIds?: string[], password?: string): Promise<string>;
  token(userId: string, username: string, ttl?: number): Promise<string>;
  /** Sends a request with a bearer token for `as` (a username made with `user`), or none. */
  request(options: InjectOptions & { as?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startIdentityApp(
  dialect: DialectName,
  auth: Partial<AuthConfig> = {},
): Promise<IdentityApp> {
  const base = await startApp(dialect, {
    publicUrl: PUBLIC_URL,
    auth: { ...loadAuthConfig({}), ...auth },
  });
  const { app, db } = base;
  const ids = new Map<string, string>();

  const helper: IdentityApp = {
    app,
    db,
    async user(username, roleIds = [], password) {
      const id = await createUser(db, {
        username,
        given_name: username.charAt(0).toUpperCase() + username.slice(1),
        family_name: 'Tester',
        email: `${username}@example.com`,
        password_hash: password ? await hashPassword(password) : null,
        roleIds,
      });
      ids.set(username, id);
      return id;
    },
    token(userId, username, ttl = 3600) {
      return app.canopy.tokens.sign({ sub: userId, preferred_username: username }, ttl);
    },
    async request({ as, headers, ...options }) {
      let authorization = {};
      if (as) {
        const id = ids.get(as) ?? (await helper.user(as, as === 'admin' ? ['administrator'] : []));
        authorization = { authorization: `Bearer ${await helper.token(id, as)}` };
      }
      return app.inject({ ...options, headers: { ...authorization, ...headers } });
    },
    close: base.close,
  };
  return helper;
}

/** Inserts a content item under `parentId` (tree rows only: enough to hold permissions). */
export async function contentItem(db: Db, parentId: string | null, name: string): Promise<string> {
  const id = randomUUID();
  const siblings = await db
    .selectFrom('content_items')
    .select('content_id')
    .where((eb) => (parentId ? eb('parent_id', '=', parentId) : eb('parent_id', 'is', null)))
    .execute();
  const parent = parentId
    ? await db
        .selectFrom('content_items')
        .select(['path', 'lvl'])
        .where('content_id', '=', parentId)
        .executeTakeFirstOrThrow()
    : null;
  const order = siblings.length + 1;
  const segment = String(order).padStart(2, '0');
  await db
    .insertInto('content_items')
    .values({
      content_id: id,
      site_id: null,
      parent_id: parentId,
      content_order: order,
      path: parent ? `${parent.path}/${segment}` : segment,
      lvl: parent ? parent.lvl + 1 : 1,
      content_type_id: 'page',
      template_id: null,
      content_name: name,
      is_active: 1,
      locked_by: null,
      custom_icon: null,
      allowed_content_type: '',
      allowed_template_type: '',
      media_library_directory: null,
      page_url: null,
      media_url: null,
      created_by: 'test',
      created_date: new Date().toISOString(),
    })
    .execute();
  return id;
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const REDIRECT_URI = `${PUBLIC_URL}/admin/`;

/** Cookies a response sets, as a Cookie header value merged over `jar`. */
export function collectCookies(response: LightMyRequestResponse, jar: Map<string, string>): string {
  for (const cookie of response.cookies as { name: string; value: string }[]) {
    jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function pathOf(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, PUBLIC_URL);
  return url.pathname + url.search;
}

/** Starts an authorization request and follows it to the sign-in page. */
export async function startSignIn(app: FastifyInstance, code = pkce()) {
  const jar = new Map<string, string>();
  const query = new URLSearchParams({
    client_id: 'canopy-admin',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile api-access email',
    code_challenge: code.challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const auth = await app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
  if (auth.statusCode !== 303) throw new Error(`auth answered ${auth.statusCode}: ${auth.body}`);
  const interaction = pathOf(auth.headers.location as string);
  const uid = interaction.split('/').pop()!;
  return { jar, cookie: collectCookies(auth, jar), interaction, uid, code };
}

/** Posts the sign-in form. */
export function postSignIn(
  app: FastifyInstance,
  interaction: string,
  cookie: string,
  username: string,
  password: string,
  extra: InjectOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    ...extra,
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      ...extra.headers,
    },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

/** The whole code flow with PKCE: returns the token response. */
export async function signIn(app: FastifyInstance, username: string, password: string) {
  const { jar, cookie, interaction, code } = await startSignIn(app);
  const login = await postSignIn(app, interaction, cookie, username, password);
  if (login.statusCode !== 303) throw new Error(`login answered ${login.statusCode}`);
  let response = login;
  let cookies = collectCookies(login, jar);
  // Follow redirects within the provider until it sends the browser back to the client.
  for (let hops = 0; hops < 5; hops++) {
    const location = response.headers.location as string;
    if (location.startsWith(REDIRECT_URI)) break;
    response = await app.inject({
      method: 'GET',
      url: pathOf(location),
      headers: { cookie: cookies },
    });
    cookies = collectCookies(response, jar);
  }
  const callback = new URL(response.headers.location as string);
  const authorizationCode = callback.searchParams.get('code');
  if (!authorizationCode) throw new Error(`no code in ${callback}`);
  const token = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: authorizationCode,
      redirect_uri: REDIRECT_URI,
      client_id: 'canopy-admin',
      code_verifier: code.verifier,
    }).toString(),
  });
  return token;
}
