import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/app.js';
import { createProduct, createSide } from './helpers.js';
import { downloadLink, finishedJob, printApp, saveDesign } from '../designs/helpers.js';
import { gsPlates } from '../../unit/engines/pdf/pdfx-helpers.js';

// Print areas of any shape (docs/catalog.md § Print areas of any shape): a side's mask through the real app.
let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  ({ t, store } = await printApp());
  other = await createStore(t.app);
}, 60_000);
afterAll(async () => t.close());

const req = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, headers: Record<string, string> = as.B(store)) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const errorsOf = (res: { json: () => { error: Record<string, string[]> } }) => res.json().error;

async function sticker(extra: Record<string, unknown> = {}) {
  const product = await createProduct(t.app, store, { name: 'Round sticker', viewport_width: 600, viewport_height: 600 });
  const side = await createSide(t.app, store, product.id, { name: 'Sticker', width: 60, height: 60, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 4, right: 4, bottom: 4, left: 4 }, ...extra });
  return { product, side };
}

describe('sides: mask', () => {
  it('stores a circle, a rounded rectangle, a wrap rectangle and a path; other fields keep it; null clears it; the public token reads it', async () => {
    const { side } = await sticker({ mask: { shape: 'circle' } });
    expect(side.mask).toEqual({ shape: 'circle' });
    const read = await req('GET', `/v1/sides/${side.id}`, undefined, as.U(store));
    expect(read.statusCode).toBe(200);
    expect(read.json().data.mask).toEqual({ shape: 'circle' });
    const masks = [
      { shape: 'rounded_rectangle', radius_mm: 30 },
      { shape: 'rectangle', x_mm: 5, y_mm: 0, width_mm: 50, height_mm: 60 },
      { shape: 'path', path: 'M 30 -2 L 62 58 L -2 58 Z', units: 'mm' },
    ];
    for (const mask of masks) {
      const res = await req('PUT', `/v1/sides/${side.id}`, { mask });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.mask).toEqual(mask);
    }
    expect((await req('PUT', `/v1/sides/${side.id}`, { name: 'Renamed' })).json().data.mask).toEqual(masks[2]);
    expect((await req('PUT', `/v1/sides/${side.id}`, { mask: null })).json().data.mask).toBeNull();
    // a side made without one has none
    const plain = await sticker();
    expect(plain.side.mask).toBeNull();
  });

  it('400 naming the field: a radius over half the side, a wrap leaving the trim, path data that does not parse or leaves the bleed box, too long, an unknown shape', async () => {
    const { side } = await sticker();
    const cases: Array<[object, string, RegExp]> = [
      [{ shape: 'rounded_rectangle', radius_mm: 31 }, 'mask.radius_mm', /at most half the side's shorter edge \(30 mm\)/],
      [{ shape: 'rectangle', x_mm: 20, y_mm: 0, width_mm: 50, height_mm: 60 }, 'mask.x_mm', /within the trim width/],
      [{ shape: 'path', path: 'M 0 0 L 10 x' }, 'mask.path', /not SVG path data/],
      [{ shape: 'path', path: 'M 0 0 L 70 0 L 0 10 Z' }, 'mask.path', /leaves the bleed box/],
      [{ shape: 'path', path: `M 0 0 ${'L 1 1 '.repeat(4000)}` }, 'mask.path', /20000/],
    ];
    for (const [mask, field, message] of cases) {
      const res = await req('PUT', `/v1/sides/${side.id}`, { mask });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)[field]?.join(' '), res.body).toMatch(message);
    }
    const unknown = await req('PUT', `/v1/sides/${side.id}`, { mask: { shape: 'star' } });
    expect(unknown.statusCode).toBe(400);
    // a new side is checked too, in the product's unit (cm here: 6 cm → 30 mm half)
    const cm = await createProduct(t.app, store, { name: 'cm', dimension_unit: 'cm' });
    const res = await req('POST', '/v1/sides', { product_id: cm.id, name: 'S', width: 6, height: 6, mask: { shape: 'rounded_rectangle', radius_mm: 31 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)['mask.radius_mm']).toBeTruthy();
    const ok = await req('POST', '/v1/sides', { product_id: cm.id, name: 'S', width: 6, height: 6, mask: { shape: 'rounded_rectangle', radius_mm: 29 } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('needs the secret key to write; another tenant gets 404', async () => {
    const { side } = await sticker();
    expect((await req('PUT', `/v1/sides/${side.id}`, { mask: { shape: 'circle' } }, as.U(store))).statusCode).toBeGreaterThanOrEqual(401);
    expect((await req('PUT', `/v1/sides/${side.id}`, { mask: { shape: 'circle' } }, as.B(other))).statusCode).toBe(404);
    expect((await req('GET', `/v1/sides/${side.id}`, undefined, as.U(other))).statusCode).toBe(404);
    expect((await req('PUT', `/v1/sides/${side.id}`, { mask: { shape: 'circle' } }, {})).statusCode).toBe(401);
  });

  it("a round sticker's design prints clipped to the circle with a CutContour die line", async () => {
    const { side } = await sticker({ mask: { shape: 'circle' } });
    const d = await saveDesign(t.app, store, { side_id: side.id, viewport_width: 600, viewport_height: 600, layers: [{ type: 'rect', left: -40, top: -40, width: 680, height: 680, fill: '#e11d48', originX: 'left', originY: 'top' }] });
    expect(d.original_side?.mask ?? (await req('GET', `/v1/designs/${d.id}?include=original_side`)).json().data.original_side.mask).toEqual({ shape: 'circle' });
    const res = await req('POST', `/v1/designs/${d.id}/pdf`, { pdf_standard: 'pdf_x4' }, as.U(store));
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const plates = await gsPlates(await downloadLink(t.app, job.pdf_url), 150);
    expect(plates.names).toContain('CutContour');
    const k = 72 / 25.4;
    // the bleed box's corner is outside the grown circle: no ink; the die line at the circle's right
    expect(plates.maxInk('Magenta', { x0: 0, y0: 0, x1: 4 * k, y1: 4 * k })).toBe(0);
    expect(plates.maxInk('CutContour', { x0: 61.5 * k, y0: 31 * k, x1: 62.5 * k, y1: 33 * k })).toBeGreaterThan(0.5);
  }, 120_000);
});
