/**
 * POST registeredclientapi/: a new instance of a micro-app version. Whatever the caller sends,
 * a new instance is modified by 'PORTAL-EDITOR' and starts with status 0 (§9).
 */
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../../audit/record';
import {
  instanceUniqueName,
  MICROAPP_DEFAULT_MODIFIER_GROUP,
  MICROAPP_DEFAULT_STATUS,
} from '@canopy/core';
import type { OpContext } from '../context';
import { now } from '../context';
import { fail } from '../../errors';
import { readInstances, type MicroappInstanceView } from '../../repositories/microapps';
import { checkSettings, microappNotFound, requireInstanceModifier } from './rules';

export interface NewInstance {
  microapp_id: string;
  instance_name: string;
  /** Default: the micro-app's newest version. */
  instance_version?: string;
  unique_name?: string;
  configuration?: Record<string, string>;
}

export async function createInstance(
  ctx: OpContext,
  input: NewInstance,
): Promise<MicroappInstanceView> {
  // access
  requireInstanceModifier(ctx.actor);
  // validate
  const instanceName = input.instance_name.trim();
  if (!instanceName) fail('VALIDATION_FAILED', 'An instance needs a name');
  checkSettings(input.configuration);
  const instanceId = randomUUID();
  await ctx.db.transaction().execute(async (db) => {
    const versions = await db
      .selectFrom('microapp_versions')
      .select('version')
      .where('microapp_id', '=', input.microapp_id)
      .orderBy('version_order', 'desc')
      .execute();
    if (versions.length === 0) microappNotFound(input.microapp_id);
    const version = input.instance_version?.trim() || versions[0]!.version;
    if (!versions.some((v) => v.version === version)) {
      fail(
        'VALIDATION_FAILED',
        `The micro-app "${input.microapp_id}" has no version "${version}" (it has ${versions.map((v) => `"${v.version}"`).join(', ')})`,
      );
    }
    const uniqueName =
      input.unique_name?.trim() || instanceUniqueName(input.microapp_id, instanceName);
    const clash = await db
      .selectFrom('microapp_instances')
      .select('instance_id')
      .where('unique_name', '=', uniqueName)
      .executeTakeFirst();
    if (clash) {
      fail(
        'ALREADY_EXISTS',
        `An instance named "${uniqueName}" already exists: choose another instance name`,
      );
    }
    // write
    await db
      .insertInto('microapp_instances')
      .values({
        instance_id: instanceId,
        microapp_id: input.microapp_id,
        instance_name: instanceName,
        instance_version: version,
        unique_name: uniqueName,
        ad_groups_modify: MICROAPP_DEFAULT_MODIFIER_GROUP,
        status: MICROAPP_DEFAULT_STATUS,
        configuration: JSON.stringify(input.configuration ?? {}),
        created_by: ctx.actor.username,
        created_date: now(),
      })
      .execute();
    await recordAudit(db, ctx.actor, {
      action: 'instance-create',
      details: {
        instance_id: instanceId,
        instance_name: instanceName,
        microapp_id: input.microapp_id,
        version,
      },
    });
  });
  return (await readInstances(ctx.db, [instanceId]))[0]!;
}
