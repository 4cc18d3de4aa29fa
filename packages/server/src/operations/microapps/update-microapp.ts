/** Changes a micro-app's name, description, versions or client APIs (administrators). */
import type { OpContext } from '../context';
import { now } from '../context';
import { fail } from '../../errors';
import { readMicroapps, type MicroappView } from '../../repositories/microapps';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';
import {
  checkClientApis,
  checkNameFree,
  checkVersions,
  microappNotFound,
  type ClientApiInput,
  type MicroappVersionInput,
} from './rules';

export interface MicroappChanges {
  name?: string;
  description?: string;
  versions?: MicroappVersionInput[];
  registeredclientapis?: ClientApiInput[];
}

export async function updateMicroapp(
  ctx: OpContext,
  microappId: string,
  changes: MicroappChanges,
): Promise<MicroappView> {
  // access
  requireAdministrator(ctx.actor, 'change micro-apps');
  // validate
  const versions = changes.versions && checkVersions(microappId, changes.versions);
  const apis = changes.registeredclientapis && checkClientApis(changes.registeredclientapis);
  const name = changes.name?.trim();
  if (name === '') fail('VALIDATION_FAILED', 'A micro-app needs a name');
  await ctx.db.transaction().execute(async (db) => {
    const app = await db
      .selectFrom('microapps')
      .select(['site_id', 'name'])
      .where('microapp_id', '=', microappId)
      .executeTakeFirst();
    if (!app) microappNotFound(microappId);
    if (name) await checkNameFree(db, app.site_id, name, microappId);
    if (versions) {
      // Instances keep running the version they were made with: it cannot disappear under them.
      const kept = new Set(versions.map((v) => v.version));
      const orphans = await db
        .selectFrom('microapp_instances')
        .select(['instance_id', 'instance_name', 'instance_version'])
        .where('microapp_id', '=', microappId)
        .execute();
      const stranded = orphans.filter((i) => !kept.has(i.instance_version));
      if (stranded.length > 0) {
        fail(
          'CONFLICT',
          `Instances still use version ${[...new Set(stranded.map((i) => `"${i.instance_version}"`))].join(', ')}: delete them first or keep the version`,
          { instances: stranded },
        );
      }
    }
    // write
    await db
      .updateTable('microapps')
      .set({
        ...(name && { name }),
        ...(changes.description !== undefined && { description: changes.description.trim() }),
        ...(apis && { client_apis: JSON.stringify(apis) }),
        updated_date: now(),
      })
      .where('microapp_id', '=', microappId)
      .execute();
    if (versions) {
      await db.deleteFrom('microapp_versions').where('microapp_id', '=', microappId).execute();
      await db.insertInto('microapp_versions').values(versions).execute();
    }
    const changed = (['name', 'description', 'registeredclientapis', 'versions'] as const).filter(
      (key) => changes[key] !== undefined,
    );
    await recordAudit(db, ctx.actor, {
      action: 'microapp-change',
      details: { microapp_id: microappId, site_id: app.site_id, name: name || app.name, changed },
    });
  });
  return (await readMicroapps(ctx.db, { microappId }))[0]!;
}
