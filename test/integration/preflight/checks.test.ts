import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp, type TestUser } from '../../helpers/factories.js';
import { PLANS, check, checkOk, fixtureServer, fixtureSpec } from './helpers.js';

let t: TestApp;
let files: Awaited<ReturnType<typeof fixtureServer>>;

/** A user on an unlimited tier (a pro store), so quota never gets in the way. */
async function proUser(): Promise<TestUser> {
  const s = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
  return s.owner;
}

beforeAll(async () => {
  files = await fixtureServer();
  t = await buildTestApp({ plans: PLANS, env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
  await files?.close();
});

const score = (user: TestUser, payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/services/preflight/dpi-score', headers: as.J(user), payload: payload as object });

describe('credentials: J on every preflight route, J+S too on AI fix jobs', () => {
  it('answers 401 without a JWT or with a store credential', async () => {
    const store = await createStore(t.app);
    const id = '0190b2a0-0000-7000-8000-000000000000';
    const routes = [
      { method: 'POST' as const, url: '/v1/services/preflight/dpi-score', payload: { widthPx: 1, heightPx: 1, canvasWidthInches: 1, canvasHeightInches: 1, productType: 'poster' } },
      { method: 'POST' as const, url: '/v1/services/preflight/checks', payload: { designId: 'd', fileUrl: files.url('raster-ok.jpg') } },
      { method: 'GET' as const, url: '/v1/services/preflight/checks' },
      { method: 'GET' as const, url: `/v1/services/preflight/checks/${id}` },
      { method: 'DELETE' as const, url: `/v1/services/preflight/checks/${id}` },
      { method: 'POST' as const, url: '/v1/services/preflight/ai-jobs', payload: { preflightReportId: id } },
      { method: 'GET' as const, url: `/v1/services/preflight/ai-jobs/${id}` },
      { method: 'POST' as const, url: `/v1/services/preflight/ai-jobs/${id}/approve` },
      { method: 'POST' as const, url: `/v1/services/preflight/ai-jobs/${id}/reject` },
    ];
    // AI fix jobs also take the JWT with a store (its store becomes the job's: docs/preflight.md).
    for (const r of routes) await expectAuthCases(t.app, { ...r, accepts: r.url.includes('/ai-jobs') ? ['J', 'JS'] : ['J'] }, store);
  });
});

describe('POST /services/preflight/dpi-score', () => {
  it('scores 4000×3000 px on a 30×20 in photo canvas as 133 PPI, 4 stars, Good', async () => {
    const user = await signUp(t.app);
    const res = await score(user, { widthPx: 4000, heightPx: 3000, canvasWidthInches: 30, canvasHeightInches: 20, productType: 'photo_on_canvas' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { stars: 4, label: 'Good', effectivePpi: 133, minPpi: 100, productType: 'photo_on_canvas' }, message: expect.any(String) });
  });

  it('uses 150 PPI for posters and the star bands of decisions.md', async () => {
    const user = await signUp(t.app);
    const cases: Array<[number, number, string]> = [
      [3000, 5, 'Excellent'], // 300 / 150 = 2.0
      [1875, 4, 'Good'], // 1.25
      [1500, 3, 'Fair'], // 1.0
      [750, 2, 'Poor'], // 0.5
      [600, 1, 'Very poor'],
    ];
    for (const [px, stars, label] of cases) {
      const res = await score(user, { widthPx: px, heightPx: px, canvasWidthInches: 10, canvasHeightInches: 10, productType: 'poster' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ stars, label, minPpi: 150, effectivePpi: Math.round(px / 10) });
    }
  });

  it('requires every field, with the validation envelope naming it', async () => {
    const user = await signUp(t.app);
    const full = { widthPx: 4000, heightPx: 3000, canvasWidthInches: 30, canvasHeightInches: 20, productType: 'photo_on_canvas' };
    for (const field of Object.keys(full)) {
      const { [field]: _drop, ...rest } = full as Record<string, unknown>;
      const res = await score(user, rest);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid input', error: { [field]: expect.any(Array) } });
    }
  });

  it('rejects non-integer pixels, non-positive sizes, strings and unknown product types', async () => {
    const user = await signUp(t.app);
    const base = { widthPx: 4000, heightPx: 3000, canvasWidthInches: 30, canvasHeightInches: 20, productType: 'poster' };
    const bad: Array<[string, unknown]> = [
      ['widthPx', 10.5],
      ['heightPx', 0],
      ['widthPx', '4000'],
      ['canvasWidthInches', 0],
      ['canvasHeightInches', -2],
      ['productType', 'mug'],
    ];
    for (const [field, value] of bad) {
      const res = await score(user, { ...base, [field]: value });
      expect(res.statusCode, `${field}=${String(value)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error)).toContain(field);
    }
  });
});

describe('POST /services/preflight/checks', () => {
  it('creates a report with the detected file type, status and issues', async () => {
    const user = await proUser();
    const res = await check(t.app, user, files.url('raster-low-res-warning.jpg'), fixtureSpec('raster-low-res-warning.jpg'), 'design-42');
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json().data;
    expect(report).toMatchObject({
      reportId: expect.any(String),
      designId: 'design-42',
      fileUrl: files.url('raster-low-res-warning.jpg'),
      fileType: 'jpeg',
      status: 'warnings',
      issues: [{ code: 'LOW_RESOLUTION', severity: 'warning', fixType: 'upscale_resolution_2x', message: expect.any(String), details: expect.any(Object) }],
      spec: { canvasWidthInches: 4, canvasHeightInches: 3, productProfile: { requiredDpi: 150 } },
      sourceJobId: null,
      createdAt: expect.any(String),
    });
  });

  it('detects PDFs, reports a wrong declared fileType as a note, and an unreadable file as UNREADABLE_FILE', async () => {
    const user = await proUser();
    const pdf = await checkOk(t.app, user, files.url('pdf-no-bleed.pdf'), { ...fixtureSpec('pdf-no-bleed.pdf'), fileType: 'png' });
    expect(pdf.fileType).toBe('pdf');
    expect(pdf.status).toBe('failed');
    expect(pdf.issues.map((i) => i.code)).toEqual(['MISSING_BLEED']);
    expect(pdf.notes.join(' ')).toMatch(/declared as png/);
    const text = await checkOk(t.app, user, files.url('not-a-print-file.txt'), {});
    expect(text).toMatchObject({ status: 'failed', issues: [{ code: 'UNREADABLE_FILE' }] });
  });

  it('validates designId (1-200 chars), fileUrl, fileType, sizes and productType', async () => {
    const user = await proUser();
    const url = files.url('raster-ok.jpg');
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/services/preflight/checks', headers: as.J(user), payload });
    expect((await post({ designId: 'x'.repeat(200), fileUrl: url })).statusCode).toBe(201);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ fileUrl: url }, 'designId'],
      [{ designId: '', fileUrl: url }, 'designId'],
      [{ designId: 'x'.repeat(201), fileUrl: url }, 'designId'],
      [{ designId: 'd' }, 'fileUrl'],
      [{ designId: 'd', fileUrl: 'ftp://example.com/a.jpg' }, 'fileUrl'],
      [{ designId: 'd', fileUrl: url, fileType: 'gif' }, 'fileType'],
      [{ designId: 'd', fileUrl: url, canvasWidthInches: 0, canvasHeightInches: 3 }, 'canvasWidthInches'],
      [{ designId: 'd', fileUrl: url, canvasWidthInches: 4 }, 'canvasHeightInches'],
      [{ designId: 'd', fileUrl: url, productType: 'mug' }, 'productType'],
      [{ designId: 'd', fileUrl: url, productProfile: { requiredDpi: -1 } }, 'productProfile.requiredDpi'],
      [{ designId: 'd', fileUrl: url, productProfile: { bleedMm: 'three' } }, 'productProfile.bleedMm'],
    ];
    for (const [payload, field] of bad) {
      const res = await post(payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error)).toContain(field);
    }
  });

  it('answers 400 naming fileUrl when the file cannot be downloaded or the address is not allowed', async () => {
    const user = await proUser();
    const missing = await check(t.app, user, files.url('no-such-file.jpg'), {});
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().error.fileUrl[0]).toMatch(/HTTP 404/);
    const meta = await check(t.app, user, 'http://169.254.169.254/latest/meta-data', {});
    expect(meta.statusCode, meta.body).toBe(400);
    expect(meta.json().error.fileUrl).toBeDefined();
  });
});

describe('reports: list, read, delete', () => {
  it('lists the caller\'s reports newest first with cursor pagination', async () => {
    const user = await proUser();
    const ids: string[] = [];
    for (const d of ['a', 'b', 'c']) ids.push((await checkOk(t.app, user, files.url('raster-ok.jpg'), fixtureSpec('raster-ok.jpg'), `design-${d}`)).reportId);
    await checkOk(t.app, await proUser(), files.url('raster-ok.jpg'), {}); // someone else's
    const first = await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks?limit=2', headers: as.J(user) });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.data.map((r: { reportId: string }) => r.reportId)).toEqual([ids[2], ids[1]]);
    expect(body.meta).toEqual({ path: 'http://folio.test/v1/services/preflight/checks', per_page: 2 });
    expect(body.links.next).toEqual(expect.any(String));
    const next = await t.app.inject({ method: 'GET', url: body.links.next.replace('http://folio.test', ''), headers: as.J(user) });
    expect(next.json().data.map((r: { reportId: string }) => r.reportId)).toEqual([ids[0]]);
    expect(next.json().links.next).toBeNull();
    const searched = await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks?search=DESIGN-B', headers: as.J(user) });
    expect(searched.json().data.map((r: { reportId: string }) => r.reportId)).toEqual([ids[1]]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks?limit=101', headers: as.J(user) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks?sortBy=name', headers: as.J(user) })).statusCode).toBe(400);
  });

  it('reads and deletes a report; another account gets 404 for both', async () => {
    const owner = await proUser();
    const other = await proUser();
    const { reportId } = await checkOk(t.app, owner, files.url('raster-ok.jpg'), {});
    const url = `/v1/services/preflight/checks/${reportId}`;
    const read = await t.app.inject({ method: 'GET', url, headers: as.J(owner) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.reportId).toBe(reportId);
    expect((await t.app.inject({ method: 'GET', url, headers: as.J(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.J(other) })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url, headers: as.J(owner) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: as.J(owner) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.J(owner) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks/not-a-uuid', headers: as.J(owner) })).statusCode).toBe(404);
  });
});

describe('quota: preflight_checks_per_month', () => {
  it('counts checks per account and month; beyond the tier quota answers 402 quota_exceeded', async () => {
    const user = await signUp(t.app); // no store: the free tier, 3 checks in this test's plan table
    const url = files.url('raster-ok.jpg');
    // A check that never ran (bad URL, invalid body) does not count.
    expect((await check(t.app, user, files.url('missing.jpg'), {})).statusCode).toBe(400);
    expect((await check(t.app, user, url, { canvasWidthInches: 4 })).statusCode).toBe(400);
    const first = await checkOk(t.app, user, url, {});
    await checkOk(t.app, user, url, {});
    // Deleting a report gives no check back.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/services/preflight/checks/${first.reportId}`, headers: as.J(user) })).statusCode).toBe(200);
    await checkOk(t.app, user, url, {});
    const over = await check(t.app, user, url, {});
    expect(over.statusCode, over.body).toBe(402);
    expect(over.json().error).toMatchObject({
      code: 'quota_exceeded',
      details: { quota: 'preflight_checks_per_month', limit: 3, current_tier: 'free', period: new Date().toISOString().slice(0, 7), cta: { url: expect.any(String) } },
    });
    // The DPI score is free and not metered.
    const s = await score(user, { widthPx: 10, heightPx: 10, canvasWidthInches: 1, canvasHeightInches: 1, productType: 'poster' });
    expect(s.statusCode).toBe(200);
    // A pro store lifts the account to an unlimited tier.
    await createStore(t.app, user, { tier: 'pro', deps: t.deps });
    expect((await check(t.app, user, url, {})).statusCode).toBe(201);
  });

  it('lets only the remaining checks through when requests race', async () => {
    const user = await signUp(t.app);
    const url = files.url('raster-ok.jpg');
    const results = await Promise.all(Array.from({ length: 5 }, () => check(t.app, user, url, {})));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 402, 402]);
  });
});
