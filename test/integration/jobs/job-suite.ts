import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../src/modules/jobs/jobs.service.js';
import { AI_FIX_FLOW, BG_REMOVE_FLOW, STUDIO_BATCH_FLOW } from '../../../src/modules/jobs/flows.js';
import { bind, JobFailure, JobRetry, jobKind, type JobContext } from '../../../src/platform/queue/registry.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { chargedTestRoutes } from '../../helpers/charged-routes.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, signUp, type TestUser } from '../../helpers/factories.js';
import { deferred, waitFor } from '../../helpers/wait.js';

type Mode = 'ok' | 'fail' | 'flaky' | 'expected-retry' | 'crash' | 'block' | 'backwards' | 'to-terminal' | 'checkpoint';
interface Payload {
  mode?: Mode;
  /** flaky: attempts that throw before one succeeds */
  failures?: number;
}

/**
 * The job engine's behaviour, run once per queue driver. Kinds are named per driver so the
 * two suites never run each other's jobs when they share a database.
 */
export function jobSuite(driver: 'inprocess' | 'bullmq'): void {
  const p = driver === 'bullmq' ? 'tb' : 'ti';
  const calls: Array<{ id: string; type: string; attempt: number; status: string; progress: unknown }> = [];
  const gates = new Map<string, ReturnType<typeof deferred<void>>>();
  let running = 0;
  let maxRunning = 0;

  const gate = (id: string) => {
    let g = gates.get(id);
    if (!g) gates.set(id, (g = deferred<void>()));
    return g;
  };
  const entered = new Set<string>();

  async function behave(ctx: JobContext<Payload>): Promise<{ done: string; attempt: number }> {
    calls.push({ id: ctx.id, type: ctx.type, attempt: ctx.attempt, status: ctx.status, progress: ctx.progress });
    running++;
    maxRunning = Math.max(maxRunning, running);
    try {
      entered.add(ctx.id);
      switch (ctx.payload.mode ?? 'ok') {
        case 'fail':
          throw new JobFailure('The image could not be read');
        case 'crash':
          throw new Error('segfault in the engine');
        case 'flaky':
          if (ctx.attempt <= (ctx.payload.failures ?? 1)) throw new Error(`transient failure ${ctx.attempt}`);
          break;
        case 'expected-retry':
          if (ctx.attempt === 1) throw new JobRetry('the receiver answered 503');
          break;
        case 'block':
          await gate(ctx.id).promise;
          break;
        case 'checkpoint':
          if (ctx.progress === null) {
            await ctx.saveProgress({ step: 'first half done' });
            throw new Error('died half way');
          }
          break;
        default:
          break;
      }
      return { done: ctx.id, attempt: ctx.attempt };
    } finally {
      running--;
    }
  }

  const bg = jobKind<Payload, { done: string; attempt: number }>({ type: `${p}.bg-remove`, statuses: BG_REMOVE_FLOW });
  const aiFix = jobKind<Payload, { done: string }>({ type: `${p}.ai-fix`, statuses: AI_FIX_FLOW });
  const studio = jobKind<Payload, { done: string }>({ type: `${p}.studio`, statuses: STUDIO_BATCH_FLOW });
  const once = jobKind<Payload, { done: string }>({ type: `${p}.once`, statuses: BG_REMOVE_FLOW, maxAttempts: 1 });
  const free = jobKind<Payload, { done: string }>({ type: `${p}.free`, statuses: STUDIO_BATCH_FLOW, refundOnFailure: false });
  const bindings = [
    bind(bg, behave),
    bind(aiFix, async (ctx) => {
      calls.push({ id: ctx.id, type: ctx.type, attempt: ctx.attempt, status: ctx.status, progress: ctx.progress });
      if (ctx.payload.mode === 'to-terminal') await ctx.setStatus('completed');
      await ctx.setStatus('applying');
      calls.push({ id: ctx.id, type: ctx.type, attempt: ctx.attempt, status: ctx.status, progress: ctx.progress });
      if (ctx.payload.mode === 'block') await gate(ctx.id).promise;
      if (ctx.payload.mode === 'backwards') await ctx.setStatus('analyzing');
      return { done: ctx.id };
    }),
    bind(studio, async (ctx) => {
      calls.push({ id: ctx.id, type: ctx.type, attempt: ctx.attempt, status: ctx.status, progress: ctx.progress });
      await ctx.saveProgress({ current: 1, total: 2, percentage: 50 });
      if (ctx.payload.mode === 'block') await gate(ctx.id).promise;
      return { done: ctx.id };
    }),
    bind(once, behave),
    bind(free, behave),
  ];
  const kinds = { bg, aiFix, studio, once, free };

  let t: TestApp;
  let db: IsolatedDatabase;

  beforeAll(async () => {
    db = await isolatedDatabase();
    t = await buildTestApp({
      env: {
        ...db.env,
        FOLIO_QUEUE: driver,
        // Long enough that a slow heartbeat on a busy machine never loses a live job; the
        // lease-expiry tests set short leases on their own rows.
        FOLIO_JOB_LEASE_MS: '5000',
        FOLIO_JOB_POLL_MS: '100',
        FOLIO_WORKER_CONCURRENCY: '4',
        FOLIO_JOB_MAX_ATTEMPTS: '3',
        FOLIO_SHUTDOWN_TIMEOUT_MS: '3000',
      },
      jobs: bindings,
      jobRetryBaseMs: 20,
      routes: chargedTestRoutes(kinds),
    });
    await t.deps.startWorkers();
  });

  afterAll(async () => {
    for (const g of gates.values()) g.resolve();
    await t?.close();
    await db?.drop();
  });

  async function funded(tokens = 1000): Promise<TestUser> {
    const user = await signUp(t.app);
    if (tokens > 50) await t.deps.wallet.credit(user.id, tokens - 50, 'test_funds');
    return user;
  }

  async function create(user: TestUser, kind: keyof typeof kinds, cost: number, payload: Payload = {}) {
    const res = await t.app.inject({ method: 'POST', url: `/v1/test/jobs/${kind}`, headers: as.J(user), payload: { cost, payload } });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { job_id: string; status: string; tokens_deducted: number; wallet_transaction_id: string | null };
  }

  const job = async (id: string) => (await t.deps.jobs.byId(id))!;
  const settled = (id: string, timeoutMs = 10_000) =>
    waitFor(async () => {
      const j = await job(id);
      return j.state === 'completed' || j.state === 'failed' ? j : undefined;
    }, `job ${id} to finish`, timeoutMs);
  const ledger = async (user: TestUser) =>
    (await t.deps.database.db.selectFrom('wallet_transactions').selectAll().where('account_id', '=', user.id).orderBy('id').execute()).map((r) => ({
      type: r.type,
      amount: Number(r.amount),
      refund_of: r.refund_of === null ? null : Number(r.refund_of),
    }));

  describe(`job engine on the ${driver} driver`, () => {
    it('uses the configured driver', () => {
      expect(t.deps.queue.driver).toBe(driver);
    });

    it('runs a background-removal job: processing → completed, charged once, timestamps set', async () => {
      const user = await funded();
      const created = await create(user, 'bg', 150);
      expect(created).toMatchObject({ status: 'processing', tokens_deducted: 150 });
      expect(created.wallet_transaction_id).toMatch(/^TX-\d{8}$/);
      const done = await settled(created.job_id);
      expect(done).toMatchObject({ state: 'completed', status: 'completed', attempts: 1, error: null, refundTxId: null, chargeTxId: created.wallet_transaction_id });
      expect(done.result).toEqual({ done: created.job_id, attempt: 1 });
      expect(calls.find((c) => c.id === created.job_id)?.status).toBe('processing');
      const ts = [done.createdAt, done.startedAt!, done.completedAt!].map((s) => Date.parse(s));
      expect(ts.every(Number.isFinite)).toBe(true);
      expect(ts[0]! <= ts[1]! && ts[1]! <= ts[2]!).toBe(true);
      expect(await t.deps.wallet.balance(user.id)).toBe(850);
    });

    it('moves an AI fix job analyzing → applying → completed', async () => {
      const user = await funded();
      const created = await create(user, 'aiFix', 200, { mode: 'block' });
      expect(created.status).toBe('analyzing');
      await waitFor(async () => (await job(created.job_id)).status === 'applying', 'applying');
      expect((await job(created.job_id)).state).toBe('running');
      expect(calls.filter((c) => c.id === created.job_id).map((c) => c.status)).toEqual(['analyzing', 'applying']);
      gate(created.job_id).resolve();
      expect(await settled(created.job_id)).toMatchObject({ state: 'completed', status: 'completed' });
    });

    it('moves a studio batch queued → running → completed and keeps its progress', async () => {
      const user = await funded();
      const created = await create(user, 'studio', 12, { mode: 'block' });
      expect(created.status).toBe('queued');
      await waitFor(async () => (await job(created.job_id)).progress !== null, 'progress');
      expect(await job(created.job_id)).toMatchObject({ state: 'running', status: 'running', progress: { current: 1, total: 2, percentage: 50 } });
      expect(calls.find((c) => c.id === created.job_id)?.status).toBe('running');
      gate(created.job_id).resolve();
      expect(await settled(created.job_id)).toMatchObject({ status: 'completed', progress: { current: 1, total: 2, percentage: 50 } });
    });

    it('refuses status moves outside the kind’s path: backwards, or to a terminal status, fail the job (refunded)', async () => {
      const user = await funded();
      const back = await create(user, 'aiFix', 200, { mode: 'backwards' });
      const terminal = await create(user, 'aiFix', 200, { mode: 'to-terminal' });
      for (const id of [back.job_id, terminal.job_id]) {
        const j = await settled(id);
        expect(j).toMatchObject({ state: 'failed', status: 'failed' });
        expect(j.error).toMatch(/cannot move from/);
        expect(j.refundTxId).toMatch(/^TX-/);
      }
      expect(await t.deps.wallet.balance(user.id)).toBe(1000);
    });

    it('a JobFailure fails the job at once and refunds it exactly once', async () => {
      const user = await funded();
      const created = await create(user, 'bg', 150, { mode: 'fail' });
      const j = await settled(created.job_id);
      expect(j).toMatchObject({ state: 'failed', status: 'failed', attempts: 1, error: 'The image could not be read' });
      expect(j.completedAt).not.toBeNull();
      const entries = await ledger(user);
      expect(entries.filter((e) => e.type === 'refund')).toHaveLength(1);
      expect(entries.at(-1)).toMatchObject({ type: 'refund', amount: 150 });
      expect(await t.deps.wallet.balance(user.id)).toBe(1000);
      // Delivering the failed job again changes nothing.
      await t.deps.runner.run(created.job_id);
      await t.deps.queue.notify({ id: created.job_id, type: bg.type, attempt: 9 });
      expect((await ledger(user)).filter((e) => e.type === 'refund')).toHaveLength(1);
    });

    it('retries a handler error and completes on a later attempt, without a refund', async () => {
      const user = await funded();
      const created = await create(user, 'bg', 150, { mode: 'flaky', failures: 2 });
      const j = await settled(created.job_id);
      expect(j).toMatchObject({ state: 'completed', attempts: 3, refundTxId: null, result: { attempt: 3 } });
      expect(await t.deps.wallet.balance(user.id)).toBe(850);
    });

    it('logs an expected retry (JobRetry) at info without a stack, an unexpected error at error', async () => {
      const logger = t.deps.logger;
      const seen: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
      const spy = (level: 'info' | 'error') => {
        const orig = logger[level];
        const call = orig.bind(logger) as (obj: unknown, msg?: string) => void;
        logger[level] = ((obj: Record<string, unknown>, msg: string) => {
          // The attempt's outcome; every job also logs its start and finish.
          if (typeof obj === 'object' && obj && 'job_id' in obj && msg !== 'job started' && msg !== 'job finished') seen.push({ level, obj, msg });
          call(obj, msg);
        }) as never;
        return () => void (logger[level] = orig as never);
      };
      const restore = [spy('info'), spy('error')];
      try {
        const user = await funded();
        const expected = await create(user, 'bg', 150, { mode: 'expected-retry' });
        expect(await settled(expected.job_id)).toMatchObject({ state: 'completed', attempts: 2 });
        const unexpected = await create(user, 'bg', 150, { mode: 'flaky', failures: 1 });
        expect(await settled(unexpected.job_id)).toMatchObject({ state: 'completed', attempts: 2 });
        const a = seen.filter((e) => e.obj.job_id === expected.job_id);
        expect(a).toEqual([{ level: 'info', obj: expect.objectContaining({ reason: 'the receiver answered 503', attempt: 1 }), msg: 'job attempt failed' }]);
        expect(a[0]!.obj).not.toHaveProperty('err');
        const b = seen.filter((e) => e.obj.job_id === unexpected.job_id);
        expect(b).toEqual([{ level: 'error', obj: expect.objectContaining({ err: expect.any(Error) }), msg: 'job handler failed' }]);
      } finally {
        for (const r of restore) r();
      }
    });

    it('lets a handler skip work an earlier attempt saved', async () => {
      const user = await funded();
      const created = await create(user, 'bg', 10, { mode: 'checkpoint' });
      const j = await settled(created.job_id);
      expect(j).toMatchObject({ state: 'completed', attempts: 2, progress: { step: 'first half done' } });
      expect(calls.filter((c) => c.id === created.job_id).map((c) => c.progress)).toEqual([null, { step: 'first half done' }]);
    });

    it('fails and refunds once the attempts are spent', async () => {
      const user = await funded();
      const created = await create(user, 'bg', 150, { mode: 'crash' });
      const j = await settled(created.job_id);
      expect(j).toMatchObject({ state: 'failed', status: 'failed', attempts: 3, error: 'Processing failed after 3 attempts' });
      expect((await ledger(user)).filter((e) => e.type === 'refund')).toHaveLength(1);
      expect(await t.deps.wallet.balance(user.id)).toBe(1000);
    });

    it('does not refund a kind that says so', async () => {
      const user = await funded();
      const created = await create(user, 'free', 5, { mode: 'fail' });
      expect(await settled(created.job_id)).toMatchObject({ state: 'failed', refundTxId: null });
      expect(await t.deps.wallet.balance(user.id)).toBe(995);
    });

    it('re-delivers a job whose worker died once its lease expires', async () => {
      await t.deps.stopWorkers();
      const user = await funded();
      const created = await create(user, 'bg', 150);
      // A worker that claims the job and then dies: its lease simply runs out.
      const row = (await t.deps.database.db.selectFrom('jobs').select(['id', 'state', 'attempts']).where('id', '=', created.job_id).executeTakeFirstOrThrow());
      const now = new Date();
      const ghost = await (t.deps.runner as unknown as { deps: { repo: import('../../../src/modules/jobs/jobs.repo.js').JobsRepo } }).deps.repo.claim(
        { id: row.id, state: 'queued', attempts: Number(row.attempts) },
        { owner: 'ghost-worker', expiresAt: new Date(now.getTime() + 300).toISOString(), now: now.toISOString(), status: 'processing' },
      );
      expect(ghost?.lease_owner).toBe('ghost-worker');
      await t.deps.startWorkers();
      const j = await settled(created.job_id);
      expect(j).toMatchObject({ state: 'completed', attempts: 2, result: { attempt: 2 } });
      expect(await t.deps.wallet.balance(user.id)).toBe(850);
    });

    it('fails and refunds a job whose worker died on its last attempt', async () => {
      await t.deps.stopWorkers();
      const user = await funded();
      const created = await create(user, 'once', 150);
      const now = new Date();
      const repo = (t.deps.runner as unknown as { deps: { repo: import('../../../src/modules/jobs/jobs.repo.js').JobsRepo } }).deps.repo;
      await repo.claim({ id: created.job_id, state: 'queued', attempts: 0 }, { owner: 'ghost-worker', expiresAt: new Date(now.getTime() + 200).toISOString(), now: now.toISOString(), status: 'processing' });
      await t.deps.startWorkers();
      const j = await settled(created.job_id);
      expect(j).toMatchObject({ state: 'failed', status: 'failed', attempts: 1 });
      expect(j.error).toMatch(/interrupted 1 time/);
      expect(calls.some((c) => c.id === created.job_id)).toBe(false);
      expect((await ledger(user)).filter((e) => e.type === 'refund')).toHaveLength(1);
      expect(await t.deps.wallet.balance(user.id)).toBe(1000);
    });

    it('never runs finished work twice, however often the id is delivered', async () => {
      const user = await funded();
      const created = await create(user, 'bg', 1);
      await settled(created.job_id);
      const before = calls.filter((c) => c.id === created.job_id).length;
      await Promise.all([t.deps.runner.run(created.job_id), t.deps.runner.run(created.job_id), t.deps.queue.notify({ id: created.job_id, type: bg.type, attempt: 7 })]);
      await new Promise((r) => setTimeout(r, 300));
      expect(calls.filter((c) => c.id === created.job_id)).toHaveLength(before);
      expect((await job(created.job_id)).attempts).toBe(1);
    });

    it('runs at most FOLIO_WORKER_CONCURRENCY jobs at a time', async () => {
      const user = await funded();
      maxRunning = 0;
      const ids = await Promise.all(Array.from({ length: 12 }, () => create(user, 'bg', 1, { mode: 'block' }).then((c) => c.job_id)));
      await waitFor(async () => ids.filter((id) => entered.has(id)).length === 4, '4 jobs running');
      await new Promise((r) => setTimeout(r, 200));
      expect(ids.filter((id) => entered.has(id))).toHaveLength(4);
      for (const id of ids) gate(id).resolve();
      for (const id of ids) expect((await settled(id)).state).toBe('completed');
      expect(maxRunning).toBe(4);
    });

    it('finds jobs that no message announced (written by another process)', async () => {
      const user = await funded();
      const repo = (t.deps.runner as unknown as { deps: { repo: import('../../../src/modules/jobs/jobs.repo.js').JobsRepo } }).deps.repo;
      const id = crypto.randomUUID();
      await repo.insert(t.deps.database.db, { id, type: bg.type, account_id: user.id, store_id: null, status: 'processing', max_attempts: 3, payload: '{}', cost: 0, charge_tx_id: null, now: new Date().toISOString() });
      expect((await settled(id)).state).toBe('completed');
    });

    it('stops gracefully: takes no new jobs and lets the running one finish', async () => {
      const user = await funded();
      const busy = await create(user, 'bg', 1, { mode: 'block' });
      await waitFor(async () => entered.has(busy.job_id), 'the job to start');
      setTimeout(() => gate(busy.job_id).resolve(), 200);
      const stopping = t.deps.stopWorkers();
      const late = await create(user, 'bg', 1);
      await stopping;
      expect((await job(busy.job_id)).state).toBe('completed');
      await new Promise((r) => setTimeout(r, 300));
      expect((await job(late.job_id)).state).toBe('queued');
      await t.deps.startWorkers();
      expect((await settled(late.job_id)).state).toBe('completed');
    });

    it('a 402 writes nothing: no job, no charge', async () => {
      const user = await signUp(t.app);
      const before = await t.deps.database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', user.id).executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/bg', headers: as.J(user), payload: { cost: 150 } });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: 'INSUFFICIENT_TOKENS', balance: 50, shortfall: 100, top_up_url: 'http://folio.test/billing?topup=tokens' });
      const after = await t.deps.database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', user.id).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await ledger(user)).toHaveLength(1);
    });
  });

  return undefined;
}

export type { Job };
