import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateLayers } from '../../../src/engines/pdf/layers.js';
import { findDefaultFamily } from '../../../src/engines/pdf/fonts/default-fonts.js';
import { fontFamiliesOf } from '../../../src/modules/catalog/templates/templates.service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { createProduct, createSide, expectStablePaging, post } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('/templates/template-default', () => {
  it('lists the curated set: renderable layers, default fonts only, licence and print size recorded', async () => {
    const res = await get('/v1/templates/template-default?limit=100', as.U(store));
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Array<Record<string, any>>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((x) => x.name)).toEqual(expect.arrayContaining(['Business card (front)', 'Flyer (A5)', 'Round sticker']));
    for (const tpl of list) {
      expect(tpl).toMatchObject({ is_default: true, side_id: null, license: expect.stringContaining('CC0'), print_size: { dimension_unit: 'mm' } });
      expect(tpl.layers.length).toBeGreaterThan(0);
      expect(() => validateLayers(tpl.layers), tpl.name).not.toThrow();
      const families = fontFamiliesOf(tpl.layers);
      expect(families.length, tpl.name).toBeGreaterThan(0);
      for (const f of families) expect(findDefaultFamily(f), `${tpl.name}: ${f}`).toBeDefined();
      // The viewport has the print size's aspect ratio, so layers map onto the trim box undistorted.
      expect(tpl.viewport_width / tpl.viewport_height).toBeCloseTo(tpl.print_size.width / tpl.print_size.height, 2);
    }
    // Every store sees the same set; the count agrees with the list.
    expect((await get('/v1/templates/template-default?limit=100', as.B(other))).json().data.map((x: { id: string }) => x.id)).toEqual(list.map((x) => x.id));
    expect((await get('/v1/templates/default/count', as.B(store))).json()).toEqual({ data: { count: list.length }, message: 'Retrieved successfully' });
  });

  it('pages, sorts and searches; 413 on limit; 400 on an unknown sortBy', async () => {
    const all = (await get('/v1/templates/template-default?limit=100', as.B(store))).json().data.map((x: { id: string }) => x.id);
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    // Store templates added while paging do not enter the curated list, nor disturb its pages.
    await expectStablePaging(t.app, '/v1/templates/template-default', as.U(store), all, () => post(t.app, store, '/v1/templates', { side_id: side.id, name: 'Mine' }));
    const byName = (await get('/v1/templates/template-default?sortBy=name&sort=asc&limit=100', as.B(store))).json().data.map((x: { name: string }) => x.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b)));
    expect((await get('/v1/templates/template-default?search=STICK', as.B(store))).json().data.map((x: { name: string }) => x.name)).toEqual(['Round sticker']);
    expect((await get('/v1/templates/template-default?limit=101', as.B(store))).statusCode).toBe(413);
    expect((await get('/v1/templates/template-default?sortBy=colour', as.B(store))).statusCode).toBe(400);
  });

  it('a curated template copied onto a store side is a store template', async () => {
    const card = (await get('/v1/templates/template-default?search=business', as.B(store))).json().data[0];
    const p = await createProduct(t.app, store, { name: 'Cards' });
    const side = await createSide(t.app, store, p.id, { width: card.print_size.width, height: card.print_size.height });
    const mine = await post(t.app, store, '/v1/templates', { side_id: side.id, name: 'My card', layers: card.layers, viewport_width: card.viewport_width, viewport_height: card.viewport_height });
    expect(mine.layers).toEqual(card.layers);
    const fonts = (await get(`/v1/templates/${mine.id}/fonts`, as.U(store))).json().data.map((f: { family: string }) => f.family);
    expect(new Set(fonts)).toEqual(new Set(fontFamiliesOf(card.layers)));
  });

  it('runs the auth cases', async () => {
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/templates/template-default', accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/templates/default/count', accepts: ['B', 'JS'] }, store);
  });
});

describe('/templates (the store’s)', () => {
  it('pages without gaps while rows are added, sorts and searches, per store and per side', async () => {
    const s = await createStore(t.app);
    const p = await createProduct(t.app, s);
    const side = await createSide(t.app, s, p.id);
    const made = [];
    for (const name of ['Wedding', 'Birthday', 'Menu']) made.push(await post(t.app, s, '/v1/templates', { side_id: side.id, name }));
    const ids = made.map((x) => x.id);
    let k = 0;
    await expectStablePaging(t.app, '/v1/templates', as.U(s), ids, () => post(t.app, s, '/v1/templates', { side_id: side.id, name: `Late ${k++}` }));
    await expectStablePaging(t.app, '/v1/templates?sortBy=name&sort=asc', as.B(s), ids, () => post(t.app, s, '/v1/templates', { side_id: side.id, name: `Aa ${k++}` }));
    await expectStablePaging(t.app, `/v1/sides/${side.id}/templates`, as.B(s), ids, () => post(t.app, s, '/v1/templates', { side_id: side.id, name: `Side ${k++}` }));
    expect((await get('/v1/templates?search=WEDD', as.B(s))).json().data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    const asc = (await get('/v1/templates?sortBy=name&sort=asc&limit=100', as.B(s))).json().data.map((x: { name: string }) => x.name);
    expect(asc).toEqual([...asc].sort());
    expect((await get('/v1/templates/count', as.B(s))).json().data.count).toBe(3 + k);
    // Another store sees none of it.
    for (const [method, url] of [['GET', `/v1/templates/${ids[0]}`], ['PUT', `/v1/templates/${ids[0]}`], ['DELETE', `/v1/templates/${ids[0]}`], ['GET', `/v1/templates/${ids[0]}/fonts`], ['GET', `/v1/sides/${side.id}/templates`]] as const) {
      const res = await t.app.inject({ method, url, headers: as.B(other), ...(method === 'PUT' ? { payload: { name: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get('/v1/templates', as.B(other))).json().data).toEqual([]);
  });
});
