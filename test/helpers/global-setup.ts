import pg from 'pg';
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
  const name = `folio_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), dataDir: '/tmp', poolSize: 2 });
  await migrateToLatest(database.db, database.dialect);
  await database.close();
  project.provide('databaseUrl', url.toString());
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
