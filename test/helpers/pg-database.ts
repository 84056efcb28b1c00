import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PgDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database on the server `baseUrl` points at, named with `prefix`;
 * `drop()` removes it (forcing out open connections). Used by the test set-up, by test
 * files that need a database of their own, and by benches. No vitest import: plain Node.
 */
export async function createPgDatabase(baseUrl: string, prefix: string): Promise<PgDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
