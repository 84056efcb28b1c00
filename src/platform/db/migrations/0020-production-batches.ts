import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Production batches (docs/orders.md § Production batches): approved orders grouped into one
 * imposition or gang-sheet job. `production_batch_items` keeps the link from each frozen page
 * the job prints (its `page_index`: the 0-based source page of the job) back to its order and
 * the shop's order line, so every position on a sheet names its project.
 */
export const productionBatches: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('production_batches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('production_batches_store').on('production_batches').columns(['store_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('production_batches_job').on('production_batches').columns(['job_id']).execute();

    await db.schema
      .createTable('production_batch_items')
      .addColumn('batch_id', 'text', (c) => c.notNull().references('production_batches.id').onDelete('cascade'))
      .addColumn('item_index', 'integer', (c) => c.notNull())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('snapshot_id', 'text', (c) => c.notNull())
      .addColumn('page', 'integer', (c) => c.notNull())
      .addColumn('page_index', 'integer', (c) => c.notNull())
      .addColumn('line_item_id', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('production_batch_items_pk', ['batch_id', 'item_index'])
      .execute();
    await db.schema.createIndex('production_batch_items_project').on('production_batch_items').columns(['store_id', 'project_id']).execute();
  },
});
