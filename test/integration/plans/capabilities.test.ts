import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS_FILE } from '../../../src/modules/plans/plans.service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore } from '../../helpers/factories.js';
import { expectAuthCases, expectEnvelope401 } from '../../helpers/auth-cases.js';

const BILLING = 'https://billing.example/upgrade';
const table = JSON.parse(fs.readFileSync(DEFAULT_PLANS_FILE, 'utf8')) as {
  tiers: string[];
  capabilities: Record<string, string>;
  quotas: Record<string, Record<string, number | null>>;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FOLIO_BILLING_URL: BILLING } });
});
afterAll(async () => t.close());

const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers });

describe('GET /v1/account/capabilities', () => {
  it('answers the store key and the store JWT with entitlement, matrix and cta', async () => {
    const store = await createStore(t.app);
    for (const headers of [as.B(store), as.JS(store)]) {
      const res = await read(headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(typeof body.message).toBe('string');
      expect(body.data.entitlement).toEqual({
        tier: 'free',
        capabilities: { webhooks: false, api_keys: false, studio_premium_layouts: false },
        quotas: { clipart_storage_bytes: 104_857_600, preflight_checks_per_month: 20, requests_per_minute: 1000 },
      });
      expect(Object.keys(body.data.matrix)).toEqual(table.tiers);
      expect(Object.keys(body.data.cta)).toEqual(table.tiers);
      for (const tier of table.tiers) {
        expect(body.data.cta[tier]).toEqual({ url: `${BILLING}?tier=${tier}` });
        expect(Object.keys(body.data.matrix[tier].capabilities).sort()).toEqual(Object.keys(table.capabilities).sort());
        for (const [quota, byTier] of Object.entries(table.quotas)) expect(body.data.matrix[tier].quotas[quota], `${tier} ${quota}`).toBe(byTier[tier]);
      }
      expect(body.data.matrix.pro.capabilities).toEqual({ webhooks: true, api_keys: false, studio_premium_layouts: false });
      expect(body.data.matrix.premium.capabilities).toEqual({ webhooks: true, api_keys: true, studio_premium_layouts: true });
      expect(body.data.matrix.premium.quotas.clipart_storage_bytes).toBe(21_474_836_480); // above 2^32: not truncated
      expect(body.data.matrix.enterprise.quotas.preflight_checks_per_month).toBeNull(); // unlimited
    }
  });

  it('follows a tier change at once', async () => {
    const store = await createStore(t.app);
    await t.deps.stores.setTier(store.id, 'advanced');
    const res = await read(as.B(store));
    expect(res.statusCode).toBe(200);
    const { entitlement } = res.json().data;
    expect(entitlement.tier).toBe('advanced');
    expect(entitlement.capabilities).toEqual({ webhooks: true, api_keys: true, studio_premium_layouts: false });
    expect(entitlement.quotas.preflight_checks_per_month).toBe(2000);
    // Another store of the same owner keeps its own tier.
    const sibling = await createStore(t.app, store.owner);
    expect((await read(as.JS(sibling))).json().data.entitlement.tier).toBe('free');
  });

  it('answers 403 to the account JWT alone: a user is not a store', async () => {
    const store = await createStore(t.app);
    const res = await read(as.J(store.owner));
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.error).toMatchObject({ message: expect.any(String), code: 'forbidden' });
    expect(body.data).toBeUndefined();
  });

  it('answers 401 to the public token and to no credential', async () => {
    const store = await createStore(t.app);
    expectEnvelope401(await read(as.U(store)));
    expectEnvelope401(await read({}));
    // The route lists K, B, J+S (and J, for its 403); every other kind and every bad secret is 401.
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/account/capabilities', accepts: ['K', 'B', 'JS', 'J'] }, store);
  });
});
