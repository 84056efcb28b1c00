/**
 * PDF/X on request through the HTTP API: POST /designs/{id}/pdf and /projects/{id}/pdf with
 * pdf_standard pdf_x4 / pdf_x1a, read back with qpdf --json, pdfinfo -box, pdffonts,
 * pdfimages -list, and a Ghostscript render compared with the RGB file's render.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as } from '../../helpers/factories.js';
import { storeOn } from '../api-keys/helpers.js';
import { upload } from '../catalog/helpers.js';
import { FIXTURES, pdfBoxes, pdfFonts, pdfImages, tool, withPdfFile } from '../../unit/engines/pdf/helpers.js';
import { deltaE, gsRender, pdfxFacts } from '../../unit/engines/pdf/pdfx-helpers.js';
import { downloadLink, finishedJob, printProduct, saveDesign, textLayer } from './helpers.js';
import type { TestStore } from '../../helpers/factories.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

const finished = (id: string) => finishedJob(t.app, id, as.U(store));

const download = (url: string) => downloadLink(t.app, url);

async function pdfOf(url: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: as.U(store), payload: body });
  expect(res.statusCode, res.body).toBe(202);
  const done = await finished(res.json().data.id);
  expect(done.status, done.error).toBe('completed');
  return { job: done, pdf: await download(done.pdf_url) };
}

async function uploaded(file: string): Promise<string> {
  const res = await upload(t.app, store, '/v1/images', await readFile(path.join(FIXTURES, 'images', file)));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.url;
}

/** A design with black and colour text, a photo (JPEG), a logo with alpha (PNG), a colour panel and a half-transparent one. */
async function richDesign(sideId: string, extra: Record<string, unknown> = {}) {
  const [photo, logo] = await Promise.all([uploaded('photo.jpg'), uploaded('logo.png')]);
  return saveDesign(t.app, store, {
    side_id: sideId,
    viewport_width: 600,
    viewport_height: 848,
    layers: [
      { type: 'rect', left: 0, top: 0, width: 600, height: 250, fill: '#0e7490', strokeWidth: 0 },
      { type: 'image', src: photo, left: 40, top: 280, scaleX: 1, scaleY: 1 },
      { type: 'image', src: logo, left: 360, top: 560, scaleX: 1, scaleY: 1 },
      { type: 'rect', left: 40, top: 640, width: 260, height: 120, fill: '#dc2626', opacity: 0.5, strokeWidth: 0 },
      textLayer({ text: 'Black body text', fill: '#000000', fontSize: 14, top: 780 }),
      textLayer({ text: 'Colour headline', fill: '#facc15', fontFamily: 'Lora', top: 100 }),
    ],
    ...extra,
  });
}

/** What every PDF/X file must have, whatever the standard. */
async function expectPdfX(pdf: Buffer, version: string, pages: number) {
  expect((await withPdfFile(pdf, (f) => tool('qpdf', ['--check', f])))).toMatch(/No syntax or stream encoding errors/);
  const f = await pdfxFacts(pdf);
  expect(f.encrypted).toBe(false);
  expect(f.info['/GTS_PDFXVersion']).toBe(`u:${version}`);
  expect(f.info['/Trapped']).toBe('/False');
  expect(String(f.info['/Title'])).toMatch(/^u:(Design|Project) /);
  expect(f.id).toHaveLength(2);
  // qpdf's JSON shows a string as text (u:) when its 16 random bytes happen to read as text, else as hex (b:)
  expect(f.id![0]).toMatch(/^(b:[0-9a-f]{32}|u:.+)$/);
  expect(f.id![1]).toBe(f.id![0]);
  expect(f.intents).toHaveLength(1);
  expect(f.intents[0]).toMatchObject({ '/Type': '/OutputIntent', '/S': '/GTS_PDFX', '/OutputConditionIdentifier': 'u:CGATS TR 003', '/RegistryName': 'u:http://www.color.org' });
  expect(String(f.intents[0]!['/Info'])).toContain('SWOP');
  expect(f.profiles).toEqual([{ n: 4, bytes: expect.any(Number), space: 'CMYK', cls: 'prtr' }]);
  expect(f.profiles[0]!.bytes).toBeGreaterThan(100_000);
  expect(f.xmp).toContain(version);
  // poppler reads the standard too
  expect(await withPdfFile(pdf, (file) => tool('pdfinfo', [file]))).toMatch(new RegExp(`PDF subtype:\\s+${version.replace(/[/.]/g, '\\$&')}`));
  const boxes = await pdfBoxes(pdf);
  expect(boxes).toHaveLength(pages);
  for (const b of boxes) {
    expect(b.TrimBox).toHaveLength(4);
    expect(b.BleedBox[0]).toBeLessThan(b.TrimBox[0]!);
    expect(b.BleedBox[2]).toBeGreaterThan(b.TrimBox[2]!);
  }
  const fonts = await pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((x) => x.emb)).toBe(true);
  const images = await pdfImages(pdf);
  expect(images.filter((i) => i.type === 'image').length).toBeGreaterThan(0);
  expect(images.filter((i) => i.type === 'image').every((i) => i.color === 'cmyk')).toBe(true);
  expect(f.rgbOps + f.grayOps).toBe(0);
  expect(f.content).toMatch(/^0 0 0 1 k$/m); // black text: 100 K
  return f;
}

