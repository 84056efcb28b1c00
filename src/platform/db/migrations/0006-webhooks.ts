import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Outbound webhooks (Standard Webhooks): endpoints of a store with their encrypted signing
 * secrets, one delivery row per (event, endpoint) written in the transaction that caused
 * the event (an outbox), and every HTTP attempt of a delivery. `api_key_expiry_notices`
 * makes the "key expires in 7 days" event at most once per key.
 */
export const webhooks: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('callback_url', 'text', (c) => c.notNull())
      // AES-GCM: signing needs the plaintext, so a hash will not do.
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('previous_secret_enc', 'text')
      .addColumn('previous_secret_until', t.ts)
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('disabled_reason', 'text')
      .addColumn('disabled_at', t.ts)
      .addColumn('last_success_at', t.ts)
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_store_created').on('webhooks').columns(['store_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('webhooks_account_topic').on('webhooks').columns(['account_id', 'topic', 'event']).execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      // The exact bytes sent on every attempt: a retry carries the same body and webhook-id.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
      .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('job_id', 'text')
      .addColumn('delivered_at', t.ts)
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_deliveries_webhook_created').on('webhook_deliveries').columns(['webhook_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
      .addColumn('webhook_id', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text')
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('response_body', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('api_key_expiry_notices')
      .addColumn('key_id', 'text', (c) => c.primaryKey().references('api_keys.id').onDelete('cascade'))
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('api_key_expiry_notices').execute();
    await db.schema.dropTable('webhook_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhooks').execute();
  },
});
