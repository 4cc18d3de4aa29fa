/**
 * For component tests: the admin's real API client over a fake micro-app API that answers like
 * the server (list, create, change, delete) and records every request it got.
 */
import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createCanopyClient } from '@canopy/client';
import { ToastHost } from '@canopy/ui';
import { setApiClient } from '../api';
import type { MicroappInstance, SiteMicroapp } from '@canopy/ui/microapps';

export const SITE_ID = '7e000000-0000-4000-8000-00000000a001';
export const HOME_INSTANCE = '7e000000-0000-4000-8000-0000000000a1';
export const FOOTER_INSTANCE = '7e000000-0000-4000-8000-0000000000a2';
export const V2_INSTANCE = '7e000000-0000-4000-8000-0000000000a3';
export const LOAN_INSTANCE = '7e000000-0000-4000-8000-0000000000b1';

function instance(
  microapp_id: string,
  name: string,
  instance_id: string,
  instance_name: string,
  instance_version: string,
  configuration: Record<string, string> = {},
): MicroappInstance {
  return {
    instance_id,
    microapp_id,
    name,
    instance_name,
    instance_version,
    unique_name: `${microapp_id}-${instance_name.toLowerCase().replace(/\W+/g, '-')}`,
    ad_groups_modify: 'PORTAL-EDITOR',
    status: 0,
    configuration,
    created_by: 'admin',
    created_date: '2026-11-20T10:00:00.000Z',
  };
}

export function demoMicroapps(): SiteMicroapp[] {
  return [
    {
      microapp_id: 'loan-calculator',
      site_id: SITE_ID,
      site_name: 'Canopy Demo',
      name: 'Loan Calculator',
      description: 'Monthly payments',
      versions: [
        {
          version: '1',
          runtime: 'frame',
          module_url: null,
          element_name: null,
          frame_url: 'https://apps.example.com/loan/',
          frame_height: 480,
        },
      ],
      registeredclientapis: [
        { name: 'rates', url: 'https://api.example.com/rates', method: 'GET' },
      ],
      instances: [instance('loan-calculator', 'Loan Calculator', LOAN_INSTANCE, 'Mortgages', '1')],
    },
    {
      microapp_id: 'newsletter',
      site_id: SITE_ID,
      site_name: 'Canopy Demo',
      name: 'Newsletter',
      description: 'A newsletter sign-up form',
      versions: ['1', '2'].map((version) => ({
        version,
        runtime: 'module' as const,
        module_url: `/microapps/newsletter/${version}/newsletter.js`,
        element_name: 'canopy-newsletter',
        frame_url: null,
        frame_height: null,
      })),
      registeredclientapis: [],
      instances: [
        instance('newsletter', 'Newsletter', HOME_INSTANCE, 'Home page sign-up', '1', {
          heading: 'The Canopy Corp newsletter',
        }),
        instance('newsletter', 'Newsletter', FOOTER_INSTANCE, 'Footer sign-up', '1'),
        instance('newsletter', 'Newsletter', V2_INSTANCE, 'Beta sign-up', '2'),
      ],
    },
  ];
}

export interface Recorded {
  method: string;
  url: string;
  credentials: RequestCredentials;
  authorization: string | null;
  body: unknown;
}

/** What the fake reads of a request body (the client sends the typed shapes). */
interface Body {
  microapp_id: string;
  instance_name: string;
  instance_version?: string;
  configuration?: Record<string, string>;
  versions: object[];
}

