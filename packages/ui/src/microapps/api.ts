/**
 * The micro-app API (§7): its base comes from the server's configuration
 * (`GET /api/microapps/config`, default `/api/microapps/`) and every call carries credentials.
 * Calls go through the shared typed client; a request middleware moves them to the configured
 * base when it is not the default.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CanopyClient, paths } from '@canopy/client';
import { api, replyOf } from '../server-state';

type Middleware = Parameters<CanopyClient['use']>[0];

/** Where the typed client's micro-app paths live on this server. */
export const DEFAULT_MICROAPP_BASE = '/api/microapps/';

type ListReply =
  paths['/api/microapps/registeredclient/{siteName}']['get']['responses'][200]['content']['application/json'];
export type SiteMicroapp = ListReply[number];
export type MicroappInstance = SiteMicroapp['instances'][number];
export type MicroappVersion = SiteMicroapp['versions'][number];
export type NewInstance =
  paths['/api/microapps/registeredclientapi']['post']['requestBody']['content']['application/json'];
export type InstanceChanges = NonNullable<
  paths['/api/microapps/registeredclientapi/{microapp_id}/{instance_id}']['put']['requestBody']
>['content']['application/json'];
export type NewMicroapp =
  paths['/api/microapps/registeredclient']['post']['requestBody']['content']['application/json'];
export type MicroappChanges =
  paths['/api/microapps/registeredclient/{microapp_id}']['put']['requestBody']['content']['application/json'];

/** Sends a default-base request to `base` instead (an absolute or page-relative address). */
export function rebase(base: string): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      if (base === DEFAULT_MICROAPP_BASE || !url.pathname.startsWith(DEFAULT_MICROAPP_BASE)) {
        return undefined;
      }
      const rest = url.pathname.slice(DEFAULT_MICROAPP_BASE.length) + url.search;
      const target = new URL(rest, new URL(base, window.location.href));
      const withBody = !['GET', 'HEAD'].includes(request.method);
      return new Request(target, {
        method: request.method,
        headers: request.headers,
        body: withBody ? await request.text() : undefined,
        credentials: 'include',
      });
    },
  };
}

/** The options every micro-app call carries: credentials, and the configured base. */
const via = (base: string) => ({ credentials: 'include' as const, middleware: [rebase(base)] });

export const microappBaseQuery = () =>
  queryOptions({
    queryKey: ['microapps', 'base'],
    queryFn: async () => replyOf(await api().GET('/api/microapps/config')),
    select: (config) => config.api_base || DEFAULT_MICROAPP_BASE,
    staleTime: Infinity,
  });

/** GET registeredclient/{siteName}: the site's micro-apps with their versions and instances. */
export const siteMicroappsQuery = (base: string | undefined, siteName: string | undefined) =>
  queryOptions({
    queryKey: ['microapps', 'site', siteName],
    enabled: Boolean(base && siteName),
    queryFn: async () =>
      replyOf(
        await api().GET('/api/microapps/registeredclient/{siteName}', {
          params: { path: { siteName: siteName! } },
          ...via(base!),
        }),
      ),
  });

/** POST registeredclientapi/: a new instance (the server sets PORTAL-EDITOR and status 0). */
export async function createInstance(base: string, body: NewInstance): Promise<MicroappInstance> {
  return replyOf(await api().POST('/api/microapps/registeredclientapi', { body, ...via(base) }));
}

export async function updateInstance(
  base: string,
  instance: Pick<MicroappInstance, 'microapp_id' | 'instance_id'>,
  body: InstanceChanges,
): Promise<MicroappInstance> {
  return replyOf(
    await api().PUT('/api/microapps/registeredclientapi/{microapp_id}/{instance_id}', {
      params: { path: instance },
      body,
      ...via(base),
    }),
  );
}

/** DELETE registeredclientapi/{a}/{b}: `a` the micro-app's id, `b` the instance's id. */
export async function deleteInstance(
  base: string,
  instance: Pick<MicroappInstance, 'microapp_id' | 'instance_id'>,
): Promise<void> {
  replyOf(
    await api().DELETE('/api/microapps/registeredclientapi/{microapp_id}/{instance_id}', {
      params: { path: instance },
      ...via(base),
    }),
  );
}

export async function registerMicroapp(base: string, body: NewMicroapp): Promise<SiteMicroapp> {
  return replyOf(await api().POST('/api/microapps/registeredclient', { body, ...via(base) }));
}

export async function updateMicroapp(
  base: string,
  microappId: string,
  body: MicroappChanges,
): Promise<SiteMicroapp> {
  return replyOf(
    await api().PUT('/api/microapps/registeredclient/{microapp_id}', {
      params: { path: { microapp_id: microappId } },
      body,
      ...via(base),
    }),
  );
}

export async function deleteMicroapp(base: string, microappId: string): Promise<void> {
  replyOf(
    await api().DELETE('/api/microapps/registeredclient/{microapp_id}', {
      params: { path: { microapp_id: microappId } },
      ...via(base),
    }),
  );
}
