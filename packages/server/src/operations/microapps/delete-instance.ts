/** DELETE registeredclientapi/{microapp_id}/{instance_id}: removes an instance. */
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { requireInstanceModifier } from './rules';

export async function deleteInstance(
  ctx: OpContext,
  microappId: string,
  instanceId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (db) => {
    const instance = await db
      .selectFrom('microapp_instances')
      .select(['ad_groups_modify'])
      .where('instance_id', '=', instanceId)
      .where('microapp_id', '=', microappId)
      .executeTakeFirst();
    if (!instance) {
      // access first: someone who may not modify instances learns nothing about them.
      requireInstanceModifier(ctx.actor);
      fail('NOT_FOUND', `The micro-app "${microappId}" has no instance ${instanceId}`);
    }
    // access: the instance's own modifier group decides
    requireInstanceModifier(ctx.actor, instance.ad_groups_modify);
    // write
    await db.deleteFrom('microapp_instances').where('instance_id', '=', instanceId).execute();
  });
}
