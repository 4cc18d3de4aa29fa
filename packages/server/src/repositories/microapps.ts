/** Reads of the micro-app registry: micro-apps with their versions, client APIs and instances. */
import type { MicroappRuntime } from '@canopy/core';
import type { Db } from '../db/index';
import type { MicroappInstancesTable } from '../db/schema';

export interface ClientApi {
  name: string;
  url: string;
  method: string;
}

export interface MicroappVersionView {
  version: string;
  runtime: MicroappRuntime;
  module_url: string | null;
  element_name: string | null;
  frame_url: string | null;
  frame_height: number | null;
}

/** §3 Micro-app instance, with the micro-app's name as `name` and its configuration. */
export interface MicroappInstanceView {
  instance_id: string;
  microapp_id: string;
  name: string;
  instance_name: string;
  instance_version: string;
  unique_name: string;
  ad_groups_modify: string;
  status: number;
  configuration: Record<string, string>;
  created_by: string;
  created_date: string;
}

export interface MicroappView {
  microapp_id: string;
  site_id: string;
  site_name: string;
  name: string;
  description: string;
  versions: MicroappVersionView[];
  registeredclientapis: ClientApi[];
  instances: MicroappInstanceView[];
}

export function instanceView(
  row: MicroappInstancesTable,
  microappName: string,
): MicroappInstanceView {
  const { configuration, ...rest } = row;
  return {
    ...rest,
    name: microappName,
    configuration: JSON.parse(configuration) as Record<string, string>,
  };
}

/** The micro-apps of some sites (all when `siteId` is undefined), by name. */
export async function readMicroapps(
  db: Db,
  filter: { siteId?: string; microappId?: string } = {},
): Promise<MicroappView[]> {
  let query = db
    .selectFrom('microapps')
    .innerJoin('sites', 'sites.site_id', 'microapps.site_id')
    .selectAll('microapps')
    .select('sites.site_name');
  if (filter.siteId !== undefined) query = query.where('microapps.site_id', '=', filter.siteId);
  if (filter.microappId !== undefined)
    query = query.where('microapps.microapp_id', '=', filter.microappId);
  const apps = await query.orderBy('microapps.name').execute();
  if (apps.length === 0) return [];
  const ids = apps.map((app) => app.microapp_id);
  const [versions, instances] = await Promise.all([
    db
      .selectFrom('microapp_versions')
      .selectAll()
      .where('microapp_id', 'in', ids)
      .orderBy('version_order')
      .execute(),
    db
      .selectFrom('microapp_instances')
      .selectAll()
      .where('microapp_id', 'in', ids)
      .orderBy('instance_name')
      .orderBy('instance_id')
      .execute(),
  ]);
  return apps.map((app) => ({
    microapp_id: app.microapp_id,
    site_id: app.site_id,
    site_name: app.site_name,
    name: app.name,
    description: app.description,
    versions: versions
      .filter((v) => v.microapp_id === app.microapp_id)
      .map(({ microapp_id: _id, version_order: _order, runtime, ...v }) => ({
        ...v,
        runtime: runtime as MicroappRuntime,
      })),
    registeredclientapis: JSON.parse(app.client_apis) as ClientApi[],
    instances: instances
      .filter((i) => i.microapp_id === app.microapp_id)
      .map((row) => instanceView(row, app.name)),
  }));
}

/** Instances by id, with their micro-app's name (for pickers, Save checks and rendering). */
export async function readInstances(
  db: Db,
  instanceIds: readonly string[],
): Promise<MicroappInstanceView[]> {
  if (instanceIds.length === 0) return [];
  const rows = await db
    .selectFrom('microapp_instances')
    .innerJoin('microapps', 'microapps.microapp_id', 'microapp_instances.microapp_id')
    .selectAll('microapp_instances')
    .select('microapps.name as microapp_name')
    .where('microapp_instances.instance_id', 'in', [...instanceIds])
    .execute();
  return rows.map(({ microapp_name, ...row }) => instanceView(row, microapp_name));
}
