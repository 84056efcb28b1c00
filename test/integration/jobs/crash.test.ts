import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bind } from '../../../src/platform/queue/registry.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { signUp } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { crashOnce, crashPoison, crashRetry } from './fixtures/crash-kinds.js';

const script = path.resolve(import.meta.dirname, 'fixtures/crash-worker.ts');
const root = path.resolve(import.meta.dirname, '../../..');

let db: IsolatedDatabase;
let dir: string;
let t: TestApp;
let workerEnv: Record<string, string>;
const children: ChildProcess[] = [];
// Each case starts worker processes one after another (each transpiles the worker with tsx at start,
// seconds on a loaded 2-core CI machine) and waits out their leases: well past the default 30 s there.
const WORKER_TEST_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  db = await isolatedDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-crash-'));
  const dbEnv = db.url ? db.env : { DATABASE_URL: `sqlite://${path.join(dir, 'jobs.db')}` };
  // The test's own app only creates jobs; the worker processes run them.
  t = await buildTestApp({ env: dbEnv, jobs: [bind(crashRetry, async () => ({ attempt: 0 })), bind(crashOnce, async () => ({ attempt: 0 })), bind(crashPoison, async () => ({ attempt: 0 }))] });
  workerEnv = {
    PATH: process.env.PATH ?? '',
    ...dbEnv,
    FOLIO_DATA_DIR: path.join(dir, 'worker'),
    ...(t.config.redisUrl ? { REDIS_URL: t.config.redisUrl } : {}),
    FOLIO_REDIS_PREFIX: t.config.redisPrefix,
    FOLIO_JOB_LEASE_MS: '1500',
    FOLIO_JOB_POLL_MS: '100',
    FOLIO_WORKER_CONCURRENCY: '4',
    LOG_LEVEL: 'silent',
  };
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await t?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Worker {
  child: ChildProcess;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWorker(extra: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...workerEnv, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: string[] = [];
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    const parts = buf.split('\n');
    buf = parts.pop()!;
    lines.push(...parts);
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      if (code) lines.push(`stderr: ${err.slice(-2000)}`);
      resolve({ code, signal });
    }),
  );
  return { child, lines, exited };
}

describe('a worker process killed in the middle of a job', () => {
  it('on restart, the job completes or fails with exactly one refund; nothing stays processing', async () => {
    const user = await signUp(t.app);
    await t.deps.wallet.credit(user.id, 950, 'test_funds');
    const retry = await t.deps.jobs.create(crashRetry, { accountId: user.id, payload: { label: 'retry' }, cost: 150 });
    const once = await t.deps.jobs.create(crashOnce, { accountId: user.id, payload: { label: 'once' }, cost: 150 });
    if (retry.replayed || once.replayed) throw new Error('unexpected replay');
    const ids = [retry.job.id, once.job.id];
    expect(await t.deps.wallet.balance(user.id)).toBe(700);

    // 1. A worker takes both jobs and hangs in them; then it is killed without warning.
    const first = startWorker({ CRASH_BLOCK: '1' });
    await waitFor(async () => ids.every((id) => first.lines.some((l) => l.startsWith(`started ${id} 1`))) || undefined, `both jobs to start (${first.lines.join(' | ')})`, 30_000, 25);
    for (const id of ids) expect((await t.deps.jobs.byId(id))!).toMatchObject({ state: 'running', status: 'processing', attempts: 1 });
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    // 2. A new worker starts; once the dead worker's leases expire it takes over.
    const second = startWorker({ CRASH_BLOCK: '0' });
    const finished = await waitFor(
      async () => {
        const jobs = await Promise.all(ids.map((id) => t.deps.jobs.byId(id)));
        return jobs.every((j) => j!.state === 'completed' || j!.state === 'failed') ? jobs.map((j) => j!) : undefined;
      },
      `both jobs to finish (${second.lines.join(' | ')})`,
      30_000,
      50,
    );
    const [r, o] = finished;
    // Attempts left: delivered again and completed, charged once, never refunded.
    expect(r).toMatchObject({ state: 'completed', status: 'completed', attempts: 2, result: { attempt: 2 }, refundTxId: null });
    expect(second.lines).toContain(`started ${r!.id} 2`);
    // Its last attempt died with the worker: failed and refunded, exactly once, never re-run.
    expect(o).toMatchObject({ state: 'failed', status: 'failed', attempts: 1 });
    expect(o!.error).toMatch(/interrupted/);
    expect(second.lines.some((l) => l.startsWith(`started ${o!.id}`))).toBe(false);
    const refunds = await t.deps.database.db.selectFrom('wallet_transactions').selectAll().where('account_id', '=', user.id).where('type', '=', 'refund').execute();
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.amount)).toBe(150);
    expect(`TX-${String(refunds[0]!.refund_of).padStart(8, '0')}`).toBe(o!.chargeTxId);
    expect(await t.deps.wallet.balance(user.id)).toBe(850);
    const audit = await t.deps.wallet.audit(user.id);
    expect(audit.ledgerSum).toBe(audit.balance);
    const stuck = await t.deps.database.db.selectFrom('jobs').select('id').where('state', '=', 'running').execute();
    expect(stuck).toEqual([]);

    // 3. A graceful stop of the second worker exits cleanly.
    second.child.kill('SIGTERM');
    const exit = await second.exited;
    expect(exit, second.lines.join("\n")).toEqual({ code: 0, signal: null });
  }, WORKER_TEST_TIMEOUT_MS);
});

describe('a poison job: one that takes its worker down every time it runs (issue 37)', () => {
  it('is given up after its attempts, each counted before the handler ran; the next worker fails it without running it and lives', async () => {
    const user = await signUp(t.app);
    await t.deps.wallet.credit(user.id, 1000, 'test_funds');
    const before = await t.deps.wallet.balance(user.id);
    const created = await t.deps.jobs.create(crashPoison, { accountId: user.id, payload: { label: 'poison' }, cost: 100 });
    if (created.replayed) throw new Error('unexpected replay');
    const id = created.job.id;
    // Each worker takes the job (once the last one's lease has run out) and dies in it.
    for (const attempt of [1, 2]) {
      const w = startWorker({});
      const exit = await w.exited;
      expect(exit.signal, w.lines.join(' | ')).toBe('SIGKILL');
      expect(w.lines).toContain(`started ${id} ${attempt}`);
      // the attempt was written before the handler ran: the row says so although the process died in it
      expect((await t.deps.jobs.byId(id))!).toMatchObject({ state: 'running', attempts: attempt });
    }
    // The next worker finds the job interrupted as often as it may be: failed and refunded, never run again.
    const last = startWorker({});
    const failed = await waitFor(async () => {
      const j = await t.deps.jobs.byId(id);
      return j!.state === 'failed' ? j! : undefined;
    }, `the poison job to be given up (${last.lines.join(' | ')})`, 30_000, 50);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.error).toMatch(/interrupted 2 times/);
    expect(last.lines.some((l) => l.startsWith(`started ${id}`))).toBe(false);
    expect(last.child.exitCode).toBeNull();
    expect(await t.deps.wallet.balance(user.id)).toBe(before);
    last.child.kill('SIGTERM');
    expect(await last.exited, last.lines.join(' | ')).toEqual({ code: 0, signal: null });
  }, WORKER_TEST_TIMEOUT_MS);
});
