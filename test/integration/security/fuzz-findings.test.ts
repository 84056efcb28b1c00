import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { printProduct, saveDesign, textLayer } from '../designs/helpers.js';

/**
 * What the fuzzer (fuzz.test.ts) found, each pinned by the smallest request that showed it.
 */
let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t.app, undefined, { tier: 'advanced', deps: t.deps });
});
afterAll(async () => t.close());

function expectEnvelope(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(envelopeProblem(res), res.body).toBeNull();
  return JSON.parse(res.body);
}

describe('router errors answer with the envelope', () => {
  it('a path parameter over 200 characters is 414 with the envelope, not the router’s own body', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/products/${'x'.repeat(300)}`, headers: as.B(store) });
    const body = expectEnvelope(res, 414);
    expect(body.error.code).toBe('uri_too_long');
    expect(res.body).not.toContain('FST_');
    expect(res.body).not.toContain('x'.repeat(300));
    expect(res.headers['x-request-id']).toBe(body.request_id);
  });

  it('a malformed percent-escape in the path is 400 with the envelope', async () => {
    for (const url of ['/v1/products/%', '/v1/webhooks/%E0%A4%A/deliveries', '/v1/files/%zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: as.B(store) });
      const body = expectEnvelope(res, 400);
      expect(body.error.code).toBe('bad_request');
      expect(res.body).not.toContain('FST_');
    }
  });
});

describe('a body field named after an Object.prototype member', () => {
  it('an extra property called "constructor" is a validation error naming it, not a 500', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/v1/storages', headers: as.B(store), payload: { name: 'Cat', type: 'template' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    for (const extra of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await t.app.inject({ method: 'PUT', url: `/v1/storages/${id}`, headers: as.B(store), payload: { name: 'Cat', [extra]: 'x' } });
      const body = expectEnvelope(res, 400);
      expect(body.error[extra]).toEqual(['is not allowed']);
    }
  });
});

describe('studio uploads with a broken multipart body', () => {
  const J = () => ({ authorization: `Bearer ${store.owner.token}` });
  const cases: Array<[string, string, string]> = [
    ['no boundary in the body', 'multipart/form-data; boundary=abc', 'garbage with no boundary at all'],
    ['cut short before the closing boundary', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file[]"; filename="a.png"\r\n\r\nnot closed'],
    ['no boundary parameter', 'multipart/form-data', '--x\r\n'],
  ];
  for (const [what, type, payload] of cases) {
    it(`${what}: 400, not 500`, async () => {
      for (const url of ['/v1/services/studio/face-crop/upload', '/v1/services/studio/agencies/1/jobs/1/files']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...J(), 'content-type': type }, payload });
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
        expect(envelopeProblem(res), res.body).toBeNull();
      }
    });
  }
});

describe('a publishable key writes no further than the public token (found by the OWASP API5 test)', () => {
  it('cannot delete a design although it holds designs:write; it can still save one', async () => {
    const pk = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers: as.B(store), payload: { name: 'browser', kind: 'store_publishable' } });
    expect(pk.statusCode, pk.body).toBe(200);
    const key = { authorization: `Bearer ${pk.json().key}` };
    const { front } = await printProduct(t.app, store);
    const design = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] }, key);
    for (const [method, url, payload] of [
      ['DELETE', `/v1/designs/${design.id}`, undefined],
      ['DELETE', '/v1/designs/batch', { designs: [{ id: design.id }] }],
      ['GET', '/v1/designs', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: key, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(envelopeProblem(res)).toBeNull();
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/designs/${design.id}`, headers: as.B(store) })).statusCode).toBe(200);
  });
});

describe('NUL characters (PostgreSQL text cannot hold them: the driver error was a 500 there)', () => {
  it('in a query parameter, a body string, a nested key or a multipart field: 400 naming where', async () => {
    const J = { authorization: `Bearer ${store.owner.token}` };
    const cases: Array<[string, () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>, string]> = [
      ['search', () => t.app.inject({ method: 'GET', url: '/v1/products?search=%00', headers: as.B(store) }), 'search'],
      ['body string', () => t.app.inject({ method: 'POST', url: '/v1/services/studio/agencies', headers: J, payload: { name: 'a\u0000b', agency_type: 'corporate' } }), 'name'],
      ['nested', () => t.app.inject({ method: 'POST', url: '/v1/storages', headers: as.B(store), payload: { name: 'ok', type: 'template', meta: [{ k: 'x\u0000' }] } }), 'meta[0].k'],
      ['multipart field', () => t.app.inject({ method: 'POST', url: '/v1/images', headers: { ...as.B(store), 'content-type': 'multipart/form-data; boundary=b' }, payload: '--b\r\nContent-Disposition: form-data; name="type"\r\n\r\nclip\u0000arts\r\n--b--\r\n' }), 'type'],
    ];
    for (const [what, send, field] of cases) {
      const res = await send();
      const body = expectEnvelope(res, 400);
      expect(body.error[field], `${what}: ${res.body}`).toEqual(['must not contain NUL characters']);
    }
  });

  it('a body nested 10 000 deep is checked without overflowing the stack', async () => {
    const deep = '{"a":'.repeat(10_000) + '"x"' + '}'.repeat(10_000);
    const res = await t.app.inject({ method: 'POST', url: '/v1/storages', headers: { ...as.B(store), 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(envelopeProblem(res)).toBeNull();
  });
});
