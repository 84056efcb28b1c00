import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiWorld, ORIGIN_HOST, type Tenant } from '../../helpers/api-world.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { as, signUp, type TestUser } from '../../helpers/factories.js';
import type { Operation } from '../../helpers/openapi-ops.js';
import { waitFor } from '../../helpers/wait.js';

/**
 * OWASP API Security Top 10 (2023), the risks that involve money and the outside world:
 * API6 (the wallet under concurrent and replayed charges), API7 (SSRF through every URL an
 * operation takes), API10 (remote answers are checked before they are trusted).
 * One app with workers; remove.bg is a local stand-in whose behaviour each test sets.
 */
type Mode = 'html' | 'huge' | 'redirect' | 'garbage-png' | 'error-page';

let db: IsolatedDatabase;
let world: ApiWorld;
let A: Tenant;
let canary: { port: number; hits: string[]; close(): Promise<void> };
let removeBg: { url: string; mode: Mode; calls: number; hugeSentMb: number; close(): Promise<void> };

/** Records every request: the target SSRF attempts must never reach. */
async function startCanary() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end('canary');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** remove.bg's endpoint, answering as `mode` says. */
async function startRemoveBg(canaryPort: number) {
  const state = { url: '', mode: 'html' as Mode, calls: 0, hugeSentMb: 0, close: async () => undefined as void };
  const server = http.createServer((req, res) => {
    req.resume();
    state.calls++;
    switch (state.mode) {
      case 'html':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>steal()</script>internal-detail-xyz</html>');
      case 'garbage-png':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096, 0x5a));
      case 'redirect':
        return void res.writeHead(307, { location: `http://127.0.0.1:${canaryPort}/steal-the-key` }).end();
      case 'error-page':
        return void res.writeHead(500, { 'content-type': 'text/plain' }).end(`internal-detail-xyz ${'x'.repeat(200_000)}`);
      case 'huge': {
        // 64 MB of a "PNG", streamed without a length: the reader must stop long before the end.
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(1 << 20, 0x89);
        let sent = 0;
        const pump = () => {
          while (sent < 64 && !res.destroyed) {
            sent++;
            state.hugeSentMb = sent;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}

/** A webhook receiver (reached through the allow-listed name) that answers with a redirect or 64 MB. */
async function startReceiver(canaryPort: number) {
  const state = { port: 0, hugeSentMb: 0, close: async () => undefined as void };
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/redirect') return void res.writeHead(307, { location: `http://127.0.0.1:${canaryPort}/webhook-steal` }).end('internal-detail-xyz');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.on('error', () => undefined);
    const chunk = Buffer.from(`internal-detail-xyz ${'x'.repeat((1 << 20) - 20)}`);
    let sent = 0;
    const pump = () => {
      while (sent < 64 && !res.destroyed) {
        sent++;
        state.hugeSentMb = sent;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.port = (server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}

beforeAll(async () => {
  canary = await startCanary();
  removeBg = await startRemoveBg(canary.port);
  db = await isolatedDatabase();
  world = await ApiWorld.create({
    env: { ...db.env, FOLIO_BG_PROVIDER: 'remove.bg', FOLIO_REMOVE_BG_API_KEY: 'rbg-secret-key', FOLIO_REMOVE_BG_URL: removeBg.url, FOLIO_JOB_POLL_MS: '50', FOLIO_JOB_MAX_ATTEMPTS: '1' },
    webhooks: { retryScheduleMs: [50], timeoutMs: 1000 },
  });
  A = world.tenant;
  await world.t.deps.startWorkers();
}, 120_000);

afterAll(async () => {
  await world?.close();
  await db?.drop();
  await canary?.close();
  await removeBg?.close();
});

const J = (u: TestUser) => as.J(u);
const balance = async (u: TestUser) => (await world.t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers: J(u) })).json().data.balance as number;
const bgJob = (u: TestUser, id: string) =>
  waitFor(
    async () => {
      const job = (await world.t.app.inject({ method: 'GET', url: `/v1/services/bg-remove/${id}`, headers: J(u) })).json();
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `bg-remove job ${id}`,
    20_000,
    50,
  );

/** Operations that fetch their URL during the request. */
const FETCH_NOW = /^POST \/v1\/(fonts|services\/preflight\/checks|services\/studio\/face-crop|services\/studio\/qr\/generate)$/;

/** A batch answer (face crop) whose every item failed because its URL was refused. */
function refusedPerItem(body: { results?: Array<{ status?: string; error?: { code?: string } }> }): boolean {
  const items = body.results ?? [];
  return items.length > 0 && items.every((r) => r.status === 'failed' && /^fetch_/.test(r.error?.code ?? ''));
}

/** Top-level URL fields of an operation's JSON body: format uri, or named *url / *urls. */
function urlFields(op: Operation): Array<{ name: string; array: boolean }> {
  const props = (op.json?.properties ?? {}) as Record<string, any>;
  return Object.entries(props)
    .filter(([k, s]) => s.format === 'uri' || /urls?$/i.test(k) || s.items?.format === 'uri')
    .map(([name, s]) => ({ name, array: s.type === 'array' }));
}

describe('OWASP API Security Top 10 (2023)', () => {
  it('API6:2023 Unrestricted Access to Sensitive Business Flows: concurrent and replayed charges never overdraw or charge twice', async () => {
    // A separate app and database with no workers: charges stay charged (no job runs, so no
    // refund blurs the sums; the other app's workers would take jobs from a shared database).
    const own = await isolatedDatabase();
    const t: TestApp = await buildTestApp({ env: { ...own.env, FOLIO_SIGNUP_TOKENS: '0' } });
    try {
      const u = await signUp(t.app);
      await t.deps.wallet.credit(u.id, 3 * 150 + 100, 'test');
      const bg = (key: string, image = 'https://cdn.example.test/a.png') =>
        t.app.inject({ method: 'POST', url: '/v1/services/bg-remove', headers: { ...J(u), 'idempotency-key': key }, payload: { image_url: image } });
      const bal = async () => (await t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers: J(u) })).json().data.balance as number;

      // 12 charges of 150 at once against 550: exactly 3 pass, 9 are the wallet's 402, 100 left.
      const parallel = await Promise.all(Array.from({ length: 12 }, (_, i) => bg(`par-${i}`)));
      const codes = parallel.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 202)).toHaveLength(3);
      expect(codes.filter((c) => c === 402)).toHaveLength(9);
      for (const r of parallel.filter((x) => x.statusCode === 402)) {
        expect(envelopeProblem(r)).toBeNull();
        expect(r.json()).toMatchObject({ error: 'INSUFFICIENT_TOKENS', balance: expect.any(Number), shortfall: expect.any(Number) });
      }
      expect(await bal()).toBe(100);

      // Replays of one key, in parallel and after: one job, one charge.
      await t.deps.wallet.credit(u.id, 150, 'test');
      const replays = await Promise.all(Array.from({ length: 6 }, () => bg('same-key')));
      const later = await bg('same-key');
      const jobs = new Set([...replays, later].filter((r) => r.statusCode === 202).map((r) => r.json().job_id));
      expect(jobs.size).toBe(1);
      for (const r of [...replays, later]) expect([202, 409], r.body).toContain(r.statusCode);
      expect(await bal()).toBe(100);
      // The same key with another body charges nothing.
      const other = await bg('same-key', 'https://cdn.example.test/b.png');
      expect(other.statusCode, other.body).toBe(409);
      expect(await bal()).toBe(100);

      // Two charged services racing over one wallet: the ledger never goes below zero.
      const qr = (n: number, i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/services/studio/qr/generate',
          headers: { ...J(u), 'idempotency-key': `qr-${i}` },
          payload: { job_id: `j${i}`, subjects: Array.from({ length: n }, (_, k) => ({ student_id: `s${k}`, name: `N ${k}` })) },
        });
      const mixed = await Promise.all([...Array.from({ length: 4 }, (_, i) => qr(40, i)), ...Array.from({ length: 3 }, (_, i) => bg(`mix-${i}`))]);
      for (const r of mixed) expect([200, 202, 402], r.body).toContain(r.statusCode);
      const spent = mixed.reduce((sum, r, i) => sum + (r.statusCode < 300 ? (i < 4 ? 40 : 150) : 0), 0);
      expect(spent).toBeLessThanOrEqual(100);
      expect(await bal()).toBe(100 - spent);
      const audit = await t.deps.wallet.audit(u.id);
      expect(audit.ledgerSum).toBe(audit.balance);
      expect(audit.minBalanceAfter).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
      await own.drop();
    }
  });

  it('API7:2023 Server Side Request Forgery: no operation fetches a loopback, private, metadata or redirected-to-private URL', async () => {
    const P = canary.port;
    // Control: through the allow-listed name the same port is reached, so zero hits below mean refusals.
    const fontOp = world.ops.find((o) => o.method === 'POST' && o.path === '/v1/fonts')!;
    await world.call(fontOp, 'B', { body: { contentType: 'application/json', payload: JSON.stringify({ name: 'Control', url: `http://${ORIGIN_HOST}:${P}/control.ttf` }) } });
    expect(canary.hits).toEqual(['GET /control.ttf']);
    canary.hits.length = 0;

    const targets = [
      `http://127.0.0.1:${P}/a.png`,
      `http://localhost:${P}/a.png`,
      `http://[::1]:${P}/a.png`,
      `http://[::ffff:127.0.0.1]:${P}/a.png`,
      `http://0.0.0.0:${P}/a.png`,
      `http://2130706433:${P}/a.png`,
      `http://0x7f.0.0.1:${P}/a.png`,
      `http://127.1:${P}/a.png`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://10.0.0.1/a.png',
      `http://internal.example.test:${P}/a.png`,
      `${world.originBase}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${P}/a.png`)}`,
      `${world.originBase}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      `file:///etc/passwd`,
      `gopher://127.0.0.1:${P}/_x`,
    ];
    const ops = world.ops.filter((o) => o.kinds.length > 0 && urlFields(o).length > 0);
    const covered = ops.map((o) => `${o.method} ${o.path}`);
    // Every URL-taking operation the interface names is found (so the walk is not vacuous).
    for (const p of ['POST /v1/fonts', 'POST /v1/webhooks', 'PUT /v1/webhooks/{id}', 'POST /v1/services/bg-remove', 'POST /v1/services/preflight/checks', 'POST /v1/services/studio/face-crop'])
      expect(covered, p).toContain(p);

    const problems: string[] = [];
    const jobs: string[] = [];
    for (const op of ops) {
      const url = world.realPath(op, A);
      if (!url) continue;
      const kind = world.strongest(op);
      const base = JSON.parse(String(world.validBodies(op, A, 1)[0]!.payload ?? '{}'));
      for (const field of urlFields(op)) {
        for (const target of targets) {
          const body = { ...base, [field.name]: field.array ? [target] : target };
          if (field.name === 'image_urls') delete body.image_url;
          if (field.name === 'image_url') delete body.image_urls;
          const res = await world.call(op, kind, { url, body: { contentType: 'application/json', payload: JSON.stringify(body) } });
          if (res.statusCode >= 500 || envelopeProblem(res)) problems.push(`${op.method} ${op.path} ${field.name}=${target}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          if (res.statusCode < 300 && op.path === '/v1/services/bg-remove') jobs.push(res.json().job_id);
          // Operations that fetch at once must refuse; ones that only store a URL (a store's shop
          // URL, a webhook's receiver, a subject's photo) may keep it: the canary shows they never fetch it.
          else if (res.statusCode < 300 && FETCH_NOW.test(`${op.method} ${op.path}`) && !refusedPerItem(res.json())) problems.push(`${op.method} ${op.path} ${field.name}=${target} accepted: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    // Asynchronous fetches (background removal) end failed, refunded, and touched nothing.
    expect(jobs.length).toBeGreaterThan(0);
    for (const id of jobs) {
      const job = await bgJob(A.user, id);
      expect(job.status, JSON.stringify(job)).toBe('failed');
    }
    // Webhooks that were accepted deliver nothing to a private address: make an event for them.
    const productOp = world.ops.find((o) => o.method === 'POST' && o.path === '/v1/products')!;
    await world.call(productOp, 'B', { body: world.validBodies(productOp, A, 1)[0]! });
    await new Promise((r) => setTimeout(r, 1500));
    expect(problems).toEqual([]);
    expect(canary.hits).toEqual([]);
  });

  it('API10:2023 Unsafe Consumption of APIs: remote answers (remove.bg, webhook receivers) that are not usable, too large, a redirect or an error page are handled cleanly', async () => {
    // A new account: no earlier job of its own can be refunded while this test reads the wallet.
    const u = await signUp(world.t.app);
    const modes: Mode[] = ['html', 'garbage-png', 'huge', 'redirect', 'error-page'];
    for (const mode of modes) {
      removeBg.mode = mode;
      const calls = removeBg.calls;
      const before = await balance(u);
      const res = await world.t.app.inject({
        method: 'POST',
        url: '/v1/services/bg-remove',
        headers: J(u),
        payload: { image_url: `${world.originBase}/a.png` },
      });
      expect(res.statusCode, res.body).toBe(202);
      const started = Date.now();
      const job = await bgJob(u, res.json().job_id);
      expect(removeBg.calls, mode).toBeGreaterThan(calls);
      expect(job.status, `${mode}: ${JSON.stringify(job)}`).toBe('failed');
      expect(job.output_url, mode).toBeNull();
      // Nothing of the remote body is echoed, and the message stays short.
      expect(JSON.stringify(job), mode).not.toContain('internal-detail-xyz');
      expect(JSON.stringify(job), mode).not.toContain('steal');
      expect(String(job.error_message ?? '').length, mode).toBeLessThan(300);
      expect(Date.now() - started, `${mode} took too long`).toBeLessThan(15_000);
      // Refunded: the wallet is where it was.
      expect(await balance(u), mode).toBe(before);
    }
    // Webhook receivers are remote APIs too: one answers with a redirect to a private address,
    // one with 64 MB. The redirect is not followed, the body is not read past its first bytes,
    // and each delivery is recorded with a short error and at most 1 KiB of the answer.
    const rx = await startReceiver(canary.port);
    try {
      const hooks: Array<{ id: string; kind: string }> = [];
      for (const kind of ['redirect', 'huge']) {
        const res = await world.t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(A.store), payload: { topic: 'products', callback_url: `http://${ORIGIN_HOST}:${rx.port}/${kind}` } });
        expect(res.statusCode, res.body).toBe(201);
        hooks.push({ id: res.json().data.id, kind });
      }
      const productOp = world.ops.find((o) => o.method === 'POST' && o.path === '/v1/products')!;
      expect((await world.call(productOp, 'B', { body: world.validBodies(productOp, A, 1)[0]! })).statusCode).toBe(201);
      for (const hook of hooks) {
        const delivery = await waitFor(
          async () => {
            const list = (await world.t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}/deliveries`, headers: as.B(A.store) })).json().data as any[];
            return list.find((d) => d.attempt_count > 0);
          },
          `a delivery attempt to the ${hook.kind} receiver`,
          10_000,
          50,
        );
        // The store owner sees the first KiB of its own receiver's answer, never more.
        for (const a of delivery.attempts) expect(String(a.response_body ?? '').length, hook.kind).toBeLessThanOrEqual(1024);
        expect(String(delivery.last_error ?? '').length, hook.kind).toBeLessThan(300);
        if (hook.kind === 'redirect') expect(delivery.status === 'succeeded', 'a redirect is not a delivery').toBe(false);
      }
      expect(rx.hugeSentMb, 'the 64 MB answer was not read to its end').toBeLessThan(32);
    } finally {
      await rx.close();
    }

    // The 64 MB answer was abandoned once it passed what an answer for this input can be.
    expect(removeBg.hugeSentMb).toBeLessThan(32);
    // The redirect was not followed: the key never reached the address it pointed at.
    expect(canary.hits).toEqual([]);
  });
});
