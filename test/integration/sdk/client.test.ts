import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS_FILE, type PlanTable } from '../../../src/modules/plans/plans.service.js';
import {
  accountJwt,
  apiKey,
  createFolioClient,
  FolioError,
  ForbiddenError,
  InsufficientTokensError,
  JobError,
  NotFoundError,
  PlanGateError,
  publicToken,
  RateLimitedError,
  storeKey,
  UnauthenticatedError,
  ValidationError,
  type FolioClient,
} from '../../../packages/sdk/src/index.js';
import { listeningServer, type ListeningServer } from './server.js';

// The 429 case needs a low limit; it gets a tier of its own so the other tests are not slowed.
const LIMITED_TIER_RPM = 3;
function plans(): PlanTable {
  const table = JSON.parse(fs.readFileSync(DEFAULT_PLANS_FILE, 'utf8')) as PlanTable & { $comment?: string };
  delete table.$comment;
  table.quotas.requests_per_minute = { ...table.quotas.requests_per_minute, pro: LIMITED_TIER_RPM };
  return table;
}

let s: ListeningServer;
beforeAll(async () => {
  s = await listeningServer({ plans: plans(), workers: true });
});
afterAll(async () => s.close());

const PASSWORD = 'Corr3ct-Horse!';

/** Signs up through the SDK and creates a store; returns clients for each credential kind. */
async function onboard() {
  const anon = createFolioClient({ baseUrl: s.url });
  const email = `sdk-${randomUUID()}@example.test`;
  const signedUp = await anon.post('/account', { body: { name: 'Ada Lovelace', email, password: PASSWORD } });
  const account = anon.withCredential(accountJwt(signedUp.data.access_token));
  const created = await account.post('/stores', { params: { query: { include: 'credentials' } }, body: { store_name: 'Acme Prints' } });
  const store = created.data;
  return {
    email,
    account,
    store,
    jwt: signedUp.data.access_token,
    server: account.withCredential(storeKey(store.sid!, store.secret!)),
    browser: account.withCredential(publicToken(store.unauth_token!)),
    dashboard: account.withCredential(accountJwt(signedUp.data.access_token, store.sid!)),
  };
}

