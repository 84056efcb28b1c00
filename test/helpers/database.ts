import { createPgDatabase } from './pg-database.js';
import { inject } from 'vitest';

export interface IsolatedDatabase {
  /** env for buildTestApp / child processes: DATABASE_URL of the fresh database, or nothing on SQLite */
  env: Record<string, string>;
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database of its own for a test file whose rows must not meet other files'
 * (jobs: a pending job of a type another app has no handler for stops that app's start).
 * On the embedded stack every test app has its own SQLite file already, so this is a no-op.
 */
export async function isolatedDatabase(): Promise<IsolatedDatabase> {
  const base = inject('databaseUrl');
  if (!base) return { env: {}, url: null, drop: async () => undefined };
  const db = await createPgDatabase(base, 'folio_iso');
  return { env: { DATABASE_URL: db.url }, url: db.url, drop: db.drop };
}
