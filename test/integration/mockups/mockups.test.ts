import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { createProduct, createSide, multipart, pngHeaderOnly } from '../catalog/helpers.js';
import { downloadLink, finishedJob, imageLayer, printProduct, saveDesign } from '../designs/helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  // webhook callback hosts resolve to a public address (no DNS in tests)
  t = await buildTestApp({ resolver: async () => [{ address: '93.184.216.34', family: 4 }] });
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const W = 400;
const H = 300;
/** A 400 × 300 grey photo; the print area is the rectangle (100, 50)–(300, 250). */
async function layers() {
  const photo = await sharp({ create: { width: W, height: H, channels: 3, background: '#808080' } }).png().toBuffer();
  const mask = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } }).png().toBuffer();
  return { photo, mask };
}
const SPEC = { print_area: { type: 'quad', corners: [[100, 50], [300, 50], [300, 250], [100, 250]] }, fit: 'fill' };

async function createTemplate(s: TestStore, extra: { spec?: unknown; name?: string; files?: Array<{ name: string; body: Buffer }>; headers?: Record<string, string> } = {}) {
  const { photo, mask } = await layers();
  const files = extra.files ?? [
    { name: 'photo', body: photo },
    { name: 'mask', body: mask },
  ];
  const body = multipart([
    { name: 'name', value: extra.name ?? 'Square print' },
    { name: 'spec', value: JSON.stringify(extra.spec ?? SPEC) },
    ...files.map((f) => ({ name: f.name, filename: `${f.name}.png`, body: f.body, type: 'image/png' })),
  ]);
  return t.app.inject({ method: 'POST', url: '/v1/mockup-templates', payload: body.payload, headers: { ...(extra.headers ?? as.B(s)), ...body.headers } });
}

/** A square design in three vertical bands: red, green, blue. */
async function bandsDesign(s: TestStore) {
  const product = await createProduct(t.app, s, { name: 'Square', viewport_width: 300, viewport_height: 300 });
  const side = await createSide(t.app, s, product.id, { name: 'Front', width: 100, height: 100, dpi: 300 });
  return saveDesign(t.app, s, {
    side_id: side.id,
    viewport_width: 300,
    viewport_height: 300,
    layers: [
      { type: 'rect', left: 0, top: 0, width: 100, height: 300, fill: '#ff0000' },
      { type: 'rect', left: 100, top: 0, width: 100, height: 300, fill: '#00ff00' },
      { type: 'rect', left: 200, top: 0, width: 100, height: 300, fill: '#0000ff' },
    ],
  });
}

