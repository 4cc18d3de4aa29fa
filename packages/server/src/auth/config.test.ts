import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from './config';

describe('identity configuration', () => {
  it('defaults to bearer tokens from the embedded provider', () => {
    expect(loadAuthConfig({})).toMatchObject({
      mode: 'oidc',
      external: null,
      trustedProxies: [],
      publicDelivery: false,
      accessTokenTtl: 900,
    });
  });

  it('reads an external issuer, defaulting the audience to the client id', () => {
    expect(
      loadAuthConfig({
        OIDC_ISSUER: 'https://login.example.com/realms/corp',
        OIDC_CLIENT_ID: 'canopy',
      }).external,
    ).toEqual({
      issuer: 'https://login.example.com/realms/corp',
      clientId: 'canopy',
      audience: 'canopy',
      rolesClaim: 'roles',
      jwksUri: undefined,
    });
    expect(() => loadAuthConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(
      'OIDC_ISSUER needs OIDC_AUDIENCE or OIDC_CLIENT_ID',
    );
  });

  it('needs trusted proxy addresses for gateway mode, and checks them', () => {
    expect(() => loadAuthConfig({ CANOPY_AUTH: 'gateway' })).toThrow(
      'CANOPY_AUTH=gateway needs CANOPY_TRUSTED_PROXIES (the gateway addresses)',
    );
    expect(
      loadAuthConfig({ CANOPY_AUTH: 'gateway', CANOPY_TRUSTED_PROXIES: '10.0.0.0/8, ::1' })
        .trustedProxies,
    ).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadAuthConfig({ CANOPY_TRUSTED_PROXIES: 'gateway.local' })).toThrow(
      'CANOPY_TRUSTED_PROXIES: "gateway.local" is not an address or a CIDR range',
    );
    expect(() => loadAuthConfig({ CANOPY_AUTH: 'cookies' })).toThrow(
      'CANOPY_AUTH must be "oidc" or "gateway", got "cookies"',
    );
  });

  it('refuses a nonsense token lifetime or origin', () => {
    expect(() => loadAuthConfig({ CANOPY_ACCESS_TOKEN_TTL: 'soon' })).toThrow(
      'CANOPY_ACCESS_TOKEN_TTL must be whole seconds from 60 to 86400, got "soon"',
    );
    expect(() => loadAuthConfig({ CANOPY_ALLOWED_ORIGINS: 'admin' })).toThrow(
      'CANOPY_ALLOWED_ORIGINS: "admin" is not an origin like https://admin.example.com',
    );
    expect(
      loadAuthConfig({ CANOPY_ALLOWED_ORIGINS: 'http://localhost:5173/admin/' }).allowedOrigins,
    ).toEqual(['http://localhost:5173']);
  });
});
