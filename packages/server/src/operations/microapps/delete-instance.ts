/** DELETE registeredclientapi/{microapp_id}/{instance_id}: removes an instance. */
import type { OpContext } from '../context';
import { recordAudit } from '../../audit/record';
import { modifiableInstance } from './rules';

export async function deleteInstance(
  ctx: OpContext,
  microappId: string,
  instanceId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (db) => {
    // access
    const { instance_name } = await modifiableInstance(db, ctx.actor, microappId, instanceId);
    // write
    await db.deleteFrom('microapp_instances').where('instance_id', '=', instanceId).execute();
    await recordAudit(db, ctx.actor, {
      action: 'instance-delete',
      details: { instance_id: instanceId, instance_name, microapp_id: microappId },
    });
  });
}
