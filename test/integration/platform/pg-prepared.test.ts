import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../../helpers/pg-database.js';
import { openDatabase, type Database } from '../../../src/platform/db/index.js';
import { needs } from '../../helpers/requirements.js';

/**
 * Named statements on a real PostgreSQL: a repeated query is prepared once on its connection,
 * and a migration by another process (a column added under a `select *`) does not break it.
 * PostgreSQL only (SQLite has no server-side statements).
 */
const base = inject('databaseUrl');
const pgGate = needs('postgres');
let pgdb: PgDatabase;
let database: Database;
let off: Database;

/** the statements the session of the pool's only connection has prepared */
const prepared = async (d: Database) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like ${'%prep_items%'}`.execute(d.db)).rows.map((r) => r.statement);

beforeAll(async () => {
  if (!base) return;
  pgdb = await createPgDatabase(base, 'folio_prepared');
  database = openDatabase({ url: pgdb.url, dataDir: '/tmp', poolSize: 1 });
  off = openDatabase({ url: pgdb.url, dataDir: '/tmp', poolSize: 1, preparedStatements: 0 });
  await sql`create table prep_items (id text primary key, name text not null)`.execute(database.db);
  await sql`insert into prep_items values ('a', 'Alpha'), ('b', 'Beta')`.execute(database.db);
});

afterAll(async () => {
  await database?.close();
  await off?.close();
  await pgdb?.drop();
});

const byId = (d: Database, id: string) => d.db.selectFrom('prep_items' as never).selectAll().where('id' as never, '=', id as never).execute() as Promise<Array<Record<string, unknown>>>;

describe.skipIf(pgGate.skip)(`PostgreSQL prepared statements${pgGate.note}`, () => {
  it('a query run again is prepared once on its connection and answers as before', async () => {
    expect(await byId(database, 'a')).toEqual([{ id: 'a', name: 'Alpha' }]);
    expect(await prepared(database)).toEqual([]);
    expect(await byId(database, 'b')).toEqual([{ id: 'b', name: 'Beta' }]);
    expect(await byId(database, 'a')).toEqual([{ id: 'a', name: 'Alpha' }]);
    expect(await prepared(database)).toEqual([expect.stringMatching(/^select \* from "prep_items" where "id" = \$1$/)]);
  });

  it('FOLIO_PG_PREPARED_STATEMENTS=0 sends every statement unnamed', async () => {
    for (const id of ['a', 'b', 'a']) await byId(off, id);
    expect(await prepared(off)).toEqual([]);
  });

  it('a column added by another connection: the next read prepares again and sees it', async () => {
    await byId(database, 'a');
    const other = new pg.Client({ connectionString: pgdb.url });
    await other.connect();
    try {
      await other.query(`alter table prep_items add column note text not null default 'n'`);
    } finally {
      await other.end();
    }
    expect(await byId(database, 'a')).toEqual([{ id: 'a', name: 'Alpha', note: 'n' }]);
    expect(await byId(database, 'b')).toEqual([{ id: 'b', name: 'Beta', note: 'n' }]);
  });

  it('in a transaction the stale statement fails that transaction, which rolls back; the next one works', async () => {
    await byId(database, 'a');
    const other = new pg.Client({ connectionString: pgdb.url });
    await other.connect();
    try {
      await other.query(`alter table prep_items add column extra int not null default 1`);
    } finally {
      await other.end();
    }
    const outcome = await database.db
      .transaction()
      .execute(async (tx) => {
        await sql`update prep_items set name = ${'Changed'} where id = ${'b'}`.execute(tx);
        await tx.selectFrom('prep_items' as never).selectAll().where('id' as never, '=', 'a' as never).execute();
        return 'committed';
      })
      .catch((err: Error) => err.message);
    expect(outcome).toMatch(/cached plan must not change result type/);
    expect(await byId(database, 'b')).toEqual([{ id: 'b', name: 'Beta', note: 'n', extra: 1 }]);
  });
});
