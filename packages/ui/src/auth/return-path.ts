/**
 * The return path of a sign-in (§2 Routes): after the sign-in redirect it travels in a `path`
 * query parameter of the address the provider sends back to, or in the address fragment
 * (`#path=...`) on a local host. The sign-in state carries the same path and is what is
 * followed: the state is kept by this browser, the address can be edited by anyone.
 */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Parameters the provider adds to the address it sends back to, and the return path itself. */
const SIGN_IN_PARAMS = ['code', 'state', 'session_state', 'iss', 'error', 'error_description'];
const RETURN_PARAM = 'path';

/** An origin no real address has: resolving against it shows whether a path leaves the site. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * `value` when it is a path of this site, else null. Browsers read `\` as `/` and drop tabs and
 * line breaks, so `/\evil.example` or `/\t/evil.example` would leave the site as surely as
 * `//evil.example`, `https://evil.example` or `javascript:...`.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value) || value.startsWith('//')) return null;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : null;
  } catch {
    return null;
  }
}

/** `address` with the return path added: in the query, or in the fragment on a local host. */
export function withReturnPath(address: string, path: string, hostname: string): string {
  const encoded = `${RETURN_PARAM}=${encodeURIComponent(path)}`;
  if (isLocalHost(hostname)) return `${address.split('#')[0]}#${encoded}`;
  const url = new URL(address, PROBE_ORIGIN);
  url.searchParams.set(RETURN_PARAM, path);
  const relative = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === PROBE_ORIGIN ? relative : url.href;
}

function fragmentParams(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''));
}

/** The return path an address carries, in its query or its fragment; null when none is safe. */
export function readReturnPath(url: URL): string | null {
  return safeReturnPath(
    url.searchParams.get(RETURN_PARAM) ?? fragmentParams(url).get(RETURN_PARAM),
  );
}

/** The address without the sign-in's parameters and the return path: what the bar should show. */
export function cleanAddress(url: URL): string {
  const query = new URLSearchParams(url.search);
  for (const name of [...SIGN_IN_PARAMS, RETURN_PARAM]) query.delete(name);
  const fragment = fragmentParams(url);
  const hadReturnPath = fragment.has(RETURN_PARAM);
  fragment.delete(RETURN_PARAM);
  const search = query.size ? `?${query}` : '';
  const hash = hadReturnPath ? (fragment.size ? `#${fragment}` : '') : url.hash;
  return `${url.pathname}${search}${hash}`;
}

/** Where a sign-in should come back to when it starts at `url`: its return path, or itself. */
export function returnPathFrom(url: URL): string {
  return readReturnPath(url) ?? cleanAddress(url);
}

export type AfterSignIn =
  /** The return path differs from where the provider sent the browser: go there. */
  | { kind: 'navigate'; path: string }
  /** It is the same (or there is none to follow): only clean the address. */
  | { kind: 'clean'; path: string };

/**
 * What to do once the provider has sent the browser back to `url` (§2 Routes). Only the path
 * of the sign-in's own state is followed, and only when it stays on this site; a `path` in the
 * address that disagrees with it (edited or forged) is ignored.
 */
export function afterSignIn(url: URL, statePath: string | null | undefined): AfterSignIn {
  const current = cleanAddress(url);
  const target = safeReturnPath(statePath);
  return target && target !== current
    ? { kind: 'navigate', path: target }
    : { kind: 'clean', path: current };
}
