/**
 * Site targets set in the admin (site_targets): read into the publishing configuration when the
 * server starts and after every change, so the sites are served on them without a restart.
 * CANOPY_SITES still wins for a target it names.
 */
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import {
  normaliseBase,
  targetSource,
  targetsOf,
  type PublishingConfig,
  type SiteTargets,
  type TargetSource,
} from '../../publishing/config';
import { RESERVED } from '../../publishing/addresses';
import { now } from '../context';

export const MODES = ['delivery', 'preview'] as const;
export type Mode = (typeof MODES)[number];

/** A target as the API shows it: what is served, and where that comes from. */
export interface TargetView {
  hosts: string[];
  base_path: string;
  source: TargetSource;
}

export interface TargetInput {
  hosts: string[];
  base_path: string;
}

/** Replaces the configuration's stored targets with what the database holds now. */
export async function refreshStoredTargets(db: Db, config: PublishingConfig): Promise<void> {
  const rows = await db.selectFrom('site_targets').selectAll().execute();
  const stored: Record<string, Partial<SiteTargets>> = {};
  for (const row of rows) {
    (stored[row.site_id] ??= {})[row.mode] = {
      hosts: JSON.parse(row.hosts) as string[],
      basePath: row.base_path,
    };
  }
  config.stored = stored;
}

export function targetViews(config: PublishingConfig, siteId: string): Record<Mode, TargetView> {
  const targets = targetsOf(config, siteId);
  const view = (mode: Mode): TargetView => ({
    hosts: targets[mode].hosts,
    base_path: targets[mode].basePath,
    source: targetSource(config, siteId, mode),
  });
  return { delivery: view('delivery'), preview: view('preview') };
}

const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const BASE_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** A target's host names (lower case, no port, no duplicates) and base path, checked. */
export function checkTarget(mode: Mode, input: TargetInput): { hosts: string[]; basePath: string } {
  const hosts = [...new Set(input.hosts.map((host) => host.trim().toLowerCase()).filter(Boolean))];
  for (const host of hosts) {
    if (!HOST.test(host))
      fail(
        'VALIDATION_FAILED',
        `The ${mode} host name "${host}" is not a host name: letters, digits, hyphens and dots, without a protocol, port or path`,
        { mode, host },
      );
  }
  const raw = input.base_path.trim();
  if (!raw.startsWith('/'))
    fail('VALIDATION_FAILED', `The ${mode} base path must start with "/", got "${raw}"`, { mode });
  const basePath = normaliseBase(raw);
  if (
    basePath !== '/' &&
    !basePath
      .slice(1)
      .split('/')
      .every((part) => BASE_SEGMENT.test(part))
  )
    fail(
      'VALIDATION_FAILED',
      `The ${mode} base path "${raw}" may hold only letters, digits and . _ ~ - between slashes`,
      { mode },
    );
  const reserved = RESERVED.find(
    (prefix) => basePath === prefix || basePath.startsWith(`${prefix}/`),
  );
  if (reserved)
    fail(
      'VALIDATION_FAILED',
      `The ${mode} base path cannot be under ${reserved}: Canopy serves it`,
      {
        mode,
      },
    );
  return { hosts, basePath };
}

/**
 * Refuses targets that would answer the same address as another: two targets sharing a host
 * name (or both on any host) and a base path.
 */
export async function requireFreeAddresses(
  db: Db,
  config: PublishingConfig,
  siteId: string,
  wanted: Record<Mode, { hosts: string[]; basePath: string }>,
): Promise<void> {
  const sites = await db.selectFrom('sites').select(['site_id', 'site_name']).execute();
  const taken: { site: string; mode: Mode; hosts: string[]; basePath: string }[] = [];
  for (const site of sites) {
    if (site.site_id === siteId) continue;
    const targets = targetsOf(config, site.site_id);
    for (const mode of MODES) taken.push({ site: site.site_name, mode, ...targets[mode] });
  }
  const own = (mode: Mode) => ({ site: 'this site', mode, ...wanted[mode] });
  const pairs: [ReturnType<typeof own>, (typeof taken)[number]][] = [
    [own('preview'), own('delivery')],
    ...MODES.flatMap((mode) =>
      taken.map((other) => [own(mode), other] as [ReturnType<typeof own>, (typeof taken)[number]]),
    ),
  ];
  for (const [mine, other] of pairs) {
    if (mine.basePath !== other.basePath) continue;
    const shared =
      mine.hosts.length === 0 && other.hosts.length === 0
        ? other.site === 'this site'
          ? 'any host'
          : undefined
        : mine.hosts.find((host) => other.hosts.includes(host));
    if (shared)
      fail(
        'CONFLICT',
        `The ${mine.mode} target would answer ${shared}${mine.basePath === '/' ? '' : mine.basePath}, which the ${other.mode} target of ${other.site} already answers`,
        { mode: mine.mode },
      );
  }
}

/** Stores a site's targets (both rows) and serves them at once. */
export async function storeTargets(
  db: Db,
  siteId: string,
  targets: Partial<Record<Mode, { hosts: string[]; basePath: string }>>,
): Promise<void> {
  const stamp = now();
  for (const mode of MODES) {
    const target = targets[mode];
    if (!target) continue;
    const values = {
      hosts: JSON.stringify(target.hosts),
      base_path: target.basePath,
      updated_date: stamp,
    };
    await db
      .insertInto('site_targets')
      .values({ site_id: siteId, mode, ...values })
      .onConflict((oc) => oc.columns(['site_id', 'mode']).doUpdateSet(values))
      .execute();
  }
}
