import { paginate } from '../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';
import type { SelectQueryBuilder, Updateable } from 'kysely';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { QueryShapes } from '../../platform/db/query-shape.js';
import type { DB, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookDeliveryStatus, WebhooksTable } from '../../platform/db/schema.js';

/** The hot queries of event fan-out, built once per shape. */
const shapes = new QueryShapes('webhooks');

export type WebhookRow = Omit<WebhooksTable, 'enabled'> & { enabled: number };
export type DeliveryRow = Omit<WebhookDeliveriesTable, 'attempt_count'> & { attempt_count: number };
export type AttemptRow = WebhookAttemptsTable;

const normalizeHook = (r: WebhookRow): WebhookRow => ({ ...r, enabled: Number(r.enabled) });
const normalizeDelivery = (r: DeliveryRow): DeliveryRow => ({
  ...r,
  attempt_count: Number(r.attempt_count),
  last_status_code: r.last_status_code === null ? null : Number(r.last_status_code),
});

/** The only place webhook SQL lives; every read names the owning store (or the account, for fan-out). */
export class WebhooksRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Omit<WebhookRow, 'enabled' | 'disabled_reason' | 'disabled_at' | 'last_success_at' | 'previous_secret_enc' | 'previous_secret_until'>): Promise<WebhookRow> {
    const out = await this.db.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow();
    return normalizeHook(out as WebhookRow);
  }

  async ofStore(storeId: string, id: string): Promise<WebhookRow | null> {
    const row = await this.db.selectFrom('webhooks').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return row ? normalizeHook(row as WebhookRow) : null;
  }

  /** For the delivery worker, which acts for the system. */
  async byId(id: string): Promise<WebhookRow | null> {
    const row = await this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normalizeHook(row as WebhookRow) : null;
  }

  listQuery(storeId: string): SelectQueryBuilder<DB, 'webhooks', WebhookRow> {
    return this.db.selectFrom('webhooks').selectAll().where('store_id', '=', storeId);
  }

  /** One page of the store's webhooks. */
  list(storeId: string, query: ListQuery, ctx: PageContext) {
    return paginate(this.listQuery(storeId), { sortable: { created_date: 'created_at', id: 'id' }, idColumn: 'id', searchColumn: 'webhooks.callback_url', db: this.db }, query, ctx);
  }

  async count(storeId: string): Promise<number> {
    const row = await this.db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(storeId: string, id: string, set: Updateable<WebhooksTable>): Promise<WebhookRow | null> {
    const row = await this.db.updateTable('webhooks').set(set).where('id', '=', id).where('store_id', '=', storeId).returningAll().executeTakeFirst();
    return row ? normalizeHook(row as WebhookRow) : null;
  }

  async remove(storeId: string, id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('webhooks').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /**
   * Enabled endpoints an event goes to, read in the writer's transaction: the event's store,
   * or for an account-level event (storeId null) every store of the account.
   */
  async subscribed(tx: DbOrTx, q: { accountId: string; storeId: string | null; topic: string; event: string }): Promise<Array<Pick<WebhookRow, 'id' | 'account_id' | 'store_id'>>> {
    // every catalog write asks this in its transaction: one shape per case (query-shape.ts)
    const params = { accountId: q.accountId, topic: q.topic, event: q.event, enabled: 1, ...(q.storeId !== null ? { storeId: q.storeId } : {}) };
    return shapes.all(tx, q.storeId !== null ? 'subscribed:store' : 'subscribed:account', params, (d, p) => {
      let query = d
        .selectFrom('webhooks')
        .select(['id', 'account_id', 'store_id'])
        .where('account_id', '=', p.accountId)
        .where('topic', '=', p.topic)
        .where('event', '=', p.event)
        .where('enabled', '=', p.enabled);
      if (p.storeId !== undefined) query = query.where('store_id', '=', p.storeId);
      return query.orderBy('id');
    });
  }

  // ---- deliveries ---------------------------------------------------------------------

  async insertDelivery(tx: DbOrTx, row: Omit<DeliveryRow, 'attempt_count' | 'last_status_code' | 'last_error' | 'delivered_at'>): Promise<void> {
    await tx.insertInto('webhook_deliveries').values(row).execute();
  }

  async delivery(id: string): Promise<DeliveryRow | null> {
    const row = await this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normalizeDelivery(row as DeliveryRow) : null;
  }

  async deliveryOf(storeId: string, webhookId: string, id: string): Promise<DeliveryRow | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('webhook_id', '=', webhookId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row ? normalizeDelivery(row as DeliveryRow) : null;
  }

  deliveriesQuery(storeId: string, webhookId: string, status?: WebhookDeliveryStatus): SelectQueryBuilder<DB, 'webhook_deliveries', DeliveryRow> {
    let q = this.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('store_id', '=', storeId);
    if (status) q = q.where('status', '=', status);
    return q;
  }

  /** One page of a webhook's deliveries. */
  listDeliveries(storeId: string, webhookId: string, status: WebhookDeliveryStatus | undefined, query: ListQuery, ctx: PageContext) {
    return paginate(this.deliveriesQuery(storeId, webhookId, status), { sortable: { created_date: 'created_at', id: 'id' }, idColumn: 'id' }, query, ctx);
  }

  async attemptsOf(deliveryIds: readonly string[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    const rows = await this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ ...r, status_code: r.status_code === null ? null : Number(r.status_code), duration_ms: Number(r.duration_ms) }));
  }

  /** One HTTP attempt, logged with the delivery's latest outcome in one transaction. */
  async recordAttempt(attempt: AttemptRow, outcome: { status: WebhookDeliveryStatus; deliveredAt: string | null }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('webhook_attempts').values(attempt).execute();
      await tx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempt_count: eb('attempt_count', '+', 1),
          last_status_code: attempt.status_code,
          last_error: attempt.error,
          status: outcome.status,
          delivered_at: outcome.deliveredAt,
          updated_at: attempt.created_at,
        }))
        .where('id', '=', attempt.delivery_id)
        .execute();
      if (outcome.status === 'succeeded') {
        await tx.updateTable('webhooks').set({ last_success_at: attempt.created_at }).where('id', '=', attempt.webhook_id).execute();
      }
    });
  }

  async setDeliveryStatus(id: string, status: WebhookDeliveryStatus, now: string, error?: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status, updated_at: now, ...(error !== undefined ? { last_error: error } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** Puts a finished delivery back to pending with its new job; false when it is still pending. */
  async restartDelivery(tx: DbOrTx, id: string, jobId: string, now: string): Promise<boolean> {
    const res = await tx
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', job_id: jobId, updated_at: now })
      .where('id', '=', id)
      .where('status', '<>', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** A delivery whose job failed without the handler saying so (its worker died on the last attempt). */
  async failPendingOfJob(tx: DbOrTx, jobId: string, error: string, now: string): Promise<void> {
    await tx.updateTable('webhook_deliveries').set({ status: 'failed', last_error: error, updated_at: now }).where('job_id', '=', jobId).where('status', '=', 'pending').execute();
  }

  async disable(id: string, reason: string, now: string): Promise<void> {
    await this.db.updateTable('webhooks').set({ enabled: 0, disabled_reason: reason, disabled_at: now, updated_at: now }).where('id', '=', id).where('enabled', '=', 1).execute();
  }
}
