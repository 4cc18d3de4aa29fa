/** Registers a micro-app for a site: its versions and the APIs it calls (administrators). */
import type { OpContext } from '../context';
import { now } from '../context';
import { fail } from '../../errors';
import { readMicroapps, type MicroappView } from '../../repositories/microapps';
import { siteOr404 } from '../../repositories/sites';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';
import {
  checkClientApis,
  checkNameFree,
  checkVersions,
  type ClientApiInput,
  type MicroappVersionInput,
} from './rules';

export interface NewMicroapp {
  microapp_id: string;
  site_id: string;
  name: string;
  description?: string;
  versions: MicroappVersionInput[];
  registeredclientapis?: ClientApiInput[];
}

export async function registerMicroapp(ctx: OpContext, input: NewMicroapp): Promise<MicroappView> {
  // access
  requireAdministrator(ctx.actor, 'register micro-apps');
  // validate
  const name = input.name.trim();
  if (!name) fail('VALIDATION_FAILED', 'A micro-app needs a name');
  const versions = checkVersions(input.microapp_id, input.versions);
  const apis = checkClientApis(input.registeredclientapis ?? []);
  await ctx.db.transaction().execute(async (db) => {
    await siteOr404(db, { id: input.site_id });
    const taken = await db
      .selectFrom('microapps')
      .select('microapp_id')
      .where('microapp_id', '=', input.microapp_id)
      .executeTakeFirst();
    if (taken) fail('ALREADY_EXISTS', `A micro-app with the id "${input.microapp_id}" exists`);
    await checkNameFree(db, input.site_id, name);
    // write
    const stamp = now();
    await db
      .insertInto('microapps')
      .values({
        microapp_id: input.microapp_id,
        site_id: input.site_id,
        name,
        description: input.description?.trim() ?? '',
        client_apis: JSON.stringify(apis),
        created_by: ctx.actor.username,
        created_date: stamp,
        updated_date: stamp,
      })
      .execute();
    await db.insertInto('microapp_versions').values(versions).execute();
    await recordAudit(db, ctx.actor, {
      action: 'microapp-register',
      details: {
        microapp_id: input.microapp_id,
        site_id: input.site_id,
        name,
        versions: versions.map((v) => v.version),
      },
    });
  });
  return (await readMicroapps(ctx.db, { microappId: input.microapp_id }))[0]!;
}
