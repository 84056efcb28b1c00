import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely, type QueryExecutor } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { paginate, SEARCH_MIN_INDEXED, SEARCHABLE_COLUMNS, searchIndexOf } from '../../../src/platform/db/paginate.js';
import { openDatabase } from '../../../src/platform/db/index.js';
import { columnTypes, migrateToLatest } from '../../../src/platform/db/migrate.js';
import { searchIndex } from '../../../src/platform/db/migrations/0014-search-index.js';
import { Signer } from '../../../src/platform/crypto/signer.js';
import { createPgDatabase } from '../../helpers/pg-database.js';
import { PLAN_WITH_VALUES } from '../../../src/platform/db/pg-prepared.js';
import { needs } from '../../helpers/requirements.js';

/**
 * `?search=` answered from the databases' text indexes (migration 0014-search-index, paginate.ts):
 * the same rows as the `lower(col) like '%…%'` scan it replaces, an index that follows every
 * write (and a rolled-back one), and query plans that read the index. Runs on the suite's
 * database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let store: TestStore;
let other: TestStore;
let dialect: 'sqlite' | 'postgres';
beforeAll(async () => {
  t = await buildTestApp();
  dialect = t.deps.database.dialect;
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => t.close());

interface Product {
  id: string;
  name: string;
}

async function createProducts(s: TestStore, names: string[]): Promise<Product[]> {
  const out: Product[] = [];
  for (let i = 0; i < names.length; i += 100) {
    const res = await t.app.inject({ method: 'POST', url: '/v1/products/batch', headers: as.B(s), payload: { products: names.slice(i, i + 100).map((name) => ({ name })) } });
    expect(res.statusCode, res.body).toBe(201);
    out.push(...(res.json().data as Product[]));
  }
  return out;
}

/** The names of the store's products matching `search`, every page, through the API. */
async function search(s: TestStore, text: string, url = '/v1/products'): Promise<string[]> {
  const names: string[] = [];
  let next: string | null = `${url}?limit=7&search=${encodeURIComponent(text)}`;
  while (next) {
    const res: Awaited<ReturnType<TestApp['app']['inject']>> = await t.app.inject({ method: 'GET', url: next.replace('http://folio.test', ''), headers: as.B(s) });
    expect(res.statusCode, res.body).toBe(200);
    names.push(...(res.json().data as Product[]).map((p) => p.name));
    next = res.json().links.next;
  }
  return names.sort();
}

