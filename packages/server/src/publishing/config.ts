/**
 * Publishing settings from the environment: where each site's targets are served, the build
 * definitions, a module with the site's own components, and the scheduler's interval.
 */
import { resolve } from 'node:path';

export interface TargetAddress {
  /** Host names that serve this target (any host when empty). */
  hosts: string[];
  /** The path the target is served under: '/' or '/preview'. */
  basePath: string;
}

export interface SiteTargets {
  delivery: TargetAddress;
  preview: TargetAddress;
}

export interface BuildDefinition {
  id: string;
  name: string;
  /** A deploy hook: the build POSTs { build_id, site_id, mode } there instead of building here. */
  deployHook?: string;
}

export interface PublishingConfig {
  /** The site served at '/' (and '/preview/') when no host name picks another; the oldest site when unset. */
  defaultSiteId: string | undefined;
  /** Per site: host names and base paths of the delivery and preview targets (CANOPY_SITES). */
  sites: Record<string, Partial<SiteTargets>>;
  /**
   * The same, as set in the admin and kept in the database (site_targets): loaded when the
   * server starts and replaced on every change. CANOPY_SITES wins for a target it names.
   */
  stored?: Record<string, Partial<SiteTargets>>;
  definitions: Record<string, BuildDefinition>;
  /** A module whose default export (or `register`) adds components to the registry. */
  siteComponents: string | undefined;
  /** How often scheduled publish and unpublish dates are checked (ms). */
  schedulerIntervalMs: number;
  /** Render threads; defaults to the number of cores. */
  renderThreads: number | undefined;
  /** Start the render threads (and compile their code) when the server starts. */
  warmRenderThreads: boolean;
  /** Build the delivery target of every site that has none when the server starts. */
  buildOnStart: boolean;
}

export const BUILT_IN_DEFINITION: BuildDefinition = { id: '263', name: 'Static site' };

export const DEFAULT_TARGETS: SiteTargets = {
  delivery: { hosts: [], basePath: '/' },
  preview: { hosts: [], basePath: '/preview' },
};

function parseJson<T>(name: string, value: string | undefined, fallback: T): T {
  if (!value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    throw new Error(`${name} must be JSON, got ${value}`);
  }
}

export function loadPublishingConfig(env: NodeJS.ProcessEnv = process.env): PublishingConfig {
  const hooks = parseJson<Record<string, { name?: string; deploy_hook: string }>>(
    'CANOPY_BUILD_DEFINITIONS',
    env.CANOPY_BUILD_DEFINITIONS,
    {},
  );
  const definitions: Record<string, BuildDefinition> = { '263': BUILT_IN_DEFINITION };
  for (const [id, hook] of Object.entries(hooks)) {
    if (!hook.deploy_hook || !/^https?:\/\//.test(hook.deploy_hook))
      throw new Error(`CANOPY_BUILD_DEFINITIONS: definition ${id} needs a deploy_hook URL`);
    definitions[id] = { id, name: hook.name ?? `Deploy hook ${id}`, deployHook: hook.deploy_hook };
  }
  const interval = Number(env.CANOPY_SCHEDULER_INTERVAL ?? 20);
  return {
    defaultSiteId: env.CANOPY_DEFAULT_SITE || undefined,
    sites: parseJson('CANOPY_SITES', env.CANOPY_SITES, {}),
    definitions,
    siteComponents: env.CANOPY_SITE_COMPONENTS ? resolve(env.CANOPY_SITE_COMPONENTS) : undefined,
    schedulerIntervalMs: Math.max(1, interval) * 1000,
    renderThreads: env.CANOPY_RENDER_THREADS ? Number(env.CANOPY_RENDER_THREADS) : undefined,
    buildOnStart: env.CANOPY_BUILD_ON_START !== 'false',
    warmRenderThreads: env.CANOPY_RENDER_WARM === 'true',
  };
}

/** Where a target's address comes from: CANOPY_SITES, the database, or the defaults. */
export type TargetSource = 'environment' | 'database' | 'default';

export function targetSource(
  config: PublishingConfig,
  siteId: string,
  mode: keyof SiteTargets,
): TargetSource {
  if (config.sites[siteId]?.[mode]) return 'environment';
  if (config.stored?.[siteId]?.[mode]) return 'database';
  return 'default';
}

export function targetsOf(config: PublishingConfig, siteId: string): SiteTargets {
  const pick = (mode: keyof SiteTargets): TargetAddress => {
    const own = config.sites[siteId]?.[mode] ?? config.stored?.[siteId]?.[mode];
    return {
      hosts: own?.hosts ?? DEFAULT_TARGETS[mode].hosts,
      basePath: normaliseBase(own?.basePath ?? DEFAULT_TARGETS[mode].basePath),
    };
  };
  return { delivery: pick('delivery'), preview: pick('preview') };
}

/**
 * Where a site's targets are reached, for links from the admin: an absolute address on the
 * target's first host name (with the public URL's protocol), or the base path alone when the
 * target is served on any host (then it is relative to the server that answers).
 */
export function targetLinks(
  config: PublishingConfig,
  publicUrl: string,
  siteId: string,
): Record<keyof SiteTargets, { url: string; base_path: string; hosts: string[] }> {
  const targets = targetsOf(config, siteId);
  const protocol = new URL(publicUrl).protocol;
  const link = ({ hosts, basePath }: TargetAddress) => ({
    url: hosts.length > 0 ? `${protocol}//${hosts[0]}${basePath}` : basePath,
    base_path: basePath,
    hosts,
  });
  return { delivery: link(targets.delivery), preview: link(targets.preview) };
}

export function normaliseBase(base: string): string {
  const trimmed = `/${base}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return trimmed === '' ? '/' : trimmed;
}
