import { createPgDatabase } from './pg-database.js';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/index.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | null;
    redisUrl: string | null;
  }
}

/**
 * With TEST_DATABASE_URL (CI), the whole suite runs against a fresh PostgreSQL database
 * made for this run and dropped after it; otherwise each test app gets its own SQLite file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  project.provide('redisUrl', process.env.TEST_REDIS_URL ?? null);
  if (!base) {
    project.provide('databaseUrl', null);
    return async () => undefined;
  }
  const db = await createPgDatabase(base, 'folio_test');
  const database = openDatabase({ url: db.url, dataDir: '/tmp', poolSize: 2 });
  await migrateToLatest(database.db, database.dialect);
  await database.close();
  project.provide('databaseUrl', db.url);
  return db.drop;
}