/** Today's predicate, the scan the index replaces, run directly: what a search must answer. */
async function scanned(s: TestStore, text: string): Promise<string[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await t.deps.database.db
    .selectFrom('catalog_products')
    .select('name')
    .where('store_id', '=', s.id)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(name) like ${pattern} escape '\\'`)
    .execute();
  return rows.map((r) => r.name).sort();
}

/** SQLite: FTS5's own check that each index matches its table (throws when not). */
async function expectFtsIntact(): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const column of SEARCHABLE_COLUMNS) {
    const { fts } = searchIndexOf(column);
    await sql`insert into ${sql.table(fts)} (${sql.ref(fts)}, rank) values ('integrity-check', 1)`.execute(t.deps.database.db);
  }
}

/** Every statement the app sends while `fn` runs (SQL text and values), on either dialect. */
async function capture(fn: () => Promise<unknown>): Promise<CompiledQuery[]> {
  let proto = Object.getPrototypeOf(t.deps.database.db.getExecutor()) as object;
  while (!Object.prototype.hasOwnProperty.call(proto, 'executeQuery')) proto = Object.getPrototypeOf(proto) as object;
  const executor = proto as QueryExecutor;
  const original = executor.executeQuery;
  const seen: CompiledQuery[] = [];
  executor.executeQuery = function (this: QueryExecutor, compiled: CompiledQuery, ...rest: unknown[]) {
    seen.push(compiled);
    return (original as (...a: unknown[]) => ReturnType<QueryExecutor['executeQuery']>).call(this, compiled, ...rest);
  } as QueryExecutor['executeQuery'];
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

describe('search semantics: what the scan answered', () => {
  const NAMES = [
    'Flyer A5 Gloss',
    'flyer a4 matt',
    'FLAT card',
    'Poster',
    'Po',
    '50% off sale',
    '500 off sale',
    'a_b code',
    'axb code',
    'C:\\temp\\proof',
    'back\\slash',
    'say "quoted" twice',
    'Élan',
    'élan vital',
    'ÉLAN BOLD',
    'Straße 12',
    'ΣΊΣΥΦΟΣ',
    '🎉 party pack',
    '名刺デザイン',
    'tab\there',
    "it's",
  ];
  let mine: Product[];
  beforeAll(async () => {
    mine = await createProducts(store, NAMES);
    // another store's rows match too: never answered here
    await createProducts(other, ['Flyer A5 Gloss', '50% off sale', 'élan vital']);
  });

  it('case-insensitive substrings; % _ \\ and " literal; short text scans; unicode as the database lowercases', async () => {
    const cases: Array<[string, string[] | null]> = [
      ['flyer', ['Flyer A5 Gloss', 'flyer a4 matt']],
      ['FLYER A', ['Flyer A5 Gloss', 'flyer a4 matt']],
      ['er a5 g', ['Flyer A5 Gloss']],
      ['fl', ['FLAT card', 'Flyer A5 Gloss', 'flyer a4 matt']],
      ['F', null],
      ['po', ['Po', 'Poster']],
      ['pos', ['Poster']],
      ['%', ['50% off sale']],
      ['50%', ['50% off sale']],
      ['0% off', ['50% off sale']],
      ['_', ['a_b code']],
      ['a_b', ['a_b code']],
      ['a_b code', ['a_b code']],
      ['\\', ['C:\\temp\\proof', 'back\\slash']],
      ['c:\\t', ['C:\\temp\\proof']],
      ['k\\s', ['back\\slash']],
      ['"quoted"', ['say "quoted" twice']],
      ['y "q', ['say "quoted" twice']],
      ['"', ['say "quoted" twice']],
      ["it's", ["it's"]],
      ['b\th', ['tab\there']],
      ['ab\th', ['tab\there']],
      ['élan', null],
      ['ÉLAN', null],
      ['élan vital', ['élan vital']],
      ['LAN', ['ÉLAN BOLD', 'élan vital', 'Élan']],
      ['straße', ['Straße 12']],
      ['strasse', []],
      ['σίσυφος', null],
      ['ΣΥΦ', null],
      ['🎉', ['🎉 party pack']],
      ['🎉 p', ['🎉 party pack']],
      ['名刺', ['名刺デザイン']],
      ['デザイン', ['名刺デザイン']],
      ['zzz', []],
      ['flyer%', []],
      ['a%b', []],
    ];
    for (const [text, expected] of cases) {
      const found = await search(store, text);
      expect(found, text).toEqual(await scanned(store, text));
      if (expected) expect(found, text).toEqual([...expected].sort());
    }
    expect(mine).toHaveLength(NAMES.length);
    // text in upper case matches lower case (JavaScript lowercases the search; SQLite's lower()
    // folds ASCII only, PostgreSQL's every letter): "ÉLAN" finds "élan vital" on both
    expect(await search(store, 'ÉLAN')).toEqual(expect.arrayContaining(['élan vital']));
    // meta.total counts the same rows
    const total = await t.app.inject({ method: 'GET', url: `/v1/products?limit=1&include_total=true&search=${encodeURIComponent('fly')}`, headers: as.B(store) });
    expect(total.json().meta.total).toBe(2);
  });

  it('each search of 3+ characters is the same on every page size and sort', async () => {
    for (const text of ['flyer', 'off sale', 'code']) {
      const want = await scanned(store, text);
      for (const query of ['limit=1&sortBy=name&sort=asc', 'limit=2&sortBy=id', 'limit=100&sortBy=created_date&sort=asc']) {
        const ids: string[] = [];
        let next: string | null = `/v1/products?${query}&search=${encodeURIComponent(text)}`;
        while (next) {
          const body: { data: Product[]; links: { next: string | null } } = (await t.app.inject({ method: 'GET', url: next.replace('http://folio.test', ''), headers: as.B(store) })).json();
          ids.push(...body.data.map((p) => p.name));
          next = body.links.next;
        }
        expect(ids.sort(), `${text} ${query}`).toEqual(want);
      }
    }
  });
});

describe('the index follows the writes', () => {
  it('create, rename, soft delete, delete and a cascade', async () => {
    const s = await createStore(t.app);
    const [quokka] = await createProducts(s, ['Quokka print']);
    expect(await search(s, 'quokka')).toEqual(['Quokka print']);
    const put = await t.app.inject({ method: 'PUT', url: `/v1/products/${quokka!.id}`, headers: as.B(s), payload: { name: 'Wombat print' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await search(s, 'quokka')).toEqual([]);
    expect(await search(s, 'WOMBAT')).toEqual(['Wombat print']);
    // an update that leaves the name as it was
    expect((await t.app.inject({ method: 'PUT', url: `/v1/products/${quokka!.id}`, headers: as.B(s), payload: { status: 'draft' } })).statusCode).toBe(200);
    expect(await search(s, 'wombat')).toEqual(['Wombat print']);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/products/${quokka!.id}`, headers: as.B(s) })).statusCode).toBe(200);
    expect(await search(s, 'wombat')).toEqual([]);
    await expectFtsIntact();

    // rows deleted outright (a store's rows go with it), by the handle
    const [koala, emu] = await createProducts(s, ['Koala card', 'Emu card']);
    await t.deps.database.db.deleteFrom('catalog_products').where('id', '=', koala!.id).execute();
    expect(await search(s, 'card')).toEqual(['Emu card']);
    await expectFtsIntact();
    await t.deps.database.db.deleteFrom('catalog_products').where('store_id', '=', s.id).execute();
    expect(await search(s, 'card')).toEqual([]);
    expect(emu).toBeDefined();
    await expectFtsIntact();
  });

  it('a batch update that fails on its second item changes nothing, in the index either', async () => {
    const s = await createStore(t.app);
    const [a, b] = await createProducts(s, ['Narwhal one', 'Narwhal two']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/products/batch',
      headers: as.B(s),
      payload: { products: [{ id: a!.id, name: 'Platypus one' }, { id: b!.id, name: 'Platypus two', parent_id: '00000000-0000-4000-8000-000000000000' }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error['products.1.parent_id']).toBeDefined();
    expect(await search(s, 'platypus')).toEqual([]);
    expect(await search(s, 'narwhal')).toEqual(['Narwhal one', 'Narwhal two']);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${a!.id}`, headers: as.B(s) })).json().data.name).toBe('Narwhal one');
    await expectFtsIntact();
    // and the same batch without the bad parent goes through
    const ok = await t.app.inject({ method: 'PUT', url: '/v1/products/batch', headers: as.B(s), payload: { products: [{ id: a!.id, name: 'Platypus one' }, { id: b!.id, name: 'Platypus two' }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await search(s, 'platypus')).toEqual(['Platypus one', 'Platypus two']);
    expect(await search(s, 'narwhal')).toEqual([]);
    await expectFtsIntact();
  });
});

const pgGate = needs('postgres');
describe('the indexes exist and the plans read them', () => {
  it('every searchable column has its index', async () => {
    const db = t.deps.database.db;
    for (const column of SEARCHABLE_COLUMNS) {
      const { fts, trgm } = searchIndexOf(column);
      if (dialect === 'sqlite') {
        const objects = await sql<{ name: string }>`select name from sqlite_master where name = ${fts} or (type = 'trigger' and name like ${`${fts}_%`}) order by name`.execute(db);
        expect(objects.rows.map((r) => r.name), column).toEqual([fts, `${fts}_delete`, `${fts}_insert`, `${fts}_update`]);
      } else {
        const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = ${trgm}`.execute(db);
        expect(index.rows[0]?.indexdef, column).toMatch(/USING gin \(lower\(.*\) gin_trgm_ops\)/);
      }
    }
    await expectFtsIntact();
  });

  /** The list statement a search sends (the page query: ordered, with the search predicate). */
  async function listQueryOf(s: TestStore, text: string, url = '/v1/products'): Promise<CompiledQuery> {
    const sent = await capture(async () => {
      const res = await t.app.inject({ method: 'GET', url: `${url}?search=${encodeURIComponent(text)}`, headers: as.B(s) });
      expect(res.statusCode, res.body).toBe(200);
    });
    const list = sent.find((q) => /order by/i.test(q.sql) && /like/i.test(q.sql));
    expect(list, sent.map((q) => q.sql).join('\n')).toBeDefined();
    return list!;
  }

  /** Its plan, with the same values. */
  async function planOf(db: Kysely<any>, query: CompiledQuery): Promise<string> {
    const explain = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    const rows = (await db.executeQuery(CompiledQuery.raw(`${explain}${query.sql}`, [...query.parameters]))).rows as Array<Record<string, string>>;
    return rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
  }
  const searchPlan = async (s: TestStore, text: string, url?: string) => planOf(t.deps.database.db, await listQueryOf(s, text, url));

  it.runIf(process.env.TEST_DATABASE_URL === undefined)('SQLite: a search of 3+ characters starts from the FTS table (rowid lookups), a shorter one scans the store', async () => {
    const s = await createStore(t.app);
    await createProducts(s, Array.from({ length: 300 }, (_, i) => `Plan product ${i} ${i % 7 === 0 ? 'heron' : 'gull'}`));
    const fts = await searchPlan(s, 'heron');
    expect(fts).toMatch(/catalog_products_name_fts VIRTUAL TABLE INDEX \d+:M/);
    expect(fts).toMatch(/SEARCH catalog_products USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(fts).not.toMatch(/catalog_products_store/);
    const short = await searchPlan(s, 'he');
    expect(short).not.toMatch(/_fts/);
    expect(short).toMatch(/catalog_products_store/);
    expect(SEARCH_MIN_INDEXED).toBe(3);
    // every list that searches goes the same way: a catalog list, a module's own
    expect(await searchPlan(s, 'heron', '/v1/storages')).toMatch(/catalog_categories_name_fts VIRTUAL TABLE/);
    expect(await searchPlan(s, 'heron', '/v1/webhooks')).toMatch(/webhooks_callback_url_fts VIRTUAL TABLE/);
  });

  it.skipIf(pgGate.skip)(`PostgreSQL: a search is planned with its pattern; with many rows it reads the trigram index${pgGate.note}`, async () => {
    const s = await createStore(t.app);
    await createProducts(s, ['Heron print']);
    const query = await listQueryOf(s, 'heron');
    expect(query.sql).toMatch(/lower\("catalog_products"\."name"\) like \$\d+ escape/);
    // sent unnamed, planned with its pattern each time: a generic plan (a named statement's, after
    // five runs) cannot tell selective text from common and walks the store's index
    expect(query.sql).toContain(PLAN_WITH_VALUES);
    // 20 000 rows in the store, in a transaction rolled back afterwards (the suite shares the database)
    await t.deps.database.db
      .transaction()
      .execute(async (tx) => {
        await sql`insert into catalog_products (id, store_id, name, status, parent_id, doc, created_at, updated_at)
          select md5(i::text || ${s.id}), ${s.id}, 'Bulk ' || i || ' ' || md5(i::text), 'publish', null, '{}', now() - i * interval '1 second', now()
          from generate_series(1, 20000) i`.execute(tx);
        await sql`analyze catalog_products`.execute(tx);
        expect(await planOf(tx, query)).toMatch(/Bitmap Index Scan on catalog_products_name_trgm/);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  });
});

describe('migration 0014-search-index', () => {
  it('indexes the rows already there when it runs, and its down() takes the indexes away', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-search-migration-'));
    const pgDb = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL, 'folio_search_migration') : null;
    const database = openDatabase({ url: pgDb?.url ?? path.join(dir, 'folio.db'), dataDir: dir, poolSize: 2 });
    try {
      const db = database.db;
      await migrateToLatest(db, database.dialect);
      // as before the migration: no index, rows written meanwhile
      await searchIndex(columnTypes(database.dialect)).down!(db);
      await sql`delete from kysely_migration where name = '0014-search-index'`.execute(db);
      const now = new Date().toISOString();
      const row = (id: string, name: string) => ({ id, store_id: null, name, description: null, spec: '{}', layers: '{}', license: null, created_at: now, updated_at: now });
      await db.insertInto('mockup_templates').values([row('m1', 'Old T-shirt front'), row('m2', 'Old mug wrap'), row('m3', 'Tote bag')]).execute();
      expect(await migrateToLatest(db, database.dialect)).toEqual(['0014-search-index']);

      const ctx = { signer: new Signer('k'.repeat(40), 'cursor'), baseUrl: 'http://x', path: '/m', query: {} };
      const list = async (search: string) => {
        const page = await paginate(db.selectFrom('mockup_templates').selectAll().where('store_id', 'is', null), { sortable: { created_date: 'created_at' }, idColumn: 'id', searchColumn: 'mockup_templates.name', db }, { search }, ctx);
        return page.rows.map((m) => m.id).sort();
      };
      expect(await list('OLD')).toEqual(['m1', 'm2']);
      expect(await list('t-shirt')).toEqual(['m1']);
      if (database.dialect === 'sqlite') {
        // answered from the FTS table, which holds the rows written before it existed
        const fts = await sql<{ rowid: number }>`select rowid from mockup_templates_name_fts where mockup_templates_name_fts match '"tote"'`.execute(db);
        expect(fts.rows).toHaveLength(1);
        await sql`insert into mockup_templates_name_fts (mockup_templates_name_fts, rank) values ('integrity-check', 1)`.execute(db);
      } else {
        const index = await sql`select 1 from pg_indexes where indexname = 'mockup_templates_name_trgm'`.execute(db);
        expect(index.rows).toHaveLength(1);
      }

      await searchIndex(columnTypes(database.dialect)).down!(db);
      const left =
        database.dialect === 'sqlite'
          ? await sql`select name from sqlite_master where name like '%\\_fts%' escape '\\'`.execute(db)
          : await sql`select indexname from pg_indexes where indexname like '%\\_trgm'`.execute(db);
      expect(left.rows).toEqual([]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
      await pgDb?.drop();
    }
  });
});

class Rollback extends Error {}
