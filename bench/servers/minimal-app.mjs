// The floor for Folio's read routes (bench/hot-paths.ts): a minimal Fastify app doing the
// same work as a Folio list route, and nothing else —
//   1. look up a hashed credential (HTTP Basic sid:secret; the secret's SHA-256 compared in
//      constant time, the row read by an indexed lookup),
//   2. select one page of 20 rows by an index (store, created_at, id),
//   3. serialise them with the route's response schema (fast-json-stringify) in a
//      `{data, meta}` envelope.
// and a write route for the live-shop workload (hot-paths.ts --writer): `PUT /items/:id`, the
// same credential check, then one statement setting `name` and `updated_at` of one of the
// store's rows, answered as `{data: row}` with the row's schema.
// SQLite (better-sqlite3, WAL, a file in a temp dir) by default; PostgreSQL (pg, a pool of
// 10) when DATABASE_URL is set. Prints `READY <url> {path, authorization, writes}` when
// listening (`writes`: the paths of a few of the store's rows to PUT).
//
//   node bench/servers/minimal-app.mjs            PORT=0 by default
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';

const ROWS = 20;
const COLUMNS = 'id, name, description, status, tier, metadata, created_at, updated_at';
/** how many of the store's rows the write route's callers are given to cycle over */
const WRITABLE = 4;
const pgUrl = process.env.DATABASE_URL;

/** The two statements the read route runs, and the write route's update, on either driver. */
async function openStore() {
  const ddl = [
    'create table creds (sid text primary key, secret_hash text not null, store_id text not null)',
    'create table items (id text primary key, store_id text not null, name text not null, description text, status text not null, tier text not null, metadata text not null, created_at text not null, updated_at text not null)',
    'create index items_page on items (store_id, created_at, id)',
  ];
  if (pgUrl) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: pgUrl, max: 10 });
    for (const sql of ['drop table if exists creds', 'drop table if exists items', ...ddl]) await pool.query(sql);
    return {
      insertCred: (sid, hash, store) => pool.query('insert into creds values ($1, $2, $3)', [sid, hash, store]),
      insertItem: (r) => pool.query('insert into items values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', r),
      cred: async (sid) => (await pool.query({ name: 'cred', text: 'select secret_hash, store_id from creds where sid = $1', values: [sid] })).rows[0],
      page: async (store, limit) =>
        (await pool.query({ name: 'page', text: 'select id, name, description, status, tier, metadata, created_at, updated_at from items where store_id = $1 order by created_at desc, id desc limit $2', values: [store, limit] })).rows,
      rename: async (store, id, name, at) =>
        (await pool.query({ name: 'rename', text: `update items set name = $1, updated_at = $2 where id = $3 and store_id = $4 returning ${COLUMNS}`, values: [name, at, id, store] })).rows[0],
      close: () => pool.end(),
    };
  }
  const Database = (await import('better-sqlite3')).default;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-minimal-'));
  const db = new Database(path.join(dir, 'minimal.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  for (const sql of ddl) db.exec(sql);
  const cred = db.prepare('select secret_hash, store_id from creds where sid = ?');
  const page = db.prepare('select id, name, description, status, tier, metadata, created_at, updated_at from items where store_id = ? order by created_at desc, id desc limit ?');
  const insCred = db.prepare('insert into creds values (?, ?, ?)');
  const insItem = db.prepare('insert into items values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const rename = db.prepare(`update items set name = ?, updated_at = ? where id = ? and store_id = ? returning ${COLUMNS}`);
  return {
    insertCred: async (sid, hash, store) => insCred.run(sid, hash, store),
    insertItem: async (r) => insItem.run(...r),
    cred: async (sid) => cred.get(sid),
    page: async (store, limit) => page.all(store, limit),
    rename: async (store, id, name, at) => rename.get(name, at, id, store),
    close: async () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const store = await openStore();
const sha = (s) => createHash('sha256').update(s).digest();
const sid = `sid_${randomBytes(8).toString('hex')}`;
const secret = randomBytes(24).toString('base64url');
const storeId = randomUUID();
await store.insertCred(sid, sha(secret).toString('hex'), storeId);
// this store's page, and another store's rows the index must skip
const writable = [];
for (const owner of [storeId, randomUUID()]) {
  for (let i = 0; i < ROWS + 5; i++) {
    const t = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const id = randomUUID();
    await store.insertItem([id, owner, `Item ${i}`, 'A row like a catalog entry', 'active', 'advanced', JSON.stringify({ sku: `SKU-${i}`, tags: ['a', 'b'] }), t, t]);
    // the newest rows: on the page the read route answers
    if (owner === storeId && i >= ROWS + 5 - WRITABLE) writable.push(id);
  }
}

const Row = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    status: { type: 'string' },
    tier: { type: 'string' },
    metadata: { type: 'object', additionalProperties: true },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
};
const Page = {
  type: 'object',
  properties: {
    data: { type: 'array', items: Row },
    meta: { type: 'object', properties: { limit: { type: 'integer' }, has_more: { type: 'boolean' } } },
  },
};

const One = { type: 'object', properties: { data: Row } };
const Rename = { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 200 } } };
const Unauthenticated = { error: { code: 'unauthenticated', message: 'bad credentials' } };

/** The caller's credential row (HTTP Basic sid:secret, the secret's SHA-256 compared in constant time), or undefined. */
async function authenticate(req) {
  const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
  const [user, pass] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : [];
  const row = user ? await store.cred(user) : undefined;
  return row && pass && timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), sha(pass)) ? row : undefined;
}

const app = Fastify({ logger: false });
app.get('/items', { schema: { response: { 200: Page } } }, async (req, reply) => {
  const row = await authenticate(req);
  if (!row) return reply.code(401).send(Unauthenticated);
  const limit = Math.min(100, Number(req.query.limit ?? ROWS) || ROWS);
  const rows = await store.page(row.store_id, limit + 1);
  const data = rows.slice(0, limit).map((r) => ({ ...r, metadata: typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata }));
  return { data, meta: { limit, has_more: rows.length > limit } };
});
app.put('/items/:id', { schema: { body: Rename, response: { 200: One } } }, async (req, reply) => {
  const row = await authenticate(req);
  if (!row) return reply.code(401).send(Unauthenticated);
  const updated = await store.rename(row.store_id, req.params.id, req.body.name, new Date().toISOString());
  if (!updated) return reply.code(404).send({ error: { code: 'not_found', message: 'no such item' } });
  return { data: { ...updated, metadata: typeof updated.metadata === 'string' ? JSON.parse(updated.metadata) : updated.metadata } };
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`READY ${address} ${JSON.stringify({ path: `/items?limit=${ROWS}`, authorization: `Basic ${Buffer.from(`${sid}:${secret}`).toString('base64')}`, writes: writable.map((id) => `/items/${id}`) })}\n`);
const stop = () => app.close().then(() => store.close()).then(() => process.exit(0));
process.on('SIGTERM', stop);
