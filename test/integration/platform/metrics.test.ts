import { Writable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BG_REMOVE_FLOW } from '../../../src/modules/jobs/flows.js';
import { chargedFields } from '../../../src/modules/jobs/jobs.service.js';
import { AppError } from '../../../src/platform/http/errors.js';
import { bind, JobFailure, jobKind } from '../../../src/platform/queue/registry.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { parseExposition, type Exposition } from '../../helpers/prometheus.js';
import { waitFor } from '../../helpers/wait.js';

const TOKEN = 'scrape-token-0123456789abcdef';

// Kinds of this file only (a shared PostgreSQL must never hand them to another file's app).
const ok = jobKind<{ n?: number }, { done: true }>({ type: 'tm.render', statuses: BG_REMOVE_FLOW });
const broken = jobKind<{ n?: number }, { done: true }>({ type: 'tm.cutout', statuses: BG_REMOVE_FLOW });
const flaky = jobKind<{ n?: number }, { done: true }>({ type: 'tm.flaky', statuses: BG_REMOVE_FLOW });
const kinds = { render: ok, cutout: broken, flaky };
const seenFlaky = new Set<string>();

let t: TestApp;
let db: IsolatedDatabase;
const logLines: Array<Record<string, any>> = [];

beforeAll(async () => {
  db = await isolatedDatabase();
  // The background logger as production builds it (pino, JSON lines), written into memory.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, any>);
      done();
    },
  });
  t = await buildTestApp({
    env: { ...db.env, FOLIO_METRICS_TOKEN: TOKEN, FOLIO_JOB_POLL_MS: '100', FOLIO_JOB_MAX_ATTEMPTS: '3' },
    logger: pino({ level: 'info' }, sink),
    jobRetryBaseMs: 20,
    jobs: [
      bind(ok, async () => ({ done: true as const })),
      bind(broken, async () => {
        throw new JobFailure('the image could not be read');
      }),
      bind(flaky, async (ctx) => {
        if (!seenFlaky.has(ctx.id)) {
          seenFlaky.add(ctx.id);
          throw new Error('transient engine failure');
        }
        return { done: true as const };
      }),
    ],
    // A paid job created by a store credential, as the PDF and service routes do.
    routes: (app, deps) => {
      app.post(
        '/test/metrics-jobs/:kind',
        { schema: { params: Type.Object({ kind: Type.String() }), body: Type.Object({ cost: Type.Integer({ minimum: 0 }) }) }, config: { auth: ['B'] } },
        async (req, reply) => {
          const kind = kinds[req.params.kind as keyof typeof kinds];
          if (!kind) throw AppError.notFound('Kind');
          const out = await deps.jobs.create(kind, { accountId: req.actor!.userId, storeId: req.actor!.storeId, payload: {}, cost: req.body.cost });
          if (out.replayed) throw new Error('unexpected replay');
          return reply.code(202).send({ job_id: out.job.id, ...chargedFields(out.charge) });
        },
      );
    },
  });
  await t.deps.startWorkers();
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

async function scrape(): Promise<Exposition> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

