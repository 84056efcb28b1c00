import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * The processing backbone: token wallets with their append-only ledger, idempotency
 * keys of charged requests, and the jobs table (the truth about every job; queues carry
 * only ids).
 */
export const backbone: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    // Balance never below zero: the conditional debit keeps it there, the CHECK proves it.
    await db.schema
      .createTable('wallets')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('balance', t.big, (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();

    // Append-only: amount is signed (charge < 0, refund and credit > 0), so the ledger of an
    // account sums to its balance. A refund names its charge; UNIQUE makes it at most once.
    await db.schema
      .createTable('wallet_transactions')
      .addColumn('id', t.serial, (c) => (t.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('charge', 'refund', 'credit')`))
      .addColumn('amount', t.big, (c) => c.notNull())
      .addColumn('balance_after', t.big, (c) => c.notNull().check(sql`balance_after >= 0`))
      .addColumn('reference', 'text')
      .addColumn('refund_of', 'integer', (c) => c.unique().references('wallet_transactions.id'))
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addCheckConstraint(
        'wallet_transactions_sign',
        sql`(type = 'charge' and amount < 0 and refund_of is null) or (type = 'refund' and amount > 0 and refund_of is not null) or (type = 'credit' and amount > 0 and refund_of is null)`,
      )
      .execute();
    await db.schema
      .createIndex('wallet_transactions_account_created')
      .on('wallet_transactions')
      .columns(['account_id', 'created_at', 'id'])
      .execute();

    // One row per (account, Idempotency-Key); the first successful answer is kept 24 h.
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'done')`))
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('expires_at', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();

    // `state` is the engine's (queued → running → completed | failed); `status` is the
    // job kind's own vocabulary as the interface names it (processing, analyzing, ...).
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('store_id', 'text')
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'running', 'completed', 'failed')`))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('available_at', t.ts, (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', t.ts)
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('progress', 'text')
      .addColumn('result', 'text')
      .addColumn('error', 'text')
      .addColumn('cost', t.big, (c) => c.notNull().defaultTo(0))
      .addColumn('charge_tx_id', 'integer', (c) => c.references('wallet_transactions.id'))
      .addColumn('refund_tx_id', 'integer', (c) => c.references('wallet_transactions.id'))
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .addColumn('started_at', t.ts)
      .addColumn('completed_at', t.ts)
      .execute();
    // Claims scan due rows by state and time; listings go by owner and kind.
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'available_at']).execute();
    await db.schema.createIndex('jobs_lease').on('jobs').columns(['state', 'lease_expires_at']).execute();
    await db.schema.createIndex('jobs_owner').on('jobs').columns(['account_id', 'type', 'created_at', 'id']).execute();
  },
});
