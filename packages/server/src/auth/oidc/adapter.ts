/**
 * Storage for the embedded OpenID provider (sessions, grants, codes, interactions...) in the
 * database, so sign-ins survive restarts and work across instances, on SQLite and PostgreSQL.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/index';

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

export function databaseAdapter(db: Db): (kind: string) => Adapter {
  let lastCleanup = 0;

  async function cleanup(): Promise<void> {
    const now = Date.now();
    if (now - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now;
    await db
      .deleteFrom('oidc_payloads')
      .where('expires_at', '<', new Date(now).toISOString())
      .execute();
  }

  return (kind) => {
    async function findWhere(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('kind', '=', kind)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && row.expires_at < new Date().toISOString()) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) }
        : payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        };
        await db
          .insertInto('oidc_payloads')
          .values({ kind, id, consumed_at: null, ...values })
          .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(values))
          .execute();
        await cleanup();
      },
      find: (id) => findWhere('id', id),
      findByUid: (uid) => findWhere('uid', uid),
      findByUserCode: (userCode) => findWhere('user_code', userCode),
      async consume(id) {
        await db
          .updateTable('oidc_payloads')
          .set({ consumed_at: new Date().toISOString() })
          .where('kind', '=', kind)
          .where('id', '=', id)
          .execute();
      },
      async destroy(id) {
        await db
          .deleteFrom('oidc_payloads')
          .where('kind', '=', kind)
          .where('id', '=', id)
          .execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
      },
    };
  };
}
