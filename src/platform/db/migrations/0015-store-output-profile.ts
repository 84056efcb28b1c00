import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * A store's default CMYK output profile (an `output_profile` id such as `fogra39`): print and
 * merge jobs of the store that name none use it, unless the design's product sets its own.
 * Null: the service default. Same DDL on both dialects.
 */
export const storeOutputProfile: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('stores').addColumn('output_profile', 'text').execute();
  },
});
