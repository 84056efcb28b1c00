/**
 * Image filters in a design (Fabric's serialisation, src/engines/pdf/image-filters.ts): kept
 * as sent and read back; a filter value out of range is a 400 naming the field; a filter type
 * the engine does not know is accepted (the print file warns about it). A Duotone in a spot
 * ink (src/engines/pdf/duotone.ts): kept last, read back, printed as a DeviceN image; a bad
 * ink name or alternate, a Duotone not last, an ink a ruled product does not offer: 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type TestStore } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/app.js';
import { finishedJob, imageLayer, printApp, printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => ({ t, store } = await printApp()));
afterAll(async () => t.close());

const FILTERS = [{ type: 'Brightness', brightness: 0.1 }, { type: 'Contrast', contrast: -0.2 }, { type: 'Saturation', saturation: 0.3 }, { type: 'Grayscale', mode: 'average' }, { type: 'Sepia', colorsOnly: false }];

describe('image filters in designs', () => {
  it('saves and reads back Fabric filters on an image layer', async () => {
    const { front } = await printProduct(t.app, store);
    const { layer } = await imageLayer(t.app, store, { filters: FILTERS });
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer(), layer, { ...layer, filters: [{ type: 'Blur', blur: 0.2 }] }] });
    const got = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) });
    expect(got.json().data.layers[1].filters).toEqual(FILTERS);
    expect(got.json().data.layers[2].filters).toEqual([{ type: 'Blur', blur: 0.2 }]);
  });

  it('rejects bad filter values with 400 naming the field', async () => {
    const { front } = await printProduct(t.app, store);
    const { layer } = await imageLayer(t.app, store);
    const bad = [
      { ...layer, filters: [{ type: 'Brightness', brightness: 3 }] },
      { ...layer, filters: [{ type: 'Sepia' }, { type: 'Contrast', contrast: 'high' }] },
      { ...layer, filters: [{ type: 'Grayscale', mode: 'purple' }, { brightness: 0.1 }] },
      { ...layer, filters: { type: 'Sepia' } },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [textLayer(), ...bad] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid input');
    expect(Object.keys(res.json().error).sort()).toEqual([
      'layers[1].filters[0].brightness',
      'layers[2].filters[1].contrast',
      'layers[3].filters[0].mode',
      'layers[3].filters[1]',
      'layers[4].filters',
    ]);
  });
});

describe('duotone in a spot ink', () => {
  const DUO = { type: 'Duotone', spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] };

  it('saves and reads back a duotone after the tonal filters, and prints it without a filters warning', async () => {
    const { front } = await printProduct(t.app, store);
    const { layer } = await imageLayer(t.app, store, { filters: [{ type: 'Contrast', contrast: 0.2 }, DUO] });
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [layer] });
    const got = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) });
    expect(got.json().data.layers[0].filters).toEqual([{ type: 'Contrast', contrast: 0.2 }, DUO]);
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect((job.warnings ?? []).filter((w: { code: string }) => w.code === 'UNSUPPORTED_FEATURE')).toEqual([]);
  }, 60_000);

  it('rejects a bad duotone with 400 naming the field', async () => {
    const { front } = await printProduct(t.app, store);
    const { layer } = await imageLayer(t.app, store);
    const bad = [
      { ...layer, filters: [{ ...DUO, spot: '' }] },
      { ...layer, filters: [{ ...DUO, spot: 'x'.repeat(128) }] },
      { ...layer, filters: [{ ...DUO, spot: 'Black' }] },
      { ...layer, filters: [{ ...DUO, cmyk: [0, 91, 76] }] },
      { ...layer, filters: [{ ...DUO, cmyk: [0, 120, 76, 0] }] },
      { ...layer, filters: [{ ...DUO, cmyk: undefined }] },
      { ...layer, filters: [DUO, { type: 'Sepia' }] },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: bad } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error).sort()).toEqual([
      'layers[0].filters[0].spot',
      'layers[1].filters[0].spot',
      'layers[2].filters[0].spot',
      'layers[3].filters[0].cmyk',
      'layers[4].filters[0].cmyk',
      'layers[5].filters[0].cmyk',
      'layers[6].filters[0]',
    ]);
  });

  it('a product that limits colours allows only its own inks (400 naming the filter\'s spot)', async () => {
    const { product, front } = await printProduct(t.app, store);
    const put = await t.app.inject({ method: 'PUT', url: `/v1/products/${product.id}`, headers: as.B(store), payload: { design_rules: { colors: ['#112233'] }, spot_inks: [{ name: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }] } });
    expect(put.statusCode, put.body).toBe(200);
    const { layer } = await imageLayer(t.app, store);
    const ok = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [{ ...layer, filters: [DUO] }] } });
    expect(ok.statusCode, ok.body).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [{ ...layer, filters: [{ type: 'Sepia' }, { ...DUO, spot: 'Reflex Blue', cmyk: [100, 73, 0, 2] }] }] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error)).toEqual(['layers[0].filters[1].spot']);
    expect(res.json().error['layers[0].filters[1].spot'].join(' ')).toMatch(/Reflex Blue" is not one of this product's inks/);
  });
});
