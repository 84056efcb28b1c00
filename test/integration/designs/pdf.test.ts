import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { waitFor } from '../../helpers/wait.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { pdfBoxes, pdfFonts, pdfImages, pdfText } from '../../unit/engines/pdf/helpers.js';
import { imageLayer, printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const MM = 72 / 25.4;

async function finished(id: string, headers: Record<string, string>) {
  return waitFor(
    async () => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json().data;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `pdf job ${id}`,
    90_000,
    250,
  );
}

async function download(url: string): Promise<Buffer> {
  const u = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return res.rawPayload;
}

const near = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 1));

describe('print-ready PDF of a design', () => {
  it('the public token asks, polls GET /jobs/{id} and downloads a file pdfinfo, pdffonts and pdfimages agree with', async () => {
    const { front } = await printProduct(t.app, store);
    const { layer, image } = await imageLayer(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer({ text: 'Print me', fontFamily: 'Lora' }), layer], viewport_width: 600, viewport_height: 848 });
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().data;
    expect(job).toMatchObject({ type: 'pdf', status: 'queued', design_id: d.id, project_id: null, design_ids: [d.id], crop_marks: false, color_mode: 'rgb', pdf_url: null });
    const done = await finished(job.id, as.U(store));
    expect(done.status, done.error).toBe('completed');
    expect(done.pdf_url).toMatch(/^http/);
    expect(Date.parse(done.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const pdf = await download(done.pdf_url);
    expect(done.size_bytes).toBe(pdf.length);

    const [boxes] = await pdfBoxes(pdf);
    near(boxes!.MediaBox, [0, 0, 154 * MM, 216 * MM]);
    near(boxes!.BleedBox, [0, 0, 154 * MM, 216 * MM]);
    near(boxes!.TrimBox, [3 * MM, 3 * MM, 151 * MM, 213 * MM]);
    near(done.pages[0].trim_box, boxes!.TrimBox);
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.emb)).toBe(true);
    expect(fonts.some((f) => /Lora/i.test(f.name))).toBe(true);
    expect(await pdfText(pdf)).toContain('Print me');
    const images = (await pdfImages(pdf)).filter((i) => i.type === 'image');
    expect(images.map((i) => [i.width, i.height])).toEqual([[64, 48]]);
    // 64 px printed 2× in a 600 px viewport across 148 mm: about 51 ppi, below the side's 300.
    expect(done.warnings).toEqual([expect.objectContaining({ code: 'LOW_RESOLUTION', page: 1, layer: 'layers[1]' })]);
    // The warning names the image by its link's path, without the signature of the signed link.
    expect(done.warnings[0].message).toContain(image.id);
    expect(done.warnings[0].message).not.toContain('?');
  });

  it('a project prints one page per design with crop marks; the back side keeps its background colour', async () => {
    const { front, back } = await printProduct(t.app, store);
    const p = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'Two sides' } })).json().data;
    await saveDesign(t.app, store, { side_id: front.id, project_id: p.id, layers: [textLayer({ text: 'Front side' })] });
    await saveDesign(t.app, store, { side_id: back.id, project_id: p.id, layers: [textLayer({ text: 'Back side' })] });
    const res = await t.app.inject({ method: 'POST', url: `/v1/project/${p.id}/pdf`, headers: as.B(store), payload: { crop_marks: true } });
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished(res.json().data.id, as.B(store));
    expect(done.status, done.error).toBe('completed');
    expect(done).toMatchObject({ project_id: p.id, crop_marks: true });
    const pdf = await download(done.pdf_url);
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(2);
    const slug = 18; // 0.25 in on each side
    for (const b of boxes) {
      near(b.MediaBox, [0, 0, 154 * MM + 2 * slug, 216 * MM + 2 * slug]);
      near(b.TrimBox, [slug + 3 * MM, slug + 3 * MM, slug + 151 * MM, slug + 213 * MM]);
    }
    const text = await pdfText(pdf);
    expect(text.indexOf('Front side')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Back side')).toBeGreaterThan(text.indexOf('Front side'));
  });

  it('cmyk: converted by Ghostscript with fonts still embedded', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer(), { type: 'rect', left: 10, top: 10, width: 100, height: 50, fill: '#ff0000' }] });
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.JS(store), payload: { color_mode: 'cmyk' } });
    const done = await finished(res.json().data.id, as.JS(store));
    expect(done.status, done.error).toBe('completed');
    const pdf = await download(done.pdf_url);
    expect((await pdfFonts(pdf)).every((f) => f.emb)).toBe(true);
    expect(pdf.toString('latin1')).toMatch(/DeviceCMYK|\/Separation|\bk\b/);
  });

  it('a design whose image is gone fails the job naming the layer; an empty project and bad bodies are 400', async () => {
    const { front } = await printProduct(t.app, store);
    const { layer, image } = await imageLayer(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [layer] });
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/images/${image.id}`, headers: as.B(store) })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
    const done = await finished(res.json().data.id, as.U(store));
    expect(done).toMatchObject({ status: 'failed', pdf_url: null });
    expect(done.error).toContain('layers[0]');

    const empty = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'Empty' } })).json().data;
    const e = await t.app.inject({ method: 'POST', url: `/v1/projects/${empty.id}/pdf`, headers: as.U(store), payload: {} });
    expect(e.statusCode).toBe(400);
    expect(e.json()).toMatchObject({ message: 'Invalid input', error: { project_id: expect.any(Array) } });
    const bad = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: { color_mode: 'pantone', extra: 1 } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/v1/designs/00000000-0000-4000-8000-000000000000/pdf`, headers: as.U(store), payload: {} })).statusCode).toBe(404);
  });

  it("jobs are the store's: another store's credentials, and an unknown id, get 404; the owner's JWT sees it", async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    expect((await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(other), payload: {} })).statusCode).toBe(404);
    const job = (await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} })).json().data;
    for (const headers of [as.U(other), as.B(other), as.JS(other), as.J(other.owner)]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/jobs/${job.id}`, headers });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${job.id}`, headers: as.J(store.owner) })).json().data.id).toBe(job.id);
    expect((await t.app.inject({ method: 'GET', url: '/v1/jobs/not-a-job', headers: as.U(store) })).statusCode).toBe(404);
    await finished(job.id, as.B(store));
  });

  it('API keys: files:render or designs:write renders; catalog:read alone does not', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    const render = (await storeKey(t, store, { scopes: ['files:render'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['catalog:read'] })).key;
    const r = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: asK(render), payload: {} });
    expect(r.statusCode).toBe(202);
    expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${r.json().data.id}`, headers: asK(render) })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: asK(reader), payload: {} });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${r.json().data.id}`, headers: asK(reader) })).statusCode).toBe(403);
    await finished(r.json().data.id, as.B(store));
  });

  it('credential cases', async () => {
    const { front } = await printProduct(t.app, store);
    const p = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'x' } })).json().data;
    const d = await saveDesign(t.app, store, { side_id: front.id, project_id: p.id });
    for (const r of [
      { method: 'POST', url: `/v1/designs/${d.id}/pdf`, payload: {}, accepts: ['U'] },
      { method: 'POST', url: `/v1/projects/${p.id}/pdf`, payload: {}, accepts: ['U'] },
      { method: 'POST', url: `/v1/project/${p.id}/pdf`, payload: {}, accepts: ['U'] },
      { method: 'GET', url: `/v1/jobs/${d.id}`, accepts: ['U', 'J'] },
    ] as const) {
      await expectAuthCases(t.app, { ...r, accepts: [...r.accepts] }, store);
    }
  });
});
