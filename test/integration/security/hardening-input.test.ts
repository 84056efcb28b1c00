import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_JSON_DEPTH } from '../../../src/platform/http/json-limits.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { as, createStore, type TestStore, type TestUser } from '../../helpers/factories.js';
import fc from 'fast-check';
import { deepFreeForm, freeFormPaths, longBoundaryMultipart, multipartBody, TINY_PNG, type Part } from '../../helpers/hostile.js';
import { openApiDocument, operations } from '../../helpers/openapi-ops.js';
import { printProduct, textLayer } from '../designs/helpers.js';
import { balance, multipart, studioImages } from '../studio/helpers.js';
import { pngChunk } from '../../../src/engines/image/png-chunk.js';

/**
 * Issue 18, items 2, 3 and 6: hostile input answered 400 (never 500), and paid work that
 * cannot succeed refused before the charge, so the wallet never moves on a refusal.
 */
let t: TestApp;
let store: TestStore;
let user: TestUser;
let images: Record<string, Buffer>;
let agencyId: number;
let jobId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { FOLIO_SIGNUP_TOKENS: '1000' } });
  store = await createStore(t.app, undefined, { tier: 'advanced', deps: t.deps });
  user = store.owner;
  images = await studioImages();
  const a = await t.app.inject({ method: 'POST', url: '/v1/services/studio/agencies', headers: as.J(user), payload: { name: 'Hill School', agency_type: 'school' } });
  expect(a.statusCode, a.body).toBe(201);
  agencyId = a.json().id;
  const j = await t.app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agencyId}/jobs`, headers: as.J(user), payload: { name: 'Spring 2026', icp_type: 'school' } });
  expect(j.statusCode, j.body).toBe(201);
  jobId = j.json().id;
});
afterAll(async () => t?.close());

type Res = { statusCode: number; body: string; headers: Record<string, unknown> };
function expect400(res: Res, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(envelopeProblem(res), res.body).toBeNull();
  return JSON.parse(res.body);
}

const faceCropUrl = '/v1/services/studio/face-crop/upload';
const jobFilesUrl = () => `/v1/services/studio/agencies/${agencyId}/jobs/${jobId}/files`;
const studioParts = (files: Array<[string, Buffer]>, fields: Record<string, string> = { icp_type: 'school' }): Part[] => [
  ...Object.entries(fields).map(([name, data]) => ({ name, data })),
  ...files.map(([filename, data]) => ({ name: 'file[]', filename, contentType: 'image/jpeg', data })),
];

// ---- item 2: multipart boundaries ---------------------------------------------------------

describe('a multipart boundary longer than the parser takes (item 2)', () => {
  const longBoundary = 'b'.repeat(300);

  it('studio face-crop upload and job files: 400 with the envelope, not the parser’s 500; nothing charged', async () => {
    const before = await balance(t.app, user);
    for (const url of [faceCropUrl, jobFilesUrl()]) {
      const body = multipartBody(studioParts([['a.jpg', images['astronaut.jpg']!]]), longBoundary);
      const res = await t.app.inject({ method: 'POST', url, headers: { ...as.J(user), 'content-type': body.contentType! }, payload: body.payload });
      const err = expect400(res, url);
      expect(err.error.message).toMatch(/boundary is too long/);
    }
    expect(await balance(t.app, user)).toBe(before);
  });

  it('every multipart operation of /v1/openapi.json answers the same body with a 4xx envelope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const ops: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>)) {
      for (const [method, op] of Object.entries(item)) if (op.requestBody?.content?.['multipart/form-data']) ops.push(`${method.toUpperCase()} ${path}`);
    }
    expect(ops.length).toBeGreaterThanOrEqual(4);
    // The studio's two uploads document no form (their parts are read by hand): named here.
    ops.push('POST /v1/services/studio/face-crop/upload', 'POST /v1/services/studio/agencies/{agencyId}/jobs/{jobId}/files');
    for (const op of ops) {
      const [method, path] = op.split(' ') as [string, string];
      const url = path.replace('{agencyId}', String(agencyId)).replace('{jobId}', String(jobId)).replace(/\{[^}]+\}/g, '1');
      const headers = path.startsWith('/v1/services/studio') ? as.J(user) : as.B(store);
      for (const boundary of [longBoundary, 'x'.repeat(253), 'y'.repeat(5000)]) {
        const body = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: TINY_PNG }, ...studioParts([['a.png', TINY_PNG]])], boundary);
        const res = await t.app.inject({ method: method as 'POST', url, headers: { ...headers, 'content-type': body.contentType! }, payload: body.payload });
        expect(res.statusCode, `${op} (${boundary.length}-character boundary): ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op}: ${res.body}`).toBeLessThan(500);
        expect(envelopeProblem(res), `${op}: ${res.body}`).toBeNull();
      }
    }
  });

  it('over a real connection: the client gets the 400 and the connection serves the next request', async () => {
    const server = await buildTestApp();
    try {
      const s = await createStore(server.app, undefined, { tier: 'advanced', deps: server.deps });
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const addr = server.app.server.address() as { port: number };
      const body = multipartBody(studioParts([['a.jpg', images['astronaut.jpg']!]]), longBoundary);
      const res = await fetch(`http://127.0.0.1:${addr.port}${faceCropUrl}`, { method: 'POST', headers: { ...as.J(s.owner), 'content-type': body.contentType! }, body: new Uint8Array(body.payload as Buffer) });
      const text = await res.text();
      expect(res.status, text).toBe(400);
      expect(JSON.parse(text).error.code ?? JSON.parse(text).error).toBeDefined();
      const health = await fetch(`http://127.0.0.1:${addr.port}/v1/health`);
      expect(health.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a boundary the parser can take (250 characters) still uploads', async () => {
    const body = multipartBody(studioParts([['a.jpg', images['astronaut.jpg']!]], {}), 'c'.repeat(250));
    const res = await t.app.inject({ method: 'POST', url: jobFilesUrl(), headers: { ...as.J(user), 'content-type': body.contentType! }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().files[0]).toMatchObject({ content_type: 'image/jpeg' });
  });
});

