import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Shop connectors (src/modules/integrations, docs/integrations.md). A store connects at most
 * one shop (its `integration_type`); a shop feeds at most one store (unique type + shop), so a
 * webhook naming the shop finds its store. The shop's credentials (webhook secret, Admin API
 * token, REST keys) are sealed by the platform Aead. `integration_inbox` remembers every
 * delivery id the intake has seen (a retried webhook changes nothing), its body until its job
 * has handled it, and claims on order lines (one worker makes a line's project).
 * Projects get `external_order` (`<source>:<order id>`), so an order's lines are found
 * together (cancel them, tell the shop when all have shipped) and lists filter by order.
 */
export const integrations: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('store_integrations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('shopify', 'woocommerce', 'medusa')`))
      .addColumn('shop', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('connected', 'awaiting_install', 'uninstalled')`))
      .addColumn('secrets_enc', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('store_integrations_store').on('store_integrations').column('store_id').unique().execute();
    await db.schema.createIndex('store_integrations_shop').on('store_integrations').columns(['type', 'shop']).unique().execute();

    // the inbox: `delivery:<shop's delivery id>` rows keep the webhook's body for its job;
    // `line:<order>:<line>` rows are claims, so one worker at a time makes a line's project
    await db.schema
      .createTable('integration_inbox')
      .addColumn('integration_id', 'text', (c) => c.notNull().references('store_integrations.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('body', 'text')
      .addColumn('job_id', 'text')
      .addColumn('received_at', t.ts, (c) => c.notNull())
      .addColumn('handled_at', t.ts)
      .addPrimaryKeyConstraint('integration_inbox_pk', ['integration_id', 'key'])
      .execute();

    await db.schema.alterTable('projects').addColumn('external_order', 'text').execute();
    await db.schema.createIndex('projects_external_order').on('projects').columns(['store_id', 'external_order']).execute();
    // the orders received before: their key is JSON [source, order, line]
    const rows = (await db.selectFrom('projects').select(['id', 'external_key']).where('external_key', 'is not', null).execute()) as Array<{ id: string; external_key: string }>;
    for (const r of rows) {
      const [source, order] = JSON.parse(r.external_key) as [string, string];
      await db.updateTable('projects').set({ external_order: `${source}:${order}` }).where('id', '=', r.id).execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('projects_external_order').execute();
    await db.schema.alterTable('projects').dropColumn('external_order').execute();
    await db.schema.dropTable('integration_inbox').execute();
    await db.schema.dropTable('store_integrations').execute();
  },
});
