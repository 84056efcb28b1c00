import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SelectQueryBuilder } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paginate, type ListSpec, type SearchableColumn } from '../../src/platform/db/paginate.js';
import { searchIndexDdl } from '../../src/platform/db/migrations/0014-search-index.js';
import { MAX_LIST_SHAPE, QueryShapes, verifyQueryShapes } from '../../src/platform/db/query-shape.js';
import { cachedStatements } from '../../src/platform/db/sqlite-statements.js';
import { Signer } from '../../src/platform/crypto/signer.js';
import type { ListQuery, PageContext } from '../../src/platform/http/pagination.js';

interface T {
  items: { id: string; store_id: string; name: string; status: string; created_at: string };
}

let sqlite: SQLite.Database;
let db: Kysely<T>;
/** every SQL text the driver was asked to prepare */
let prepared: string[];

beforeEach(async () => {
  sqlite = new SQLite(':memory:');
  const statements = cachedStatements(sqlite);
  prepared = [];
  db = new Kysely<T>({
    dialect: new SqliteDialect({
      database: {
        close: () => statements.close(),
        prepare: (text: string) => (prepared.push(text), statements.prepare(text)),
      },
    }),
  });
  await sql`create table items (id text primary key, store_id text not null, name text not null, status text not null, created_at text not null)`.execute(db);
  const rows = [];
  for (const store of ['s1', 's2']) {
    for (let i = 0; i < 7; i++) rows.push({ id: `${store}-${i}`, store_id: store, name: `Item ${i}${i % 2 ? ' odd' : ''}`, status: i % 3 ? 'live' : 'draft', created_at: `2026-01-01T00:00:0${i}.000Z` });
  }
  await db.insertInto('items').values(rows).execute();
  // indexed for search as migration 0014 indexes the searched columns of the real tables
  for (const statement of searchIndexDdl('sqlite', 'items', 'name')) await sql.raw(statement).execute(db);
  verifyQueryShapes(false);
});
afterEach(async () => {
  verifyQueryShapes(false);
  await db.destroy();
});

const byStore = (d: Kysely<T> | typeof db, p: { store: string }) => d.selectFrom('items').select(['id', 'name']).where('store_id', '=', p.store).orderBy('id');

