import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/app.js';
import { post } from './helpers.js';
import { finishedJob, printApp, printProduct, saveDesign, textLayer } from '../designs/helpers.js';

// Product and side design rules (docs/catalog.md § Design rules): HTTP through the real app.
let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  ({ t, store } = await printApp());
  other = await createStore(t.app);
}, 60_000);
afterAll(async () => t.close());

const put = (url: string, payload: object, headers: Record<string, string> = as.B(store)) => t.app.inject({ method: 'PUT', url, headers, payload });
const errorsOf = (res: { json: () => { error: Record<string, string[]> } }) => res.json().error;

async function ruledProduct(rules: object, inks: object[] = [{ name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0] }]) {
  const { product, front, back } = await printProduct(t.app, store);
  const res = await put(`/v1/products/${product.id}`, { design_rules: rules, spot_inks: inks });
  expect(res.statusCode, res.body).toBe(200);
  return { product: res.json().data, front, back };
}

describe('design_rules on products and sides', () => {
  it('stores colours as #RRGGBB once each, fonts trimmed once each, lock_sides false by default; null clears; the public token reads them', async () => {
    const { product } = await ruledProduct({ colors: ['red', '#1f2937', 'rgb(255,0,0)'], fonts: [' Roboto ', 'roboto', 'Lobster'] });
    expect(product.design_rules).toEqual({ colors: ['#FF0000', '#1F2937'], fonts: ['Roboto', 'Lobster'], lock_sides: false });
    const read = await t.app.inject({ method: 'GET', url: `/v1/products/${product.id}`, headers: as.U(store) });
    expect(read.json().data.design_rules).toEqual(product.design_rules);
    // another field's update keeps them; null removes them
    expect((await put(`/v1/products/${product.id}`, { name: 'Renamed' })).json().data.design_rules).toEqual(product.design_rules);
    expect((await put(`/v1/products/${product.id}`, { design_rules: null })).json().data.design_rules).toBeNull();
    // another tenant's product is a 404
    expect((await put(`/v1/products/${product.id}`, { design_rules: null }, as.B(other))).statusCode).toBe(404);
  });

  it('400 naming the field: a colour that is not one, an empty list, an unknown key, a side with lock_sides', async () => {
    const { product, front } = await printProduct(t.app, store);
    const cases: Array<[object, string, RegExp]> = [
      [{ colors: ['#112233', 'blurple'] }, 'design_rules.colors.1', /not a CSS colour/],
      [{ colors: [] }, 'design_rules.colors', /at least one colour/],
      [{ fonts: [] }, 'design_rules.fonts', /at least one font/],
      [{ fonts: ['  '] }, 'design_rules.fonts.0', /font family/],
      [{ palette: ['#000'] }, 'design_rules.palette', /not allowed/],
    ];
    for (const [rules, field, message] of cases) {
      const res = await put(`/v1/products/${product.id}`, { design_rules: rules });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)[field]?.join(' '), res.body).toMatch(message);
    }
    const side = await put(`/v1/sides/${front.id}`, { design_rules: { lock_sides: true } });
    expect(side.statusCode).toBe(400);
    expect(errorsOf(side)['design_rules.lock_sides']?.join(' '), side.body).toMatch(/not allowed/);
  });

  it('refuses a design breaking the palette or the fonts (400 naming each layer field), from the public token too; spot inks of the product pass', async () => {
    const { front } = await ruledProduct({ colors: ['#112233', '#FFFFFF'], fonts: ['Roboto'] });
    const ok = await saveDesign(t.app, store, {
      side_id: front.id,
      layers: [
        textLayer({ fill: '#112233', stroke: 'transparent' }),
        { type: 'rect', left: 0, top: 0, width: 50, height: 50, fill: { spot: 'PANTONE 185 C', cmyk: [0, 93, 79, 0] }, stroke: '#ffffff' },
        { type: 'rect', left: 0, top: 0, width: 50, height: 50, fill: { type: 'linear', coords: { x1: 0, y1: 0, x2: 50, y2: 0 }, colorStops: [{ offset: 0, color: '#112233' }, { offset: 1, color: 'white' }] } },
      ],
    });
    expect(ok.id).toBeTruthy();

    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/designs',
      headers: as.U(store),
      payload: {
        side_id: front.id,
        layers: [
          textLayer({ fill: '#ff0000', fontFamily: "'Lobster', serif", text: 'Hi you', styles: [{ start: 1, end: 2, style: { fill: '#00ff00', fontFamily: 'Roboto' } }] }),
          { type: 'group', objects: [{ type: 'rect', width: 10, height: 10, fill: { spot: 'Gold', cmyk: [0, 20, 60, 10] } }] },
          { type: 'rect', width: 10, height: 10, fill: { type: 'linear', coords: { x1: 0, y1: 0, x2: 10, y2: 0 }, colorStops: [{ offset: 0, color: '#112233' }, { offset: 1, color: '#abcdef' }] } },
        ],
      },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const errors = errorsOf(bad);
    expect(errors['layers[0].fill']?.join(' ')).toMatch(/#FF0000 is not in this product's palette \(#112233, #FFFFFF, PANTONE 185 C\)/);
    expect(errors['layers[0].fontFamily']?.join(' ')).toMatch(/font "Lobster" is not one of this product's fonts \(Roboto\)/);
    expect(errors['layers[0].styles.0.1.fill']?.join(' ')).toMatch(/#00FF00/);
    expect(errors['layers[0].styles.0.1.fontFamily']).toBeUndefined();
    expect(errors['layers[1].objects[0].fill']?.join(' ')).toMatch(/spot ink "Gold" is not one of this product's inks \(PANTONE 185 C\)/);
    expect(errors['layers[2].fill.colorStops[1].color']?.join(' ')).toMatch(/#ABCDEF/);

    // PUT with a bad layer is refused the same way; a PUT without layers is not checked
    const upd = await put(`/v1/designs/${ok.id}`, { layers: [textLayer({ fill: '#000000' })] }, as.U(store));
    expect(upd.statusCode).toBe(400);
    expect(Object.keys(errorsOf(upd))).toEqual(['layers[0].fill']);
    expect((await put(`/v1/designs/${ok.id}`, { name: 'Mine' }, as.U(store))).statusCode).toBe(200);
  });

  it("a side's own colours replace the product's for that side only", async () => {
    const { front, back } = await ruledProduct({ colors: ['#112233'] });
    const res = await put(`/v1/sides/${back.id}`, { design_rules: { colors: ['#000000'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.design_rules).toEqual({ colors: ['#000000'], fonts: null });
    expect((await saveDesign(t.app, store, { side_id: back.id, layers: [textLayer({ fill: 'black' })] })).id).toBeTruthy();
    const front400 = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [textLayer({ fill: 'black' })] } });
    expect(front400.statusCode).toBe(400);
    const back400 = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: back.id, layers: [textLayer({ fill: '#112233' })] } });
    expect(Object.keys(errorsOf(back400))).toEqual(['layers[0].fill']);
  });

  it('lock_sides: a project prints only with one design for each side', async () => {
    const { front, back } = await ruledProduct({ lock_sides: true });
    const project = await post(t.app, store, '/v1/projects', { name: 'Locked card' });
    await saveDesign(t.app, store, { side_id: front.id, project_id: project.id, layers: [textLayer()] });
    const pdf = () => t.app.inject({ method: 'POST', url: `/v1/projects/${project.id}/pdf`, headers: as.U(store), payload: {} });
    const missing = await pdf();
    expect(missing.statusCode, missing.body).toBe(400);
    expect(errorsOf(missing).project_id?.join(' ')).toMatch(/"Flyer A5" locks its sides: no design for Back/);

    const backDesign = await saveDesign(t.app, store, { side_id: back.id, project_id: project.id, layers: [] });
    const made = await pdf();
    expect(made.statusCode, made.body).toBe(202);
    expect((await finishedJob(t.app, made.json().data.id, as.U(store))).status).toBe('completed');

    await saveDesign(t.app, store, { side_id: back.id, project_id: project.id, layers: [textLayer()] });
    const twice = await pdf();
    expect(twice.statusCode).toBe(400);
    expect(errorsOf(twice).project_id?.join(' ')).toMatch(/more than one design for Back/);

    // an order cannot be received either (422, as for a project without designs), and nothing is frozen
    const recv = await t.app.inject({ method: 'POST', url: `/v1/projects/${project.id}/transitions`, headers: as.B(store), payload: { to: 'received' } });
    expect(recv.statusCode, recv.body).toBe(422);
    expect(JSON.stringify(recv.json())).toMatch(/locks its sides: more than one design for Back/);
    await t.app.inject({ method: 'DELETE', url: `/v1/designs/${backDesign.id}`, headers: as.B(store) });
    const ok = await t.app.inject({ method: 'POST', url: `/v1/projects/${project.id}/transitions`, headers: as.B(store), payload: { to: 'received' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
