import { describe, expect, it } from 'vitest';
import {
  afterSignIn,
  cleanAddress,
  readReturnPath,
  returnPathFrom,
  safeReturnPath,
  withReturnPath,
} from './return-path';

const FORGED = [
  '//evil.com',
  '//evil.com/admin/',
  'https://evil.com',
  'https://evil.com/admin/',
  '/\\evil.com',
  '/\\/evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  'javascript:alert(1)',
  ' /admin/',
  'admin/content/1',
  '',
];

describe('return path (§2 Routes)', () => {
  it('travels in the query, or in the fragment on a local host', () => {
    expect(
      withReturnPath(
        'https://cms.example.com/admin/',
        '/admin/content/1?version=1',
        'cms.example.com',
      ),
    ).toBe('https://cms.example.com/admin/?path=%2Fadmin%2Fcontent%2F1%3Fversion%3D1');
    expect(withReturnPath('http://localhost:3000/admin/', '/admin/content/1', 'localhost')).toBe(
      'http://localhost:3000/admin/#path=%2Fadmin%2Fcontent%2F1',
    );
    expect(withReturnPath('http://127.0.0.1:3000/admin/', '/admin/microapps', '127.0.0.1')).toBe(
      'http://127.0.0.1:3000/admin/#path=%2Fadmin%2Fmicroapps',
    );
    expect(withReturnPath('/admin/', '/admin/a b', 'cms.example.com')).toBe(
      '/admin/?path=%2Fadmin%2Fa+b',
    );
  });

  it('is read back from either form, whatever it holds', () => {
    for (const [path, host] of [
      ['/admin/content/1?version=1', 'cms.example.com'],
      ['/admin/pages/7e00?zone=main#block-3', 'localhost'],
      ['/admin/settings', 'cms.example.com'],
      ['/about-us/team', 'localhost'],
    ] as const) {
      const address = new URL(withReturnPath(`http://${host}/admin/`, path, host));
      expect(readReturnPath(address)).toBe(path);
    }
    expect(readReturnPath(new URL('https://x/admin/'))).toBeNull();
  });

  it('is only ever a path of this site', () => {
    for (const forged of FORGED) {
      expect(safeReturnPath(forged), JSON.stringify(forged)).toBeNull();
      const url = new URL('https://cms.example.com/admin/');
      url.searchParams.set('path', forged);
      expect(readReturnPath(url), JSON.stringify(forged)).toBeNull();
    }
    expect(safeReturnPath('/admin/content/1?version=1')).toBe('/admin/content/1?version=1');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('starts a sign-in from the path an address carries, else from the address itself', () => {
    expect(returnPathFrom(new URL('https://x/admin/?path=%2Fadmin%2Fmicroapps'))).toBe(
      '/admin/microapps',
    );
    expect(returnPathFrom(new URL('http://localhost/admin/#path=%2Fadmin%2Fmicroapps'))).toBe(
      '/admin/microapps',
    );
    expect(returnPathFrom(new URL('https://x/admin/content/1?version=2#fields'))).toBe(
      '/admin/content/1?version=2#fields',
    );
    // A forged path is dropped, not followed: the sign-in comes back here, cleaned.
    expect(returnPathFrom(new URL('https://x/admin/?path=%2F%2Fevil.com'))).toBe('/admin/');
  });

  it('cleans the sign-in parameters and the return path out of an address', () => {
    expect(
      cleanAddress(
        new URL(
          'https://x/admin/?path=%2Fadmin%2Fa&code=c1&state=s1&session_state=z&iss=https%3A%2F%2Fx',
        ),
      ),
    ).toBe('/admin/');
    expect(
      cleanAddress(new URL('http://localhost/admin/?code=c1&state=s1#path=%2Fadmin%2Fa')),
    ).toBe('/admin/');
    expect(cleanAddress(new URL('https://x/admin/content/1?version=1&code=c#fields'))).toBe(
      '/admin/content/1?version=1#fields',
    );
    expect(cleanAddress(new URL('https://x/admin/?error=access_denied&state=s'))).toBe('/admin/');
  });
});

describe('after the sign-in redirect (§2 Routes)', () => {
  const back = (query: string, hash = '') =>
    new URL(`https://cms.example.com/admin/?${query}${hash}`);

  it('goes to the return path when it differs from where the provider sent the browser', () => {
    expect(
      afterSignIn(
        back('path=%2Fadmin%2Fcontent%2F1%3Fversion%3D1&code=c&state=s'),
        '/admin/content/1?version=1',
      ),
    ).toEqual({
      kind: 'navigate',
      path: '/admin/content/1?version=1',
    });
    expect(
      afterSignIn(
        new URL('http://localhost/admin/?code=c&state=s#path=%2Fadmin%2Fmicroapps'),
        '/admin/microapps',
      ),
    ).toEqual({
      kind: 'navigate',
      path: '/admin/microapps',
    });
  });

  it('only cleans the address when the return path is where it already is', () => {
    expect(afterSignIn(back('path=%2Fadmin%2F&code=c&state=s'), '/admin/')).toEqual({
      kind: 'clean',
      path: '/admin/',
    });
    expect(afterSignIn(back('code=c&state=s'), null)).toEqual({ kind: 'clean', path: '/admin/' });
  });

  it('follows the state, never a path the address was given instead', () => {
    expect(
      afterSignIn(back('path=%2Fadmin%2Fsettings&code=c&state=s'), '/admin/microapps'),
    ).toEqual({
      kind: 'navigate',
      path: '/admin/microapps',
    });
    expect(afterSignIn(back('path=%2F%2Fevil.com&code=c&state=s'), undefined)).toEqual({
      kind: 'clean',
      path: '/admin/',
    });
    for (const forged of FORGED) {
      expect(afterSignIn(back('code=c&state=s'), forged), JSON.stringify(forged)).toEqual({
        kind: 'clean',
        path: '/admin/',
      });
    }
  });
});
