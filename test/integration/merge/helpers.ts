import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { createProduct, createSide, upload } from '../catalog/helpers.js';
import { finishedJob, saveDesign } from '../designs/helpers.js';

/** A business card product: 85 × 55 mm trim, 2 mm bleed, a 340 × 220 px viewport. */
export async function cardProduct(app: App, store: TestStore) {
  const product = await createProduct(app, store, { name: 'Business card', viewport_width: 340, viewport_height: 220 });
  const side = await createSide(app, store, product.id, { name: 'Front', width: 85, height: 55, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 0, right: 0, bottom: 0, left: 0 }, dpi: 300 });
  return { product, side };
}

/** Card layers: a static band, name (shrink), title ({{token}}), QR (url), Code 128 (sku), a static footer. */
export function cardLayers(extra: unknown[] = []) {
  return [
    { type: 'rect', left: 0, top: 0, width: 340, height: 30, fill: '#1d4ed8', strokeWidth: 0, locked: true },
    { type: 'text', left: 20, top: 50, width: 200, height: 28, text: 'Full Name', fontFamily: 'Roboto', fontSize: 24, fill: '#111111', field: { name: 'name', type: 'text', fit: 'shrink', min_font_size: 8 } },
    { type: 'textbox', left: 20, top: 90, width: 200, text: 'Title: {{title}}', fontFamily: 'Roboto', fontSize: 12, field: { name: 'title', type: 'text' } },
    { type: 'rect', left: 240, top: 60, width: 80, height: 80, fill: '#eeeeee', strokeWidth: 0, field: { name: 'url', type: 'qr' } },
    { type: 'rect', left: 20, top: 150, width: 200, height: 60, fill: '#eeeeee', strokeWidth: 0, field: { name: 'sku', type: 'barcode', symbology: 'code128' } },
    { type: 'text', left: 240, top: 190, text: 'Folio Print Co.', fontFamily: 'Roboto', fontSize: 10, locked: true },
    ...extra,
  ];
}

export async function cardDesign(app: App, store: TestStore, layers: unknown[] = cardLayers()) {
  const { side } = await cardProduct(app, store);
  return saveDesign(app, store, { side_id: side.id, layers, viewport_width: 340, viewport_height: 220 }, as.B(store));
}

export async function postMerge(app: App, headers: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'POST', url: '/v1/merge-jobs', headers, payload: payload as object });
}

/** Posts a merge, expects 202 and waits for the job to finish; the finished job view. */
export async function merged(app: App, headers: Record<string, string>, payload: unknown) {
  const res = await postMerge(app, headers, payload);
  expect(res.statusCode, res.body).toBe(202);
  return finishedJob(app, res.json().data.id, headers);
}

export { upload };
