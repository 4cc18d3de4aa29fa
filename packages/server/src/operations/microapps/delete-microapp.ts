/** Removes a micro-app from the registry (administrators); refused while it has instances. */
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';
import { microappNotFound } from './rules';

export async function deleteMicroapp(ctx: OpContext, microappId: string): Promise<void> {
  // access
  requireAdministrator(ctx.actor, 'delete micro-apps');
  await ctx.db.transaction().execute(async (db) => {
    // validate
    const app = await db
      .selectFrom('microapps')
      .select(['microapp_id', 'site_id', 'name'])
      .where('microapp_id', '=', microappId)
      .executeTakeFirst();
    if (!app) microappNotFound(microappId);
    const instances = await db
      .selectFrom('microapp_instances')
      .select(['instance_id', 'instance_name'])
      .where('microapp_id', '=', microappId)
      .execute();
    if (instances.length > 0) {
      fail(
        'CONFLICT',
        `This micro-app still has ${instances.length} instance(s): delete them first`,
        { instances },
      );
    }
    // write
    await db.deleteFrom('microapps').where('microapp_id', '=', microappId).execute();
    await recordAudit(db, ctx.actor, {
      action: 'microapp-delete',
      details: { microapp_id: microappId, site_id: app.site_id, name: app.name },
    });
  });
}
