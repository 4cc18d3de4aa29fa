/**
 * Signing in (§4 Token, DESIGN §6): the OpenID settings come from the server's
 * /api/identity/config; oidc-client-ts runs the authorization code flow with PKCE, with its own
 * automatic renewal off: the §9 timer (useRenewalTimer) renews instead. In gateway mode nobody
 * signs in here: the gateway's cookies carry the identity.
 */
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { AuthProvider, hasAuthParams, useAuth } from 'react-oidc-context';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { singleFlight } from '@canopy/client';
import { dropAllKept } from '../draft/kept';
import type { SignInConfig } from '../raw-calls';
import {
  afterSignIn,
  cleanAddress,
  readReturnPath,
  returnPathFrom,
  withReturnPath,
  type AfterSignIn,
} from './return-path';
import {
  RENEWAL_GUARD_COOKIE,
  WAITING_TAB_REFRESH_MS,
  renewalDelay,
  renewalGuardActive,
  renewalGuardCookie,
} from './renewal';

/** The state a sign-in carries through the provider: where to go afterwards. */
interface SignInState {
  path: string;
}

export function adminRedirectUri(): string {
  return `${window.location.origin}/admin/`;
}

/**
 * Sends the browser to sign in, to come back to `path` (§2 Routes): the path rides in the
 * state and in the address the provider sends back to (`?path=`, or `#path=` on a local host).
 */
export function signInTo(
  manager: UserManager,
  path: string,
  extra: { prompt?: string } = {},
): Promise<void> {
  return manager.signinRedirect({
    ...extra,
    redirect_uri: withReturnPath(adminRedirectUri(), path, window.location.hostname),
    state: { path } satisfies SignInState,
  });
}

