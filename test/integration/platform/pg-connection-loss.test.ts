import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../scripts/topology.mjs';
import { openDatabase, type Database } from '../../../src/platform/db/index.js';
import { needs } from '../../helpers/requirements.js';

/**
 * PostgreSQL going away under a connection the pool has handed out (a transaction between
 * two statements) must fail that work, not the process: pg emits 'error' on such a client
 * and nobody listened, which killed `folio serve`. PostgreSQL only (SQLite has no connection).
 */
const base = inject('databaseUrl');
const pgGate = needs('postgres');
let proxy: TcpProxy;
let database: Database;

beforeAll(async () => {
  if (!base) return;
  const u = new URL(base);
  proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  database = openDatabase({ url: u.toString(), dataDir: '/tmp', poolSize: 2 });
});

afterAll(async () => {
  await database?.close();
  await proxy?.close();
});

describe.skipIf(pgGate.skip)(`PostgreSQL connection lost while a client is checked out${pgGate.note}`, () => {
  it('fails the transaction, keeps the process, and works again once PostgreSQL is back', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await database.db
        .transaction()
        .execute(async (tx) => {
          await sql`select 1`.execute(tx);
          proxy.cut(); // the connection dies between two statements of the transaction
          await new Promise((r) => setTimeout(r, 100));
          await sql`select 2`.execute(tx);
          return 'committed';
        })
        .catch((err: Error) => `failed: ${err.message}`);
      expect(outcome).toMatch(/^failed/);
      await expect(database.ping()).rejects.toThrow();
      proxy.restore();
      await database.ping();
      expect(uncaught).toEqual([]);
    } finally {
      proxy.restore();
      process.off('uncaughtException', onUncaught);
    }
  });
});
