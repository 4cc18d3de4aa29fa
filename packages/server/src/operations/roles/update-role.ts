/**
 * Renames a role or changes its rank (administrators). Nobody sets a rank above their own;
 * administrator roles keep theirs (100), and personal roles are not renamed.
 */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail, notFound } from '../../errors';
import { recordAudit } from '../../audit/record';
import { highestRank, requireAdministrator } from '../users/guards';
import { readRole, type RoleView } from './list-roles';

export interface RoleChanges {
  role_name?: string | undefined;
  role_rank?: number | undefined;
}

export async function updateRole(
  db: Db,
  actor: Actor,
  roleId: string,
  changes: RoleChanges,
): Promise<RoleView> {
  requireAdministrator(actor, 'change roles');
  const role = await readRole(db, roleId);
  if (!role) notFound('Role', roleId);
  if (role.is_personal)
    fail('VALIDATION_FAILED', `${roleId} is a personal role and cannot be changed`);
  const name = changes.role_name?.trim();
  if (changes.role_name !== undefined && !name) fail('VALIDATION_FAILED', 'A role needs a name');
  if (changes.role_rank !== undefined && changes.role_rank !== role.role_rank) {
    if (role.is_admin) fail('VALIDATION_FAILED', 'An administrator role keeps its rank (100)');
    if (changes.role_rank < 0 || changes.role_rank >= 100)
      fail(
        'VALIDATION_FAILED',
        'A role rank is a whole number from 0 to 99 (administrators are 100)',
      );
    const own = await highestRank(db, actor);
    if (changes.role_rank > own)
      fail('FORBIDDEN', `You cannot set a rank above your own (${own})`, { rank: own });
  }
  if (name && name !== role.role_name) {
    const clash = await db
      .selectFrom('roles')
      .select('role_id')
      .where('role_name', '=', name)
      .where('role_id', '!=', roleId)
      .executeTakeFirst();
    if (clash) fail('ALREADY_EXISTS', `A role is already named ${name}; pick another name`);
  }
  const set = {
    ...(name && { role_name: name }),
    ...(changes.role_rank !== undefined && { role_rank: changes.role_rank }),
  };
  if (Object.keys(set).length > 0) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set(set).where('role_id', '=', roleId).execute();
      await recordAudit(trx, actor, {
        action: 'permissions',
        details: { role: 'change', role_id: roleId, ...set },
      });
    });
  }
  return (await readRole(db, roleId))!;
}
