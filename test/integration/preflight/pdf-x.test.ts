/**
 * The paid full_prepress fix makes a real PDF/X from a foreign PDF: X-1a (transparency
 * flattened, the default) or X-4 (`options.pdfStandard: "pdf_x4"`, transparency live). The
 * corrected file is checked with qpdf and poppler, and rendered against the original.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestUser } from '../../helpers/factories.js';
import { pdfBoxes, pdfFonts, pdfImages, rasterise, tool, withPdfFile } from '../../unit/engines/pdf/helpers.js';
import { balance, checkOk, finished, fixtureSpec, type FixtureFiles, startFixJobApp } from './helpers.js';

let t: TestApp;
let files: FixtureFiles;
let suite: Awaited<ReturnType<typeof startFixJobApp>> | undefined;

beforeAll(async () => {
  suite = await startFixJobApp();
  ({ t, files } = suite);
});
afterAll(() => suite?.close());

async function user(): Promise<TestUser> {
  return (await createStore(t.app, undefined, { tier: 'pro', deps: t.deps })).owner;
}

/** Runs full_prepress on a fixture; returns the finished job and the corrected bytes. */
async function fix(u: TestUser, fixture: string, options: Record<string, unknown>) {
  const r = await checkOk(t.app, u, files.url(fixture), fixtureSpec(fixture));
  const res = await t.app.inject({ method: 'POST', url: '/v1/services/preflight/ai-jobs', headers: as.J(u), payload: { preflightReportId: r.reportId, options: { fixTypes: ['full_prepress'], ...options } } });
  expect(res.statusCode, res.body).toBe(202);
  const job = await finished(t.app, u, res.json().data.jobId, 90_000);
  expect(job.status, job.errorMessage).toBe('completed');
  const file = await t.app.inject({ method: 'GET', url: job.correctedFileUrl.replace('http://folio.test', '') });
  expect(file.statusCode).toBe(200);
  return { job, pdf: file.rawPayload, original: await (await fetch(files.url(fixture))).arrayBuffer() };
}

const qdf = (pdf: Uint8Array): Promise<string> => withPdfFile(pdf, (f) => tool('qpdf', ['--qdf', '--object-streams=disable', f, '-']));

async function commonPdfX(pdf: Buffer, version: string): Promise<string> {
  const text = await qdf(pdf);
  expect(text).toContain(`/GTS_PDFXVersion (${version})`);
  expect(text).toMatch(/\/Trapped \/False/);
  expect(await withPdfFile(pdf, (f) => tool('pdfinfo', [f]))).toMatch(/^Title:\s+\S.*$/m);
  expect(text).toMatch(/\/ID \[<[0-9a-f]+><[0-9a-f]+>\]/i);
  expect(text).not.toContain('/Encrypt');
  // the OutputIntent names its condition and embeds the CMYK profile
  expect(text).toMatch(/\/OutputIntents \[\s*\d+ 0 R\s*\]/);
  expect(text).toMatch(/\/S \/GTS_PDFX/);
  expect(text).toMatch(/\/OutputConditionIdentifier \(Custom\)/);
  expect(text).toMatch(/\/Info \(Artifex CMYK SWOP Profile\)/);
  const profileRef = /\/DestOutputProfile (\d+) 0 R/.exec(text)?.[1];
  expect(profileRef).toBeDefined();
  const profileObj = new RegExp(`\\n${profileRef} 0 obj\\n<<([\\s\\S]*?)>>\\nstream`).exec(text)?.[1] ?? '';
  expect(profileObj).toMatch(/\/N 4/);
  // poppler: boxes on every page, fonts embedded, every image CMYK
  const boxes = await pdfBoxes(pdf);
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.TrimBox).toHaveLength(4);
    expect(b.BleedBox).toHaveLength(4);
  }
  for (const f of await pdfFonts(pdf)) expect(f.emb, f.name).toBe(true);
  for (const i of (await pdfImages(pdf)).filter((im) => im.type === 'image')) expect(i.color).toBe('cmyk');
  return text;
}

describe('full_prepress → PDF/X', () => {
  it('writes PDF/X-1a:2001 by default: PDF 1.3, conformance key, no transparency left, looks like the original', async () => {
    const u = await user();
    const { job, pdf, original } = await fix(u, 'pdf-soft-mask.pdf', {});
    expect(job.pdfStandard).toBe('pdf_x1a');
    expect(job.notes.join(' ')).toContain('PDF/X-1a:2001');
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.3');
    const text = await commonPdfX(pdf, 'PDF/X-1a:2001');
    expect(text).toContain('/GTS_PDFXConformance (PDF/X-1a:2001)');
    expect(text).not.toMatch(/\/SMask \d+ 0 R/);
    expect(text).not.toMatch(/\/(ca|CA) 0?\.\d/);
    // render of the corrected file against the original's (RGB → CMYK shifts colours a little)
    const a = await rasterise(new Uint8Array(original), { dpi: 30 });
    const b = await rasterise(pdf, { dpi: 30 });
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    let diff = 0;
    for (let i = 0; i < a.data.length; i++) diff += Math.abs(a.data[i]! - b.data[i]!);
    expect(diff / a.data.length).toBeLessThan(20);
  });

  it('writes PDF/X-4 on request: PDF 1.6, XMP identification, live transparency kept, unembedded fonts embedded', async () => {
    const u = await user();
    const soft = await fix(u, 'pdf-soft-mask.pdf', { pdfStandard: 'pdf_x4' });
    expect(soft.job.pdfStandard).toBe('pdf_x4');
    expect(soft.pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.6');
    const text = await commonPdfX(soft.pdf, 'PDF/X-4');
    expect(text).not.toContain('/GTS_PDFXConformance');
    expect(text).toContain('<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>');
    expect(text).toMatch(/\/SMask \d+ 0 R/);

    const fonts = await fix(u, 'pdf-font-not-embedded.pdf', { pdfStandard: 'pdf_x4' });
    await commonPdfX(fonts.pdf, 'PDF/X-4');
    expect((await pdfFonts(fonts.pdf)).length).toBeGreaterThan(0);
  });

  it('refuses pdfStandard without full_prepress or with an unknown value, before any charge', async () => {
    const u = await user();
    const r = await checkOk(t.app, u, files.url('pdf-no-bleed.pdf'), fixtureSpec('pdf-no-bleed.pdf'));
    const before = await balance(t.app, u);
    const a = await t.app.inject({ method: 'POST', url: '/v1/services/preflight/ai-jobs', headers: as.J(u), payload: { preflightReportId: r.reportId, options: { fixTypes: ['add_bleed'], pdfStandard: 'pdf_x4' } } });
    expect(a.statusCode, a.body).toBe(400);
    expect(a.json().error).toEqual({ 'options.pdfStandard': [expect.stringContaining('full_prepress')] });
    const b = await t.app.inject({ method: 'POST', url: '/v1/services/preflight/ai-jobs', headers: as.J(u), payload: { preflightReportId: r.reportId, options: { fixTypes: ['full_prepress'], pdfStandard: 'pdf_x3' } } });
    expect(b.statusCode, b.body).toBe(400);
    expect(await balance(t.app, u)).toBe(before);
  });
});
