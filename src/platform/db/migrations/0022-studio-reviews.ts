import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * A photographer's decision on a match job's result (docs/studio.md, *Review decisions*): one
 * row per match job and file, replaced when the file is reviewed again. `subject_id` is the
 * subject the photo belongs to (null: nobody of the agency); `decision` says how it relates to
 * the job's candidate (confirmed, reassigned to another subject, rejected).
 */
export const studioReviews: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('studio_match_reviews')
      .addColumn('match_job_id', 'integer', (c) => c.notNull().references('studio_match_jobs.id').onDelete('cascade'))
      .addColumn('file_id', 'integer', (c) => c.notNull().references('studio_files.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('decision', 'text', (c) => c.notNull().check(sql`decision in ('confirmed', 'reassigned', 'rejected')`))
      .addColumn('subject_id', 'integer', (c) => c.references('studio_subjects.id').onDelete('set null'))
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('studio_match_reviews_pk', ['match_job_id', 'file_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('studio_match_reviews').execute();
  },
});