// ---- item 3: depth of free-form JSON -------------------------------------------------------

/** `levels` objects inside each other: {"a":{"a":…{}}}. */
function nest(levels: number): unknown {
  let v: unknown = {};
  for (let i = 1; i < levels; i++) v = { a: v };
  return v;
}
/** The same as JSON text, built without recursion (JSON.stringify itself overflows at a few thousand levels). */
function nestText(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
}

describe('free-form JSON nested too deep (item 3)', () => {
  it('template layers 2 500 deep, product metadata 5 000 deep and the rest: 400 naming the field, not a RangeError 500', async () => {
    const { front } = await printProduct(t.app, store);
    const tpl = await t.app.inject({ method: 'POST', url: '/v1/templates', headers: as.B(store), payload: { side_id: front.id, name: 'ok', layers: [textLayer()] } });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const tplId = tpl.json().data.id;
    const product = await t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { name: 'ok' } });
    expect(product.statusCode, product.body).toBe(201);
    const layer = (n: number) => `{"type":"group","objects":[${nestText(n)}]}`;
    const cases: Array<[string, string, string, string]> = [
      ['POST', '/v1/templates', `{"side_id":"${front.id}","name":"deep","layers":[${layer(2500)}]}`, 'layers[0]'],
      ['PUT', `/v1/templates/${tplId}`, `{"layers":[${layer(2500)}]}`, 'layers[0]'],
      ['POST', '/v1/templates/batch', `{"templates":[{"side_id":"${front.id}","name":"deep","layers":[${layer(2500)}]}]}`, 'templates[0]'],
      ['POST', '/v1/products', `{"name":"deep","metadata":[${nestText(5000)}]}`, 'metadata[0]'],
      ['PUT', `/v1/products/${product.json().data.id}`, `{"metadata":[${nestText(5000)}]}`, 'metadata[0]'],
      ['POST', '/v1/designs', `{"side_id":"${front.id}","layers":[${layer(5000)}]}`, 'layers[0]'],
      ['POST', '/v1/storages', `{"name":"deep","type":"template","meta":${nestText(5000)}}`, 'meta'],
      ['POST', '/v1/storages', '['.repeat(100_000) + ']'.repeat(100_000), '[0]'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: { ...as.B(store), 'content-type': 'application/json' }, payload });
      const body = expect400(res, `${method} ${url}`);
      expect(body.error[field], `${method} ${url}: ${res.body}`).toEqual([`is nested too deeply: arrays and objects nest at most ${MAX_JSON_DEPTH} levels`]);
    }
    // Nothing was stored: the template still has its one layer, no "deep" template exists.
    const stored = await t.app.inject({ method: 'GET', url: `/v1/templates/${tplId}`, headers: as.B(store) });
    expect(stored.json().data.layers).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/v1/templates?search=deep', headers: as.B(store) });
    expect(list.json().data).toEqual([]);
  });

  it(`the rule is the body’s depth: ${MAX_JSON_DEPTH} levels are stored and read back, one more is refused`, async () => {
    // body (1) → metadata (2) → the nested objects (3 … 64)
    const fits = nest(MAX_JSON_DEPTH - 2);
    const ok = await t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { name: 'deep enough', metadata: [fits] } });
    expect(ok.statusCode, ok.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/v1/products/${ok.json().data.id}`, headers: as.B(store) });
    expect(read.json().data.metadata).toEqual([fits]);
    const over = await t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { name: 'too deep', metadata: [nest(MAX_JSON_DEPTH - 1)] } });
    expect(expect400(over, 'one level over').error).toHaveProperty(['metadata[0]']);
  });
});

// ---- item 6: refused before the charge -----------------------------------------------------

/** A well-formed PNG of a few hundred bytes whose header declares `width` × `height` (a decompression bomb's shape). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('studio uploads that no engine can read are refused before the charge (item 6)', () => {
  const bad = (): Array<[string, Buffer, RegExp]> => [
    ['notes.jpg', Buffer.from('not an image at all'), /Unsupported file type/],
    ['drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), /Unsupported file type image\/svg\+xml/],
    ['cut.jpg', images['astronaut.jpg']!.subarray(0, 600), /cannot be decoded|cannot be read/],
    ['bomb.png', pngHeader(20_000, 20_000), /400000000 pixels; at most 100000000/],
  ];

  it('face crop, answered now (≤ 5 files): 400 naming the file, balance unchanged', async () => {
    for (const [name, data, message] of bad()) {
      const before = await balance(t.app, user);
      const { payload, headers } = multipart({ icp_type: 'school' }, [{ filename: 'ok.jpg', body: images['astronaut.jpg']! }, { filename: name, body: data }]);
      const res = await t.app.inject({ method: 'POST', url: faceCropUrl, headers: { ...as.J(user), ...headers }, payload });
      const err = expect400(res, name);
      expect(err.error['file[]'][0], res.body).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `));
      expect(err.error['file[]'][0], res.body).toMatch(message);
      expect(await balance(t.app, user)).toBe(before);
    }
  });

  it('face crop, queued batch (> 5 files): one bad file refuses the batch, nothing staged or charged', async () => {
    const before = await balance(t.app, user);
    const good = Array.from({ length: 7 }, (_, i) => ({ filename: `${i}.jpg`, body: images['astronaut.jpg']! }));
    const { payload, headers } = multipart({ icp_type: 'school' }, [...good, { filename: 'bomb.png', body: pngHeader(20_000, 20_000) }]);
    const res = await t.app.inject({ method: 'POST', url: faceCropUrl, headers: { ...as.J(user), ...headers }, payload });
    expect400(res, 'batch');
    expect(await balance(t.app, user)).toBe(before);
    const tx = await t.app.inject({ method: 'GET', url: '/v1/account/wallet/transactions?limit=100', headers: as.J(user) });
    expect(tx.json().data.filter((e: { type: string }) => e.type === 'charge' || e.type === 'refund')).toEqual([]);
  });

  it('agency job files: only whole images of an accepted type are stored, under the type their bytes say', async () => {
    for (const [name, data, message] of bad()) {
      const { payload, headers } = multipart({}, [{ filename: name, body: data }]);
      const res = await t.app.inject({ method: 'POST', url: jobFilesUrl(), headers: { ...as.J(user), ...headers }, payload });
      expect(expect400(res, name).error['file[]'][0]).toMatch(message);
    }
    // A PNG sent as image/jpeg is kept as what it is.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const { payload, headers } = multipart({}, [{ filename: 'p.jpg', body: png, type: 'image/jpeg' }]);
    const res = await t.app.inject({ method: 'POST', url: jobFilesUrl(), headers: { ...as.J(user), ...headers }, payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().files[0].content_type).toBe('image/png');
  });
});