describe('PDF/X on request', () => {
  it('pdf_x4: OutputIntent with the embedded SWOP profile, X-4 version, ID, Trapped, boxes, embedded fonts, CMYK images, transparency kept; renders like the RGB file', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await richDesign(front.id);
    const { job, pdf } = await pdfOf(`/v1/designs/${d.id}/pdf`, { pdf_standard: 'pdf_x4' });
    expect(job).toMatchObject({ color_mode: 'cmyk', pdf_standard: 'pdf_x4', output_profile: { id: 'swop', description: 'Folio SWOP (CGATS TR 003, web offset, grade 3 coated)', output_condition_identifier: 'CGATS TR 003' } });
    const f = await expectPdfX(pdf, 'PDF/X-4', 1);
    expect(f.header).toBe('%PDF-1.6');
    expect(f.smasks).toBe(1); // the logo's alpha stays live
    expect(f.transparentGStates).toBeGreaterThan(0);
    const images = await pdfImages(pdf);
    expect(images.find((i) => i.type === 'image' && i.enc === 'jpeg')).toBeDefined(); // the photo stays a (CMYK) JPEG
    // sample PDF/X-4 kept for the docs when asked: FOLIO_WRITE_SAMPLE=docs/samples
    if (process.env.FOLIO_WRITE_SAMPLE) await writeFile(path.join(process.env.FOLIO_WRITE_SAMPLE, 'design-pdf-x4.pdf'), pdf);

    const rgb = await pdfOf(`/v1/designs/${d.id}/pdf`, {});
    expect(rgb.job).toMatchObject({ color_mode: 'rgb', pdf_standard: 'none', output_profile: null });
    expect((await pdfxFacts(rgb.pdf)).intents).toEqual([]);
    expect(await pdfBoxes(pdf)).toEqual(await pdfBoxes(rgb.pdf));
    const de = deltaE(await gsRender(rgb.pdf, 30), await gsRender(pdf, 30));
    expect(de.mean, `mean ΔE76 ${de.mean}`).toBeLessThan(6);
    expect(de.p95, `p95 ΔE76 ${de.p95}`).toBeLessThan(20);
  });

  it('pdf_x1a on a project: PDF 1.3, X-1a conformance, no soft mask or transparency, only DeviceCMYK, a warning naming the flattened page', async () => {
    const { front, back } = await printProduct(t.app, store);
    const p = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'X-1a' } })).json().data;
    await richDesign(front.id, { project_id: p.id });
    await saveDesign(t.app, store, { side_id: back.id, project_id: p.id, layers: [textLayer({ text: 'Back', fill: '#000' })] });
    const { job, pdf } = await pdfOf(`/v1/projects/${p.id}/pdf`, { pdf_standard: 'pdf_x1a', color_mode: 'cmyk', output_profile: 'swop', crop_marks: true });
    expect(job).toMatchObject({ color_mode: 'cmyk', pdf_standard: 'pdf_x1a', output_profile: { id: 'swop' } });
    const f = await expectPdfX(pdf, 'PDF/X-1a:2001', 2);
    expect(f.info['/GTS_PDFXConformance']).toBe('u:PDF/X-1a:2001');
    expect(f.header).toBe('%PDF-1.3');
    expect(pdf.includes('/ObjStm')).toBe(false);
    expect(f.smasks).toBe(0);
    expect(f.transparentGStates).toBe(0);
    expect(f.transparencyGroups).toBe(0);
    expect([...f.spaces]).toEqual(['"/DeviceCMYK"']);
    expect(job.warnings.filter((w: { code: string }) => w.code === 'TRANSPARENCY_FLATTENED').map((w: { page: number }) => w.page)).toEqual([1]);
  });

  it('cmyk alone means PDF/X-4; bad combinations and unknown profiles are 400 before any job', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload });
    const cmyk = await post({ color_mode: 'cmyk' });
    expect(cmyk.statusCode).toBe(202);
    expect(cmyk.json().data).toMatchObject({ color_mode: 'cmyk', pdf_standard: 'pdf_x4', output_profile: { id: 'swop' } });
    const plain = await post({ color_mode: 'cmyk', pdf_standard: 'none', output_profile: 'ps_cmyk' });
    expect(plain.json().data).toMatchObject({ color_mode: 'cmyk', pdf_standard: 'none', output_profile: { id: 'ps_cmyk' } });
    const plainPdf = await download((await finished(plain.json().data.id)).pdf_url);
    expect((await pdfxFacts(plainPdf)).intents).toEqual([]);
    expect((await pdfImages(plainPdf)).every((i) => i.color === 'cmyk')).toBe(true);

    const rgbX = await post({ color_mode: 'rgb', pdf_standard: 'pdf_x4' });
    expect(rgbX.statusCode).toBe(400);
    expect(rgbX.json()).toMatchObject({ error: { color_mode: [expect.stringContaining('CMYK')] } });
    const unknown = await post({ pdf_standard: 'pdf_x1a', output_profile: 'fogra99' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { output_profile: [expect.stringContaining('swop')] } });
    const rgbProfile = await post({ output_profile: 'swop' });
    expect(rgbProfile.statusCode).toBe(400);
    expect(rgbProfile.json().error).toHaveProperty('output_profile');
    expect((await post({ pdf_standard: 'pdf_x3' })).statusCode).toBe(400);
  });
});
