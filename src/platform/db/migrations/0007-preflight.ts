import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Preflight services: reports of full checks (the analysed file is kept as a blob, which a
 * fix job reads), the monthly check counter behind `preflight_checks_per_month`, and the
 * approve / reject decision on a finished AI fix job (the job itself is a `jobs` row).
 * Issues, notes, summary and the spec are JSON text on both dialects.
 */
export const preflight: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('preflight_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('design_id', 'text', (c) => c.notNull())
      // the URL the caller gave; null for a report on an approved corrected file
      .addColumn('file_url', 'text')
      // the fix job whose corrected file this report checked (approve)
      .addColumn('source_job_id', 'text')
      .addColumn('file_type', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('passed', 'warnings', 'failed')`))
      .addColumn('issues', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('summary', 'text')
      .addColumn('spec', 'text', (c) => c.notNull())
      // blob key of the analysed bytes
      .addColumn('file_key', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('preflight_reports_account_created').on('preflight_reports').columns(['account_id', 'created_at', 'id']).execute();

    // One counter per account and calendar month (UTC); deleting a report gives no check back.
    await db.schema
      .createTable('preflight_usage')
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('checks', 'integer', (c) => c.notNull().check(sql`checks >= 0`))
      .addPrimaryKeyConstraint('preflight_usage_pk', ['account_id', 'period'])
      .execute();

    // At most one decision per job (primary key): approve and reject are idempotent.
    await db.schema
      .createTable('preflight_fix_reviews')
      .addColumn('job_id', 'text', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('decision', 'text', (c) => c.notNull().check(sql`decision in ('approved', 'rejected')`))
      .addColumn('resolved_report_id', 'text')
      // where the approved corrected file is kept (a blob until the catalog's Image records exist)
      .addColumn('file_key', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
  },
});
