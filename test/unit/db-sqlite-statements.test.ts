import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryShapes } from '../../src/platform/db/query-shape.js';
import { cachedStatements, rowBuilder } from '../../src/platform/db/sqlite-statements.js';

describe('rowBuilder', () => {
  it('makes one own property per name, in order, the later of two equal names winning', () => {
    const row = rowBuilder(['a', 'b', 'a'])([1, 2, 3]);
    expect(Object.keys(row)).toEqual(['a', 'b']);
    expect(row).toEqual({ a: 3, b: 2 });
  });

  it('keeps names that are not identifiers, and "__proto__" as an own property', () => {
    const row = rowBuilder(['count(*)', 'x"y', '__proto__'])([4, 'q', 'p']);
    expect(row['count(*)']).toBe(4);
    expect(row['x"y']).toBe('q');
    expect(Object.hasOwn(row, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });
});

describe('cachedStatements under Kysely', () => {
  let sqlite: SQLite.Database;
  let db: Kysely<any>;
  afterEach(async () => db.destroy());

  const open = () => {
    sqlite = new SQLite(':memory:');
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite, 4) }) });
  };

  it('reads rows as better-sqlite3 would, writes, and iterates', async () => {
    open();
    await sql`create table t (id integer primary key, name text, data blob, n real)`.execute(db);
    const ins = await db.insertInto('t').values({ name: 'a', data: Buffer.from([1, 2]), n: 1.5 }).executeTakeFirst();
    expect(ins.insertId).toBe(1n);
    await db.insertInto('t').values({ name: null, data: null, n: null }).execute();
    const rows = await db.selectFrom('t').selectAll().orderBy('id').execute();
    const direct = sqlite.prepare('select * from t order by id').all();
    expect(rows).toEqual(direct);
    expect(Buffer.isBuffer(rows[0]!.data)).toBe(true);
    const streamed: unknown[] = [];
    for await (const r of db.selectFrom('t').select(['id', 'name']).orderBy('id').stream()) streamed.push(r);
    expect(streamed).toEqual([{ id: 1, name: 'a' }, { id: 2, name: null }]);
    const upd = await db.updateTable('t').set({ name: 'b' }).where('id', '=', 2).executeTakeFirst();
    expect(upd.numUpdatedRows).toBe(1n);
    expect(await db.insertInto('t').values({ name: 'c' }).returning(['id', 'name']).executeTakeFirst()).toEqual({ id: 3, name: 'c' });
  });

  it('follows a `select *` whose table gained a column after it was prepared', async () => {
    open();
    await sql`create table t (id integer primary key, a text)`.execute(db);
    await db.insertInto('t').values({ a: 'x' }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x' }]);
    await sql`alter table t add column b text default 'y'`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x', b: 'y' }]);
  });

  it('keeps at most `max` statements and still answers past it', async () => {
    open();
    for (let i = 0; i < 10; i++) expect((await sql<{ v: number }>`select ${sql.lit(i)} as v`.execute(db)).rows).toEqual([{ v: i }]);
  });
});

