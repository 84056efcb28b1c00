import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Whether the store lets its editor (the customizer, on the public token) remove the
 * background of an image, paid from the store owner's wallet (docs/background-removal.md,
 * From the editor). 0 (off) for every store until its owner turns it on. Same DDL on both
 * dialects, like `is_integrated`.
 */
export const storeEditorBgRemoval: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('stores').addColumn('editor_background_removal', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
});
