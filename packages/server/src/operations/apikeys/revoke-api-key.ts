/** Revokes an API key by id or name; it stops working on the next request. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';

export async function revokeApiKey(db: Db, actor: Actor, idOrName: string): Promise<void> {
  requireAdministrator(actor, 'revoke API keys');
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_date: new Date().toISOString() })
      .where((eb) => eb.or([eb('key_id', '=', idOrName), eb('name', '=', idOrName)]))
      .where('revoked_date', 'is', null)
      .returning('name')
      .execute();
    if (revoked.length === 0) {
      fail('NOT_FOUND', `There is no active API key with the id or name "${idOrName}"`);
    }
    await recordAudit(trx, actor, {
      action: 'permissions',
      details: { api_key: 'revoke', name: revoked.map((key) => key.name).join(', ') },
    });
  });
}