describe('QueryShapes', () => {
  it('runs one SQL text with each call’s own values', async () => {
    const shapes = new QueryShapes('test');
    const a = await shapes.all(db, 'byStore', { store: 's1' }, byStore);
    const b = await shapes.all(db, 'byStore', { store: 's2' }, byStore);
    expect(a.map((r) => r.id)).toEqual(['s1-0', 's1-1', 's1-2', 's1-3', 's1-4', 's1-5', 's1-6']);
    expect(b.map((r) => r.id)).toEqual(['s2-0', 's2-1', 's2-2', 's2-3', 's2-4', 's2-5', 's2-6']);
    // the same rows as the query built as usual, and the same SQL
    expect(a).toEqual(await byStore(db, { store: 's1' }).execute());
    expect(shapes.compile(db, 'byStore', { store: 's2' }, byStore).sql).toBe(byStore(db, { store: 's2' }).compile().sql);
    expect(shapes.compile(db, 'byStore', { store: 's2' }, byStore).parameters).toEqual(['s2']);
    expect(await shapes.first(db, 'byStore', { store: 'none' }, byStore)).toBeUndefined();
  });

  it('builds a variant once per database handle', async () => {
    const shapes = new QueryShapes('test');
    let builds = 0;
    const counted = (d: Kysely<T>, p: { store: string }) => (builds++, byStore(d, p));
    for (const store of ['s1', 's2', 's1', 's2']) await shapes.all(db, 'byStore', { store }, counted);
    expect(builds).toBe(1);
    await shapes.all(db, 'other', { store: 's1' }, counted);
    expect(builds).toBe(2);
    const other = new Kysely<T>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
    await shapes.all(other, 'byStore', { store: 's1' }, counted);
    expect(builds).toBe(3);
  });

  it('shares a handle\'s shapes with its transactions (the same SQL), and builds as usual where plugins may rewrite it', async () => {
    const shapes = new QueryShapes('test');
    let builds = 0;
    const counted = (d: Kysely<T>, p: { store: string }) => (builds++, byStore(d, p));
    await shapes.all(db, 'byStore', { store: 's2' }, counted);
    expect(builds).toBe(1);
    const rows = await db.transaction().execute(async (tx) => {
      await shapes.all(tx, 'byStore', { store: 's1' }, counted);
      await sql`insert into items values ('s1-new', 's1', 'New', 'live', '2026-01-02T00:00:00.000Z')`.execute(tx);
      // run on the transaction's connection: it sees its own uncommitted row
      return shapes.all(tx, 'byStore', { store: 's1' }, counted);
    });
    expect(rows.map((r) => r.id)).toContain('s1-new');
    expect(rows).toHaveLength(8);
    // no query built inside the transaction: the handle's template served it
    expect(builds).toBe(1);
    // a transaction opened on a handle with a plugin: its own SQL, built each time
    builds = 0;
    const upper = { transformQuery: (a: { node: unknown }) => a.node, transformResult: async (a: { result: unknown }) => a.result };
    await db.withPlugin(upper as never).transaction().execute(async (tx) => {
      await shapes.all(tx as unknown as Kysely<T>, 'byStore', { store: 's1' }, counted);
      await shapes.all(tx as unknown as Kysely<T>, 'byStore', { store: 's1' }, counted);
    });
    expect(builds).toBe(2);
  });

  it('refuses a value that does not come from p: it would be frozen into the shape', () => {
    const shapes = new QueryShapes('test');
    const store = 's1';
    expect(() => shapes.compile(db, 'captured', {}, (d) => d.selectFrom('items').selectAll().where('store_id', '=', store))).toThrow(/does not come from p/);
    expect(() => shapes.compile(db, 'derived', { name: 'x' }, (d, p) => d.selectFrom('items').selectAll().where('name', 'like', `%${p.name}%`))).toThrow(/derived from p/);
    expect(() => shapes.compile(db, 'literal', { status: 'live' }, (d, p) => d.selectFrom('items').selectAll().where('status', '=', sql.lit(p.status)))).toThrow(/SQL text/);
  });

  it('refuses a value that is not a scalar', () => {
    const shapes = new QueryShapes('test');
    const build = (d: Kysely<T>, p: { id: string }) => d.selectFrom('items').selectAll().where('id', '=', p.id);
    expect(shapes.compile(db, 'v', { id: 's1-1' }, build).parameters).toEqual(['s1-1']);
    expect(() => shapes.compile(db, 'v', { id: { toString: () => 's1-1' } as unknown as string }, build)).toThrow(/not a scalar/);
  });

  it('takes lists for `in`: each length its own SQL, a long list built as usual', async () => {
    verifyQueryShapes(true);
    const shapes = new QueryShapes('test');
    let builds = 0;
    const build = (d: Kysely<T>, p: { store: string; ids: string[] }) => (builds++, d.selectFrom('items').select('id').where('store_id', '=', p.store).where('id', 'in', p.ids).orderBy('id'));
    const ids = (r: Array<{ id: string }>) => r.map((x) => x.id);
    expect(ids(await shapes.all(db, 'in', { store: 's1', ids: ['s1-1', 's1-3', 's2-1'] }, build))).toEqual(['s1-1', 's1-3']);
    expect(ids(await shapes.all(db, 'in', { store: 's2', ids: ['s2-5', 's2-0', 's1-4'] }, build))).toEqual(['s2-0', 's2-5']);
    expect(ids(await shapes.all(db, 'in', { store: 's2', ids: ['s2-6'] }, build))).toEqual(['s2-6']);
    expect(shapes.compile(db, 'in', { store: 's1', ids: ['a', 'b'] }, build).parameters).toEqual(['s1', 'a', 'b']);
    // verification builds each call once more: 4 templates' worth of calls, 3 lengths made
    const made = builds - 4;
    expect(made).toBe(3);
    const long = Array.from({ length: MAX_LIST_SHAPE + 1 }, (_, i) => `s1-${i}`);
    builds = 0;
    expect(ids(await shapes.all(db, 'in', { store: 's1', ids: long }, build))).toHaveLength(7);
    expect(builds).toBe(1); // as usual (and so not verified)
    expect(() => shapes.compile(db, 'in', { store: 's1', ids: [['s1-1']] as unknown as string[] }, build)).toThrow(/not a scalar/);
  });

  it('in verification, fails a builder that branches on a value of p', async () => {
    const shapes = new QueryShapes('test');
    // wrong: the status filter is structure, but it is chosen by the value, not the variant
    const build = (d: Kysely<T>, p: { store: string; status: string }) => {
      let q = d.selectFrom('items').select('id').where('store_id', '=', p.store);
      if (p.status !== '') q = q.where('status', '=', p.status);
      return q;
    };
    // unverified, the mistake goes unseen: the shape made with a placeholder always filters
    await shapes.all(db, 'v', { store: 's1', status: 'live' }, build);
    verifyQueryShapes(true);
    await expect(shapes.all(db, 'v', { store: 's1', status: '' }, build)).rejects.toThrow(/differs from the query built afresh/);
    await expect(shapes.all(db, 'v', { store: 's2', status: 'draft' }, build)).resolves.toHaveLength(3);
  });
});

