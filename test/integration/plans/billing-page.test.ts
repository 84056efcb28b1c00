import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

/**
 * The default FOLIO_BILLING_URL ($FOLIO_PUBLIC_URL/billing) is a page Folio serves: the 402
 * `top_up_url` and the plan-gate `cta.url` lead somewhere that says how tokens and plans are
 * bought. A deployment with its own shop sets FOLIO_BILLING_URL, and Folio serves no page.
 */
describe('/billing with the default FOLIO_BILLING_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('the top-up link of an insufficient-tokens answer is served: an HTML page saying how tokens are bought', async () => {
    const topUp = new URL(t.deps.wallet.topUpUrl);
    expect(`${topUp.origin}${topUp.pathname}`).toBe('http://folio.test/billing');
    const res = await t.app.inject({ method: 'GET', url: `${topUp.pathname}${topUp.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('top up tokens');
    expect(res.body).toContain('folio wallet credit');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an upgrade link names the tier asked for; an unknown tier is not echoed', async () => {
    const cta = t.deps.plans.cta() as Record<string, { url: string }>;
    const [tier, { url }] = Object.entries(cta)[0]!;
    const u = new URL(url);
    const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<strong>${tier}</strong> plan`);
    const evil = await t.app.inject({ method: 'GET', url: '/billing?tier=%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('<script>');
  });

  it('is not part of the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.includes('billing'))).toBe(false);
  });
});

describe('/billing with FOLIO_BILLING_URL set to a shop of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { FOLIO_BILLING_URL: 'https://shop.example.com/folio' } });
  });
  afterAll(async () => t.close());

  it('links point at the shop and Folio serves no page', async () => {
    expect(t.deps.wallet.topUpUrl).toBe('https://shop.example.com/folio?topup=tokens');
    expect((await t.app.inject({ method: 'GET', url: '/billing' })).statusCode).toBe(404);
  });
});
