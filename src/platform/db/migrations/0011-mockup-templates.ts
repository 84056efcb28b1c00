import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Mockup templates: a store's own (store_id set) and the curated defaults (store_id null,
 * seeded at start under fixed ids). `spec` is the template's geometry (JSON, see
 * src/engines/mockup/template.ts); `layers` the blob key, type and size of each layer image.
 */
export const mockupTemplates: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mockup_templates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('spec', 'text', (c) => c.notNull())
      .addColumn('layers', 'text', (c) => c.notNull())
      .addColumn('license', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mockup_templates_store').on('mockup_templates').columns(['store_id', 'created_at']).execute();
  },
});
