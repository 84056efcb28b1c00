import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletRepo } from '../../../src/modules/wallet/wallet.repo.js';
import { formatTxId, parseTxId, WalletService } from '../../../src/modules/wallet/wallet.service.js';
import { bind, jobKind } from '../../../src/platform/queue/registry.js';
import { BG_REMOVE_FLOW } from '../../../src/modules/jobs/flows.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { chargedTestRoutes } from '../../helpers/charged-routes.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, signUp, type TestUser } from '../../helpers/factories.js';

// A job kind whose jobs this file only creates (no workers run here).
const charged = jobKind<Record<string, unknown>, null>({ type: 'tw.charged', statuses: BG_REMOVE_FLOW });

let t: TestApp;
let db: IsolatedDatabase;
beforeAll(async () => {
  db = await isolatedDatabase();
  t = await buildTestApp({ env: db.env, jobs: [bind(charged, async () => null)], routes: chargedTestRoutes({ charged }) });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const wallet = (user: TestUser) => t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers: as.J(user) });
const transactions = (user: TestUser, query = '') => t.app.inject({ method: 'GET', url: `/v1/account/wallet/transactions${query}`, headers: as.J(user) });

describe('GET /v1/account/wallet', () => {
  it('starts every account with the sign-up grant', async () => {
    const user = await signUp(t.app);
    const res = await wallet(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { balance: 50, top_up_url: 'http://folio.test/billing?topup=tokens' }, message: 'Retrieved successfully' });
  });

  it('accepts the account JWT (and account API keys), never store credentials', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/account/wallet', accepts: ['J', 'K'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/account/wallet/transactions', accepts: ['J', 'K'] }, store);
  });

  it('honours FOLIO_SIGNUP_TOKENS, including 0 (a wallet, no ledger entry)', async () => {
    const user = await t.deps.identity.signUp({ name: 'Zero', email: `zero-${Date.now()}@example.test`, password: 'Corr3ct-Horse!' });
    const db = t.deps.database;
    await db.db.deleteFrom('wallet_transactions').where('account_id', '=', user.user.id).execute();
    await db.db.deleteFrom('wallets').where('account_id', '=', user.user.id).execute();
    const zero = new WalletService(db.db, new WalletRepo(db.db, db.dialect), t.deps.idempotency, { topUpUrl: t.deps.wallet.topUpUrl, signupTokens: 0 });
    await zero.grantSignup(user.user.id);
    const headers = { authorization: `Bearer ${user.access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers })).json().data.balance).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account/wallet/transactions', headers })).json().data).toEqual([]);
    expect(await db.db.selectFrom('wallets').select('balance').where('account_id', '=', user.user.id).executeTakeFirst()).toEqual({ balance: 0 });
    const seven = new WalletService(db.db, new WalletRepo(db.db, db.dialect), t.deps.idempotency, { topUpUrl: t.deps.wallet.topUpUrl, signupTokens: 7 });
    await seven.grantSignup(user.user.id);
    expect(await t.deps.wallet.balance(user.user.id)).toBe(7);
  });
});

describe('GET /v1/account/wallet/transactions', () => {
  it('lists the ledger newest first with TX ids, signed amounts and running balances', async () => {
    const user = await signUp(t.app);
    await t.deps.wallet.credit(user.id, 500, 'purchase:1');
    const job = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost: 150 } });
    expect(job.statusCode).toBe(202);
    const res = await transactions(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((e: { type: string }) => e.type)).toEqual(['charge', 'credit', 'credit']);
    const [charge, credit, grant] = body.data;
    expect(charge).toMatchObject({ type: 'charge', amount: -150, balance_after: 400, reference: `tw.charged:${job.json().job_id}`, refund_of: null });
    expect(charge.id).toBe(job.json().wallet_transaction_id);
    expect(credit).toMatchObject({ type: 'credit', amount: 500, balance_after: 550, reference: 'purchase:1' });
    expect(grant).toMatchObject({ type: 'credit', amount: 50, balance_after: 50, reference: 'signup_grant' });
    for (const e of body.data) {
      expect(e.id).toMatch(/^TX-\d{8}$/);
      expect(Date.parse(e.created_at)).not.toBeNaN();
    }
    expect(body.meta).toEqual({ path: 'http://folio.test/v1/account/wallet/transactions', per_page: 20 });
  });

  it('follows the list conventions: limit, cursors, sort, type filter, search, 413', async () => {
    const user = await signUp(t.app);
    for (let i = 1; i <= 5; i++) await t.deps.wallet.credit(user.id, i, `batch-${i}`);
    const seen: string[] = [];
    let url: string | null = '/v1/account/wallet/transactions?limit=2';
    while (url) {
      const res = await t.app.inject({ method: 'GET', url: url.replace('http://folio.test', ''), headers: as.J(user) });
      expect(res.statusCode).toBe(200);
      const body: { data: Array<{ id: string }>; links: { next: string | null } } = res.json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((e) => e.id));
      url = body.links.next;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const asc = (await transactions(user, '?sort=asc&sortBy=id')).json().data.map((e: { id: string }) => e.id);
    expect(asc).toEqual([...seen].reverse());
    expect((await transactions(user, '?type=credit')).json().data).toHaveLength(6);
    expect((await transactions(user, '?type=charge')).json().data).toHaveLength(0);
    expect((await transactions(user, '?search=BATCH-3')).json().data.map((e: { reference: string }) => e.reference)).toEqual(['batch-3']);
    expect((await transactions(user, '?limit=101')).statusCode).toBe(413);
    expect((await transactions(user, '?type=gift')).statusCode).toBe(400);
  });

  it("never shows another account's entries", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await t.deps.wallet.credit(b.id, 99, 'only-b');
    const ids = (await transactions(a)).json().data.map((e: { reference: string }) => e.reference);
    expect(ids).toEqual(['signup_grant']);
  });
});

describe('charging', () => {
  it('402 is exactly the wallet envelope, and writes nothing', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost: 150 } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'INSUFFICIENT_TOKENS', balance: 50, shortfall: 100, top_up_url: 'http://folio.test/billing?topup=tokens' });
    expect((await transactions(user)).json().data).toHaveLength(1);
    const jobs = await t.deps.database.db.selectFrom('jobs').select('id').where('account_id', '=', user.id).execute();
    expect(jobs).toHaveLength(0);
  });

  it('charges exactly the balance (balance 0 afterwards), then refuses one more token', async () => {
    const user = await signUp(t.app);
    const ok = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost: 50 } });
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toMatchObject({ tokens_deducted: 50 });
    const more = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost: 1 } });
    expect(more.json()).toEqual({ error: 'INSUFFICIENT_TOKENS', balance: 0, shortfall: 1, top_up_url: 'http://folio.test/billing?topup=tokens' });
  });

  it('refunds a charge at most once, even when asked many times at once', async () => {
    const user = await signUp(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost: 30 } });
    const chargeId = parseTxId(created.json().wallet_transaction_id)!;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => t.deps.wallet.refund(chargeId)));
    const refunds = results.filter((r) => r.status === 'fulfilled' && r.value !== null);
    expect(refunds).toHaveLength(1);
    expect(await t.deps.wallet.balance(user.id)).toBe(50);
    const entries = (await transactions(user)).json().data;
    expect(entries.filter((e: { type: string }) => e.type === 'refund')).toEqual([
      expect.objectContaining({ type: 'refund', amount: 30, balance_after: 50, refund_of: formatTxId(chargeId) }),
    ]);
    // The database itself refuses a second refund row for the charge.
    await expect(
      t.deps.database.db
        .insertInto('wallet_transactions')
        .values({ account_id: user.id, type: 'refund', amount: 30, balance_after: 80, reference: 'x', refund_of: chargeId, created_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
  });

  it('refunds part of a charge (failed studio items), never more than was charged', async () => {
    const user = await signUp(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost: 36 } });
    const chargeId = parseTxId(created.json().wallet_transaction_id)!;
    await expect(t.deps.wallet.refund(chargeId, { amount: 37 })).rejects.toThrow(/does not fit/);
    expect(await t.deps.wallet.refund(chargeId, { amount: 12 })).toMatchObject({ amount: 12, balance_after: 26 });
    expect(await t.deps.wallet.refund(chargeId, { amount: 12 })).toBeNull();
  });

  it('the balance can never go negative, whatever writes it', async () => {
    const user = await signUp(t.app);
    await expect(t.deps.database.db.updateTable('wallets').set({ balance: -1 }).where('account_id', '=', user.id).execute()).rejects.toThrow();
  });

  it('500 parallel charges: exactly the affordable number succeed, the rest get 402, the ledger sums to the balance', async () => {
    const user = await signUp(t.app);
    const cost = 7;
    const affordable = 137;
    // 50 (grant) + credit = 7 × 137 + 3
    await t.deps.wallet.credit(user.id, cost * affordable + 3 - 50, 'load-test');
    const responses = await Promise.all(
      Array.from({ length: 500 }, () => t.app.inject({ method: 'POST', url: '/v1/test/jobs/charged', headers: as.J(user), payload: { cost } })),
    );
    const ok = responses.filter((r) => r.statusCode === 202);
    const refused = responses.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(affordable);
    expect(refused).toHaveLength(500 - affordable);
    for (const r of refused) expect(r.json()).toEqual({ error: 'INSUFFICIENT_TOKENS', balance: 3, shortfall: 4, top_up_url: 'http://folio.test/billing?topup=tokens' });
    expect(new Set(ok.map((r) => r.json().wallet_transaction_id)).size).toBe(affordable);
    const audit = await t.deps.wallet.audit(user.id);
    expect(audit).toEqual({ balance: 3, ledgerSum: 3, entries: affordable + 2, minBalanceAfter: 3 });
    const jobs = await t.deps.database.db.selectFrom('jobs').select(['charge_tx_id']).where('account_id', '=', user.id).execute();
    expect(jobs).toHaveLength(affordable);
    expect(jobs.every((j) => j.charge_tx_id !== null)).toBe(true);
  });
});
