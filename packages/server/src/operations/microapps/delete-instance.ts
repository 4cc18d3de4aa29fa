/** DELETE registeredclientapi/{microapp_id}/{instance_id}: removes an instance. */
import type { OpContext } from '../context';
import { modifiableInstance } from './rules';

export async function deleteInstance(
  ctx: OpContext,
  microappId: string,
  instanceId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (db) => {
    // access
    await modifiableInstance(db, ctx.actor, microappId, instanceId);
    // write
    await db.deleteFrom('microapp_instances').where('instance_id', '=', instanceId).execute();
  });
}
