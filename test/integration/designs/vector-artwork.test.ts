/**
 * Vector artwork through the API: an SVG clipart and a PDF artwork uploaded, saved in a
 * design, printed; the file checked with pdfimages, pdftotext and qpdf. An SVG with no vector
 * form prints as a raster with a warning naming the layer; an artwork the engine cannot place
 * is a 400 at design save; no error text carries a signed link.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { storeOn } from '../api-keys/helpers.js';
import { upload } from '../catalog/helpers.js';
import { ARTWORK_TEXT, makeArtworkPdf, qdf } from '../../unit/engines/pdf/artwork-helpers.js';
import { FIXTURES, pdfImages, pdfText } from '../../unit/engines/pdf/helpers.js';
import { downloadLink, finishedJob, printProduct, saveDesign } from './helpers.js';

const run = promisify(execFile);
let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

/** No error or warning text may carry a link of this service (signed or not). */
function expectNoLink(text: string): void {
  expect(text).not.toMatch(/\/v1\/files|sig=|exp=/);
}

async function uploaded(url: string, file: Buffer) {
  const res = await upload(t.app, store, url, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; url: string; mime_type: string; width: number; height: number };
}

async function printed(designId: string, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload });
  expect(res.statusCode, res.body).toBe(202);
  return finishedJob(t.app, res.json().data.id, as.U(store));
}

const download = (url: string) => downloadLink(t.app, url);

