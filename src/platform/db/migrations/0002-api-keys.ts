import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * Developer API keys (decisions.md § API keys) and their audit trail.
 * Keys are never deleted (revocation sets revoked_at), so events keep their key.
 * Lists are JSON text on both dialects; booleans would be integers 0/1.
 */
export const apiKeys: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      // null for account keys (sk_acc_live_), which reach every store of the account
      .addColumn('store_id', 'text', (c) => c.references('stores.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // SHA-256 (hex) of the whole key; the key itself is never stored
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('key_last4', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('allowed_origins', 'text', (c) => c.notNull())
      .addColumn('allowed_ips', 'text', (c) => c.notNull())
      .addColumn('expires_at', t.ts)
      .addColumn('revoked_at', t.ts)
      .addColumn('grace_until', t.ts)
      .addColumn('rotated_from', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('api_keys_owner_created').on('api_keys').columns(['owner_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('api_keys_store_created').on('api_keys').columns(['store_id', 'created_at', 'id']).execute();

    // Origins of publishable keys, one row each, so a CORS preflight (which carries no
    // credential) can ask "does any live key allow this origin?" with an index lookup.
    await db.schema
      .createTable('api_key_origins')
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
      .addPrimaryKeyConstraint('api_key_origins_pk', ['origin', 'key_id'])
      .execute();

    // Append-only audit trail, written for every authentication attempt. Its only index is
    // the primary key in reading order (one key's events by time), so each insert maintains
    // one B-tree. No foreign key: a batch of events must never fail as a whole.
    await db.schema
      .createTable('api_key_events')
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('ip', 'text')
      .addColumn('method', 'text')
      .addColumn('route', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('actor_type', 'text')
      .addColumn('actor_id', 'text')
      .addColumn('detail', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('api_key_events_pk', ['key_id', 'created_at', 'id'])
      .execute();
  },
});
