import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, type Topology } from '../../../scripts/topology.mjs';
import { needs } from '../../helpers/requirements.js';
import { waitFor } from '../../helpers/wait.js';
import { Receiver } from '../webhooks/receiver.js';

/**
 * Scale-out, proven on real processes: two `folio serve` and two `folio worker` processes
 * (dist/) sharing PostgreSQL (a database of their own, behind a proxy the test can cut),
 * a Redis of their own and an S3-compatible store (scripts/topology.mjs). Runs where the
 * CI's scale-out stage runs: with TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const scaleOut = needs('postgres', 'redis');
const enabled = !scaleOut.skip;
const LEASE_MS = 2000;
/** premium is the rate-limited tier here; the others are out of the way */
const PREMIUM_RPM = 20;

let topo: Topology;
let db: pg.Pool;
let rx: Receiver;
let plansFile = '';

beforeAll(async () => {
  if (!enabled) return;
  const table = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../config/plans.json'), 'utf8'));
  for (const tier of table.tiers) table.quotas.requests_per_minute[tier] = tier === 'premium' ? PREMIUM_RPM : 1_000_000;
  plansFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-topo-plans-')), 'plans.json');
  fs.writeFileSync(plansFile, JSON.stringify(table));
  rx = await new Receiver().start();
  topo = await startTopology({
    workerConcurrency: 2,
    // TOPOLOGY_KEEP=1 keeps the processes' logs (and data dirs) for a look after a failure.
    keepDir: process.env.TOPOLOGY_KEEP === '1',
    env: { FOLIO_PLANS_FILE: plansFile, FOLIO_JOB_LEASE_MS: String(LEASE_MS), FOLIO_JOB_POLL_MS: '200' },
  });
  db = new pg.Pool({ connectionString: topo.databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await topo?.stop();
  await rx?.close();
  if (plansFile) fs.rmSync(path.dirname(plansFile), { recursive: true, force: true });
}, 60_000);

interface Res {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

/** One request to API process `i`; never waits more than 20 s. */
async function call(i: number, method: string, url: string, opts: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Res> {
  const t0 = Date.now();
  const res = await fetch(`${topo.urls[i]}${url}`, {
    method,
    headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; the assertions say so
  }
  return { status: res.status, body, headers: res.headers, ms: Date.now() - t0 };
}

interface Store {
  id: string;
  sid: string;
  secret: string;
  unauth_token: string;
  token: string;
}

const basic = (s: Store) => ({ authorization: `Basic ${Buffer.from(`${s.sid}:${s.secret}`).toString('base64')}` });

/** An account signed up through API 0 and a store made through API 1, on `tier`. */
async function newStore(tier = 'free'): Promise<Store> {
  const signup = await call(0, 'POST', '/account', { body: { name: 'Topo', email: `topo-${randomUUID()}@example.test`, password: 'Corr3ct-Horse!' } });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const token = signup.body.data.access_token as string;
  const created = await call(1, 'POST', '/stores?include=credentials', { headers: { authorization: `Bearer ${token}` }, body: { store_name: `Topo ${randomUUID().slice(0, 8)}` } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const d = created.body.data;
  // Operators change tiers with `folio store plan`; the row is what every process reads.
  if (tier !== 'free') await db.query('update stores set tier = $1 where id = $2', [tier, d.id]);
  return { id: d.id, sid: d.sid, secret: d.secret, unauth_token: d.unauth_token, token };
}

async function hook(store: Store, p: string): Promise<string> {
  const res = await call(0, 'POST', '/webhooks', { headers: basic(store), body: { topic: 'products', callback_url: rx.url(p) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function deliveryJobs(store: Store): Promise<Array<{ id: string; state: string; status: string; attempts: number; lease_owner: string | null; lease_expires_at: number | null }>> {
  const { rows } = await db.query("select id, state, status, attempts, lease_owner, lease_expires_at from jobs where type = 'webhook_delivery' and store_id = $1", [store.id]);
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), lease_expires_at: r.lease_expires_at === null ? null : new Date(r.lease_expires_at).getTime() }));
}

/** lease_owner is `host:pid:nonce`: the worker process holding the job. */
const pidOf = (owner: string) => Number(owner.split(':')[1]);

function workerIndexOf(pid: number): number {
  return topo.workers.findIndex((w) => w.pid === pid);
}

describe.skipIf(scaleOut.skip)(`scale-out topology: 2 × folio serve + 2 × folio worker on PostgreSQL, Redis and S3${scaleOut.note}`, () => {
  it('what one API process writes, the other reads (database and object store)', async () => {
    const store = await newStore();
    const made = await call(0, 'POST', '/products', { headers: basic(store), body: { name: 'Mug' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    const read = await call(1, 'GET', `/products/${id}`, { headers: { 'x-service-unauth-token': store.unauth_token } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, name: 'Mug' });
    const put = await call(1, 'PUT', `/products/${id}`, { headers: basic(store), body: { name: 'Big mug' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(0, 'GET', `/products/${id}`, { headers: basic(store) })).body.data.name).toBe('Big mug');

    // A blob written through one process (S3) is served to a link the other hands out.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pic.png');
    const up = await fetch(`${topo.urls[0]}/images`, { method: 'POST', headers: basic(store), body: form });
    const upBody = (await up.json()) as any;
    expect(up.status, JSON.stringify(upBody)).toBe(201);
    const image = Array.isArray(upBody.data) ? upBody.data[0] : upBody.data;
    const again = await call(1, 'GET', `/images/${image.id}`, { headers: basic(store) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const link = new URL(again.body.data.url as string);
    expect(link.origin).toBe(topo.s3.endpoint);
    const blob = await fetch(link);
    expect(blob.status).toBe(200);
    expect(Buffer.from(await blob.arrayBuffer()).equals(png)).toBe(true);
  });

  it('an API key revoked through one process is refused by the other on the next request', async () => {
    const store = await newStore('advanced');
    const created = await call(0, 'POST', `/stores/${store.id}/api-keys`, { headers: basic(store), body: { name: 'topology' } });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const key = created.body.key as string;
    const keyId = created.body.data.uuid as string;
    // Both processes have seen (and cached) the key.
    for (const i of [0, 1, 0, 1]) {
      const res = await call(i, 'GET', '/products', { headers: { 'x-api-key': key } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const revoked = await call(0, 'DELETE', `/stores/${store.id}/api-keys/${keyId}`, { headers: basic(store) });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const next = await call(1, 'GET', '/products', { headers: { 'x-api-key': key } });
    expect(next.status).toBe(401);
    expect(next.body.error).toBeDefined();
    expect((await call(0, 'GET', '/products', { headers: { 'x-api-key': key } })).status).toBe(401);
  });

  it(`the rate limit is shared: request ${PREMIUM_RPM + 1} in the minute is refused whichever process gets it`, async () => {
    const store = await newStore('premium');
    for (let n = 1; n <= PREMIUM_RPM; n++) {
      const res = await call(n % 2, 'GET', '/products', { headers: basic(store) });
      expect(res.status, `request ${n} via API ${n % 2}`).toBe(200);
    }
    for (const i of [0, 1]) {
      const refused = await call(i, 'GET', '/products', { headers: basic(store) });
      expect(refused.status, `API ${i}`).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.error).toBeDefined();
    }
    // Another principal is not affected.
    expect((await call(0, 'GET', '/products', { headers: basic(await newStore('premium')) })).status).toBe(200);
  });

  it('every job is processed exactly once across both workers', async () => {
    const store = await newStore('pro');
    await hook(store, '/once');
    rx.delayMs = 100; // each delivery holds its worker a moment: both workers get some
    const owners = new Set<string>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const j of await deliveryJobs(store)) if (j.lease_owner) owners.add(j.lease_owner);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    try {
      const N = 40;
      const made = await Promise.all(Array.from({ length: N }, (_, n) => call(n % 2, 'POST', '/products', { headers: basic(store), body: { name: `P${n}` } })));
      expect(made.map((m) => m.status)).toEqual(Array(N).fill(201));
      const got = await rx.waitFor('/once', N, 60_000);
      await waitFor(async () => (await deliveryJobs(store)).every((j) => j.state === 'completed') || undefined, 'every delivery job to complete', 30_000, 100);
      // Past a lease and a few sweeps: nothing arrives twice.
      await new Promise((r) => setTimeout(r, LEASE_MS + 600));
      expect(rx.at('/once')).toHaveLength(N);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(N);
      const jobs = await deliveryJobs(store);
      expect(jobs).toHaveLength(N);
      expect(jobs.every((j) => j.state === 'completed' && j.status === 'delivered' && j.attempts === 1)).toBe(true);
    } finally {
      watching = false;
      await watcher;
      rx.delayMs = 0;
    }
    const pids = new Set([...owners].map(pidOf));
    expect([...pids].sort()).toEqual(topo.workers.map((w) => w.pid).sort());
  });

  it('a worker killed (SIGKILL) mid-job is replaced by the other after the lease', async () => {
    const store = await newStore('pro');
    await hook(store, '/kill');
    rx.script('/kill', ['hang']);
    let leaseUntil = 0;
    let killed = -1;
    rx.onRequest = () => {
      rx.onRequest = null;
      void (async () => {
        const running = (await deliveryJobs(store)).find((j) => j.state === 'running');
        killed = workerIndexOf(pidOf(running!.lease_owner!));
        leaseUntil = running!.lease_expires_at!;
        await topo.killWorker(killed, 'SIGKILL');
      })();
    };
    expect((await call(1, 'POST', '/products', { headers: basic(store), body: { name: 'Killer' } })).status).toBe(201);
    const got = await rx.waitFor('/kill', 2, 30_000);
    expect(killed).toBeGreaterThanOrEqual(0);
    expect(topo.workers[killed]!.alive).toBe(false);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    // The survivor took it over only once the dead worker's lease had run out (a renewal
    // after our read would only have pushed it later).
    expect(got[1]!.at).toBeGreaterThanOrEqual(leaseUntil);
    const [job] = await waitFor(async () => {
      const jobs = await deliveryJobs(store);
      return jobs[0]?.state === 'completed' ? jobs : undefined;
    }, 'the delivery job to complete', 20_000, 100);
    expect(job).toMatchObject({ state: 'completed', status: 'delivered', attempts: 2 });
    // Back to two workers for what follows.
    await topo.startWorker(killed);
  });

  it('Redis restarted under load: jobs and rate limits recover without loss', async () => {
    const store = await newStore('pro');
    await hook(store, '/redis');
    const limited = await newStore('premium');
    const results: Res[] = [];
    const made: string[] = [];
    let running = true;
    const loop = async (i: number) => {
      let n = 0;
      while (running) {
        const res = await call(i, 'POST', '/products', { headers: basic(store), body: { name: `R${i}-${n++}` } });
        results.push(res);
        if (res.status === 201) made.push(res.body.data.id);
        results.push(await call(i, 'GET', '/products?limit=5', { headers: basic(store) }));
      }
    };
    const loops = [loop(0), loop(1), loop(0), loop(1)];
    await new Promise((r) => setTimeout(r, 1000));
    await topo.redis.restart(500);
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await Promise.all(loops);

    // Nothing failed while Redis was away: the limiter fails open, announcements are left to the sweep.
    expect(results.filter((r) => r.status !== 200 && r.status !== 201).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(10_000);
    // Every product made (before, during and after) is delivered exactly once.
    const got = await rx.waitFor('/redis', made.length, 60_000);
    await new Promise((r) => setTimeout(r, LEASE_MS + 600));
    expect(rx.at('/redis')).toHaveLength(made.length);
    expect(new Set(got.map((r) => JSON.parse(r.body).data.id)).size).toBe(made.length);
    expect(new Set(got.map((r) => JSON.parse(r.body).data.id))).toEqual(new Set(made));

    // The limiter counts again, shared, on the restarted Redis.
    for (let n = 1; n <= PREMIUM_RPM; n++) expect((await call(n % 2, 'GET', '/products', { headers: basic(limited) })).status, `request ${n}`).toBe(200);
    for (const i of [0, 1]) expect((await call(i, 'GET', '/products', { headers: basic(limited) })).status).toBe(429);
    for (const i of [0, 1]) expect((await call(i, 'GET', '/ready')).status).toBe(200);
  }, 120_000);

  it('PostgreSQL unreachable: /v1/ready and requests answer 503 promptly, no process dies, then everything recovers', async () => {
    const store = await newStore('pro');
    await hook(store, '/pg');
    topo.proxy.cut();
    try {
      for (const i of [0, 1]) {
        const ready = await call(i, 'GET', '/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.checks.database).toMatch(/^unavailable/);
        expect(ready.ms).toBeLessThan(5000);
        expect((await call(i, 'GET', '/health')).status).toBe(200);
        for (const [method, url, body] of [
          ['GET', '/products', undefined],
          ['POST', '/products', { name: 'during the outage' }],
        ] as const) {
          const res = await call(i, method, url, { headers: basic(store), body });
          // An outage, said as one: 503 with the error envelope and Retry-After, not a 500.
          expect(res.status, `${method} ${url} via API ${i}: ${JSON.stringify(res.body)}`).toBe(503);
          expect(res.body).toMatchObject({ error: { code: 'unavailable' }, message: expect.any(String) });
          expect(res.headers.get('retry-after')).toBe('5');
          expect(res.ms).toBeLessThan(10_000);
        }
      }
      // Workers keep running without their database.
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      topo.proxy.restore();
    }
    for (const i of [0, 1]) {
      await waitFor(async () => ((await call(i, 'GET', '/ready')).status === 200 ? true : undefined), `API ${i} to be ready again`, 20_000, 200);
    }
    const made = await call(0, 'POST', '/products', { headers: basic(store), body: { name: 'after the outage' } });
    expect(made.status).toBe(201);
    expect((await call(1, 'GET', `/products/${made.body.data.id}`, { headers: basic(store) })).status).toBe(200);
    const got = await rx.waitFor('/pg', 1, 30_000);
    expect(JSON.parse(got[0]!.body).data.name).toBe('after the outage');
    expect([...topo.apis, ...topo.workers].every((p) => p.alive)).toBe(true);
  }, 60_000);
});
