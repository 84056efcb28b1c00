import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { paginate } from '../../platform/db/paginate.js';
import type { ProductionBatchesTable, ProductionBatchItemsTable } from '../../platform/db/schema-production.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';

export type BatchRow = ProductionBatchesTable;
export type BatchItemRow = ProductionBatchItemsTable;

/** An order as a batch selects it: its row's id, document and age. */
export interface CandidateRow {
  id: string;
  state: string;
  doc: string;
  created_at: string | Date;
}

/** All SQL of production batches; every method takes the owning store. */
export class ProductionRepo {
  constructor(private readonly db: Db) {}

  /**
   * The store's approved orders, oldest first: with `productId`, those with a frozen page of
   * that product (any freeze: the caller keeps the pages of the current one).
   */
  async approved(storeId: string, productId: string, limit: number): Promise<CandidateRow[]> {
    return this.db
      .selectFrom('projects')
      .select(['id', 'state', 'doc', 'created_at'])
      .where('store_id', '=', storeId)
      .where('state', '=', 'approved')
      .where('deleted_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('design_snapshots as s').select(sql`1`.as('one')).whereRef('s.store_id', '=', 'projects.store_id').whereRef('s.project_id', '=', 'projects.id').where('s.product_id', '=', productId)),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The store's live projects among `ids`, whatever their state. */
  async projects(storeId: string, ids: readonly string[]): Promise<CandidateRow[]> {
    return this.db.selectFrom('projects').select(['id', 'state', 'doc', 'created_at']).where('store_id', '=', storeId).where('id', 'in', [...ids]).where('deleted_at', 'is', null).execute();
  }

  async insert(tx: DbOrTx, batch: BatchRow, items: BatchItemRow[]): Promise<void> {
    await tx.insertInto('production_batches').values(batch).execute();
    // a few hundred rows a statement stays under every driver's bound-parameter limit
    for (let i = 0; i < items.length; i += 200) await tx.insertInto('production_batch_items').values(items.slice(i, i + 200)).execute();
  }

  async byId(storeId: string, id: string, db: DbOrTx = this.db): Promise<BatchRow | null> {
    return (await db.selectFrom('production_batches').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async byJob(tx: DbOrTx, jobId: string): Promise<BatchRow | null> {
    return (await tx.selectFrom('production_batches').selectAll().where('job_id', '=', jobId).executeTakeFirst()) ?? null;
  }

  async items(storeId: string, batchId: string, db: DbOrTx = this.db): Promise<BatchItemRow[]> {
    return db.selectFrom('production_batch_items').selectAll().where('store_id', '=', storeId).where('batch_id', '=', batchId).orderBy('item_index').execute();
  }

  /** Per batch: how many orders and the largest quantity (one query for a page of batches). */
  async stats(storeId: string, batchIds: readonly string[]): Promise<Map<string, { projects: number; maxQuantity: number }>> {
    if (batchIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('production_batch_items')
      .select(['batch_id', (eb) => eb.fn.count<number>('project_id').distinct().as('projects'), (eb) => eb.fn.max<number>('quantity').as('max_quantity')])
      .where('store_id', '=', storeId)
      .where('batch_id', 'in', [...batchIds])
      .groupBy('batch_id')
      .execute();
    return new Map(rows.map((r) => [r.batch_id, { projects: Number(r.projects), maxQuantity: Number(r.max_quantity) }]));
  }

  /** Moves the batch from `from` to `to`; false when it was no longer in `from`. */
  async setStatus(tx: DbOrTx, storeId: string, id: string, from: string, to: string, at: string): Promise<boolean> {
    const r = await tx.updateTable('production_batches').set({ status: to, updated_at: at }).where('store_id', '=', storeId).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  list(storeId: string, status: string | undefined, query: ListQuery, ctx: PageContext) {
    let q = this.db.selectFrom('production_batches').selectAll().where('store_id', '=', storeId);
    if (status) q = q.where('status', '=', status);
    return paginate(q, { sortable: { created_date: 'created_at' }, idColumn: 'id' }, query, ctx);
  }
}
