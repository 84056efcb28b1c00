import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BG_REMOVE_FLOW } from '../../../src/modules/jobs/flows.js';
import { canonicalJson } from '../../../src/modules/wallet/idempotency.js';
import { bind, jobKind } from '../../../src/platform/queue/registry.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { chargedTestRoutes } from '../../helpers/charged-routes.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, signUp, type TestUser } from '../../helpers/factories.js';
import { deferred } from '../../helpers/wait.js';

const charged = jobKind<Record<string, unknown>, null>({ type: 'tidem.charged', statuses: BG_REMOVE_FLOW });
let hold: ReturnType<typeof deferred<void>> | null = null;
let reached: ReturnType<typeof deferred<void>> | null = null;

let t: TestApp;
let db: IsolatedDatabase;
beforeAll(async () => {
  db = await isolatedDatabase();
  t = await buildTestApp({
    env: db.env,
    jobs: [bind(charged, async () => null)],
    routes: chargedTestRoutes({ charged }, {
      syncWork: async () => {
        reached?.resolve();
        await hold?.promise;
      },
    }),
  });
});
afterAll(async () => {
  hold?.resolve();
  await t?.close();
  await db?.drop();
});

function post(user: TestUser, key: string | null, payload: object, url = '/v1/test/jobs/charged') {
  return t.app.inject({ method: 'POST', url, headers: { ...as.J(user), ...(key === null ? {} : { 'idempotency-key': key }) }, payload });
}
const jobCount = async (user: TestUser) => (await t.deps.database.db.selectFrom('jobs').select('id').where('account_id', '=', user.id).execute()).length;
const charges = async (user: TestUser) =>
  (await t.deps.database.db.selectFrom('wallet_transactions').select('id').where('account_id', '=', user.id).where('type', '=', 'charge').execute()).length;

describe('Idempotency-Key on a charged job creation', () => {
  it('a retry with the same key and body replays the first answer and charges nothing', async () => {
    const user = await signUp(t.app);
    const first = await post(user, 'order-1', { cost: 10, payload: { a: 1, b: [1, 2] } });
    expect(first.statusCode).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same body, keys in another order: the same request.
    const again = await post(user, 'order-1', { payload: { b: [1, 2], a: 1 }, cost: 10 });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.deps.wallet.balance(user.id)).toBe(40);
    expect(await jobCount(user)).toBe(1);
    expect(await charges(user)).toBe(1);
  });

  it('the same key with another body is 409 and charges nothing', async () => {
    const user = await signUp(t.app);
    expect((await post(user, 'k-409', { cost: 10 })).statusCode).toBe(202);
    const other = await post(user, 'k-409', { cost: 11 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'conflict', message: 'This Idempotency-Key was used with a different request' });
    expect(await t.deps.wallet.balance(user.id)).toBe(40);
  });

  it('racing retries with one key create one job and one charge, and all get the same answer', async () => {
    const user = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 25 }, () => post(user, 'race', { cost: 5 })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(25).fill(202));
    expect(new Set(responses.map((r) => r.json().job_id)).size).toBe(1);
    expect(await jobCount(user)).toBe(1);
    expect(await charges(user)).toBe(1);
    expect(await t.deps.wallet.balance(user.id)).toBe(45);
  });

  it('keys belong to an account: another account may use the same key', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const ra = await post(a, 'shared-key', { cost: 1 });
    const rb = await post(b, 'shared-key', { cost: 1 });
    expect(ra.json().job_id).not.toBe(rb.json().job_id);
    expect(await t.deps.wallet.balance(b.id)).toBe(49);
  });

  it('a 402 does not use up the key: after a top-up the same key charges', async () => {
    const user = await signUp(t.app);
    expect((await post(user, 'after-topup', { cost: 80 })).statusCode).toBe(402);
    await t.deps.wallet.credit(user.id, 100, 'topup');
    const res = await post(user, 'after-topup', { cost: 80 });
    expect(res.statusCode).toBe(202);
    expect(await t.deps.wallet.balance(user.id)).toBe(70);
  });

  it('after 24 hours a key is forgotten', async () => {
    const user = await signUp(t.app);
    const first = await post(user, 'old-key', { cost: 1 });
    await t.deps.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('account_id', '=', user.id)
      .execute();
    const second = await post(user, 'old-key', { cost: 1 });
    expect(second.statusCode).toBe(202);
    expect(second.json().job_id).not.toBe(first.json().job_id);
    expect(await charges(user)).toBe(2);
    expect(await t.deps.idempotency.sweep()).toBe(0);
  });

  it('without a key nothing is remembered; a malformed key is 400', async () => {
    const user = await signUp(t.app);
    const a = await post(user, null, { cost: 1 });
    const b = await post(user, null, { cost: 1 });
    expect(a.json().job_id).not.toBe(b.json().job_id);
    const bad = await post(user, 'x'.repeat(256), { cost: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error['Idempotency-Key']).toEqual(['must be 1-255 visible ASCII characters']);
    expect((await post(user, 'has space', { cost: 1 })).statusCode).toBe(400);
  });
});

describe('Idempotency-Key on a synchronous charged call', () => {
  it('charges once, replays the answer, and refunds and frees the key when the work fails', async () => {
    const user = await signUp(t.app);
    const ok = await post(user, 'sync-1', { cost: 6 }, '/v1/test/charged-sync');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ results: ['done'], tokens_deducted: 6 });
    const replay = await post(user, 'sync-1', { cost: 6 }, '/v1/test/charged-sync');
    expect(replay.json()).toEqual(ok.json());
    expect(await t.deps.wallet.balance(user.id)).toBe(44);

    const failed = await post(user, 'sync-2', { cost: 6, fail: true }, '/v1/test/charged-sync');
    expect(failed.statusCode).toBe(503);
    expect(await t.deps.wallet.balance(user.id)).toBe(44);
    const entries = await t.deps.database.db.selectFrom('wallet_transactions').select(['type', 'amount']).where('account_id', '=', user.id).orderBy('id').execute();
    expect(entries.map((e) => `${e.type}:${Number(e.amount)}`)).toEqual(['credit:50', 'charge:-6', 'charge:-6', 'refund:6']);
    // The key was given back: the corrected retry runs for real.
    expect((await post(user, 'sync-2', { cost: 6, fail: true }, '/v1/test/charged-sync')).statusCode).toBe(503);
  });

  it('a retry while the first call is still running is 409, not a second charge', async () => {
    const user = await signUp(t.app);
    hold = deferred<void>();
    reached = deferred<void>();
    const first = post(user, 'slow', { cost: 3 }, '/v1/test/charged-sync');
    await reached.promise; // the first call holds the key and has been charged
    const second = await post(user, 'slow', { cost: 3 }, '/v1/test/charged-sync');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('A request with this Idempotency-Key is in progress');
    hold.resolve();
    expect((await first).statusCode).toBe(200);
    expect(await t.deps.wallet.balance(user.id)).toBe(47);
    hold = null;
    reached = null;
  });
});

describe('canonical request body', () => {
  it('ignores key order and undefined, keeps array order and types', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });
});