// ---- the fuzz generators reach what they are for -------------------------------------------

describe('fuzz generators for issue 18 (used by fuzz.test.ts)', () => {
  it('find the free-form fields of the document and send them nested too deep: every answer a 4xx envelope', async () => {
    const ops = operations(await openApiDocument(t.app));
    const byName = new Map(ops.map((o) => [`${o.method} ${o.path}`, o]));
    expect(freeFormPaths(byName.get('POST /v1/products')!.json!)).toContainEqual(['metadata']);
    expect(freeFormPaths(byName.get('POST /v1/templates')!.json!)).toContainEqual(['layers', 0]);
    expect(freeFormPaths(byName.get('POST /v1/templates/batch')!.json!)).toContainEqual(['templates', 0, 'layers', 0]);
    const { front } = await printProduct(t.app, store);
    const src = { ids: [front.id], idsForField: (n: string) => (n === 'side_id' ? [front.id] : []) };
    let sent = 0;
    for (const key of ['POST /v1/products', 'POST /v1/templates', 'POST /v1/templates/batch', 'POST /v1/designs']) {
      const arb = deepFreeForm(byName.get(key)!.json!, src)!;
      for (const body of fc.sample(arb, { numRuns: 6, seed: 18 })) {
        const res = await t.app.inject({ method: 'POST', url: key.split(' ')[1]!, headers: { ...as.B(store), 'content-type': body.contentType! }, payload: body.payload });
        expect(res.statusCode, `${key} ${body.label}: ${res.body}`).toBe(400);
        expect(envelopeProblem(res), res.body).toBeNull();
        sent++;
      }
    }
    expect(sent).toBe(24);
  });

  it('long boundaries: up to 252 characters the studio uploads take, past that a 4xx envelope; never a 5xx', async () => {
    for (const body of fc.sample(longBoundaryMultipart(null), { numRuns: 12, seed: 18 })) {
      const length = Number(/(\d+)-character/.exec(body.label)![1]);
      for (const url of [faceCropUrl, jobFilesUrl()]) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...as.J(user), 'content-type': body.contentType! }, payload: body.payload });
        if (length > 252) expect(res.statusCode, `${url} ${body.label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${body.label}: ${res.body}`).toBeLessThan(500);
        expect(envelopeProblem(res), res.body).toBeNull();
      }
    }
  });
});
