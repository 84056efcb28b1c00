import type { Ts } from './schema.js';

/** Production batches' tables (migrations/0020-production-batches.ts). */

/** a group of approved orders printed as one imposition or gang sheet job */
export interface ProductionBatchesTable {
  id: string;
  store_id: string;
  /** imposition | gang_sheet */
  kind: string;
  name: string;
  job_id: string;
  /** in_production | printed */
  status: string;
  /** the batch request's options (JSON) */
  options: string;
  created_at: Ts;
  updated_at: Ts;
}

/** one frozen page of one order in a batch: the job's source page `page_index` prints it */
export interface ProductionBatchItemsTable {
  batch_id: string;
  item_index: number;
  store_id: string;
  project_id: string;
  snapshot_id: string;
  /** 1-based page of the order */
  page: number;
  /** 0-based source page of the batch's job */
  page_index: number;
  line_item_id: string | null;
  quantity: number;
}

export interface ProductionTables {
  production_batches: ProductionBatchesTable;
  production_batch_items: ProductionBatchItemsTable;
}
