import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { PoolGate } from './pool-gate.js';
import { PreparedNames } from './pg-prepared.js';
import { cachedStatements } from './sqlite-statements.js';
import type { DB } from './schema.js';
import { ensurePrivateFile, PRIVATE_DIR_MODE } from '../private-fs.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
export type DbOrTx = Db | Tx;

/** Connections of the database handle right now (metrics); SQLite has one and no pool. */
export interface PoolStats {
  max: number;
  total: number;
  /** null where the driver cannot tell (SQLite's single connection) */
  idle: number | null;
  /** queries waiting for a connection */
  waiting: number | null;
}

export interface Database {
  db: Db;
  dialect: Dialect;
  pool(): PoolStats;
  /**
   * SQLite's `pragma data_version`: a number that changes whenever another connection (another
   * process: a second server, a worker, the `folio` CLI) has committed to the file since it
   * was last asked; this connection's own commits do not change it. Credential caches drop
   * what they hold when it moves (cache/verified-cache.ts). PostgreSQL has no such signal: null.
   */
  dataVersion: (() => number) | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Postgres returns bigint (COUNT, SUM) as text by default; our integers fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  url: string | null;
  dataDir: string;
  poolSize: number;
  /** longest wait for a connection, ms (default 5000); the priority lane waits 6× as long */
  poolWaitMs?: number;
  /** PostgreSQL: distinct SQL texts each process sends as prepared statements (default 500; 0: none) */
  preparedStatements?: number;
}

export function sqlitePath(url: string | null, dataDir: string): string {
  if (url === null) return path.join(dataDir, 'folio.db');
  if (url === 'sqlite::memory:' || url === 'sqlite://:memory:') return ':memory:';
  return url.replace(/^(sqlite|file):(\/\/)?/, '');
}

export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.url !== null && /^postgres(ql)?:/.test(opts.url)) {
    const waitMs = opts.poolWaitMs ?? 5000;
    // pg's own timeout now bounds only the opening of a new connection: the gate does the queueing.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize, connectionTimeoutMillis: waitMs });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // Nor may a checked-out one between two queries (pg-pool listens only while a client is
    // idle): its next query fails, the request answers 5xx, and the pool drops it on release.
    pool.on('connect', (client) => void client.on('error', () => undefined));
    const prepared = opts.preparedStatements ?? 500;
    const gate = new PoolGate(pool, { size: opts.poolSize, waitMs, priorityWaitMs: 6 * waitMs, ...(prepared > 0 ? { prepared: new PreparedNames(prepared) } : {}) });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: gate }) });
    return {
      db,
      dialect: 'postgres',
      pool: () => ({ max: opts.poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: gate.stats().waiting + pool.waitingCount }),
      dataVersion: null,
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  const file = sqlitePath(opts.url, opts.dataDir);
  if (file !== ':memory:') {
    // The database holds hashed credentials and sealed store secrets: 0600 from the first byte
    // (SQLite gives its -wal and -shm files the mode of the database file).
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    ensurePrivateFile(file, [`${file}-wal`, `${file}-shm`, `${file}-journal`]);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = cachedStatements(sqlite, 512);
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    db,
    dialect: 'sqlite',
    pool: () => ({ max: 1, total: 1, idle: null, waiting: null }),
    dataVersion: () => dataVersion.get() as number,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}

/** Current time as stored: ISO-8601 with milliseconds, UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A timestamp column as read back: SQLite gives the ISO string, PostgreSQL a Date. */
export function iso(value: string | Date): string;
export function iso(value: string | Date | null): string | null;
export function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  // Written by nowIso(), so a string of this shape is already canonical.
  if (typeof value === 'string' && value.length === 24 && value.endsWith('Z')) return value;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function bool(value: number | boolean | null): boolean {
  return value === true || value === 1;
}
