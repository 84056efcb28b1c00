import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Delivery to the shop floor (src/modules/delivery): a store's targets (hot folder, SFTP, S3)
 * with their credentials sealed by the platform Aead, one delivery row per (file, target)
 * written in the transaction that asks for it (an outbox), and every attempt of a delivery.
 * A delivery keeps its target's id without a foreign key: deleting a target must not erase
 * the record of what was (or was not) delivered.
 */
export const delivery: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('delivery_targets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('hot_folder', 'sftp', 's3')`))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('ticket', 'text', (c) => c.notNull().check(sql`ticket in ('jdf', 'xml', 'none')`))
      // JSON arrays/objects: `deliver` (kinds) and the type's plain settings (path, host, bucket…)
      .addColumn('deliver', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      // AES-GCM of a JSON object of the write-only credentials; transports need the plaintext.
      .addColumn('secrets_enc', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('delivery_targets_store_created').on('delivery_targets').columns(['store_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text')
      .addColumn('batch_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('print_files', 'batches')`))
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      // JSON: the JobTicket as the caller gave it, so every attempt writes the same ticket
      .addColumn('ticket', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sending', 'delivered', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('remote_path', 'text')
      .addColumn('job_id', 'text')
      .addColumn('delivered_at', t.ts)
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('deliveries_store_created').on('deliveries').columns(['store_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('deliveries_job').on('deliveries').column('job_id').execute();

    await db.schema
      .createTable('delivery_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('remote_path', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('delivery_attempts').execute();
    await db.schema.dropTable('deliveries').execute();
    await db.schema.dropTable('delivery_targets').execute();
  },
});