describe('paginate with a shaped list', () => {
  const signer = new Signer('secret', 'cursor');
  const ctx = (query: Record<string, unknown> = {}): PageContext => ({ signer, baseUrl: 'http://x', path: '/items', query });
  // a test table, indexed above as the real ones are: not among the searchable columns' names
  const spec = (): ListSpec => ({ sortable: { created_date: 'created_at', name: 'name', id: 'id' }, idColumn: 'id', searchColumn: 'items.name' as SearchableColumn, db });
  const base = (d: Kysely<T>, p: { store: string }) => d.selectFrom('items').selectAll().where('store_id', '=', p.store) as SelectQueryBuilder<T, 'items', T['items']>;

  /** every page forwards, then every page back, with the list's own links */
  async function walk(list: (q: ListQuery) => ReturnType<typeof paginate<T, 'items', T['items']>>, query: ListQuery): Promise<string[][]> {
    const pages: string[][] = [];
    let q: ListQuery = query;
    for (;;) {
      const r = await list(q);
      pages.push(r.rows.map((x) => x.id));
      if (!r.links.next) break;
      q = { ...query, cursor: new URL(r.links.next).searchParams.get('cursor')! };
    }
    let r = await list({ ...query, cursor: new URL((await list(query)).links.last).searchParams.get('cursor')! });
    pages.push(['last', ...r.rows.map((x) => x.id)]);
    while (r.links.prev) {
      r = await list({ ...query, cursor: new URL(r.links.prev).searchParams.get('cursor')! });
      pages.push(['prev', ...r.rows.map((x) => x.id)]);
    }
    return pages;
  }

  it('answers every page as the query built as usual does: sorts, cursors both ways, search, total', async () => {
    verifyQueryShapes(true);
    const shapes = new QueryShapes('test');
    const queries: ListQuery[] = [
      { limit: 3 },
      { limit: 2, sort: 'asc', sortBy: 'name' },
      { limit: 2, search: 'ODD', include_total: true },
      { limit: 4, sortBy: 'id', sort: 'desc', search: '%' },
      { limit: 2, sortBy: 'name', search: 'item 1', include_total: true },
    ];
    for (const query of queries) {
      for (const store of ['s1', 's2']) {
        const shaped = await walk((q) => paginate({ shapes, db, variant: 'list', params: { store }, build: base }, spec(), q, ctx()), query);
        const usual = await walk((q) => paginate(base(db, { store }), spec(), q, ctx()), query);
        expect(shaped).toEqual(usual);
        expect(shaped.flat().filter((id) => !['last', 'prev'].includes(id)).every((id) => id.startsWith(`${store}-`))).toBe(true);
      }
    }
    const counted = await paginate({ shapes, db, variant: 'list', params: { store: 's1' }, build: base }, spec(), { limit: 2, search: 'odd', include_total: true }, ctx());
    expect(counted.meta.total).toBe(3);
    // the search is a value, not SQL: a pattern character matches itself only
    expect((await paginate({ shapes, db, variant: 'list', params: { store: 's1' }, build: base }, spec(), { search: '%' }, ctx())).rows).toEqual([]);
  });

  it('search: from the FTS table for 3+ characters matching fewer rows than the cap, else by the predicate alone; the same pages either way', async () => {
    verifyQueryShapes(true);
    const shapes = new QueryShapes('test');
    // one store holds 1,000 rows named "Common …", more than the cap of a table of 1,014 rows
    // (2·√1014 = 63): that text is answered by walking the list
    const common = Array.from({ length: 1000 }, (_, i) => ({ id: `s3-${String(i).padStart(4, '0')}`, store_id: 's3', name: `Common ${i}`, status: 'live', created_at: `2026-01-02T00:00:00.${String(i % 1000).padStart(3, '0')}Z` }));
    for (let i = 0; i < common.length; i += 200) await db.insertInto('items').values(common.slice(i, i + 200)).execute();
    const page = async (store: string, search: string) => {
      prepared.length = 0;
      const shaped = await walk((q) => paginate({ shapes, db, variant: 'list', params: { store }, build: base }, spec(), q, ctx()), { limit: 7, search });
      const fts = prepared.some((text) => text.includes('not indexed') && text.includes('"items_name_fts" match'));
      const usual = await walk((q) => paginate(base(db, { store }), spec(), q, ctx()), { limit: 7, search });
      expect(shaped).toEqual(usual);
      return { rows: shaped[0]!, fts };
    };
    expect(await page('s1', 'odd')).toEqual({ rows: ['s1-5', 's1-3', 's1-1'], fts: true });
    expect(await page('s1', 'od')).toEqual({ rows: ['s1-5', 's1-3', 's1-1'], fts: false });
    expect((await page('s3', 'common 99')).fts).toBe(true);
    expect((await page('s3', 'common 99')).rows).toHaveLength(7);
    const walked = await page('s3', 'common');
    expect(walked.fts).toBe(false);
    expect(walked.rows).toEqual(common.slice(-7).reverse().map((r) => r.id));
    expect(await page('s1', 'common')).toEqual({ rows: [], fts: false });
  });

  it('sends one SQL text per variant: a second store or page prepares nothing new', async () => {
    const shapes = new QueryShapes('test');
    const list = (store: string, q: ListQuery) => paginate({ shapes, db, variant: 'list', params: { store }, build: base }, spec(), q, ctx());
    const first = await list('s1', { limit: 2 });
    const seen = new Set(prepared);
    await list('s2', { limit: 2 });
    await list('s1', { limit: 5 });
    expect(new Set(prepared)).toEqual(seen);
    await list('s1', { limit: 2, cursor: new URL(first.links.next!).searchParams.get('cursor')! });
    expect(new Set(prepared).size).toBe(seen.size + 1);
  });
});
