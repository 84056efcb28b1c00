import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * The order lifecycle (docs/orders.md). Projects get their lifecycle `state` (the seed's
 * coarse `status` stays in its column, kept in step) and an `external_key` (source, order and
 * line of a shop's order, unique per store: the same line twice is the same project).
 *
 * `project_transitions` records every move (who, when, note). `design_snapshots` are the
 * designs of an order frozen when it was received: the page as the print engine reads it, and
 * the images and fonts it used copied into content-addressed blobs; each row's id is a page
 * id print, proof and production jobs accept beside design ids. `order_files` links a
 * project to the files made for it (print files, proofs).
 */
export const orders: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('projects').addColumn('state', 'text', (c) => c.notNull().defaultTo('draft')).execute();
    await db.schema.alterTable('projects').addColumn('external_key', 'text').execute();
    await db.schema.createIndex('projects_state').on('projects').columns(['store_id', 'state', 'created_at', 'id']).execute();
    // soft-deleted projects keep their key: a retried webhook after a delete finds the deleted order, not a new one
    await sql`create unique index projects_external on projects (store_id, external_key) where external_key is not null`.execute(db);

    await db.schema
      .createTable('project_transitions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('actor_type', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('note', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('project_transitions_project').on('project_transitions').columns(['store_id', 'project_id', 'seq']).unique().execute();

    await db.schema
      .createTable('design_snapshots')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('design_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('assets', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('design_updated_at', t.ts, (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('design_snapshots_project').on('design_snapshots').columns(['store_id', 'project_id', 'version', 'position']).unique().execute();

    await db.schema
      .createTable('order_files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('snapshot_version', 'integer', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_files_project').on('order_files').columns(['store_id', 'project_id', 'created_at']).execute();
    await db.schema.createIndex('order_files_job').on('order_files').columns(['job_id']).execute();
  },
});