async function pixel(img: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('mockup templates', () => {
  it('curated defaults: four, listed to every store, readable by id, usable by no one for writing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/mockup-templates/default', headers: as.U(store) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data;
    expect(list.map((x: any) => x.name).sort()).toEqual(['Business card on a desk', 'Framed poster on a wall', 'T-shirt, chest print', 'White mug (11 oz)']);
    expect(list.every((x: any) => x.is_default && x.layers.photo.url && /CC0/.test(x.license))).toBe(true);
    const mug = list.find((x: any) => x.print_area.type === 'mesh');
    expect(mug.layers.shading).not.toBeNull();
    const shirt = list.find((x: any) => x.displacement);
    expect(shirt.layers.displacement).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/v1/mockup-templates/${mug.id}`, headers: as.B(other) })).json().data.id).toBe(mug.id);
    const put = await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${mug.id}`, headers: as.B(store), payload: { name: 'Mine' } });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/mockup-templates/${mug.id}`, headers: as.B(store) })).statusCode).toBe(403);
    // the store's own list does not hold the defaults
    expect((await t.app.inject({ method: 'GET', url: '/v1/mockup-templates', headers: as.B(other) })).json().data).toEqual([]);
  });

  it('create by multipart, list, read, update, delete; other store 404; events published', async () => {
    const events: any[] = [];
    t.deps.events.subscribe(async (e) => void (e.topic === 'mockup_templates' && events.push(e)));
    const res = await createTemplate(store);
    expect(res.statusCode, res.body).toBe(201);
    const tpl = res.json().data;
    expect(tpl).toMatchObject({ name: 'Square print', is_default: false, width: W, height: H, fit: 'fill', print_area: SPEC.print_area, layers: { shading: null, highlight: null, displacement: null } });
    expect(tpl.layers.photo).toMatchObject({ mime_type: 'image/png', width: W, height: H });
    expect(await downloadLink(t.app, tpl.layers.mask.url)).toBeInstanceOf(Buffer);

    const list = (await t.app.inject({ method: 'GET', url: '/v1/mockup-templates', headers: as.U(store) })).json();
    expect(list.data.map((x: any) => x.id)).toContain(tpl.id);
    expect(list.meta).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/v1/mockup-templates/${tpl.id}`, headers: as.JS(store) })).json().data.id).toBe(tpl.id);
    for (const h of [as.B(other), as.U(other)]) expect((await t.app.inject({ method: 'GET', url: `/v1/mockup-templates/${tpl.id}`, headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(other), payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/mockup-templates/not-an-id', headers: as.B(store) })).statusCode).toBe(404);

    const upd = await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(store), payload: { name: 'Renamed', aspect: 1.5, fit: 'contain' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'Renamed', aspect: 1.5, fit: 'contain', print_area: SPEC.print_area });
    const bad = await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(store), payload: { print_area: { type: 'quad', corners: [[100, 50], [100, 250], [300, 250], [300, 50]] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error['print_area.corners']).toBeTruthy();
    expect((await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(store), payload: { displacement: { x: 3, y: 3 } } })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'DELETE', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(store) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/mockup-templates/${tpl.id}`, headers: as.B(store) })).statusCode).toBe(404);
    expect(events.map((e) => e.event)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(events[0]).toMatchObject({ storeId: store.id, data: { id: tpl.id } });
  });

  it('stores can subscribe a webhook to the mockup_templates topic (POST, PUT, DELETE)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: { topic: 'mockup_templates', event: 'PUT', callback_url: 'https://hooks.example.com/mockups' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ topic: 'mockup_templates', event: 'PUT' });
    const bad = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: { topic: 'mockup_templates', event: 'completed', callback_url: 'https://hooks.example.com/mockups' } });
    expect(bad.statusCode).toBe(400);
  });

  it('upload errors: no photo, bad spec, a layer of another shape, not an image, JSON body', async () => {
    const { photo } = await layers();
    const noPhoto = await createTemplate(store, { files: [] });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error.photo).toBeTruthy();
    const badSpec = await createTemplate(store, { spec: { print_area: { type: 'quad', corners: [[0, 0], [1, 0]] } } });
    expect(badSpec.statusCode).toBe(400);
    expect(badSpec.json().error['spec.print_area.corners']).toBeTruthy();
    const squashed = await createTemplate(store, { spec: { ...SPEC, width: 400, height: 400 } });
    expect(squashed.statusCode).toBe(400);
    expect(squashed.json().error['spec.width']).toBeTruthy();
    const halved = await createTemplate(store, { spec: { ...SPEC, width: 200, height: 150, print_area: { type: 'quad', corners: [[50, 25], [150, 25], [150, 125], [50, 125]] } } });
    expect(halved.statusCode, halved.body).toBe(201);
    expect(halved.json().data).toMatchObject({ width: 200, height: 150 });
    const notJson = multipart([{ name: 'name', value: 'x' }, { name: 'spec', value: '{nope' }, { name: 'photo', filename: 'p.png', body: photo }]);
    const r = await t.app.inject({ method: 'POST', url: '/v1/mockup-templates', payload: notJson.payload, headers: { ...as.B(store), ...notJson.headers } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.spec).toEqual(['is not valid JSON']);
    const wide = await sharp({ create: { width: 200, height: 50, channels: 3, background: '#fff' } }).png().toBuffer();
    const shape = await createTemplate(store, { files: [{ name: 'photo', body: photo }, { name: 'shading', body: wide }] });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().error.shading).toBeTruthy();
    const text = await createTemplate(store, { files: [{ name: 'photo', body: Buffer.from('not an image at all') }] });
    expect(text.statusCode).toBe(415);
    const bomb = await createTemplate(store, { files: [{ name: 'photo', body: pngHeaderOnly(12_000, 12_000) }] });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.photo[0]).toMatch(/144000000 pixels/);
    const json = await t.app.inject({ method: 'POST', url: '/v1/mockup-templates', headers: as.B(store), payload: { name: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('credentials: reads take the public token, writes the store key; API key scopes', async () => {
    const tpl = (await createTemplate(store)).json().data;
    expect((await createTemplate(store, { headers: as.U(store) })).statusCode).toBe(401);
    for (const r of [
      { method: 'GET', url: '/v1/mockup-templates', accepts: ['U'] },
      { method: 'GET', url: '/v1/mockup-templates/default', accepts: ['U'] },
      { method: 'GET', url: `/v1/mockup-templates/${tpl.id}`, accepts: ['U'] },
      { method: 'POST', url: '/v1/mockup-templates', payload: {}, accepts: ['B', 'JS'] },
      { method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, payload: { name: 'x' }, accepts: ['B', 'JS'] },
      { method: 'DELETE', url: `/v1/mockup-templates/${tpl.id}`, accepts: ['B', 'JS'] },
    ] as const) {
      await expectAuthCases(t.app, { ...r, accepts: [...r.accepts] }, store);
    }
    const reader = (await storeKey(t, store, { scopes: ['catalog:read'] })).key;
    expect((await t.app.inject({ method: 'GET', url: `/v1/mockup-templates/${tpl.id}`, headers: asK(reader) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, headers: asK(reader), payload: { name: 'x' } })).statusCode).toBe(403);
    const writer = (await storeKey(t, store, { scopes: ['catalog:write'] })).key;
    expect((await t.app.inject({ method: 'PUT', url: `/v1/mockup-templates/${tpl.id}`, headers: asK(writer), payload: { name: 'y' } })).statusCode).toBe(200);
  });
});

describe('mockups', () => {
  it('a small mockup answers 200 with the image: the bands land in the print area, the photo elsewhere', async () => {
    const tpl = (await createTemplate(store)).json().data;
    const d = await bandsDesign(store);
    const res = await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { design_id: d.id, template_id: tpl.id, width: 400, format: 'png' } });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ width: 400, height: 300, format: 'png', design_id: d.id, template_id: tpl.id });
    const img = await downloadLink(t.app, m.url);
    const meta = await sharp(img).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 300]);
    expect(await pixel(img, 130, 150)).toEqual([255, 0, 0]);
    expect(await pixel(img, 200, 150)).toEqual([0, 255, 0]);
    expect(await pixel(img, 270, 150)).toEqual([0, 0, 255]);
    expect(await pixel(img, 50, 150)).toEqual([128, 128, 128]);
    expect(await pixel(img, 200, 20)).toEqual([128, 128, 128]);
    // asked again: the same stored image
    const again = (await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.B(store), payload: { design_id: d.id, template_id: tpl.id, width: 400, format: 'png' } })).json().data;
    expect(new URL(again.url).pathname).toBe(new URL(m.url).pathname);
  });

  it('on a curated template, JPEG and WebP', async () => {
    const defaults = (await t.app.inject({ method: 'GET', url: '/v1/mockup-templates/default', headers: as.U(store) })).json().data;
    const d = await bandsDesign(store);
    for (const format of ['jpeg', 'webp'] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { design_id: d.id, template_id: defaults[0].id, width: 600, format } });
      expect(res.statusCode, res.body).toBe(200);
      const meta = await sharp(await downloadLink(t.app, res.json().data.url)).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(600);
    }
  });

  it('wider than 1,000 px, several templates or a project: 202 and a job polled at GET /jobs/{id}', async () => {
    const defaults = (await t.app.inject({ method: 'GET', url: '/v1/mockup-templates/default', headers: as.U(store) })).json().data;
    const d = await bandsDesign(store);
    const res = await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { design_id: d.id, template_ids: defaults.slice(0, 2).map((x: any) => x.id), width: 500, format: 'jpeg' } });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().data;
    expect(job).toMatchObject({ type: 'mockup', status: 'queued', design_ids: [d.id], width: 500, format: 'jpeg', mockups: [] });
    const done = await finishedJob(t.app, job.id, as.U(store));
    expect(done.status, done.error).toBe('completed');
    expect(done.mockups).toHaveLength(2);
    for (const m of done.mockups) expect((await sharp(await downloadLink(t.app, m.url)).metadata()).format).toBe('jpeg');
    for (const h of [as.U(other), as.B(other)]) expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${job.id}`, headers: h })).statusCode).toBe(404);

    const wide = await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.B(store), payload: { design_id: d.id, template_id: defaults[2].id, width: 1200 } });
    expect(wide.statusCode).toBe(202);
    const w = await finishedJob(t.app, wide.json().data.id, as.B(store));
    expect(w.mockups[0]).toMatchObject({ width: 1200, format: 'png' });

    const { front, back } = await printProduct(t.app, store);
    const p = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'Two' } })).json().data;
    await saveDesign(t.app, store, { side_id: front.id, project_id: p.id, layers: [] });
    await saveDesign(t.app, store, { side_id: back.id, project_id: p.id, layers: [] });
    const pr = await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: as.U(store), payload: { project_id: p.id, template_id: defaults[1].id, width: 300 } });
    expect(pr.statusCode).toBe(202);
    const pj = await finishedJob(t.app, pr.json().data.id, as.U(store));
    expect(pj.status, pj.error).toBe('completed');
    expect(pj.mockups).toHaveLength(2);
    expect(pj.project_id).toBe(p.id);
  });

  it('errors: 400 for bad bodies, 404 for another store’s design or template, 422 for a design that cannot render', async () => {
    const tpl = (await createTemplate(store)).json().data;
    const d = await bandsDesign(store);
    const post = (payload: object, headers = as.U(store)) => t.app.inject({ method: 'POST', url: '/v1/mockups', headers, payload });
    expect((await post({ template_id: tpl.id })).statusCode).toBe(400);
    expect((await post({ design_id: d.id, project_id: d.id, template_id: tpl.id })).statusCode).toBe(400);
    expect((await post({ design_id: d.id })).statusCode).toBe(400);
    expect((await post({ design_id: d.id, template_id: tpl.id, width: 5000 })).statusCode).toBe(400);
    expect((await post({ design_id: d.id, template_id: tpl.id, format: 'gif' })).statusCode).toBe(400);
    expect((await post({ design_id: d.id, template_id: tpl.id, width: 300 }, as.U(other))).statusCode).toBe(404);
    const otherTpl = (await createTemplate(other)).json().data;
    expect((await post({ design_id: d.id, template_id: otherTpl.id, width: 300 })).statusCode).toBe(404);
    const empty = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { name: 'Empty' } })).json().data;
    expect((await post({ project_id: empty.id, template_id: tpl.id })).statusCode).toBe(400);
    // an image layer whose image was deleted since: the print engine refuses it, 422 naming the layer
    const { layer, image } = await imageLayer(t.app, store);
    const broken = await saveDesign(t.app, store, { side_id: (await printProduct(t.app, store)).front.id, layers: [layer] });
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/images/${image.id}`, headers: as.B(store) })).statusCode).toBe(200);
    const r = await post({ design_id: broken.id, template_id: tpl.id, width: 300 });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().message).toContain('layers[0]');
  });

  it('credentials and scopes', async () => {
    const tpl = (await createTemplate(store)).json().data;
    const d = await bandsDesign(store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/mockups', payload: { design_id: d.id, template_id: tpl.id, width: 200 }, accepts: ['U'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: `/v1/designs/${d.id}/proof`, payload: {}, accepts: ['U'] }, store);
    const render = (await storeKey(t, store, { scopes: ['files:render'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['catalog:read'] })).key;
    expect((await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: asK(render), payload: { design_id: d.id, template_id: tpl.id, width: 200 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/v1/mockups', headers: asK(reader), payload: { design_id: d.id, template_id: tpl.id, width: 200 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: asK(reader), payload: {} })).statusCode).toBe(403);
  });
});

describe('proof images', () => {
  it('trim, bleed and safe lines, a watermark; the bleed line widens the image to the bleed box', async () => {
    const { front } = await printProduct(t.app, store); // A5, 3 mm bleed, 5 mm safe zone
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [{ type: 'rect', left: 0, top: 0, width: 600, height: 848, fill: '#ffffff' }] });
    const plain = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: as.U(store), payload: { width: 296 } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ width: 296, height: 420, format: 'png' });
    const lined = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: as.U(store), payload: { width: 308, lines: ['trim', 'bleed', 'safe'] } });
    expect(lined.statusCode, lined.body).toBe(200);
    const p = lined.json().data;
    // 154 mm across the bleed box at 2 px/mm
    expect(p).toMatchObject({ width: 308, height: 432, format: 'png' });
    const img = await downloadLink(t.app, p.url);
    expect(await pixel(img, 100, 100)).toEqual([255, 255, 255]);
    // trim line (magenta) 3 mm = 6 px in; safe line (green) 8 mm = 16 px in, on the left edge halfway down
    const trim = await pixel(img, 6, 150);
    expect(trim[0]).toBeGreaterThan(180);
    expect(trim[1]).toBeLessThan(90);
    expect(trim[2]).toBeGreaterThan(180);
    const row = await Promise.all(Array.from({ length: 12 }, (_, i) => pixel(img, 16, 120 + i)));
    expect(row.some(([r, g, b]) => g! > 100 && r! < 90 && b! < 120)).toBe(true);
    // a watermark darkens part of the white page; JPEG on request
    const marked = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: as.U(store), payload: { width: 308, watermark: 'PROOF', format: 'jpeg' } });
    expect(marked.statusCode, marked.body).toBe(200);
    const wm = await downloadLink(t.app, marked.json().data.url);
    expect((await sharp(wm).metadata()).format).toBe('jpeg');
    const stats = await sharp(wm).greyscale().stats();
    expect(stats.channels[0]!.min).toBeLessThan(230);
    const unmarked = await sharp(await downloadLink(t.app, plain.json().data.url)).greyscale().stats();
    expect(unmarked.channels[0]!.min).toBeGreaterThan(250);

    expect((await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: as.U(store), payload: { lines: ['crop'] } })).statusCode).toBe(400);
    // a very tall side: the image stays within 4,000 px high, narrower than asked
    const product = await createProduct(t.app, store, { name: 'Ribbon' });
    const ribbon = await createSide(t.app, store, product.id, { name: 'Ribbon', width: 10, height: 480, bleed: { top: 0, right: 0, bottom: 0, left: 0 }, safe_zone: { top: 0, right: 0, bottom: 0, left: 0 } });
    const tall = await saveDesign(t.app, store, { side_id: ribbon.id, layers: [] });
    const tp = await t.app.inject({ method: 'POST', url: `/v1/designs/${tall.id}/proof`, headers: as.U(store), payload: { width: 1000 } });
    expect(tp.statusCode, tp.body).toBe(200);
    expect(tp.json().data).toMatchObject({ width: 83, height: 3984 });
    expect((await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: as.U(store), payload: { width: 10 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/proof`, headers: as.U(other), payload: {} })).statusCode).toBe(404);
  });
});
