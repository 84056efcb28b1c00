import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

export const foundation: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email_verified_at', t.ts)
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('stores')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('shop_url', 'text')
      .addColumn('view_store_url', 'text')
      .addColumn('timezone', 'text')
      .addColumn('integration_type', 'text')
      .addColumn('is_integrated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('google_font_api_enc', 'text')
      .addColumn('unsplash_key_enc', 'text')
      .addColumn('pixabay_key_enc', 'text')
      .addColumn('pexels_key_enc', 'text')
      .addColumn('sid', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('unauth_token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('unauth_token_enc', 'text', (c) => c.notNull())
      .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free'))
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .addColumn('deleted_at', t.ts)
      .execute();
    await db.schema.createIndex('stores_owner_created').on('stores').columns(['owner_id', 'created_at', 'id']).execute();
  },
});
