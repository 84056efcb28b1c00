import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * A failed job keeps the machine-readable code of its failure beside the message
 * (`missing_glyphs`, `ink_limit_exceeded`, `asset_unavailable`…): the file jobs' views show it
 * as `error_code`, so a client matches on a code, not on words. Null for a job that failed
 * without one (an unexpected error after its last attempt) and for every other job. Same DDL
 * on both dialects.
 */
export const jobErrorCode: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('jobs').addColumn('error_code', 'text').execute();
  },
});