/** The artwork PDF encrypted by qpdf (empty user password: poppler reads it, yet Folio cannot look inside, so the upload is refused). */
async function encryptedPdf(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-enc-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), await makeArtworkPdf());
    await run('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', path.join(dir, 'in.pdf'), path.join(dir, 'out.pdf')]);
    return await readFile(path.join(dir, 'out.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('vector artwork in print files', () => {
  it('an SVG clipart and a PDF artwork print as vector: no image, the PDF keeps its text, form XObjects in the file', async () => {
    const { front } = await printProduct(t.app, store);
    const svg = await uploaded('/v1/cliparts', await readFile(path.join(FIXTURES, 'artwork', 'vector.svg')));
    const art = await uploaded('/v1/images', Buffer.from(await makeArtworkPdf()));
    expect(svg.mime_type).toBe('image/svg+xml');
    expect(art).toMatchObject({ mime_type: 'application/pdf', width: 200, height: 100 });
    const d = await saveDesign(t.app, store, {
      side_id: front.id,
      layers: [
        { type: 'image', src: svg.url, left: 50, top: 60, scaleX: 2, scaleY: 2 },
        { type: 'image', image_id: art.id, left: 80, top: 400, angle: 15, scaleX: 1.5, scaleY: 1.5 },
      ],
    });
    const done = await printed(d.id);
    expect(done.status, done.error).toBe('completed');
    expect(done.warnings).toEqual([]);
    const pdf = await download(done.pdf_url);
    expect(await pdfImages(pdf)).toEqual([]);
    // the artwork is placed at 15°: pdftotext -layout breaks the rotated line, the characters stay in order
    expect((await pdfText(pdf)).replace(/\s+/g, '')).toContain(ARTWORK_TEXT.replace(/\s+/g, ''));
    const q = await qdf(pdf);
    expect(q.match(/\/Subtype \/Form/g)?.length).toBeGreaterThanOrEqual(2);
    expect(q).not.toMatch(/\/Subtype \/Image/);
    expect(q).toMatch(/\/ShadingType 3/);
  });

  it('stay vector in a CMYK PDF/X-4: no image, the SVG in DeviceCMYK with its gradient, the PDF rewritten in CMYK', async () => {
    const { front } = await printProduct(t.app, store);
    const svg = await uploaded('/v1/cliparts', await readFile(path.join(FIXTURES, 'artwork', 'vector.svg')));
    const art = await uploaded('/v1/images', Buffer.from(await makeArtworkPdf()));
    const d = await saveDesign(t.app, store, {
      side_id: front.id,
      layers: [
        { type: 'image', src: svg.url, left: 50, top: 60, scaleX: 2, scaleY: 2 },
        { type: 'image', image_id: art.id, left: 80, top: 400, scaleX: 1.5, scaleY: 1.5 },
      ],
    });
    const done = await printed(d.id, { color_mode: 'cmyk', pdf_standard: 'pdf_x4' });
    expect(done.status, done.error).toBe('completed');
    const pdf = await download(done.pdf_url);
    expect(await pdfImages(pdf)).toEqual([]);
    expect((await pdfText(pdf)).replace(/\s+/g, '')).toContain(ARTWORK_TEXT.replace(/\s+/g, ''));
    const q = await qdf(pdf);
    expect(q.match(/\/Subtype \/Form/g)?.length).toBeGreaterThanOrEqual(2);
    expect(q).not.toMatch(/\/Subtype \/Image/);
    // the SVG's gradient is a CMYK shading, its solid colours k/K operands; nothing is left in DeviceRGB
    expect(q).toMatch(/\/ShadingType 3/);
    expect(q).toMatch(/\/ColorSpace \/DeviceCMYK/);
    expect(q).toMatch(/^[\d.]+ [\d.]+ [\d.]+ [\d.]+ k$/m);
    expect(q).not.toMatch(/\/DeviceRGB|^[\d.]+ [\d.]+ [\d.]+ rg$/m);
    expect(q).toMatch(/\/GTS_PDFXVersion \(PDF\/X-4\)/);
  });

  it('an SVG with a filter prints as a raster with a RASTERIZED_ARTWORK warning naming the layer, and no link', async () => {
    const { front } = await printProduct(t.app, store);
    const svg = await uploaded('/v1/cliparts', await readFile(path.join(FIXTURES, 'artwork', 'filtered.svg')));
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [{ type: 'rect', left: 10, top: 10, width: 20, height: 20, fill: '#ff0000' }, { type: 'image', src: svg.url, left: 50, top: 60 }] });
    const done = await printed(d.id);
    expect(done.status, done.error).toBe('completed');
    expect(done.warnings).toEqual([expect.objectContaining({ code: 'RASTERIZED_ARTWORK', page: 1, layer: 'layers[1]', details: expect.objectContaining({ features: ['filter', 'text'] }) })]);
    expectNoLink(JSON.stringify(done.warnings));
    expect((await pdfImages(await download(done.pdf_url))).filter((r) => r.type === 'image')).toHaveLength(1);
  });

  it('an encrypted PDF is refused at upload (422, issue 37); one stored before that is a 400 at design save naming the layer field, without a link', async () => {
    const refused = await upload(t.app, store, '/v1/images', await encryptedPdf());
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'The PDF is refused: the PDF is encrypted', errors: { file: ['The PDF is refused: the PDF is encrypted'] } });
    const { front } = await printProduct(t.app, store);
    const enc = await uploaded('/v1/images', Buffer.from(await makeArtworkPdf()));
    // the stored file replaced behind the API's back: an upload of an older version
    await t.deps.blobs.put((await t.deps.catalog.images.get(store.id, enc.id)).blob_key, await encryptedPdf(), { contentType: 'application/pdf' });
    for (const layer of [{ image_id: enc.id }, { src: enc.url }]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [{ type: 'textbox', text: 'a', left: 0, top: 0, width: 10 }, { type: 'image', left: 0, top: 0, ...layer }] } });
      expect(res.statusCode, res.body).toBe(400);
      const field = 'image_id' in layer ? 'layers[1].image_id' : 'layers[1].src';
      expect(res.json()).toMatchObject({ message: 'Invalid input', error: { [field]: [expect.stringMatching(/cannot be placed in a print file: the PDF is encrypted/)] } });
      expectNoLink(res.body);
    }
  });

  it('a job whose artwork is gone fails naming the layer, and the error carries no signed link', async () => {
    const { front } = await printProduct(t.app, store);
    const art = await uploaded('/v1/images', Buffer.from(await makeArtworkPdf()));
    expect(art.url).toMatch(/\/v1\/files\//);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [{ type: 'image', src: art.url, left: 0, top: 0 }] });
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/images/${art.id}`, headers: as.B(store) })).statusCode).toBe(200);
    const done = await printed(d.id);
    expect(done.status).toBe('failed');
    expect(done.error).toContain('layers[0]');
    expectNoLink(JSON.stringify(done));
  });
});
