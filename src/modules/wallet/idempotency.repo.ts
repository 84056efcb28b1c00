import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { Ts } from '../../platform/db/schema.js';

export interface IdempotencyRow {
  request_hash: string;
  state: 'pending' | 'done';
  response_status: number | null;
  response_body: string | null;
  expires_at: Ts;
}

export class IdempotencyRepo {
  constructor(private readonly db: Db) {}

  async find(accountId: string, key: string, db: DbOrTx = this.db): Promise<IdempotencyRow | null> {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'response_status', 'response_body', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Takes the key for this request; false when the key already exists. On PostgreSQL a
   * concurrent holder's uncommitted row makes this wait for its transaction to end.
   */
  async insert(tx: DbOrTx, row: { account_id: string; key: string; request_hash: string; created_at: string; expires_at: string }): Promise<boolean> {
    const out = await tx
      .insertInto('idempotency_keys')
      .values({ ...row, state: 'pending', response_status: null, response_body: null })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    return out !== undefined;
  }

  async complete(db: DbOrTx, accountId: string, key: string, status: number, body: string): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_body: body })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .execute();
  }

  async remove(db: DbOrTx, accountId: string, key: string): Promise<void> {
    await db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).execute();
  }

  async removeExpired(now: string): Promise<number> {
    const res = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
