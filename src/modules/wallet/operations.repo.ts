import type { Db, DbOrTx } from '../../platform/db/index.js';

/** The SQL of charged synchronous operations (PaidOperations): one row per call, with its lease. */
export class OperationsRepo {
  constructor(private readonly db: Db) {}

  async insertOperation(tx: DbOrTx, v: { id: string; account_id: string; kind: string; owner: string; cost: number; charge_tx_id: number; deadline_at: string; now: string }): Promise<void> {
    await tx
      .insertInto('studio_operations')
      .values({ id: v.id, account_id: v.account_id, kind: v.kind, owner: v.owner, state: 'running', cost: v.cost, charge_tx_id: v.charge_tx_id, deadline_at: v.deadline_at, created_at: v.now, updated_at: v.now })
      .execute();
  }

  /** Settles a running operation; false when it was settled already (by the sweeper). */
  async settleOperation(tx: DbOrTx, id: string, state: 'done' | 'failed', refundTxId: number | null, now: string): Promise<boolean> {
    const res = await tx
      .updateTable('studio_operations')
      .set({ state, refund_tx_id: refundTxId, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Pushes out the deadline of every running operation of `owner` (its lease, renewed). */
  async renewOperations(owner: string, deadline: string, now: string): Promise<void> {
    await this.db.updateTable('studio_operations').set({ deadline_at: deadline, updated_at: now }).where('owner', '=', owner).where('state', '=', 'running').execute();
  }

  /** Running operations past their deadline, or (orphansOf) run by any process but this one. */
  async overdueOperations(now: string, limit: number, orphansOf?: string): Promise<Array<{ id: string; kind: string; charge_tx_id: number }>> {
    let q = this.db.selectFrom('studio_operations').select(['id', 'kind', 'charge_tx_id']).where('state', '=', 'running');
    q = orphansOf === undefined ? q.where('deadline_at', '<', now) : q.where((eb) => eb.or([eb('deadline_at', '<', now), eb('owner', '!=', orphansOf)]));
    const rows = await q.limit(limit).execute();
    return rows.map((r) => ({ id: r.id, kind: r.kind, charge_tx_id: Number(r.charge_tx_id) }));
  }
}
