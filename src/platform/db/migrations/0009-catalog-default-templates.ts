import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * The curated templates shipped with the service (`GET /templates/template-default`): no
 * store, no side; seeded at start under fixed ids, like the default categories and fonts.
 */
export const catalogDefaultTemplates: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalog_default_templates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      /** JSON: the template's fields (layers, viewport, print size, note) */
      .addColumn('doc', 'text', (c) => c.notNull())
      .addColumn('license', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
  },
});