export function createUserManager(config: SignInConfig): UserManager {
  return new UserManager({
    authority: config.authority ?? '',
    client_id: config.client_id ?? '',
    redirect_uri: adminRedirectUri(),
    popup_redirect_uri: adminRedirectUri(),
    silent_redirect_uri: adminRedirectUri(),
    post_logout_redirect_uri: adminRedirectUri(),
    scope: config.scope,
    response_type: 'code',
    automaticSilentRenew: false,
    // Shared by the tabs: a tab that waited for another's renewal takes its token (§9).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

/**
 * Inside the hidden renewal frame or the sign-in pop-up, the page only hands the answer back to
 * the window that opened it. Returns true when it did (the app must not start there).
 */
export async function finishFrameSignIn(manager: UserManager | null): Promise<boolean> {
  const inFrame = window.parent !== window || (window.opener && window.opener !== window);
  if (!manager || !inFrame || !hasAuthParams()) return false;
  await manager.signinCallback();
  return true;
}

export interface SessionApi {
  /** Gateway mode: no tokens, the gateway's cookies carry the identity. */
  gateway: boolean;
  getToken(): string | null;
  /** When the current token expires (milliseconds since the epoch); null when unknown. */
  getTokenExpiry(): number | null;
  /**
   * Renew now (an expired token, a 401): silently, else offer the pop-up. Resolves true once a
   * new token is there; callers at the same time share one renewal.
   */
  renew(): Promise<boolean>;
  signOut(): Promise<void>;
  /** Forget the current sign-in and sign in afresh, coming back to the admin's start. */
  signInAgain(): Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SignedIn>');
  return session;
}

/** Wraps the app: signs in (or accepts the gateway) before rendering `children`. */
export function SignIn(props: {
  config: SignInConfig;
  manager: UserManager | null;
  /** After the sign-in callback: go to the return path, or clean the address (§2 Routes). */
  onReturn: (after: AfterSignIn) => void;
  sessionRef: { current: SessionApi | null };
  children: ReactNode;
}) {
  const { manager, config } = props;
  if (config.mode === 'gateway' || !manager) {
    const session: SessionApi = {
      gateway: true,
      getToken: () => null,
      getTokenExpiry: () => null,
      renew: async () => {
        window.location.reload();
        return false;
      },
      signOut: async () => window.location.assign('/'),
      signInAgain: async () => window.location.assign(adminRedirectUri()),
    };
    props.sessionRef.current = session;
    return <SessionContext.Provider value={session}>{props.children}</SessionContext.Provider>;
  }
  return (
    <AuthProvider
      userManager={manager}
      onSigninCallback={(user: User | undefined) => {
        const state = user?.state as SignInState | undefined;
        props.onReturn(afterSignIn(new URL(window.location.href), state?.path));
      }}
    >
      <RequireSignIn manager={manager} sessionRef={props.sessionRef} onReturn={props.onReturn}>
        {props.children}
      </RequireSignIn>
    </AuthProvider>
  );
}

/** Where a sign-in starting here comes back to: the `path` this address carries, or itself. */
function currentPath(): string {
  return returnPathFrom(new URL(window.location.href));
}

function RequireSignIn(props: {
  manager: UserManager;
  sessionRef: { current: SessionApi | null };
  onReturn: (after: AfterSignIn) => void;
  children: ReactNode;
}) {
  const auth = useAuth();
  const started = useRef(false);
  const signingOut = useRef(false);
  const { manager, onReturn } = props;

  // Already signed in, an address that carries a return path leads there as a sign-in would.
  const followed = useRef(false);
  useEffect(() => {
    if (!auth.isAuthenticated || hasAuthParams() || followed.current) return;
    followed.current = true;
    const url = new URL(window.location.href);
    const path = readReturnPath(url);
    if (path !== null || cleanAddress(url) !== `${url.pathname}${url.search}${url.hash}`) {
      onReturn(afterSignIn(url, path));
    }
  }, [auth.isAuthenticated, onReturn]);

  useEffect(() => {
    if (auth.isLoading || auth.isAuthenticated || auth.activeNavigator || auth.error) return;
    // Signing out removes the user first: that is no reason to sign in again.
    if (hasAuthParams() || started.current || signingOut.current) return;
    started.current = true;
    void signInTo(manager, currentPath());
  }, [auth, manager]);

  // The newest token, which a renewal sets before it resolves (React's copy follows later).
  const latest = useLatestUser(manager, auth.user ?? null);

  const session = useMemo<SessionApi>(
    () => ({
      gateway: false,
      getToken: () => latest.current?.access_token ?? null,
      getTokenExpiry: () => (latest.current?.expires_at ?? 0) * 1000 || null,
      renew: () => renewNow(manager),
      signOut: async () => {
        signingOut.current = true;
        await dropAllKept();
        await manager.signoutRedirect({ id_token_hint: auth.user?.id_token });
      },
      signInAgain: async () => {
        await manager.removeUser();
        // prompt=login: the provider asks again instead of reusing the session it refused.
        await signInTo(manager, '/admin/', { prompt: 'login' });
      },
    }),
    [auth.user, manager, latest],
  );
  props.sessionRef.current = session;
  useRenewalTimer(manager, auth.user ?? null);

  if (auth.error && !auth.isAuthenticated) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text>Signing in did not work: {auth.error.message}</Text>
          <Button onClick={() => void signInTo(manager, currentPath())}>Sign in again</Button>
        </Stack>
      </Center>
    );
  }
  if (!auth.isAuthenticated) {
    return (
      <Center h="100vh">
        <Loader aria-label="Signing in" />
      </Center>
    );
  }
  return <SessionContext.Provider value={session}>{props.children}</SessionContext.Provider>;
}

/**
 * The user the session hands tokens from: the one React knows, or one a renewal has just
 * loaded (oidc-client-ts tells its listeners before `signinSilent` resolves).
 */
function useLatestUser(manager: UserManager, user: User | null) {
  const latest = useRef(user);
  if (user && (user.expires_at ?? 0) >= (latest.current?.expires_at ?? 0)) latest.current = user;
  useEffect(() => {
    const loaded = (next: User) => {
      latest.current = next;
    };
    const unloaded = () => {
      latest.current = null;
    };
    manager.events.addUserLoaded(loaded);
    manager.events.addUserUnloaded(unloaded);
    return () => {
      manager.events.removeUserLoaded(loaded);
      manager.events.removeUserUnloaded(unloaded);
    };
  }, [manager]);
  return latest;
}

const renewals = new WeakMap<UserManager, () => Promise<boolean>>();

/**
 * Renews silently (hidden frame or refresh token); when that fails, offers the pop-up. The
 * timer, expired tokens and 401s all come here, and share the renewal under way.
 */
function renewNow(manager: UserManager): Promise<boolean> {
  let renew = renewals.get(manager);
  if (!renew) {
    renew = singleFlight(() => renewSilently(manager));
    renewals.set(manager, renew);
  }
  return renew();
}

async function renewSilently(manager: UserManager): Promise<boolean> {
  try {
    return Boolean(await manager.signinSilent());
  } catch {
    const id = 'canopy-renewal';
    notifications.show({
      id,
      color: 'orange',
      autoClose: false,
      title: 'Your session is ending',
      message: (
        <Button
          size="xs"
          mt="xs"
          onClick={() => {
            notifications.hide(id);
            void manager.signinPopup().catch(() => signInTo(manager, currentPath()));
          }}
        >
          Stay signed in
        </Button>
      ),
    });
    return false;
  }
}

/**
 * The §9 timer: fires a random 0-5 s before expiry. An expired token sends the person to sign
 * in; otherwise one tab (the one that sets the 30 s cookie guard) renews, and tabs that found
 * the guard set take the renewed token from storage after 20 s.
 */
function useRenewalTimer(manager: UserManager, user: User | null) {
  useEffect(() => {
    if (!user?.expires_at) return;
    const expiresAt = user.expires_at;
    let wait: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(
      () => {
        if (Date.now() >= expiresAt * 1000) {
          void signInTo(manager, currentPath());
          return;
        }
        if (renewalGuardActive(document.cookie)) {
          wait = setTimeout(async () => {
            const stored = await manager.getUser();
            if (stored && (stored.expires_at ?? 0) > expiresAt) await manager.events.load(stored);
            else void renewNow(manager);
          }, WAITING_TAB_REFRESH_MS);
          return;
        }
        document.cookie = renewalGuardCookie();
        void renewNow(manager).finally(() => {
          document.cookie = `${RENEWAL_GUARD_COOKIE}=; max-age=0; path=/`;
        });
      },
      renewalDelay(expiresAt, Date.now()),
    );
    return () => {
      clearTimeout(timer);
      if (wait) clearTimeout(wait);
    };
  }, [manager, user]);
}