export interface FakeServer {
  requests: Recorded[];
  apps: SiteMicroapp[];
  /** Answers the next write with this status and message instead. */
  refuseNext(status: number, message: string): void;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Installs the admin's API client over the fake; `base` is what the configuration says. */
export function startFakeServer(options: { base?: string; isAdmin?: boolean } = {}): FakeServer {
  const base = options.base ?? '/api/microapps/';
  const baseUrl = new URL(base, 'http://admin.test/');
  const server: FakeServer = {
    requests: [],
    apps: demoMicroapps(),
    refuseNext(status, message) {
      refusal = { status, message };
    },
  };
  let refusal: { status: number; message: string } | null = null;
  let created = 0;

  const answer = (method: string, url: URL, body: Body): Response => {
    if (url.pathname === '/api/microapps/config') return json(200, { api_base: base });
    if (url.pathname === '/api/contents/sites') {
      return json(200, [{ site_id: SITE_ID, site_name: 'Canopy Demo' }]);
    }
    if (url.pathname === '/api/identity/personinfo') {
      return json(200, {
        name: 'Ada Admin',
        preferred_username: 'admin',
        is_admin: options.isAdmin === false ? 0 : 1,
      });
    }
    if (!url.href.startsWith(baseUrl.href)) return json(404, { message: `No route ${url.href}` });
    const rest = decodeURIComponent(url.href.slice(baseUrl.href.length)).split('/');
    if (method !== 'GET' && refusal) {
      const { status, message } = refusal;
      refusal = null;
      return json(status, { code: 'REFUSED', message });
    }
    const app = (id: string) => server.apps.find((a) => a.microapp_id === id);
    if (method === 'GET' && rest[0] === 'registeredclient') {
      return rest[1] === 'Canopy Demo'
        ? json(200, server.apps)
        : json(404, { message: `No site is named "${rest[1]}"` });
    }
    if (method === 'POST' && rest[0] === 'registeredclientapi') {
      const owner = app(body.microapp_id)!;
      created += 1;
      const made = instance(
        owner.microapp_id,
        owner.name,
        `7e000000-0000-4000-8000-0000000001${String(created).padStart(2, '0')}`,
        body.instance_name,
        body.instance_version ?? owner.versions[owner.versions.length - 1]!.version,
        body.configuration ?? {},
      );
      owner.instances.push(made);
      return json(201, made);
    }
    if (method === 'PUT' && rest[0] === 'registeredclientapi') {
      const found = app(rest[1]!)!.instances.find((i) => i.instance_id === rest[2])!;
      Object.assign(found, body);
      return json(200, found);
    }
    if (method === 'DELETE' && rest[0] === 'registeredclientapi') {
      const owner = app(rest[1]!)!;
      owner.instances = owner.instances.filter((i) => i.instance_id !== rest[2]);
      return json(204, null);
    }
    if (method === 'POST' && rest[0] === 'registeredclient') {
      const made = {
        description: '',
        registeredclientapis: [],
        ...body,
        site_name: 'Canopy Demo',
        versions: body.versions.map((v: object) => ({
          module_url: null,
          element_name: null,
          frame_url: null,
          frame_height: null,
          ...v,
        })),
        instances: [],
      } as unknown as SiteMicroapp;
      server.apps.push(made);
      return json(201, made);
    }
    if (method === 'PUT' && rest[0] === 'registeredclient') {
      Object.assign(app(rest[1]!)!, body);
      return json(200, app(rest[1]!));
    }
    if (method === 'DELETE' && rest[0] === 'registeredclient') {
      server.apps = server.apps.filter((a) => a.microapp_id !== rest[1]);
      return json(204, null);
    }
    return json(404, { message: `No route ${method} ${url.href}` });
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = ['GET', 'HEAD'].includes(request.method) ? '' : await request.text();
    const body = (text ? JSON.parse(text) : undefined) as Body;
    server.requests.push({
      method: request.method,
      url: request.url,
      credentials: request.credentials,
      authorization: request.headers.get('authorization'),
      body,
    });
    return answer(request.method, new URL(request.url), body);
  };
  setApiClient(
    createCanopyClient({ baseUrl: 'http://admin.test', getToken: () => 'token-1', fetch }),
  );
  return server;
}

/** The providers the admin's screens and fields need, with a fresh query cache. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <MantineProvider env="test">
      <ToastHost />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
