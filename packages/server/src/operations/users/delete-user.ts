/**
 * Deletes a user (administrators): never oneself, never the last enabled administrator, never
 * someone who holds a lock (it would be stuck under a name nobody has). Their personal role and
 * its grants go too; what they wrote keeps their name.
 */
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { personalRoleId, type Actor } from '../../auth/actor';
import { recordAudit } from '../../audit/record';
import { readUser } from './get-user';
import { keepOneAdministrator, requireAdministrator } from './guards';

export async function deleteUser(db: Db, actor: Actor, userId: string): Promise<void> {
  requireAdministrator(actor, 'delete users');
  const user = await readUser(db, userId);
  if (actor.userId === userId) fail('VALIDATION_FAILED', 'You cannot delete your own account');
  await db.transaction().execute(async (trx) => {
    await keepOneAdministrator(trx, userId);
    const locks = await trx
      .selectFrom('content_items')
      .select('content_name')
      .where('locked_by', '=', user.username)
      .orderBy('content_name')
      .execute();
    if (locks.length > 0) {
      const names = locks.slice(0, 3).map((item) => item.content_name);
      const more = locks.length > 3 ? ` and ${locks.length - 3} more` : '';
      fail(
        'CONFLICT',
        `${user.username} holds the lock on ${names.join(', ')}${more}; unlock ${locks.length === 1 ? 'it' : 'them'} first`,
        { locked: locks.length },
      );
    }
    await trx.deleteFrom('external_identities').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    await trx.deleteFrom('roles').where('role_id', '=', personalRoleId(userId)).execute();
    await trx.deleteFrom('users').where('user_id', '=', userId).execute();
    await recordAudit(trx, actor, { action: 'user-delete', details: { username: user.username } });
  });
}
