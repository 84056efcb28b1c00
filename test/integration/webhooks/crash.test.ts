import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { Receiver } from './receiver.js';

const script = path.resolve(import.meta.dirname, 'fixtures/webhook-worker.ts');
const root = path.resolve(import.meta.dirname, '../../..');

let db: IsolatedDatabase;
let dir: string;
let t: TestApp;
let rx: Receiver;
let workerEnv: Record<string, string>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await isolatedDatabase();
  rx = await new Receiver().start();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-wh-crash-'));
  const dbEnv = db.url ? db.env : { DATABASE_URL: `sqlite://${path.join(dir, 'folio.db')}` };
  // The test's app records events and never delivers: only the worker processes do.
  t = await buildTestApp({ env: { ...dbEnv, FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
  workerEnv = {
    PATH: process.env.PATH ?? '',
    ...dbEnv,
    // The same data dir: the same encryption key, so the worker can read the signing secret.
    FOLIO_DATA_DIR: t.dataDir,
    FOLIO_FETCH_ALLOWLIST: '127.0.0.1',
    ...(t.config.redisUrl ? { REDIS_URL: t.config.redisUrl } : {}),
    FOLIO_REDIS_PREFIX: t.config.redisPrefix,
    FOLIO_JOB_LEASE_MS: '1500',
    FOLIO_JOB_POLL_MS: '100',
    LOG_LEVEL: 'silent',
  };
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await t?.close();
  await rx?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function startWorker(): { child: ChildProcess; ready: Promise<void>; exited: Promise<NodeJS.Signals | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: workerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before ready: ${err.slice(-1500)}`)));
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_c, signal) => resolve(signal)));
  return { child, ready, exited };
}

describe('a worker killed in the middle of a delivery', () => {
  it('the delivery still arrives, once the lease expires, with the same webhook-id', async () => {
    const store = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
    rx.script('/crash', ['hang']);
    const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: { topic: 'products', callback_url: rx.url('/crash') } });
    expect(res.statusCode, res.body).toBe(201);
    const hookId = res.json().data.id as string;

    const first = startWorker();
    await first.ready;
    // The first request reaches the receiver, which holds it; the worker dies there.
    rx.onRequest = () => first.child.kill('SIGKILL');
    await t.deps.events.publish({ accountId: store.owner.id, storeId: store.id, topic: 'products', event: 'POST', data: { id: 'crash' } });
    await rx.waitFor('/crash', 1, 20_000);
    expect(await first.exited).toBe('SIGKILL');
    rx.onRequest = null;

    const second = startWorker();
    await second.ready;
    const got = await rx.waitFor('/crash', 2, 20_000);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect(got[1]!.body).toBe(got[0]!.body);
    const [d] = await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hookId}/deliveries`, headers: as.B(store) });
      const list = r.json().data as any[];
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 'the delivery to be logged as succeeded', 20_000, 50);
    // The killed attempt left no log line (the process died before writing it); the job ran twice.
    expect(d).toMatchObject({ status: 'succeeded', last_status_code: 200 });
    const job = await t.deps.database.db.selectFrom('jobs').selectAll().where('type', '=', 'webhook_delivery').where('store_id', '=', store.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'completed', status: 'delivered' });
    expect(Number(job.attempts)).toBe(2);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBeNull();
  });
});
