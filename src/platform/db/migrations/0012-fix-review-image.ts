import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * An approved AI fix becomes a catalog Image of the store the job was created for: the
 * review keeps the image's id (chosen when the approval is recorded, so a repeated approve
 * answers the same image). Null for a job with no store context. Same DDL on both dialects.
 */
export const fixReviewImage: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('preflight_fix_reviews').addColumn('image_id', 'text').execute();
  },
});
