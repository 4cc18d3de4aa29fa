/**
 * PUT registeredclientapi/{microapp_id}/{instance_id}: changes an instance's name, the version
 * it runs or its configuration. Its id and unique name stay, so the pages that place it keep it
 * (and re-render at their next build, as the instance is one of their inputs).
 */
import { recordAudit } from '../../audit/record';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { readInstances, type MicroappInstanceView } from '../../repositories/microapps';
import { checkSettings, modifiableInstance } from './rules';

export interface InstanceChanges {
  instance_name?: string;
  instance_version?: string;
  /** Replaces the whole configuration. */
  configuration?: Record<string, string>;
}

export async function updateInstance(
  ctx: OpContext,
  microappId: string,
  instanceId: string,
  changes: InstanceChanges,
): Promise<MicroappInstanceView> {
  const instanceName = changes.instance_name?.trim();
  const version = changes.instance_version?.trim();
  await ctx.db.transaction().execute(async (db) => {
    // access
    const before = await modifiableInstance(db, ctx.actor, microappId, instanceId);
    // validate
    if (instanceName === '') fail('VALIDATION_FAILED', 'An instance needs a name');
    checkSettings(changes.configuration);
    if (version !== undefined) {
      const versions = await db
        .selectFrom('microapp_versions')
        .select('version')
        .where('microapp_id', '=', microappId)
        .orderBy('version_order')
        .execute();
      if (!versions.some((v) => v.version === version)) {
        fail(
          'VALIDATION_FAILED',
          `The micro-app "${microappId}" has no version "${version}" (it has ${versions.map((v) => `"${v.version}"`).join(', ')})`,
        );
      }
    }
    // write
    if (instanceName === undefined && version === undefined && !changes.configuration) return;
    await db
      .updateTable('microapp_instances')
      .set({
        ...(instanceName !== undefined && { instance_name: instanceName }),
        ...(version !== undefined && { instance_version: version }),
        ...(changes.configuration && { configuration: JSON.stringify(changes.configuration) }),
      })
      .where('instance_id', '=', instanceId)
      .execute();
    const changed = (['instance_name', 'instance_version', 'configuration'] as const).filter(
      (key) => changes[key] !== undefined,
    );
    await recordAudit(db, ctx.actor, {
      action: 'instance-change',
      details: {
        instance_id: instanceId,
        instance_name: instanceName ?? before.instance_name,
        microapp_id: microappId,
        changed,
      },
    });
  });
  return (await readInstances(ctx.db, [instanceId]))[0]!;
}