async function createJob(store: TestStore, kind: keyof typeof kinds, cost: number): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/test/metrics-jobs/${kind}`, headers: as.B(store), payload: { cost } });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { job_id: string }).job_id;
}

const settled = (id: string) =>
  waitFor(async () => {
    const j = await t.deps.jobs.byId(id);
    return j && (j.state === 'completed' || j.state === 'failed') ? j : undefined;
  }, `job ${id} to finish`);

describe('GET /metrics', () => {
  it('needs the bearer token: none or a wrong one is 401 in the error envelope', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ error: { message: expect.any(String) } });
    }
  });

  it('is not an API operation: absent from /v1/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('after real traffic, exposes requests by route pattern, jobs, wallet and platform gauges', async () => {
    const store = await createStore(t.app);
    const before = await scrape();
    const listLabels = { method: 'GET', route: '/v1/products', status_code: '200' };
    const itemLabels = { method: 'GET', route: '/v1/products/:id', status_code: '404' };
    const listBefore = before.value('http_request_duration_seconds_count', listLabels) ?? 0;

    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/products?limit=${i + 1}`, headers: as.B(store) });
      expect(res.statusCode).toBe(200);
    }
    for (const id of ['00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002']) {
      expect((await t.app.inject({ method: 'GET', url: `/v1/products/${id}`, headers: as.B(store) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/no-such-thing/42' })).statusCode).toBe(404);

    const succeeded = await createJob(store, 'render', 7);
    const failed = await createJob(store, 'cutout', 11);
    const retried = await createJob(store, 'flaky', 0);
    expect(await settled(succeeded)).toMatchObject({ state: 'completed' });
    expect(await settled(failed)).toMatchObject({ state: 'failed', refundTxId: expect.stringMatching(/^TX-/) });
    expect(await settled(retried)).toMatchObject({ state: 'completed', attempts: 2 });

    const m = await scrape();
    // HTTP: the route pattern, never the URL (five list calls with five query strings are one series).
    expect(m.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(m.value('http_request_duration_seconds_count', listLabels)! - listBefore).toBe(5);
    expect(m.value('http_request_duration_seconds_count', itemLabels)).toBe(2);
    expect(m.value('http_request_duration_seconds_bucket', { ...listLabels, le: '+Inf' })).toBe(m.value('http_request_duration_seconds_count', listLabels));
    expect(m.value('http_request_duration_seconds_sum', listLabels)).toBeGreaterThan(0);
    expect(m.find('http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toHaveLength(1);
    const routes = new Set(m.find('http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].filter((r) => /[0-9a-f]{8}-|\?|no-such-thing/.test(r!))).toEqual([]);

    // Jobs by kind and outcome, their durations, refunds.
    expect(m.value('folio_jobs_started_total', { kind: 'tm.render' })).toBe(1);
    expect(m.value('folio_jobs_started_total', { kind: 'tm.flaky' })).toBe(2);
    expect(m.value('folio_jobs_total', { kind: 'tm.render', outcome: 'succeeded' })).toBe(1);
    expect(m.value('folio_jobs_total', { kind: 'tm.cutout', outcome: 'failed' })).toBe(1);
    expect(m.value('folio_jobs_total', { kind: 'tm.flaky', outcome: 'retried' })).toBe(1);
    expect(m.value('folio_jobs_total', { kind: 'tm.flaky', outcome: 'succeeded' })).toBe(1);
    expect(m.value('folio_job_refunds_total', { kind: 'tm.cutout' })).toBe(1);
    expect(m.value('folio_job_refunds_total', { kind: 'tm.render' })).toBeUndefined();
    expect(m.value('folio_job_duration_seconds_count', { kind: 'tm.render', outcome: 'succeeded' })).toBe(1);
    expect(m.value('folio_job_duration_seconds_count', { kind: 'tm.cutout', outcome: 'failed' })).toBe(1);

    // The wallet: two charges (7 + 11 tokens; the free job charges nothing), one refund of 11.
    expect(m.value('folio_wallet_transactions_total', { type: 'charge', service: 'tm.render' })).toBe(1);
    expect(m.value('folio_wallet_tokens_total', { type: 'charge', service: 'tm.render' })).toBe(7);
    expect(m.value('folio_wallet_tokens_total', { type: 'charge', service: 'tm.cutout' })).toBe(11);
    expect(m.value('folio_wallet_transactions_total', { type: 'refund', service: 'tm.cutout' })).toBe(1);
    expect(m.value('folio_wallet_tokens_total', { type: 'refund', service: 'tm.cutout' })).toBe(11);
    expect(m.find('folio_wallet_transactions_total', { service: 'tm.flaky' })).toEqual([]);

    // Scrape-time gauges: nothing left in the queue, the database's connections, Redis when used.
    expect(m.types.get('folio_job_queue_depth')).toBe('gauge');
    expect(m.find('folio_job_queue_depth', { kind: 'tm.render' }).every((s) => s.value === 0)).toBe(true);
    const dialect = t.deps.database.dialect;
    expect(m.value('folio_db_pool_connections', { dialect, state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(m.value('folio_db_pool_connections', { dialect, state: 'max' })).toBe(dialect === 'sqlite' ? 1 : t.config.dbPoolSize);
    if (dialect === 'postgres') expect(m.value('folio_db_pool_connections', { dialect, state: 'idle' })).toEqual(expect.any(Number));
    if (t.deps.redis) expect(m.value('folio_redis_up')).toBe(1);
    else expect(m.find('folio_redis_up')).toEqual([]);
    if (t.deps.queue.driver === 'bullmq') expect(m.find('folio_queue_messages', { state: 'waiting' })).toHaveLength(1);

    // Default process metrics, on this app's own registry.
    expect(m.value('folio_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(m.find('folio_nodejs_heap_size_used_bytes')).toHaveLength(1);
  });

  it('counts a queued job in the depth gauge until a worker takes it', async () => {
    const store = await createStore(t.app);
    await t.deps.stopWorkers();
    try {
      await createJob(store, 'render', 0);
      await createJob(store, 'render', 0);
      const m = await scrape();
      expect(m.value('folio_job_queue_depth', { kind: 'tm.render', state: 'queued' })).toBe(2);
    } finally {
      await t.deps.startWorkers();
    }
    await waitFor(async () => {
      const m = await scrape();
      return (m.value('folio_job_queue_depth', { kind: 'tm.render', state: 'queued' }) ?? 0) === 0;
    }, 'the queued jobs to run');
  });
});

describe('job log lines', () => {
  it('one line per start, finish, retry, failure and refund, with job id, kind, store and account', async () => {
    const store = await createStore(t.app);
    const good = await createJob(store, 'render', 3);
    const bad = await createJob(store, 'cutout', 5);
    const again = await createJob(store, 'flaky', 0);
    for (const id of [good, bad, again]) await settled(id);
    // The refund line is written after the failing transaction commits, just after the row settles.
    await waitFor(async () => logLines.some((l) => l.job_id === bad && l.msg === 'job refunded'), 'the refund line');

    const who = { store_id: store.id, account_id: store.owner.id };
    const linesOf = (id: string) => logLines.filter((l) => l.job_id === id).map((l) => ({ msg: l.msg, level: l.level, kind: l.kind, store_id: l.store_id, account_id: l.account_id }));
    const INFO = 30;
    const WARN = 40;
    const ERROR = 50;
    expect(linesOf(good)).toEqual([
      { msg: 'job started', level: INFO, kind: 'tm.render', ...who },
      { msg: 'job finished', level: INFO, kind: 'tm.render', ...who },
    ]);
    expect(linesOf(bad)).toEqual([
      { msg: 'job started', level: INFO, kind: 'tm.cutout', ...who },
      { msg: 'job failed', level: WARN, kind: 'tm.cutout', ...who },
      { msg: 'job refunded', level: INFO, kind: 'tm.cutout', ...who },
    ]);
    expect(linesOf(again)).toEqual([
      { msg: 'job started', level: INFO, kind: 'tm.flaky', ...who },
      { msg: 'job handler failed', level: ERROR, kind: 'tm.flaky', ...who },
      { msg: 'job started', level: INFO, kind: 'tm.flaky', ...who },
      { msg: 'job finished', level: INFO, kind: 'tm.flaky', ...who },
    ]);

    const finished = logLines.find((l) => l.job_id === good && l.msg === 'job finished')!;
    expect(finished).toMatchObject({ attempt: 1, status: 'completed', duration_ms: expect.any(Number) });
    const failure = logLines.find((l) => l.job_id === bad && l.msg === 'job failed')!;
    expect(failure).toMatchObject({ status: 'failed', reason: 'the image could not be read' });
    const refund = logLines.find((l) => l.job_id === bad && l.msg === 'job refunded')!;
    const job = await t.deps.jobs.byId(bad);
    expect(refund).toMatchObject({ tokens: 5, wallet_transaction_id: job!.refundTxId });
    const retry = logLines.find((l) => l.job_id === again && l.msg === 'job handler failed')!;
    expect(retry).toMatchObject({ attempt: 1, retry_in_ms: 20, err: { message: 'transient engine failure' } });
  });
});
