import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
  const name = `folio_iso_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
