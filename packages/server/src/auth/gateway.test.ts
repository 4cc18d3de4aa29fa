import { describe, expect, it } from 'vitest';
import { gatewayProfile, isTrustedAddress, passesCsrfCheck, trustedProxyList } from './gateway';

describe('gateway trust', () => {
  const list = trustedProxyList(['10.1.0.0/16', '192.0.2.7', 'fd00::/8']);

  it('matches addresses and ranges, including IPv4 peers on a dual-stack socket', () => {
    expect(isTrustedAddress(list, '10.1.200.3')).toBe(true);
    expect(isTrustedAddress(list, '::ffff:10.1.0.9')).toBe(true);
    expect(isTrustedAddress(list, '192.0.2.7')).toBe(true);
    expect(isTrustedAddress(list, 'fd00::1')).toBe(true);
    expect(isTrustedAddress(list, '10.2.0.1')).toBe(false);
    expect(isTrustedAddress(list, '192.0.2.8')).toBe(false);
    expect(isTrustedAddress(list, undefined)).toBe(false);
    expect(isTrustedAddress(list, 'not-an-address')).toBe(false);
  });

  it('reads the profile, decoding percent-encoded names', () => {
    expect(
      gatewayProfile({
        'x-canopy-sub': 'u-1',
        'x-canopy-given-name': 'Zo%C3%AB',
        'x-canopy-roles': 'editor, author',
      }),
    ).toEqual({
      source: 'gateway',
      issuer: 'gateway',
      subject: 'u-1',
      username: undefined,
      given_name: 'Zoë',
      family_name: undefined,
      email: undefined,
      roles: ['editor', 'author'],
    });
    expect(gatewayProfile({ 'x-canopy-email': 'a@example.com' })).toBeNull();
  });

  it('lets safe methods through and checks the origin of writes', () => {
    const origins = ['https://cms.example.com'];
    expect(passesCsrfCheck('GET', { 'sec-fetch-site': 'cross-site' }, origins)).toBe(true);
    expect(passesCsrfCheck('POST', { origin: 'https://cms.example.com' }, origins)).toBe(true);
    expect(passesCsrfCheck('PUT', { origin: 'https://evil.example' }, origins)).toBe(false);
    expect(passesCsrfCheck('DELETE', { 'sec-fetch-site': 'same-origin' }, origins)).toBe(true);
    expect(passesCsrfCheck('DELETE', { 'sec-fetch-site': 'same-site' }, origins)).toBe(false);
    expect(passesCsrfCheck('POST', {}, origins)).toBe(false);
  });
});
