import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('every read reads the rows', () => {
  interface KT {
    t: { id: Generated<number>; name: string };
  }
  const shapes = new QueryShapes('rows test');

  it('a read after a rolled-back write answers the committed rows (nothing of the transaction is kept)', async () => {
    const sqlite = new SQLite(':memory:');
    const db = new Kysely<KT>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
    try {
      await sql`create table t (id integer primary key, name text not null)`.execute(db);
      await db.insertInto('t').values({ name: 'committed' }).execute();
      const read = (h: Kysely<KT>) => shapes.all(h, 'all', {}, (d) => d.selectFrom('t').select(['id', 'name']).orderBy('id'));
      expect(await read(db)).toEqual([{ id: 1, name: 'committed' }]);
      await expect(
        db.transaction().execute(async (tx) => {
          await tx.updateTable('t').set({ name: 'never committed' }).execute();
          expect(await read(tx)).toEqual([{ id: 1, name: 'never committed' }]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await read(db)).toEqual([{ id: 1, name: 'committed' }]);
    } finally {
      await db.destroy();
    }
  });
});
