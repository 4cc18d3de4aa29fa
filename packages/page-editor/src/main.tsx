/**
 * The page editor's entry (/admin/page-editor/{content id}): sign-in settings from the server,
 * the same sign-in as the admin's (its tokens are shared through local storage), then the editor,
 * or with `?view=live` the read-only live page the admin's item editor shows beside its form.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { createCanopyClient } from '@canopy/client';
import {
  SignIn,
  createUserManager,
  fetchSignInConfig,
  finishFrameSignIn,
  type SessionApi,
  personQuery,
  queryClient,
  setApiClient,
  setLiveTokenSource,
  useLiveStream,
} from '@canopy/ui';
import { ShadowChrome } from './chrome/ShadowChrome';
import { PageEditor } from './PageEditor';
import { LiveView } from './LiveView';

const PREFIX = '/admin/page-editor/';

function contentIdOf(pathname: string): string {
  return decodeURIComponent(pathname.slice(PREFIX.length).split('/')[0] ?? '');
}

/** The admin's live page: no event stream or presence of its own (the admin's editor has them). */
const live = new URL(window.location.href).searchParams.get('view') === 'live';

function SignedIn() {
  useLiveStream();
  const person = useQuery(personQuery());
  if (!person.data)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  return <PageEditor contentId={contentIdOf(window.location.pathname)} person={person.data} />;
}

async function start() {
  const config = await fetchSignInConfig();
  const manager = config.mode === 'gateway' ? null : createUserManager(config);
  if (await finishFrameSignIn(manager)) return;

  const session: { current: SessionApi | null } = { current: null };
  setApiClient(
    createCanopyClient({
      getToken: () => session.current?.getToken() ?? null,
      onUnauthorized: () => session.current?.renew(),
    }),
  );
  setLiveTokenSource(() => session.current?.getToken() ?? null);
  const root = document.createElement('div');
  root.id = 'canopy-page-editor-root';
  document.body.append(root);
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShadowChrome>
          <SignIn
            config={config}
            manager={manager}
            onReturn={({ kind, path }) => {
              if (kind === 'navigate') window.location.replace(path);
              else window.history.replaceState(window.history.state, '', path);
            }}
            sessionRef={session}
          >
            {live ? <LiveView contentId={contentIdOf(window.location.pathname)} /> : <SignedIn />}
          </SignIn>
        </ShadowChrome>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
