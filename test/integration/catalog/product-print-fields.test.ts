import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { storeOn } from '../api-keys/helpers.js';
import { downloadLink, saveDesign } from '../designs/helpers.js';
import { createProduct, createSide, multipart } from './helpers.js';

// A product's spot inks and mockup template (docs/products.md § Print profile): HTTP through the real app.
let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
});
afterAll(async () => t.close());

async function createTemplate(s: TestStore, name = 'Square print') {
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } }).png().toBuffer();
  const spec = { print_area: { type: 'quad', corners: [[100, 50], [300, 50], [300, 250], [100, 250]] }, fit: 'fill' };
  const body = multipart([
    { name: 'name', value: name },
    { name: 'spec', value: JSON.stringify(spec) },
    { name: 'photo', filename: 'photo.png', body: photo, type: 'image/png' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/mockup-templates', payload: body.payload, headers: { ...as.B(s), ...body.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

async function defaultTemplateId(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/mockup-templates/default', headers: as.B(store) });
  return res.json().data[0].id as string;
}

const put = (id: string, payload: object, s = store) => t.app.inject({ method: 'PUT', url: `/v1/products/${id}`, headers: as.B(s), payload });
const get = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/products/${id}`, headers: as.U(store) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const create = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { name: 'Sticker', ...payload } });

describe('product spot_inks', () => {
  it('defaults to [], known names are completed, others keep their alternate; create, update, read and list agree', async () => {
    const plain = await createProduct(t.app, store);
    expect(plain).toMatchObject({ spot_inks: [], mockup_template_id: null });
    expect(await get(plain.id)).toMatchObject({ spot_inks: [], mockup_template_id: null });

    const res = await create({ spot_inks: [{ name: 'White' }, { name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0] }, { name: 'Varnish', cmyk: [0, 0, 0, 10], overprint: true }, { name: 'CutContour', overprint: false }] });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    const inks = [
      { name: 'White', cmyk: [0, 0, 0, 0], overprint: true },
      { name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0], overprint: false },
      { name: 'Varnish', cmyk: [0, 0, 0, 10], overprint: true },
      // die lines always overprint, as the PDF prints them
      { name: 'CutContour', cmyk: [0, 100, 0, 0], overprint: true },
    ];
    expect(p.spot_inks).toEqual(inks);
    expect((await get(p.id)).spot_inks).toEqual(inks);
    const list = (await t.app.inject({ method: 'GET', url: '/v1/products?limit=100', headers: as.B(store) })).json().data;
    expect(list.find((x: any) => x.id === p.id).spot_inks).toEqual(inks);

    // an update of another field keeps them; a new list replaces them; [] clears them
    expect((await put(p.id, { name: 'Sticker 2' })).json().data.spot_inks).toEqual(inks);
    const upd = await put(p.id, { spot_inks: [{ name: 'white', cmyk: [0, 0, 0, 0] }, { name: 'White', cmyk: [10, 0, 0, 0] }] });
    expect(upd.statusCode, upd.body).toBe(200);
    // names are case-sensitive, as RIPs match them: "white" is an ordinary ink
    expect(upd.json().data.spot_inks).toEqual([
      { name: 'white', cmyk: [0, 0, 0, 0], overprint: false },
      { name: 'White', cmyk: [10, 0, 0, 0], overprint: true },
    ]);
    expect((await put(p.id, { spot_inks: [] })).json().data.spot_inks).toEqual([]);
    expect((await get(p.id)).spot_inks).toEqual([]);
  });

  it('400 naming the ink and field: cmyk missing or out of range, reserved, blank or duplicate names, unknown keys, too many', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [[{ name: 'White' }, { name: 'CutContour' }, { name: 'Gold' }], 'spot_inks.2.cmyk', /needs its CMYK alternate/],
      [[{ name: 'Cyan', cmyk: [100, 0, 0, 0] }], 'spot_inks.0.name', /reserved/],
      [[{ name: 'All', cmyk: [100, 0, 0, 0] }], 'spot_inks.0.name', /reserved/],
      [[{ name: '   ', cmyk: [0, 0, 0, 0] }], 'spot_inks.0.name', /printable ASCII/],
      [[{ name: 'Grün', cmyk: [0, 0, 0, 0] }], 'spot_inks.0.name', /printable ASCII/],
      [[{ name: 'White' }, { name: 'Gold', cmyk: [0, 20, 60, 10] }, { name: 'Gold', cmyk: [0, 20, 60, 20] }], 'spot_inks.2.name', /already spot_inks\.1/],
      [[{ name: 'Gold', cmyk: [0, 0, 0] }], 'spot_inks.0.cmyk', /fewer than 4/],
      [[{ name: 'Gold', cmyk: [0, 0, 0, 101] }], 'spot_inks.0.cmyk.3', /<= 100/],
      [[{ name: 'Gold', cmyk: [0, 0, 0, 10], tint: 0.5 }], 'spot_inks.0.tint', /not allowed/],
      [[{ cmyk: [0, 0, 0, 10] }], 'spot_inks.0.name', /required/],
      [Array.from({ length: 17 }, (_, i) => ({ name: `Ink ${i}`, cmyk: [0, 0, 0, i] })), 'spot_inks', /more than 16/],
      ['White', 'spot_inks', /array/],
    ];
    for (const [spot_inks, field, message] of cases) {
      const res = await create({ spot_inks });
      expect(res.statusCode, JSON.stringify(spot_inks)).toBe(400);
      const errors = res.json().error as Record<string, string[]>;
      expect(errors[field], `${JSON.stringify(spot_inks)} → ${res.body}`).toBeDefined();
      expect(errors[field]!.join(' ')).toMatch(message);
    }
    // nothing was stored by the refused requests
    const p = await createProduct(t.app, store, { spot_inks: [{ name: 'White' }] });
    const bad = await put(p.id, { spot_inks: [{ name: 'Silver' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error['spot_inks.0.cmyk']).toBeDefined();
    expect((await get(p.id)).spot_inks).toEqual([{ name: 'White', cmyk: [0, 0, 0, 0], overprint: true }]);
  });
});

describe('product mockup_template_id', () => {
  it("accepts the store's own and a default template, refuses another store's or none; null clears it", async () => {
    const mine = await createTemplate(store);
    const def = await defaultTemplateId();
    const res = await create({ mockup_template_id: mine.id });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p.mockup_template_id).toBe(mine.id);
    expect((await get(p.id)).mockup_template_id).toBe(mine.id);
    expect((await put(p.id, { mockup_template_id: def })).json().data.mockup_template_id).toBe(def);
    expect((await get(p.id)).mockup_template_id).toBe(def);

    const theirs = await createTemplate(other, 'Theirs');
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const r of [await create({ mockup_template_id: id }), await put(p.id, { mockup_template_id: id })]) {
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().error).toEqual({ mockup_template_id: ['is not a mockup template of this store'] });
      }
    }
    expect((await get(p.id)).mockup_template_id).toBe(def);
    // the other store may use its own on its product
    const theirProduct = await createProduct(t.app, other, { mockup_template_id: theirs.id });
    expect(theirProduct.mockup_template_id).toBe(theirs.id);
    // another store cannot read or change this product
    expect((await put(p.id, { mockup_template_id: theirs.id }, other)).statusCode).toBe(404);

    expect((await put(p.id, { mockup_template_id: null })).json().data.mockup_template_id).toBeNull();
  });

  it("a mockup request naming no template uses the design's product's; one naming a template still wins; none anywhere stays a 400", async () => {
    const tpl = await createTemplate(store);
    const def = await defaultTemplateId();
    const product = await createProduct(t.app, store, { name: 'Square', viewport_width: 300, viewport_height: 300, mockup_template_id: tpl.id });
    const side = await createSide(t.app, store, product.id, { name: 'Front', width: 100, height: 100, dpi: 300 });
    const design = await saveDesign(t.app, store, { side_id: side.id, viewport_width: 300, viewport_height: 300, layers: [{ type: 'rect', left: 0, top: 0, width: 300, height: 300, fill: '#ff0000' }] });
    const mockup = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { width: 400, ...payload } });

    const res = await mockup({ design_id: design.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ design_id: design.id, template_id: tpl.id, width: 400, height: 300 });
    // the design shows inside the template's print area (100, 50)–(300, 250) on its grey photo
    const { data, info } = await sharp(await downloadLink(t.app, res.json().data.url)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(at(200, 150)[0]).toBeGreaterThan(200);
    expect(at(200, 150)[1]).toBeLessThan(60);
    expect(at(20, 20)).toEqual([128, 128, 128]);

    const named = await mockup({ design_id: design.id, template_id: def });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.template_id).toBe(def);

    await put(product.id, { mockup_template_id: null });
    // the design's product has none: as before, the request must name one
    const none = await mockup({ design_id: design.id });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.template_id.join(' ')).toMatch(/give either template_id or template_ids/);
    expect((await mockup({ design_id: design.id, template_id: tpl.id, template_ids: [tpl.id] })).statusCode).toBe(400);
  });

  it("a project's designs: their products' one template is used (a job); products naming different templates must name one", async () => {
    const def = await defaultTemplateId();
    const mine = await createTemplate(store, 'Project card');
    const a = await createProduct(t.app, store, { name: 'Card A', mockup_template_id: def });
    const b = await createProduct(t.app, store, { name: 'Card B', mockup_template_id: def });
    const project = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'Two cards' } })).json().data;
    for (const product of [a, b]) {
      const side = await createSide(t.app, store, product.id, { width: 85, height: 55 });
      await saveDesign(t.app, store, { side_id: side.id, project_id: project.id, layers: [] });
    }
    const post = () => t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { project_id: project.id, width: 300 } });
    const res = await post();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ type: 'mockup', project_id: project.id, template_ids: [def] });
    expect(res.json().data.design_ids).toHaveLength(2);

    await put(b.id, { mockup_template_id: mine.id });
    const mixed = await post();
    expect(mixed.statusCode, mixed.body).toBe(400);
    expect(mixed.json().error.template_id.join(' ')).toMatch(/different mockup templates/);
  });

  it('a deleted template counts as none: the product still reads, updates and lists; mockups must then name one', async () => {
    const tpl = await createTemplate(store, 'Short-lived');
    const product = await createProduct(t.app, store, { name: 'Mug', viewport_width: 300, viewport_height: 300, mockup_template_id: tpl.id, spot_inks: [{ name: 'White' }] });
    const side = await createSide(t.app, store, product.id, { name: 'Front', width: 100, height: 100, dpi: 300 });
    const design = await saveDesign(t.app, store, { side_id: side.id, viewport_width: 300, viewport_height: 300, layers: [{ type: 'rect', left: 0, top: 0, width: 300, height: 300, fill: '#0000ff' }] });
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(store) })).statusCode).toBe(200);

    const read = await get(product.id);
    expect(read).toMatchObject({ id: product.id, spot_inks: [{ name: 'White' }] });
    // an update of another field is not refused for the template deleted since
    const upd = await put(product.id, { name: 'Mug 11 oz', spot_inks: [{ name: 'White' }, { name: 'Gold', cmyk: [0, 20, 60, 10] }] });
    expect(upd.statusCode, upd.body).toBe(200);
    // …nor one that sends the product back as read (what a form does)
    expect((await put(product.id, { name: 'Mug', mockup_template_id: read.mockup_template_id })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/v1/products?limit=100', headers: as.B(store) });
    expect(list.statusCode).toBe(200);

    const mockup = await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { design_id: design.id, width: 300 } });
    expect(mockup.statusCode, mockup.body).toBe(400);
    expect(mockup.json().error.template_id.join(' ')).toMatch(/no mockup template/);
    // choosing a template again works as before
    const def = await defaultTemplateId();
    expect((await put(product.id, { mockup_template_id: def })).json().data.mockup_template_id).toBe(def);
  });
});
