import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/** Audit retention prunes authentication events by age: an index on (event, created_at). */
export const auditRetention: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('api_key_events_event_created').on('api_key_events').columns(['event', 'created_at']).execute();
  },
});
