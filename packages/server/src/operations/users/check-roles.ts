/** Validates role ids a caller wants to give someone: they exist and rank no higher than theirs. */
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { isPersonalRole, type Actor } from '../../auth/actor';
import { rankOf } from './guards';

export async function checkAssignableRoles(db: Db, actor: Actor, roleIds: string[]): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length !== roleIds.length) fail('VALIDATION_FAILED', 'A role is listed twice');
  if (unique.length === 0) return;
  const personal = unique.find(isPersonalRole);
  if (personal)
    fail('VALIDATION_FAILED', `Role ${personal} is a personal role and cannot be given`);
  const roles = await db
    .selectFrom('roles')
    .select(['role_id', 'role_rank'])
    .where('role_id', 'in', unique)
    .execute();
  const missing = unique.find((roleId) => !roles.some((role) => role.role_id === roleId));
  if (missing) fail('ROLE_NOT_FOUND', `Role ${missing} was not found`);
  const rank = await rankOf(db, actor);
  const above = roles.find((role) => role.role_rank > rank);
  if (above) {
    fail('FORBIDDEN', `You cannot give the role ${above.role_id}: it ranks above your own`, {
      role_id: above.role_id,
    });
  }
}
