/**
 * What the admin's component tests share: the providers the admin renders under, an API client
 * answering from a table of routes, and menu items.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createCanopyClient } from '@canopy/client';
import type { MenuItem } from '@canopy/core';
import { ToastHost } from '@canopy/ui';
import { setApiClient } from './api';

/** Renders under Mantine, a fresh query client (with `seed` data) and the toast host. */
export function renderAdmin(node: ReactNode, seed: Array<[readonly unknown[], unknown]> = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of seed) client.setQueryData(key, data);
  return render(
    <MantineProvider>
      <ToastHost />
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** Answers `GET path` with `[status, body]`; anything else is a 404. Returns the paths asked. */
export function fakeApi(routes: Record<string, [number, unknown]>): string[] {
  const asked: string[] = [];
  setApiClient(
    createCanopyClient({
      baseUrl: 'http://canopy.test',
      getToken: () => 'token',
      fetch: async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(input);
        const path = new URL(request.url).pathname;
        asked.push(`${request.method} ${path}`);
        const [status, body] = routes[`${request.method} ${path}`] ?? [
          404,
          { message: 'Not found' },
        ];
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  );
  return asked;
}

/** A menu item with a fresh UUID; `extra` sets any of its properties. */
export function menuItem(name: string, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    content_id: crypto.randomUUID(),
    content_name: name,
    content_order: 1,
    content_type_id: null,
    template_type_id: null,
    template_id: null,
    item_type: 'content',
    is_active: 1,
    is_locked: 0,
    locked_by: null,
    lvl: 1,
    parent_id: null,
    path: '01',
    custom_icon: null,
    media_url: null,
    page_url: null,
    allowed_content_type: '',
    allowed_template_type: '',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    children: [],
    ...extra,
  };
}
