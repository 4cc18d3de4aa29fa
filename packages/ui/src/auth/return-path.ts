/**
 * The return path of a sign-in (§2 Routes): it travels in a `path` query parameter, or in the
 * address fragment (`#path=...`) on a local host.
 */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** The address that signs in and then goes to `path`. */
export function withReturnPath(base: string, path: string, hostname: string): string {
  const encoded = encodeURIComponent(path);
  return isLocalHost(hostname) ? `${base}#path=${encoded}` : `${base}?path=${encoded}`;
}

/** The return path an address carries, in its query or its fragment; null when none. */
export function readReturnPath(url: URL): string | null {
  const fromQuery = url.searchParams.get('path');
  const fromHash = new URLSearchParams(url.hash.replace(/^#/, '')).get('path');
  const path = fromQuery ?? fromHash;
  // Only a path of this site: never an address elsewhere.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
