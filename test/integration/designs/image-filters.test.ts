/**
 * Image filters in a design (Fabric's serialisation, src/engines/pdf/image-filters.ts): kept
 * as sent and read back; a filter value out of range is a 400 naming the field; a filter type
 * the engine does not know is accepted (the print file warns about it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type TestStore } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/app.js';
import { imageLayer, printApp, printProduct, saveDesign, textLayer } from './helpers.js';

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
