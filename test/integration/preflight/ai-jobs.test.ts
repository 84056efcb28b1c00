import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../src/platform/events.js';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestUser } from '../../helpers/factories.js';
import { balance, checkOk, finished, fixtureSpec, getJob, ledger, type FixtureFiles, startFixJobApp } from './helpers.js';

let t: TestApp;
let files: FixtureFiles;
let suite: Awaited<ReturnType<typeof startFixJobApp>> | undefined;
const events: DomainEvent[] = [];

beforeAll(async () => {
  suite = await startFixJobApp((app) => app.deps.events.subscribe(async (e) => void events.push(e)));
  ({ t, files } = suite);
});
afterAll(() => suite?.close());

async function user(): Promise<TestUser> {
  const s = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
  return s.owner;
}

async function report(u: TestUser, fixture: string, spec = fixtureSpec(fixture)) {
  return checkOk(t.app, u, files.url(fixture), spec);
}

function createJob(u: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/v1/services/preflight/ai-jobs', headers: { ...as.J(u), ...headers }, payload });
}

const post = (u: TestUser, url: string) => t.app.inject({ method: 'POST', url, headers: as.J(u) });

describe('POST /services/preflight/ai-jobs', () => {
  it('derives fixes from the report, charges 200 for a raster, and completes with a 24 h corrected file', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    const res = await createJob(u, { preflightReportId: r.reportId });
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json().data;
    expect(created).toMatchObject({
      jobId: expect.any(String),
      status: 'analyzing',
      estimatedTokenCost: { min: 200, max: 200 },
      fixTypes: ['upscale_resolution_2x'],
      tokensDeducted: 200,
      tokens_deducted: 200,
      walletTransactionId: expect.stringMatching(/^TX-\d{8,}$/),
    });
    expect(created.wallet_transaction_id).toBe(created.walletTransactionId);
    expect(await balance(t.app, u)).toBe(800);

    const job = await finished(t.app, u, created.jobId);
    expect(job).toMatchObject({
      jobId: created.jobId,
      status: 'completed',
      preflightReportId: r.reportId,
      correctedFileUrl: expect.stringMatching(/^http:\/\/folio\.test\//),
      correctedFileType: 'jpeg',
      appliedFixes: ['upscale_resolution_2x'],
      tokensDeducted: 200,
      walletTransactionId: created.walletTransactionId,
      tokensRefunded: 0,
      errorMessage: null,
      review: null,
      completedAt: expect.any(String),
    });
    const file = await t.app.inject({ method: 'GET', url: job.correctedFileUrl.replace('http://folio.test', '') });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await balance(t.app, u)).toBe(800);
    // Announced once, inside the transaction that completed it, with the job as GET shows it.
    const announced = events.filter((e) => (e.data as { jobId?: string }).jobId === created.jobId);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ accountId: u.id, storeId: null, topic: 'jobs', event: 'completed', data: { ...job, correctedFileUrl: expect.any(String) } });
  });

  it('charges 150 for a PDF bleed-only job and 300 for a PDF with a prepress fix', async () => {
    const u = await user();
    const bleed = await report(u, 'pdf-no-bleed.pdf');
    const a = await createJob(u, { preflightReportId: bleed.reportId });
    expect(a.statusCode, a.body).toBe(202);
    expect(a.json().data).toMatchObject({ fixTypes: ['add_bleed'], estimatedTokenCost: { min: 150, max: 150 }, tokensDeducted: 150 });
    const rgb = await report(u, 'pdf-rgb-vector.pdf');
    const b = await createJob(u, { preflightReportId: rgb.reportId, options: { fixTypes: ['convert_color_mode'] } });
    expect(b.statusCode, b.body).toBe(202);
    expect(b.json().data).toMatchObject({ fixTypes: ['convert_color_mode'], estimatedTokenCost: { min: 300, max: 300 }, tokensDeducted: 300 });
    expect(await balance(t.app, u)).toBe(1000 - 150 - 300);
    const done = await finished(t.app, u, a.json().data.jobId);
    expect(done).toMatchObject({ status: 'completed', correctedFileType: 'pdf', appliedFixes: ['add_bleed'] });
    const cmyk = await finished(t.app, u, b.json().data.jobId);
    expect(cmyk).toMatchObject({ status: 'completed', correctedFileType: 'pdf', appliedFixes: ['convert_color_mode'], tokensDeducted: 300 });
    // Bleed plus a prepress fix is still one 300-token job. add_bleed needs the bleed in the
    // checked spec: without it the job is refused (400) before any charge.
    const noBleed = await createJob(u, { preflightReportId: rgb.reportId, options: { fixTypes: ['add_bleed', 'convert_color_mode'] } });
    expect(noBleed.statusCode, noBleed.body).toBe(400);
    expect(noBleed.json().error['options.fixTypes'][0]).toMatch(/add_bleed needs productProfile\.bleedMm/);
    expect(await balance(t.app, u)).toBe(1000 - 150 - 300);
    const spec = fixtureSpec('pdf-rgb-vector.pdf');
    const rgbBleed = await report(u, 'pdf-rgb-vector.pdf', { ...spec, productProfile: { ...spec.productProfile, bleedMm: 3 } });
    const both = await createJob(u, { preflightReportId: rgbBleed.reportId, options: { fixTypes: ['add_bleed', 'convert_color_mode'] } });
    expect(both.statusCode, both.body).toBe(202);
    expect(both.json().data).toMatchObject({ fixTypes: ['convert_color_mode', 'add_bleed'], estimatedTokenCost: { min: 300, max: 300 } });
    await finished(t.app, u, both.json().data.jobId);
  });

  it('answers 400 for fix types that do not apply to the file type, unknown ones, an empty list or nothing to fix', async () => {
    const u = await user();
    const raster = await report(u, 'raster-low-res-warning.jpg');
    const pdf = await report(u, 'pdf-no-bleed.pdf');
    const clean = await report(u, 'raster-ok.jpg');
    const unreadable = await report(u, 'not-a-print-file.txt', {});
    const noCanvas = await report(u, 'raster-ok.jpg', { productProfile: { requiredDpi: 150 } });
    const pdfNoBleedSpec = await report(u, 'pdf-no-bleed.pdf', { canvasWidthInches: 4, canvasHeightInches: 3 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ preflightReportId: raster.reportId, options: { fixTypes: ['full_prepress'] } }, 'options.fixTypes'],
      [{ preflightReportId: pdf.reportId, options: { fixTypes: ['upscale_resolution_2x'] } }, 'options.fixTypes'],
      [{ preflightReportId: pdf.reportId, options: { fixTypes: ['remove_transparency', 'add_bleed'] } }, 'options.fixTypes'],
      [{ preflightReportId: raster.reportId, options: { fixTypes: ['make_it_pretty'] } }, 'options.fixTypes'],
      [{ preflightReportId: raster.reportId, options: { fixTypes: [] } }, 'options.fixTypes'],
      [{ preflightReportId: clean.reportId }, 'options.fixTypes'],
      [{ preflightReportId: unreadable.reportId }, 'preflightReportId'],
      [{ preflightReportId: raster.reportId, options: { targetDpi: 0 } }, 'options.targetDpi'],
      // Fixes the checked spec cannot support: refused before the charge, not charged and refunded.
      [{ preflightReportId: clean.reportId, options: { fixTypes: ['add_bleed'] } }, 'options.fixTypes'],
      [{ preflightReportId: pdfNoBleedSpec.reportId, options: { fixTypes: ['add_bleed'] } }, 'options.fixTypes'],
      [{ preflightReportId: noCanvas.reportId, options: { fixTypes: ['resize_to_spec'] } }, 'options.fixTypes'],
      [{}, 'preflightReportId'],
    ];
    for (const [payload, field] of cases) {
      const res = await createJob(u, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error)).toContain(field);
    }
    expect(await balance(t.app, u)).toBe(1000);
  });

  it("answers 404 for another account's report or job", async () => {
    const owner = await user();
    const other = await user();
    const r = await report(owner, 'raster-low-res-warning.jpg');
    expect((await createJob(other, { preflightReportId: r.reportId })).statusCode).toBe(404);
    const job = (await createJob(owner, { preflightReportId: r.reportId })).json().data;
    for (const url of [`/v1/services/preflight/ai-jobs/${job.jobId}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: as.J(other) })).statusCode).toBe(404);
    }
    expect((await post(other, `/v1/services/preflight/ai-jobs/${job.jobId}/approve`)).statusCode).toBe(404);
    expect((await post(other, `/v1/services/preflight/ai-jobs/${job.jobId}/reject`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/services/preflight/ai-jobs/nope', headers: as.J(owner) })).statusCode).toBe(404);
    await finished(t.app, owner, job.jobId);
  });

  it('answers 402 INSUFFICIENT_TOKENS and creates nothing when the wallet is short', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    await t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers: as.J(u) });
    // Spend down to 100 tokens.
    const pdf = await report(u, 'pdf-rgb-vector.pdf');
    for (let i = 0; i < 3; i++) expect((await createJob(u, { preflightReportId: pdf.reportId })).statusCode).toBe(202);
    expect(await balance(t.app, u)).toBe(100);
    const res = await createJob(u, { preflightReportId: r.reportId });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toEqual({ error: 'INSUFFICIENT_TOKENS', balance: 100, shortfall: 100, top_up_url: expect.any(String) });
    expect(await balance(t.app, u)).toBe(100);
    expect((await ledger(t.app, u)).filter((e) => e.type === 'charge')).toHaveLength(3);
  });

  it('replays a repeated Idempotency-Key without a second charge', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    const a = await createJob(u, { preflightReportId: r.reportId }, { 'idempotency-key': 'fix-1' });
    const b = await createJob(u, { preflightReportId: r.reportId }, { 'idempotency-key': 'fix-1' });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(b.json().data.jobId).toBe(a.json().data.jobId);
    expect(await balance(t.app, u)).toBe(800);
    const other = await createJob(u, { preflightReportId: r.reportId, options: { fixTypes: ['sharpen_edges'] } }, { 'idempotency-key': 'fix-1' });
    expect(other.statusCode).toBe(409);
    await finished(t.app, u, a.json().data.jobId);
  });
});

describe('failure and refund', () => {
  it('fails a job whose fix cannot run and refunds its tokens exactly once', async () => {
    const u = await user();
    // 100 mm of bleed on a 640 × 480 image at 160 PPI: 630 px a side, more than the image has
    // (known only once the file is read, so the job is charged, fails and is refunded).
    const r = await report(u, 'raster-ok.jpg', { ...fixtureSpec('raster-ok.jpg'), productProfile: { requiredDpi: 150, bleedMm: 100 } });
    const res = await createJob(u, { preflightReportId: r.reportId, options: { fixTypes: ['add_bleed'] } });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().data.jobId;
    const job = await finished(t.app, u, jobId);
    expect(job).toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/larger than the image/), correctedFileUrl: null, tokensDeducted: 200, tokensRefunded: 200, refundTransactionId: expect.stringMatching(/^TX-/) });
    expect(await balance(t.app, u)).toBe(1000);
    const announced = events.filter((e) => (e.data as { jobId?: string }).jobId === jobId);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ topic: 'jobs', event: 'failed', data: { status: 'failed', tokensRefunded: 200 } });
    // Delivering the job again changes nothing: one refund per charge.
    await t.deps.runner.run(jobId);
    const entries = await ledger(t.app, u);
    const refunds = entries.filter((e) => e.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.refund_of).toBe(job.walletTransactionId);
    expect(await balance(t.app, u)).toBe(1000);
    // A failed job can be neither approved nor rejected.
    expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`)).statusCode).toBe(409);
    expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/reject`)).statusCode).toBe(409);
  });

  it('fails and refunds a job whose report was deleted before it ran', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    await t.deps.stopWorkers();
    let jobId: string;
    try {
      const res = await createJob(u, { preflightReportId: r.reportId });
      expect(res.statusCode, res.body).toBe(202);
      jobId = res.json().data.jobId;
      expect((await getJob(t.app, u, jobId)).status).toBe('analyzing');
      // Not finished yet: approve and reject are refused.
      expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`)).statusCode).toBe(409);
      expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/reject`)).statusCode).toBe(409);
      expect((await t.app.inject({ method: 'DELETE', url: `/v1/services/preflight/checks/${r.reportId}`, headers: as.J(u) })).statusCode).toBe(200);
    } finally {
      await t.deps.startWorkers();
    }
    const job = await finished(t.app, u, jobId!);
    expect(job).toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/deleted/), tokensRefunded: 200 });
    expect(await balance(t.app, u)).toBe(1000);
  });
});

describe('approve and reject', () => {
  it('approve keeps the corrected file, checks it again and answers the resolved report; idempotent', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    const jobId = (await createJob(u, { preflightReportId: r.reportId })).json().data.jobId as string;
    await finished(t.app, u, jobId);
    // Two approvals racing: one report, both answers name it.
    const [a, b] = await Promise.all([post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`), post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const approved = a.json().data;
    expect(b.json().data.resolvedReportId).toBe(approved.resolvedReportId);
    expect(approved).toMatchObject({ jobId, review: 'approved', resolvedReportId: expect.any(String), approvedFileUrl: expect.any(String), imageId: null });
    const again = await post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.resolvedReportId).toBe(approved.resolvedReportId);

    const resolved = await t.app.inject({ method: 'GET', url: `/v1/services/preflight/checks/${approved.resolvedReportId}`, headers: as.J(u) });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ sourceJobId: jobId, designId: 'design-1', fileType: 'jpeg', status: 'passed', issues: [] });
    expect(await getJob(t.app, u, jobId)).toMatchObject({ review: 'approved', resolvedReportId: approved.resolvedReportId, correctedFileUrl: expect.any(String) });
    expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/reject`)).statusCode).toBe(409);
    expect(await balance(t.app, u)).toBe(800);
    const list = await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks', headers: as.J(u) });
    expect(list.json().data.map((x: { reportId: string }) => x.reportId)).toEqual([approved.resolvedReportId, r.reportId]);
  });

  it('approve and reject racing: exactly one decision stands, the other answers 409', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    const jobId = (await createJob(u, { preflightReportId: r.reportId })).json().data.jobId as string;
    await finished(t.app, u, jobId);
    const [a, b] = await Promise.all([post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`), post(u, `/v1/services/preflight/ai-jobs/${jobId}/reject`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const job = await getJob(t.app, u, jobId);
    expect(job.review).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
    const reports = (await t.app.inject({ method: 'GET', url: '/v1/services/preflight/checks', headers: as.J(u) })).json().data;
    expect(reports).toHaveLength(a.statusCode === 200 ? 2 : 1);
  });

  it('passes targetDpi to resize_to_spec', async () => {
    const u = await user();
    const r = await report(u, 'raster-size-mismatch.tif');
    const res = await createJob(u, { preflightReportId: r.reportId, options: { fixTypes: ['resize_to_spec'], targetDpi: 100 } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(t.app, u, res.json().data.jobId);
    expect(job).toMatchObject({ status: 'completed', targetDpi: 100, appliedFixes: ['resize_to_spec'], correctedFileType: 'tiff' });
    const approved = (await post(u, `/v1/services/preflight/ai-jobs/${job.jobId}/approve`)).json().data;
    const resolved = (await t.app.inject({ method: 'GET', url: `/v1/services/preflight/checks/${approved.resolvedReportId}`, headers: as.J(u) })).json().data;
    // 4×3 in at 100 PPI: 400×300 px (the spec's 150 PPI requirement is then not met, which the re-check says).
    expect(resolved.summary).toMatchObject({ widthPx: 400, heightPx: 300 });
  });

  it('reject discards the corrected file without a refund; idempotent', async () => {
    const u = await user();
    const r = await report(u, 'raster-low-res-warning.jpg');
    const jobId = (await createJob(u, { preflightReportId: r.reportId })).json().data.jobId as string;
    const done = await finished(t.app, u, jobId);
    const link = done.correctedFileUrl.replace('http://folio.test', '') as string;
    const rej = await post(u, `/v1/services/preflight/ai-jobs/${jobId}/reject`);
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().data).toEqual({ jobId, review: 'rejected' });
    expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/reject`)).statusCode).toBe(200);
    expect((await post(u, `/v1/services/preflight/ai-jobs/${jobId}/approve`)).statusCode).toBe(409);
    expect(await getJob(t.app, u, jobId)).toMatchObject({ status: 'completed', review: 'rejected', correctedFileUrl: null, tokensRefunded: 0 });
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    expect(await balance(t.app, u)).toBe(800);
  });
});
