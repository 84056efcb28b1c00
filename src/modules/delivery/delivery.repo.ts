import type { SelectQueryBuilder, Updateable } from 'kysely';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { paginate } from '../../platform/db/paginate.js';
import type { DB } from '../../platform/db/schema.js';
import type { DeliveriesTable, DeliveryAttemptsTable, DeliveryStatus, DeliveryTargetsTable } from '../../platform/db/schema-delivery.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';

export type TargetRow = Omit<DeliveryTargetsTable, 'enabled'> & { enabled: number };
export type DeliveryRow = Omit<DeliveriesTable, 'attempts'> & { attempts: number };
export type AttemptRow = DeliveryAttemptsTable;
export interface DeliveryFilter {
  project_id?: string;
  batch_id?: string;
  target_id?: string;
  status?: DeliveryStatus;
}

const normTarget = (r: TargetRow): TargetRow => ({ ...r, enabled: Number(r.enabled) });
const normDelivery = (r: DeliveryRow): DeliveryRow => ({ ...r, attempts: Number(r.attempts) });

/** The only place delivery SQL lives; every read a client makes names the owning store. */
export class DeliveryRepo {
  constructor(private readonly db: Db) {}

  // ---- targets ------------------------------------------------------------------------------

  async insertTarget(row: Omit<TargetRow, 'enabled'> & { enabled: number }): Promise<TargetRow> {
    return normTarget((await this.db.insertInto('delivery_targets').values(row).returningAll().executeTakeFirstOrThrow()) as TargetRow);
  }

  async targetOf(storeId: string, id: string): Promise<TargetRow | null> {
    const row = await this.db.selectFrom('delivery_targets').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return row ? normTarget(row as TargetRow) : null;
  }

  /** For the delivery worker, which acts for the system. */
  async targetById(id: string): Promise<TargetRow | null> {
    const row = await this.db.selectFrom('delivery_targets').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normTarget(row as TargetRow) : null;
  }

  listTargets(storeId: string, query: ListQuery, ctx: PageContext) {
    const q: SelectQueryBuilder<DB, 'delivery_targets', TargetRow> = this.db.selectFrom('delivery_targets').selectAll().where('store_id', '=', storeId);
    return paginate(q, { sortable: { created_date: 'created_at', id: 'id' }, idColumn: 'id' }, query, ctx);
  }

  /** Enabled targets of a store, read in the caller's transaction (enqueue). */
  async enabledTargets(tx: DbOrTx, storeId: string): Promise<TargetRow[]> {
    const rows = await tx.selectFrom('delivery_targets').selectAll().where('store_id', '=', storeId).where('enabled', '=', 1).orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => normTarget(r as TargetRow));
  }

  async updateTarget(storeId: string, id: string, set: Updateable<DeliveryTargetsTable>): Promise<TargetRow | null> {
    const row = await this.db.updateTable('delivery_targets').set(set).where('id', '=', id).where('store_id', '=', storeId).returningAll().executeTakeFirst();
    return row ? normTarget(row as TargetRow) : null;
  }

  async removeTarget(storeId: string, id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('delivery_targets').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  // ---- deliveries ---------------------------------------------------------------------------

  async insertDelivery(tx: DbOrTx, row: Omit<DeliveryRow, 'attempts' | 'last_error' | 'remote_path' | 'delivered_at'>): Promise<DeliveryRow> {
    return normDelivery((await tx.insertInto('deliveries').values(row).returningAll().executeTakeFirstOrThrow()) as DeliveryRow);
  }

  async delivery(id: string, db: DbOrTx = this.db): Promise<DeliveryRow | null> {
    const row = await db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normDelivery(row as DeliveryRow) : null;
  }

  async deliveryOf(storeId: string, id: string): Promise<DeliveryRow | null> {
    const row = await this.db.selectFrom('deliveries').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return row ? normDelivery(row as DeliveryRow) : null;
  }

  listDeliveries(storeId: string, filter: DeliveryFilter, query: ListQuery, ctx: PageContext) {
    let q: SelectQueryBuilder<DB, 'deliveries', DeliveryRow> = this.db.selectFrom('deliveries').selectAll().where('store_id', '=', storeId);
    if (filter.project_id) q = q.where('project_id', '=', filter.project_id);
    if (filter.batch_id) q = q.where('batch_id', '=', filter.batch_id);
    if (filter.target_id) q = q.where('target_id', '=', filter.target_id);
    if (filter.status) q = q.where('status', '=', filter.status);
    return paginate(q, { sortable: { created_date: 'created_at', id: 'id' }, idColumn: 'id' }, query, ctx);
  }

  async attemptsOf(ids: readonly string[], db: DbOrTx = this.db): Promise<AttemptRow[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('delivery_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ ...r, attempt: Number(r.attempt), duration_ms: Number(r.duration_ms) }));
  }

  /** pending → sending when a worker starts an attempt; false when the delivery is no longer this job's to send. */
  async markSending(id: string, jobId: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('deliveries')
      .set({ status: 'sending', updated_at: now })
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** One attempt, logged with the delivery's outcome, in the caller's transaction. */
  async recordAttempt(tx: DbOrTx, attempt: AttemptRow, outcome: { status: DeliveryStatus; deliveredAt: string | null }): Promise<void> {
    await tx.insertInto('delivery_attempts').values(attempt).execute();
    await tx
      .updateTable('deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: attempt.error,
        status: outcome.status,
        delivered_at: outcome.deliveredAt,
        ...(attempt.remote_path ? { remote_path: attempt.remote_path } : {}),
        updated_at: attempt.created_at,
      }))
      .where('id', '=', attempt.delivery_id)
      .execute();
  }

  /** Puts a failed delivery back to pending with its new job; false when it is not failed. */
  async restart(tx: DbOrTx, id: string, jobId: string, now: string): Promise<boolean> {
    const res = await tx.updateTable('deliveries').set({ status: 'pending', job_id: jobId, updated_at: now }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** A delivery whose job failed without the handler settling it (its worker died on the last attempt). */
  async failUnsettledOfJob(tx: DbOrTx, jobId: string, error: string, now: string): Promise<DeliveryRow | null> {
    const row = await tx
      .updateTable('deliveries')
      .set({ status: 'failed', last_error: error, updated_at: now })
      .where('job_id', '=', jobId)
      .where('status', 'in', ['pending', 'sending'])
      .returningAll()
      .executeTakeFirst();
    return row ? normDelivery(row as DeliveryRow) : null;
  }
}