describe('the SDK against a listening server', () => {
  let o: Awaited<ReturnType<typeof onboard>>;
  beforeAll(async () => {
    o = await onboard();
  });

  it('signs up, signs in and creates a store with typed answers', async () => {
    expect(o.store.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(o.store.sid).toMatch(/^sid_/);
    const anon = createFolioClient({ baseUrl: `${s.url}/v1/` }); // a base URL with /v1 works too
    const signedIn = await anon.post('/account/signIn', { body: { email: o.email, password: PASSWORD } });
    expect(signedIn.data.token_type).toBe('bearer');
    const me = await anon.withCredential(accountJwt(signedIn.data.access_token)).get('/account');
    expect(me.data.email).toBe(o.email);
    const stores = await o.account.get('/stores');
    expect(stores.data.map((x) => x.id)).toContain(o.store.id);
  });

  it('creates products and sides and reads them back with each store credential kind', async () => {
    const product = (await o.server.post('/products', { body: { name: 'Business card', dpi: 300, dimension_unit: 'inch' } })).data;
    const side = (await o.dashboard.post('/sides', { body: { product_id: product.id, name: 'Front', width: 3.5, height: 2 } })).data;
    expect(side.product_id).toBe(product.id);
    for (const c of [o.server, o.browser, o.dashboard]) {
      const read = await c.get('/products/{id}', { params: { path: { id: product.id } } });
      expect(read.data.name).toBe('Business card');
    }
    const sides = await o.browser.get('/products/{id}/sides', { params: { path: { id: product.id } } });
    expect(sides.data.map((x) => x.id)).toEqual([side.id]);
  });

  it('iterates a list across pages, each item once, in order', async () => {
    const fresh = await onboard();
    const names = Array.from({ length: 7 }, (_, i) => `P${i}`);
    for (const name of names) await fresh.server.post('/products', { body: { name } });
    const seen: string[] = [];
    for await (const p of fresh.server.paginate('/products', { query: { limit: 3, sort: 'asc', sortBy: 'created_date' } })) seen.push(p.name);
    expect(seen).toEqual(names);
    // The same through the browser credential, newest first.
    const desc: string[] = [];
    for await (const p of fresh.browser.paginate('/products', { query: { limit: 2 } })) desc.push(p.name);
    expect(desc).toEqual([...names].reverse());
  });

  it('sends API keys as Bearer or X-API-Key, and an account key with a store sid', async () => {
    const fresh = await onboard();
    await s.deps.stores.setTier(fresh.store.id, 'advanced');
    const created = (await fresh.server.post('/stores/{store}/api-keys', { params: { path: { store: fresh.store.id } }, body: { name: 'checkout' } })) as { key: string };
    expect(created.key).toMatch(/^sk_live_/);
    for (const header of ['authorization', 'x-api-key'] as const) {
      const c = fresh.server.withCredential(apiKey(created.key, { header }));
      const made = await c.post('/products', { body: { name: `via ${header}` } });
      expect(made.data.name).toBe(`via ${header}`);
    }
    const account = (await fresh.account.post('/account/api-keys', { body: { name: 'ops' } })) as { key: string };
    expect(account.key).toMatch(/^sk_acc_live_/);
    const details = await fresh.server.withCredential(apiKey(account.key, { storeSid: fresh.store.sid! })).get('/stores/store-details');
    expect(details.data.id).toBe(fresh.store.id);
  });

  it('waits for a PDF job with growing pauses between polls', async () => {
    const product = (await o.server.post('/products', { body: { name: 'Flyer', dimension_unit: 'inch', dpi: 300 } })).data;
    const side = (await o.server.post('/sides', { body: { product_id: product.id, name: 'Front', width: 4, height: 6 } })).data;
    const layers = [{ type: 'textbox', text: 'Spring sale', left: 40, top: 40, width: 800, fontSize: 72, fontFamily: 'Open Sans', fill: '#1a73e8' }];
    const design = (await o.browser.post('/designs', { body: { side_id: side.id, viewport_width: 1200, viewport_height: 1800, layers } })).data;
    const queued = (await o.browser.post('/designs/{id}/pdf', { params: { path: { id: design.id } }, body: {} })).data;
    expect(['queued', 'processing', 'completed']).toContain(queued.status);

    const polls: number[] = [];
    const watched = createFolioClient({
      baseUrl: s.url,
      credential: publicToken(o.store.unauth_token!),
      fetch: (req) => {
        if (req.url.includes('/v1/jobs/')) polls.push(performance.now());
        return fetch(req);
      },
    });
    const job = await watched.waitForJob(queued.id, { initialDelayMs: 40, maxDelayMs: 640, timeoutMs: 60_000 });
    expect(job.status).toBe('completed');
    expect(String(job.pdf_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//);
    const pdf = await fetch(String(job.pdf_url));
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Pauses double: 40, 80, 160 … ms (never shorter; longer is the machine's business).
    for (let i = 1; i < polls.length; i++) expect(polls[i]! - polls[i - 1]!, `pause ${i}`).toBeGreaterThanOrEqual(Math.min(40 * 2 ** (i - 1), 640) - 5);
  });

  it('gives up on a job with JobError once the time is spent, and a job of another store is not found', async () => {
    const product = (await o.server.post('/products', { body: { name: 'Poster' } })).data;
    const side = (await o.server.post('/sides', { body: { product_id: product.id, name: 'Front', width: 18, height: 24 } })).data;
    const design = (await o.browser.post('/designs', { body: { side_id: side.id, layers: [] } })).data;
    const queued = (await o.browser.post('/designs/{id}/pdf', { params: { path: { id: design.id } }, body: {} })).data;
    const err = await o.browser.waitForJob(queued.id, { timeoutMs: 0 }).catch((e: unknown) => e);
    // A job this fast may already be done; otherwise the zero budget is spent at once.
    if (err) {
      expect(err).toBeInstanceOf(JobError);
      expect((err as JobError).message).toMatch(/still (queued|processing)/);
    }
    const other = await onboard();
    await expect(other.browser.waitForJob(queued.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  describe('turns each error envelope into its FolioError', () => {
    it('400 → ValidationError with the fields', async () => {
      const err = await o.server.post('/products', { body: { name: '' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).status).toBe(400);
      expect(Object.keys((err as ValidationError).fields)).toContain('name');
      expect((err as ValidationError).requestId).toBeTruthy();
    });

    it('401 → UnauthenticatedError, for a wrong secret and for a kind the operation does not take', async () => {
      const wrong = o.server.withCredential(storeKey(o.store.sid!, `${o.store.secret}x`));
      await expect(wrong.get('/products')).rejects.toBeInstanceOf(UnauthenticatedError);
      // GET /stores takes the account JWT only.
      await expect(o.server.get('/stores')).rejects.toBeInstanceOf(UnauthenticatedError);
    });

    it('403 → ForbiddenError when the credential lacks the scope', async () => {
      const fresh = await onboard();
      await s.deps.stores.setTier(fresh.store.id, 'advanced');
      const readOnly = (await fresh.server.post('/stores/{store}/api-keys', { params: { path: { store: fresh.store.id } }, body: { name: 'reader', scopes: ['catalog:read'] } })) as { key: string };
      const err = await fresh.server.withCredential(apiKey(readOnly.key)).post('/products', { body: { name: 'nope' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ForbiddenError);
      expect((err as ForbiddenError).code).toBe('insufficient_scope');
    });

    it('404 → NotFoundError', async () => {
      const err = await o.server.get('/products/{id}', { params: { path: { id: randomUUID() } } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotFoundError);
      expect((err as NotFoundError).code).toBe('not_found');
    });

    it('402 plan gate → PlanGateError with the current tier and where to upgrade', async () => {
      const fresh = await onboard(); // a new store is on the free tier: no API keys
      const err = await fresh.server.post('/stores/{store}/api-keys', { params: { path: { store: fresh.store.id } }, body: { name: 'x' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PlanGateError);
      const gate = err as PlanGateError;
      expect(gate.code).toBe('capability_not_available');
      expect(gate.currentTier).toBe('free');
      expect(gate.requiredTier).toBeTruthy();
      expect(gate.cta?.url).toMatch(/^https?:\/\//);
    });

    it('402 wallet → InsufficientTokensError with balance, shortfall and top-up link', async () => {
      const fresh = await onboard(); // 50 sign-up tokens; one token per QR subject
      const subjects = Array.from({ length: 53 }, (_, i) => ({ student_id: `S${i}`, name: `Student ${i}` }));
      const err = await fresh.account.post('/services/studio/qr/generate', { body: { job_id: 'J1', subjects } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InsufficientTokensError);
      const e = err as InsufficientTokensError;
      expect(e.balance).toBe(50);
      expect(e.shortfall).toBe(3);
      expect(e.topUpUrl).toBeTruthy();
      expect(e).toBeInstanceOf(FolioError);
    });

    it('429 → RateLimitedError with the Retry-After seconds', async () => {
      const fresh = await onboard();
      await s.deps.stores.setTier(fresh.store.id, 'pro');
      let caught: unknown = null;
      for (let i = 0; i <= LIMITED_TIER_RPM && !caught; i++) caught = await fresh.server.get('/products').then(() => null, (e: unknown) => e);
      expect(caught).toBeInstanceOf(RateLimitedError);
      expect((caught as RateLimitedError).retryAfter).toBeGreaterThan(0);
      expect((caught as RateLimitedError).retryAfter).toBeLessThanOrEqual(60);
    });
  });
});

// The client is typed from the document: these lines only compile while the document says so.
export function typeChecks(c: FolioClient): void {
  // @ts-expect-error: a path the API does not have
  void c.get('/no-such-path');
  // @ts-expect-error: POST /products needs a body with a name
  void c.post('/products', { body: {} });
  void c.get('/products', { params: { query: { limit: 10, sort: 'asc' } } });
  void c.op('getProduct', { params: { path: { id: 'x' } } });
  // @ts-expect-error: getProduct needs the product's id
  void c.op('getProduct');
  // @ts-expect-error: an operationId the API does not have
  void c.op('listProdcts');
  // @ts-expect-error: /stores has no …/count operation
  void c.count('/stores');
  void c.count('/products');
}
