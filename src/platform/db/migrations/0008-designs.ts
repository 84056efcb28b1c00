import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Designs (one per print side, Fabric.js layers) and projects (orders). Same row shape as
 * the catalog's documents (reference fields in a JSON `doc`, columns for what is filtered,
 * sorted or joined on): `parent_id` is a design's side; designs also carry the product
 * (from the side at save time) and the project they belong to. Both are soft-deleted.
 */
export const designs: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('projects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('parent_id', 'text')
      .addColumn('doc', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .addColumn('deleted_at', t.ts)
      .execute();
    await db.schema.createIndex('projects_store').on('projects').columns(['store_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('designs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      // the print side
      .addColumn('parent_id', 'text')
      .addColumn('product_id', 'text')
      .addColumn('project_id', 'text')
      .addColumn('doc', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .addColumn('deleted_at', t.ts)
      .execute();
    await db.schema.createIndex('designs_store').on('designs').columns(['store_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('designs_side').on('designs').columns(['store_id', 'parent_id']).execute();
    await db.schema.createIndex('designs_product').on('designs').columns(['store_id', 'product_id']).execute();
    await db.schema.createIndex('designs_project').on('designs').columns(['store_id', 'project_id']).execute();
  },
});
