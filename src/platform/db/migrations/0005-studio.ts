import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Studio services: agencies, their studio jobs, subjects (with face reference embeddings)
 * and uploaded job files; match jobs (a row per request, its work in `jobs`); and the
 * ledger of charged synchronous calls (face crop, QR), so a crash mid-call is refunded.
 */
export const studio: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    const serialPk = (c: any) => (t.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey());

    await db.schema
      .createTable('studio_agencies')
      .addColumn('id', t.serial, serialPk)
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('agency_type', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('studio_agencies_account').on('studio_agencies').columns(['account_id', 'id']).execute();

    await db.schema
      .createTable('studio_jobs')
      .addColumn('id', t.serial, serialPk)
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('studio_agencies.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('icp_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('studio_jobs_agency').on('studio_jobs').columns(['agency_id', 'id']).execute();

    // The embedding is little-endian float32 bytes, base64 (text on both dialects).
    await db.schema
      .createTable('studio_subjects')
      .addColumn('id', t.serial, serialPk)
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('studio_agencies.id').onDelete('cascade'))
      .addColumn('student_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('class_name', 'text')
      .addColumn('reference_photo_url', 'text')
      .addColumn('embedding', 'text')
      .addColumn('embedding_model', 'text')
      .addColumn('embedding_error', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('studio_subjects_agency').on('studio_subjects').columns(['agency_id', 'id']).execute();

    await db.schema
      .createTable('studio_files')
      .addColumn('id', t.serial, serialPk)
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('studio_agencies.id').onDelete('cascade'))
      .addColumn('job_id', 'integer', (c) => c.notNull().references('studio_jobs.id').onDelete('cascade'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', t.big, (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('studio_files_job').on('studio_files').columns(['job_id', 'id']).execute();

    // One row per match request; its progress and results live in the `jobs` row (task_id).
    await db.schema
      .createTable('studio_match_jobs')
      .addColumn('id', t.serial, serialPk)
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('agency_id', 'integer', (c) => c.notNull().references('studio_agencies.id').onDelete('cascade'))
      .addColumn('task_id', 'text', (c) => c.unique().references('jobs.id'))
      .addColumn('total_files', 'integer', (c) => c.notNull())
      .addColumn('threshold', 'real', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();

    // A charged synchronous call in flight: written with its charge, settled (done, with any
    // partial refund) in one transaction at the end. A row still `running` past its deadline
    // belongs to a process that died: the sweeper refunds it. `owner` names the process, so a
  // single-process (embedded) start can refund every other process's row at once.
    await db.schema
      .createTable('studio_operations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'done', 'failed')`))
      .addColumn('cost', t.big, (c) => c.notNull())
      .addColumn('charge_tx_id', 'integer', (c) => c.notNull().references('wallet_transactions.id'))
      .addColumn('refund_tx_id', 'integer', (c) => c.references('wallet_transactions.id'))
      .addColumn('deadline_at', t.ts, (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('studio_operations_due').on('studio_operations').columns(['state', 'deadline_at']).execute();
  },
});
