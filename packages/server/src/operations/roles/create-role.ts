/** Creates a role (administrators only). Administrator roles are built in, never created. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';
import { readRole, type RoleView } from './list-roles';

export interface NewRole {
  role_id: string;
  role_name: string;
  role_rank: number;
}

export async function createRole(db: Db, actor: Actor, input: NewRole): Promise<RoleView> {
  // access
  requireAdministrator(actor, 'create roles');
  // validate
  if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(input.role_id)) {
    fail(
      'VALIDATION_FAILED',
      'A role id uses lower-case letters, digits and . _ - (at most 63, starting with a letter or digit)',
    );
  }
  if (!input.role_name.trim()) fail('VALIDATION_FAILED', 'A role needs a name');
  if (input.role_rank < 0 || input.role_rank >= 100) {
    fail(
      'VALIDATION_FAILED',
      'A role rank is a whole number from 0 to 99 (administrators are 100)',
    );
  }
  await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('roles')
      .select('role_id')
      .where((eb) =>
        eb.or([eb('role_id', '=', input.role_id), eb('role_name', '=', input.role_name)]),
      )
      .executeTakeFirst();
    if (clash)
      fail('ALREADY_EXISTS', `A role with the id or name "${clash.role_id}" already exists`);
    // write
    const role = { ...input, role_name: input.role_name.trim() };
    await trx
      .insertInto('roles')
      .values({ ...role, is_admin: 0 })
      .execute();
    await recordAudit(trx, actor, { action: 'permissions', details: { role: 'create', ...role } });
  });
  return (await readRole(db, input.role_id))!;
}
