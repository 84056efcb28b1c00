import { sql } from 'kysely';
import { newId } from '../../platform/crypto/ids.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { OrderFilesTable, ProjectTransitionsTable } from '../../platform/db/schema-orders.js';
import type { OrderState } from '../projects/projects.schemas.js';

export type TransitionRow = ProjectTransitionsTable;
export type OrderFileRow = OrderFilesTable;

/** All SQL of the order lifecycle: a project's state moves, its history and its files. */
export class OrdersRepo {
  constructor(private readonly db: Db) {}

  /**
   * Moves a project from `from` to its new state, only if it is still in `from` (two moves at
   * once: one wins, the other sees 0 and answers 409). Returns whether it moved.
   */
  async move(tx: DbOrTx, storeId: string, id: string, from: OrderState, patch: { state: OrderState; status: string; doc: string; updated_at: string }): Promise<boolean> {
    const r = await tx.updateTable('projects').set(patch).where('store_id', '=', storeId).where('id', '=', id).where('state', '=', from).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Live projects of the store among `ids` (read inside the caller's transaction). */
  async rowsIn(tx: DbOrTx, storeId: string, ids: readonly string[]): Promise<Array<{ id: string; state: string; doc: string }>> {
    if (ids.length === 0) return [];
    return tx.selectFrom('projects').select(['id', 'state', 'doc']).where('store_id', '=', storeId).where('id', 'in', [...ids]).where('deleted_at', 'is', null).execute();
  }

  async record(tx: DbOrTx, row: Omit<TransitionRow, 'id' | 'seq'>): Promise<TransitionRow> {
    const last = await tx
      .selectFrom('project_transitions')
      .select(sql<number>`coalesce(max(seq), 0)`.as('n'))
      .where('store_id', '=', row.store_id)
      .where('project_id', '=', row.project_id)
      .executeTakeFirstOrThrow();
    const full: TransitionRow = { ...row, id: newId(), seq: Number(last.n) + 1 };
    await tx.insertInto('project_transitions').values(full).execute();
    return full;
  }

  async history(storeId: string, projectId: string): Promise<TransitionRow[]> {
    return (await this.db.selectFrom('project_transitions').selectAll().where('store_id', '=', storeId).where('project_id', '=', projectId).orderBy('seq').execute()) as TransitionRow[];
  }

  async addFile(tx: DbOrTx, row: Omit<OrderFileRow, 'id'>): Promise<OrderFileRow> {
    const full = { ...row, id: newId() };
    await tx.insertInto('order_files').values(full).execute();
    return full;
  }

  async files(storeId: string, projectId: string, db: DbOrTx = this.db): Promise<OrderFileRow[]> {
    return (await db.selectFrom('order_files').selectAll().where('store_id', '=', storeId).where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute()) as OrderFileRow[];
  }

  async fileByJob(jobId: string, db: DbOrTx = this.db): Promise<OrderFileRow | null> {
    return ((await db.selectFrom('order_files').selectAll().where('job_id', '=', jobId).executeTakeFirst()) as OrderFileRow | undefined) ?? null;
  }
}
