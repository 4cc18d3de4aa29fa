/** The public address `canopy token` issues for: the environment's, else the one recorded at start. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { issuerPublicUrl, recordPublicUrl } from '../../src/auth/public-url';
import { loadSigningKeys } from '../../src/auth/keys';
import { createTokenIssuer } from '../../src/auth/tokens';

const SERVER_URL = 'http://127.0.0.1:4123';

describe.each(DIALECTS)('the recorded public address on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect, { publicUrl: SERVER_URL });
  });
  afterAll(() => t.close());

  /** GET /api/menus with a token for admin issued under `publicUrl`. */
  const menusWithTokenFrom = async (publicUrl: string) => {
    await t.tokenFor('admin');
    const admin = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const tokens = createTokenIssuer(`${publicUrl}/oidc`, await loadSigningKeys(t.db));
    const token = await tokens.sign({ sub: admin.user_id, preferred_username: 'admin' }, 60);
    return t.app.inject({
      method: 'GET',
      url: '/api/menus',
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('falls back to the default address while no server has started', async () => {
    expect(await issuerPublicUrl(t.db, {})).toBe('http://localhost:3000');
    expect((await menusWithTokenFrom('http://localhost:3000')).statusCode).toBe(401);
  });

  it('issues for the address the server recorded, so its tokens work without PORT', async () => {
    await recordPublicUrl(t.db, 'http://localhost:9999');
    await recordPublicUrl(t.db, SERVER_URL);
    const publicUrl = await issuerPublicUrl(t.db, {});
    expect(publicUrl).toBe(SERVER_URL);
    expect((await menusWithTokenFrom(publicUrl)).statusCode).toBe(200);
  });

  it('prefers PORT or CANOPY_PUBLIC_URL when the command is given them', async () => {
    expect(await issuerPublicUrl(t.db, { PORT: '4000' })).toBe('http://localhost:4000');
    expect(await issuerPublicUrl(t.db, { CANOPY_PUBLIC_URL: 'https://cms.example.com/' })).toBe(
      'https://cms.example.com',
    );
  });
});