describe('hot-read results kept while the database reads the same', () => {
  interface KT {
    t: { id: Generated<number>; store: string; name: string; data?: Buffer | null };
  }
  let dir: string;
  let file: string;
  let sqlite: SQLite.Database;
  let db: Kysely<KT>;
  /** native statement executions, by SQL text (the prototype's methods, wrapped while a test runs) */
  let runs: Map<string, number>;
  let restore: () => void;
  const shapes = new QueryShapes('result-cache test');
  const byStore = (store: string, h: Kysely<KT> = db) =>
    shapes.all(h, 'byStore', { store }, (d, p) => d.selectFrom('t').select(['id', 'name']).where('store', '=', p.store).orderBy('id'));
  const readsOf = (needle: string) => [...runs].filter(([text]) => text.includes(needle)).reduce((n, [, c]) => n + c, 0);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-result-cache-'));
    file = path.join(dir, 'db.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    db = new Kysely<KT>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
    await sql`create table t (id integer primary key, store text not null, name text not null, data blob)`.execute(db);
    await db.insertInto('t').values([{ store: 'a', name: 'one' }, { store: 'a', name: 'two' }, { store: 'b', name: 'three' }]).execute();
    runs = new Map();
    const proto = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
    const originals = (['all', 'get', 'run', 'iterate'] as const).map((m) => [m, proto[m]!] as const);
    for (const [m, orig] of originals) {
      proto[m] = function (this: SQLite.Statement, ...a: unknown[]) {
        runs.set(this.source, (runs.get(this.source) ?? 0) + 1);
        return orig.apply(this, a);
      };
    }
    restore = () => originals.forEach(([m, orig]) => (proto[m] = orig));
  });
  afterEach(async () => {
    restore();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a shaped read again without reading the rows, with new row objects each time', async () => {
    const first = await byStore('a');
    const second = await byStore('a');
    expect(second).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);
    expect(second).toEqual(first);
    expect(readsOf('from "t"')).toBe(1);
    // a caller changing its rows changes only its own
    second[0]!.name = 'changed';
    expect((await byStore('a'))[0]!.name).toBe('one');
    // other values are another result
    expect(await byStore('b')).toEqual([{ id: 3, name: 'three' }]);
    expect(readsOf('from "t"')).toBe(2);
  });

  it('reads again after any write of this connection: insert, update, delete, returning, DDL, in a transaction or not', async () => {
    await byStore('a');
    await db.insertInto('t').values({ store: 'a', name: 'four' }).execute();
    expect((await byStore('a')).map((r) => r.name)).toEqual(['one', 'two', 'four']);
    await db.updateTable('t').set({ name: 'uno' }).where('id', '=', 1).execute();
    expect((await byStore('a'))[0]!.name).toBe('uno');
    // a write to another table (a cascade, a trigger: the same statement) is a write all the same
    await sql`create table other (x integer)`.execute(db);
    await byStore('a');
    await db.insertInto('t').values({ store: 'a', name: 'five' }).returning('id').execute();
    expect((await byStore('a')).map((r) => r.name)).toEqual(['uno', 'two', 'four', 'five']);
    await db.transaction().execute(async (tx) => {
      expect(await byStore('a', tx)).toHaveLength(4);
      await tx.deleteFrom('t').where('name', '=', 'two').execute();
      // inside the transaction, after its own write
      expect((await byStore('a', tx)).map((r) => r.name)).toEqual(['uno', 'four', 'five']);
    });
    expect((await byStore('a')).map((r) => r.name)).toEqual(['uno', 'four', 'five']);
    await sql`alter table t add column extra text`.execute(db);
    await byStore('a');
    const before = readsOf('from "t"');
    await byStore('a');
    expect(readsOf('from "t"')).toBe(before);
  });

  it('reads again after another connection commits to the file (another process, a second app)', async () => {
    await byStore('a');
    await byStore('a');
    const other = new SQLite(file);
    try {
      other.prepare("insert into t (store, name) values ('a', 'from elsewhere')").run();
      expect((await byStore('a')).map((r) => r.name)).toEqual(['one', 'two', 'from elsewhere']);
      other.prepare("update t set name = 'again' where name = 'one'").run();
      expect((await byStore('a')).map((r) => r.name)).toEqual(['again', 'two', 'from elsewhere']);
    } finally {
      other.close();
    }
  });

  it('keeps only shaped, read-only reads of plain values, never a blob, nor one whose SQL reads the clock', async () => {
    // the same SQL built as usual, not as a shape
    const plain = () => db.selectFrom('t').select(['id', 'name']).where('store', '=', 'a').orderBy('id').execute();
    await plain();
    await plain();
    expect(readsOf(`where "store" = ? order by`)).toBeGreaterThanOrEqual(1);
    const adHoc = () => db.selectFrom('t').select('name').where('id', '=', 1).execute();
    await adHoc();
    await adHoc();
    expect(readsOf('select "name" from "t" where "id" = ?')).toBe(2);
    // a blob is a mutable Buffer: never kept
    await db.updateTable('t').set({ data: Buffer.from([1, 2, 3]) }).where('id', '=', 1).execute();
    const blobs = () => shapes.all(db, 'blob', { id: 1 }, (d, p) => d.selectFrom('t').select(['id', 'data']).where('id', '=', p.id));
    const b1 = await blobs();
    (b1[0]!.data as Buffer)[0] = 9;
    expect([...((await blobs())[0]!.data as Buffer)]).toEqual([1, 2, 3]);
    expect(readsOf('select "id", "data" from "t"')).toBe(2);
    // the clock: a different answer each time from the same database
    const clock = () => shapes.all(db, 'clock', { id: 1 }, (d, p) => d.selectFrom('t').select(sql<string>`strftime('%f', 'now')`.as('now')).where('id', '=', p.id));
    await clock();
    await clock();
    expect(readsOf(`strftime('%f', 'now')`)).toBe(2);
  });

  it('keeps nothing with a budget of 0, and no more than its budget', async () => {
    const none = new Kysely<KT>({ dialect: new SqliteDialect({ database: cachedStatements(new SQLite(file), 16, 0) }) });
    try {
      const q = () => shapes.all(none, 'none', { store: 'a' }, (d, p) => d.selectFrom('t').select(['name', 'id']).where('store', '=', p.store));
      await q();
      await q();
      expect(readsOf('select "name", "id" from "t"')).toBe(2);
    } finally {
      await none.destroy();
    }
    // a budget a few results fill: the least recently used goes first
    const small = new Kysely<KT>({ dialect: new SqliteDialect({ database: cachedStatements(new SQLite(file), 16, 1024) }) });
    try {
      const q = (store: string) => shapes.all(small, 'small', { store }, (d, p) => d.selectFrom('t').select(['id', 'store', 'name']).where('store', '=', p.store));
      const stores = Array.from({ length: 20 }, (_, i) => `store-${i}`);
      for (const s of stores) await q(s);
      const reads = () => readsOf('select "id", "store", "name" from "t"');
      expect(reads()).toBe(20);
      for (const s of stores.slice(-5)) await q(s); // the most recent: still kept
      expect(reads()).toBe(20);
      for (const s of stores.slice(0, 5)) await q(s); // the oldest: dropped to stay within 1 KB
      expect(reads()).toBe(25);
    } finally {
      await small.destroy();
    }
  });
});
