import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Proofs of orders (docs/orders.md § Proofs): one row per proof made when an order enters
 * `proof_pending`, with the customer's decision. The approval link is signed over the row's
 * id and `expires_at` (proofs/proofs.links.ts): no token is stored.
 */
export const proofs: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('proofs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('snapshot_version', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('decided_at', t.ts)
      .addColumn('decided_by', 'text')
      .addColumn('expires_at', t.ts, (c) => c.notNull())
      .addColumn('pdf_job_id', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('proofs_project').on('proofs').columns(['store_id', 'project_id', 'created_at']).execute();
  },
});
