/** The admin panel's entry: sign-in settings from the server, then the app. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { createCanopyClient } from '@canopy/client';
import {
  FullScreenLoader,
  SignIn,
  ToastHost,
  createUserManager,
  fetchSignInConfig,
  finishFrameSignIn,
  setLiveTokenSource,
  type AfterSignIn,
  type SessionApi,
  cssVariablesResolver,
  theme,
} from '@canopy/ui';
import { queryClient, setApiClient } from './api';
import { Shell } from './screens/Shell';
import { EmptyState } from './EmptyState';
import { Unauthorized } from './screens/Unauthorized';
import { RouteError } from './screens/RouteError';
import { ItemEditor } from './editor/ItemEditor';

const BASENAME = '/admin';

const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <Shell />,
      children: [
        {
          // A screen that throws while rendering shows why beside the tree, not a blank page.
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              element: (
                <EmptyState
                  title="Pick an item in the tree"
                  text="Select a page, media item or template in the tree to open it. Select a parent and use Add Item to create something new."
                />
              ),
            },
            { path: 'content/:id', element: <ItemEditor /> },
            {
              path: 'templates/:id',
              lazy: async () => ({
                Component: (await import('./templates/TemplateEditor')).TemplateEditor,
              }),
            },
            {
              path: 'microapps',
              lazy: async () => ({
                Component: (await import('./microapps/MicroappsScreen')).MicroappsScreen,
              }),
            },
            {
              path: 'activity',
              lazy: async () => ({
                Component: (await import('./activity/ActivityScreen')).ActivityScreen,
              }),
            },
            {
              path: 'settings',
              lazy: async () => ({
                Component: (await import('./settings/SettingsLayout')).SettingsLayout,
              }),
              children: [
                { index: true, element: <Navigate to="users" replace /> },
                {
                  path: 'sites',
                  lazy: async () => ({
                    Component: (await import('./settings/SitesScreen')).SitesScreen,
                  }),
                },
                {
                  path: 'users',
                  lazy: async () => ({
                    Component: (await import('./settings/UsersScreen')).UsersScreen,
                  }),
                },
                {
                  path: 'roles',
                  lazy: async () => ({
                    Component: (await import('./settings/RolesScreen')).RolesScreen,
                  }),
                },
                {
                  path: 'api-keys',
                  lazy: async () => ({
                    Component: (await import('./settings/ApiKeysScreen')).ApiKeysScreen,
                  }),
                },
              ],
            },
          ],
        },
      ],
    },
    { path: '/unauthorized', element: <Unauthorized /> },
  ],
  { basename: BASENAME },
);

/**
 * After signing in: go to the return path, or just clean the address of the sign-in's
 * parameters (§2 Routes). Paths of the admin stay in the app; any other path of the site loads.
 */
function returnTo({ path }: AfterSignIn) {
  // The page editor is an app of its own: a full navigation takes the person there.
  const ownApp = !path.startsWith(`${BASENAME}/page-editor/`);
  if (ownApp && (path === BASENAME || path.startsWith(`${BASENAME}/`))) {
    void router.navigate(path.slice(BASENAME.length) || '/', { replace: true }).then(() => {
      // The router writes its root as /admin; the address keeps the path as it was given.
      const { pathname, search, hash } = window.location;
      if (`${pathname}${search}${hash}` !== path) {
        window.history.replaceState(window.history.state, '', path);
      }
    });
  } else {
    window.location.replace(path);
  }
}

function Loading() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return <FullScreenLoader active={busy} />;
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        {children}
      </MantineProvider>
    </StrictMode>
  );
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  const config = await fetchSignInConfig();
  const manager = config.mode === 'gateway' ? null : createUserManager(config);
  if (await finishFrameSignIn(manager)) return;

  const session: { current: SessionApi | null } = { current: null };
  setApiClient(
    createCanopyClient({
      getToken: () => session.current?.getToken() ?? null,
      getTokenExpiry: () => session.current?.getTokenExpiry() ?? null,
      // An expired token or a 401: one silent renewal for every call that needs it (§8).
      renew: () => session.current?.renew() ?? Promise.resolve(false),
      onUnauthorized: ({ toUnauthorized }) => {
        if (toUnauthorized) void router.navigate('/unauthorized');
      },
    }),
  );

  // Live events: the tree, the lock and the versions of what is on screen follow others' changes.
  setLiveTokenSource(() => session.current?.getToken() ?? null);
  root.render(
    <Providers>
      <QueryClientProvider client={queryClient}>
        <SignIn config={config} manager={manager} onReturn={returnTo} sessionRef={session}>
          <RouterProvider router={router} />
          <Loading />
        </SignIn>
      </QueryClientProvider>
    </Providers>,
  );
}

void start();
