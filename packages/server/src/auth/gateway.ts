/**
 * Gateway mode (CANOPY_AUTH=gateway): a proxy in front of Canopy signs people in (with its own
 * cookies) and passes who they are in headers. Those headers are believed only from the proxy's
 * addresses, and cookie-carried writes must come from our own pages (CSRF).
 */
import { BlockList, isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_ISSUER, type ExternalProfile } from './external-profile';

/** The identity headers a gateway sends. Only x-canopy-sub is required. */
export const GATEWAY_HEADERS = {
  sub: 'x-canopy-sub',
  preferredUsername: 'x-canopy-preferred-username',
  roles: 'x-canopy-roles',
  givenName: 'x-canopy-given-name',
  familyName: 'x-canopy-family-name',
  email: 'x-canopy-email',
} as const;

export function hasGatewayHeaders(headers: IncomingHttpHeaders): boolean {
  return Object.values(GATEWAY_HEADERS).some((name) => headers[name] !== undefined);
}

export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

export function isTrustedAddress(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  // IPv4 peers on a dual-stack socket appear as ::ffff:a.b.c.d.
  const plain =
    address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined ? undefined : decodeHeader(text.trim());
}

// Gateways may percent-encode names with non-ASCII letters; plain values pass through.
function decodeHeader(value: string): string {
  try {
    return /%[0-9A-Fa-f]{2}/.test(value) ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/** The profile the headers describe, or null without a subject. */
export function gatewayProfile(headers: IncomingHttpHeaders): ExternalProfile | null {
  const subject = header(headers, GATEWAY_HEADERS.sub);
  if (!subject) return null;
  const roles = header(headers, GATEWAY_HEADERS.roles);
  return {
    source: 'gateway',
    issuer: GATEWAY_ISSUER,
    subject,
    username: header(headers, GATEWAY_HEADERS.preferredUsername),
    given_name: header(headers, GATEWAY_HEADERS.givenName),
    family_name: header(headers, GATEWAY_HEADERS.familyName),
    email: header(headers, GATEWAY_HEADERS.email),
    roles: roles === undefined ? null : roles.split(/[\s,]+/).filter(Boolean),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a cookie-authenticated request may change state: safe methods always; others only
 * from an allowed origin (Origin header) or, without one, a same-origin fetch (Sec-Fetch-Site).
 * A write carrying neither header is refused: browsers send them, and scripts use API keys.
 */
export function passesCsrfCheck(
  method: string,
  headers: IncomingHttpHeaders,
  allowedOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(method)) return true;
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return allowedOrigins.includes(origin);
  const site = headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}
