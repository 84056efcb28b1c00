import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realEngines, type StudioEngines } from '../../../src/modules/studio/studio.engines.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, signUp, type TestUser } from '../../helpers/factories.js';
import { needs } from '../../helpers/requirements.js';
import { waitFor } from '../../helpers/wait.js';
import { balance } from './helpers.js';

/**
 * Issue 18, item 1: a charged call answered 503 must never stay charged. Overload is refused
 * before the charge (503 with Retry-After), or the call is refunded before it is answered;
 * a call whose process died is refunded within its lease, not a quarter of an hour later.
 */

const subjects = (n: number) => Array.from({ length: n }, (_, i) => ({ student_id: `S${i + 1}`, name: `Student ${i + 1}` }));

async function ledger(t: TestApp, accountId: string): Promise<{ charged: number; refunded: number }> {
  const rows = await t.deps.database.db
    .selectFrom('wallet_transactions')
    .select(['type', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('account_id', '=', accountId)
    .where('type', 'in', ['charge', 'refund'])
    .groupBy('type')
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.type, Number(r.total)]));
  return { charged: -(by.charge ?? 0), refunded: by.refund ?? 0 };
}

async function runningOperations(t: TestApp, accountId: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from studio_operations where account_id = ${accountId} and state = 'running'`.execute(t.deps.database.db);
  return Number(r.rows[0]!.n);
}

const pgGate = needs('postgres');
describe.skipIf(pgGate.skip)(`PostgreSQL with a small pool: parallel charged calls${pgGate.note}`, () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // Two connections, a short wait: 150 parallel calls overload it for sure.
    t = await buildTestApp({ env: { FOLIO_DB_POOL_SIZE: '2', FOLIO_DB_POOL_WAIT_MS: '300', FOLIO_SIGNUP_TOKENS: '1000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('charged − refunded = the 2xx answers once settled, and every 503 carries Retry-After', async () => {
    const user = await signUp(t.app);
    const before = await balance(t.app, user);
    const CALLS = 150;
    const COST = 2;
    const answers = await Promise.all(
      Array.from({ length: CALLS }, async (_, i) => {
        const res = await fetch(`${base}/v1/services/studio/qr/generate`, {
          method: 'POST',
          headers: { ...as.J(user), 'content-type': 'application/json' },
          body: JSON.stringify({ job_id: `OVL-${i}`, subjects: subjects(COST) }),
        });
        const body = (await res.json()) as Record<string, unknown>;
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
      }),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => [a.status, a.body])).toEqual([]);
    // The pool was overloaded (else this test proves nothing), and some calls still got through.
    expect(refused.length).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.retryAfter, JSON.stringify(r.body)).toMatch(/^\d+$/);

    // Settled by the time the answers are out: no call is left running, nothing to wait for.
    expect(await runningOperations(t, user.id)).toBe(0);
    const { charged, refunded } = await ledger(t, user.id);
    expect(charged - refunded).toBe(ok.length * COST);
    expect(await balance(t.app, user)).toBe(before - ok.length * COST);
    // Each 2xx names its own charge; the ledger holds no charge beyond them that stands.
    expect(new Set(ok.map((a) => a.body.wallet_transaction_id)).size).toBe(ok.length);
  }, 120_000);
});

describe('a failure after the charge (any database)', () => {
  let t: TestApp;
  let fail: 'none' | 'pool-timeout' | 'slow' = 'none';
  const engines: StudioEngines = {
    ...realEngines,
    qrSheet: async (opts) => {
      if (fail === 'pool-timeout') throw new Error('timeout exceeded when trying to connect');
      if (fail === 'slow') await new Promise((r) => setTimeout(r, 3500));
      return realEngines.qrSheet(opts);
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { FOLIO_OPERATION_LEASE_MS: '1000' }, studioEngines: engines });
    await t.deps.startWorkers();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const post = (user: TestUser, n: number) => t.app.inject({ method: 'POST', url: '/v1/services/studio/qr/generate', headers: as.J(user), payload: { job_id: 'F1', subjects: subjects(n) } });

  it('an outage error after the charge is answered 503 with Retry-After only once the tokens are back', async () => {
    fail = 'pool-timeout';
    try {
      const user = await signUp(t.app);
      const res = await post(user, 3);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      // refunded before the answer, not by a sweeper later
      expect(await balance(t.app, user)).toBe(50);
      expect(await ledger(t, user.id)).toEqual({ charged: 3, refunded: 3 });
      expect(await runningOperations(t, user.id)).toBe(0);
    } finally {
      fail = 'none';
    }
  });

  it('a call running longer than its lease is kept alive by its process, not refunded under it', async () => {
    fail = 'slow';
    try {
      const user = await signUp(t.app);
      const res = await post(user, 2);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ tokens_deducted: 2, tokens_refunded: 0 });
      expect(await balance(t.app, user)).toBe(48);
    } finally {
      fail = 'none';
    }
  }, 20_000);

  it('the call of a process that died is refunded within seconds, by the running sweeper', async () => {
    const user = await signUp(t.app);
    const { db } = t.deps.database;
    const charge = await db.transaction().execute((tx) => t.deps.wallet.chargeIn(tx, { accountId: user.id, cost: 5, reference: 'studio.qr:dead' }));
    const now = new Date();
    // as a live process would have written it: a lease of FOLIO_OPERATION_LEASE_MS from now
    await db
      .insertInto('studio_operations')
      .values({ id: `dead-${user.id}`, account_id: user.id, kind: 'qr', owner: 'dead-host:9:z', state: 'running', cost: 5, charge_tx_id: charge.txId, deadline_at: new Date(now.getTime() + 1000).toISOString(), created_at: now.toISOString(), updated_at: now.toISOString() })
      .execute();
    expect(await balance(t.app, user)).toBe(45);
    const t0 = Date.now();
    await waitFor(async () => (await balance(t.app, user)) === 50, 'the sweeper to refund the dead call', 10_000, 100);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await runningOperations(t, user.id)).toBe(0);
  }, 20_000);
});
