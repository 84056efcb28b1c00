import { SignJWT } from 'jose';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp, type TestStore, type TestUser } from '../../helpers/factories.js';
import { createProduct, createSide, post, upload } from '../catalog/helpers.js';
import { SCHEME_TRICKS } from '../../helpers/hostile.js';

/**
 * Issue 18, items 4 and 5 and the JWT part of 7, as a client meets them: a reference field
 * naming another store's object (or no uuid at all) is a 400 naming the field; a URL field
 * that is shown or fetched takes http(s) only; an image layer with its own image_id cannot
 * show another picture; a JWT cannot outlive FOLIO_JWT_TTL, whatever its `exp` says.
 */
let t: TestApp;
let store: TestStore;
let other: TestStore;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t.app);
  other = await createStore(t.app);
  user = store.owner;
});
afterAll(async () => t.close());

type Inject = Awaited<ReturnType<TestApp['app']['inject']>>;
const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: unknown): Promise<Inject> =>
  t.app.inject({ method, url, headers, payload: payload as object });

function expectFieldError(res: Inject, field: string, message?: RegExp): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.message).toBe('Invalid input');
  expect(Object.keys(body.error), res.body).toContain(field);
  if (message) expect(body.error[field].join(' '), res.body).toMatch(message);
}

describe('item 4: every reference field names an object the caller can see', () => {
  it("a template's project_id: another store's project or not-a-uuid is 400, its own project is kept", async () => {
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    const mine = await post(t.app, store, '/v1/projects', { name: 'Mine' });
    const theirs = await post(t.app, other, '/v1/projects', { name: 'Theirs' });
    for (const bad of [theirs.id, 'not-a-uuid', randomUUID(), 42]) {
      const res = await send('POST', '/v1/templates', as.B(store), { side_id: side.id, name: 'T', project_id: bad });
      if (typeof bad === 'number') expect(res.statusCode, res.body).toBe(400);
      else expectFieldError(res, 'project_id', /not a project of this store/);
    }
    const tpl = await post(t.app, store, '/v1/templates', { side_id: side.id, name: 'T', project_id: mine.id });
    expect(tpl.project_id).toBe(mine.id);
    expectFieldError(await send('PUT', `/v1/templates/${tpl.id}`, as.B(store), { project_id: theirs.id }), 'project_id');
    expectFieldError(await send('POST', '/v1/templates/batch', as.B(store), { templates: [{ side_id: side.id, name: 'ok' }, { side_id: side.id, name: 'x', project_id: theirs.id }] }), 'templates.1.project_id');
    expectFieldError(await send('PUT', '/v1/templates/batch', as.B(store), { templates: [{ id: tpl.id, project_id: 'not-a-uuid' }] }), 'templates.0.project_id');
    // Nothing of the refused calls was stored; null unlinks.
    expect((await t.app.inject({ method: 'GET', url: `/v1/templates/${tpl.id}`, headers: as.B(store) })).json().data.project_id).toBe(mine.id);
    expect((await send('PUT', `/v1/templates/${tpl.id}`, as.B(store), { project_id: null })).json().data.project_id).toBeNull();
  });

  it("every reference field of products, sides, templates and designs refuses another store's object", async () => {
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    const op = await createProduct(t.app, other);
    const oside = await createSide(t.app, other, op.id);
    const oimage = (await upload(t.app, other)).json().data;
    const oproject = await post(t.app, other, '/v1/projects', { name: 'Theirs' });
    const ocat = await post(t.app, other, '/v1/storages', { name: 'Theirs', type: 'product' });
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/products', { name: 'P', product_image_id: oimage.id }, 'product_image_id'],
      ['/v1/products', { name: 'P', category_ids: [ocat.id] }, 'category_ids'],
      ['/v1/products', { name: 'P', parent_id: op.id }, 'parent_id'],
      ['/v1/sides', { product_id: op.id, name: 'S', width: 10, height: 10 }, 'product_id'],
      ['/v1/sides', { product_id: p.id, name: 'S', width: 10, height: 10, side_image_id: oimage.id }, 'side_image_id'],
      ['/v1/sides', { product_id: p.id, name: 'S', width: 10, height: 10, img_overlay_id: oimage.id }, 'img_overlay_id'],
      ['/v1/templates', { side_id: oside.id }, 'side_id'],
      ['/v1/templates', { side_id: side.id, project_id: oproject.id }, 'project_id'],
      ['/v1/templates', { side_id: side.id, preview_image_id: oimage.id }, 'preview_image_id'],
      ['/v1/templates', { side_id: side.id, template_image_id: oimage.id }, 'template_image_id'],
      ['/v1/designs', { side_id: oside.id }, 'side_id'],
      ['/v1/designs', { side_id: side.id, project_id: oproject.id }, 'project_id'],
      ['/v1/designs', { side_id: side.id, preview_image_id: oimage.id }, 'preview_image_id'],
      ['/v1/designs', { side_id: side.id, design_image_id: oimage.id }, 'design_image_id'],
      ['/v1/designs', { side_id: side.id, layers: [{ type: 'image', image_id: oimage.id }] }, 'layers[0].image_id'],
      ['/v1/designs', { side_id: side.id, layers: [{ type: 'image', src: oimage.url }] }, 'layers[0].src'],
      ['/v1/storages', { name: 'C', type: 'product', parent_id: ocat.id }, 'parent_id'],
    ];
    for (const [url, body, field] of cases) expectFieldError(await send('POST', url, as.B(store), body), field);
  });
});

describe('item 5: only http(s) where a link is shown or fetched', () => {
  const accepted = ['https://shop.example/store', 'http://shop.example:8080/a?b=c#d', 'HTTPS://SHOP.EXAMPLE/'];

  it('shop_url and view_store_url: scheme tricks are 400 on create and update; http(s) is stored', async () => {
    for (const field of ['shop_url', 'view_store_url']) {
      for (const bad of SCHEME_TRICKS) {
        expectFieldError(await send('POST', '/v1/stores', as.J(user), { store_name: 'S', [field]: bad }), field, /http\(s\) URL/);
        expectFieldError(await send('PUT', `/v1/stores/${store.id}`, as.J(user), { [field]: bad }), field, /http\(s\) URL/);
      }
      for (const good of accepted) {
        const res = await send('PUT', `/v1/stores/${store.id}`, as.J(user), { [field]: good });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data[field]).toBe(good);
      }
    }
  });

  it('reference_photo_url, image_url(s), logo_url, fileUrl, font url and callback_url refuse them too, before any charge', async () => {
    const agency = (await send('POST', '/v1/services/studio/agencies', as.J(user), { name: 'A', agency_type: 'school' })).json();
    const agencyId = agency.id ?? agency.data?.id;
    expect(agencyId, JSON.stringify(agency)).toBeTypeOf('number');
    const balance = async () => (await t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers: as.J(user) })).json().data.balance;
    const before = await balance();
    const cases: Array<[string, Record<string, string>, (u: string) => Record<string, unknown>, string]> = [
      [`/v1/services/studio/agencies/${agencyId}/subjects`, as.J(user), (u) => ({ student_id: 's1', name: 'Ada', reference_photo_url: u }), 'reference_photo_url'],
      [`/v1/services/studio/agencies/${agencyId}/subjects`, as.J(user), (u) => ({ subjects: [{ student_id: 's1', name: 'Ada', reference_photo_url: u }] }), 'subjects.0.reference_photo_url'],
      ['/v1/services/studio/face-crop', as.J(user), (u) => ({ image_url: u, icp_type: 'school' }), 'image_url'],
      ['/v1/services/studio/face-crop', as.J(user), (u) => ({ image_urls: [u], icp_type: 'school' }), 'image_urls.0'],
      ['/v1/services/studio/qr/generate', as.J(user), (u) => ({ job_id: 'j', logo_url: u, subjects: [{ student_id: '1', name: 'A' }] }), 'logo_url'],
      ['/v1/services/bg-remove', as.J(user), (u) => ({ image_url: u }), 'image_url'],
      ['/v1/services/preflight/checks', as.J(user), (u) => ({ designId: 'd', fileUrl: u }), 'fileUrl'],
      ['/v1/fonts', as.B(store), (u) => ({ name: 'F', url: u }), 'url'],
      ['/v1/webhooks', as.B(store), (u) => ({ topic: 'products', callback_url: u }), 'callback_url'],
    ];
    for (const [url, headers, body, field] of cases) {
      for (const bad of SCHEME_TRICKS) expectFieldError(await send('POST', url, headers, body(bad)), field, /http\(s\) URL/);
    }
    // An http(s) reference photo is stored as sent.
    const ok = await send('POST', `/v1/services/studio/agencies/${agencyId}/subjects`, as.J(user), { student_id: 's2', name: 'Bo', reference_photo_url: 'https://photos.example/bo.jpg' });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    expect(await balance()).toBe(before);
  });

  it("an image layer with its own image_id shows that image: another src is 400, the image's own link is kept", async () => {
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    const img = (await upload(t.app, store)).json().data;
    const img2 = (await upload(t.app, store)).json().data;
    const path = new URL(img.url).pathname + new URL(img.url).search;
    const bad = [
      'https://evil.example/pixel.png',
      `https://evil.example${path}`,
      `//evil.example${path}`,
      `javascript:alert(1)//folio.test${path}`,
      `data:image/svg+xml,<svg onload=alert(1)>${path}`,
      img2.url,
      42,
    ];
    for (const src of bad) {
      expectFieldError(await send('POST', '/v1/designs', as.B(store), { side_id: side.id, layers: [{ type: 'image', image_id: img.id, src }] }), 'layers[0].src');
    }
    // A layer naming its image by src alone cannot smuggle a script or another host either.
    for (const src of [`javascript:alert(1)//folio.test${path}`, `https://evil.example${path}`, `//evil.example${path}`]) {
      expectFieldError(await send('POST', '/v1/designs', as.B(store), { side_id: side.id, layers: [{ type: 'image', src }] }), 'layers[0].src');
    }
    for (const layer of [{ type: 'image', image_id: img.id, src: img.url }, { type: 'image', image_id: img.id }, { type: 'image', image_id: img.id, src: path }, { type: 'image', src: img.url }]) {
      const res = await send('POST', '/v1/designs', as.B(store), { side_id: side.id, layers: [layer] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.layers[0].src).toBe(layer.src);
    }
  });

  it("a template's layer links, at any depth, are http(s) or this service's paths; scripts and files are 400", async () => {
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    const img = (await upload(t.app, store)).json().data;
    const nested = (src: string) => [{ type: 'group', objects: [{ type: 'rect' }, { type: 'image', src }] }];
    for (const trick of SCHEME_TRICKS) {
      expectFieldError(await send('POST', '/v1/templates', as.B(store), { side_id: side.id, layers: [{ type: 'image', src: trick }] }), 'layers[0].src');
      expectFieldError(await send('POST', '/v1/templates', as.B(store), { side_id: side.id, layers: nested(trick) }), 'layers[0].objects[1].src');
    }
    expectFieldError(await send('POST', '/v1/templates', as.B(store), { side_id: side.id, layers: [{ type: 'rect', fill: { type: 'pattern', source: 'file:///etc/passwd' } }] }), 'layers[0].fill.source');
    const tpl = await post(t.app, store, '/v1/templates', { side_id: side.id, name: 'art', layers: [{ type: 'image', src: img.url }, { type: 'image', src: 'https://cdn.example/art.png' }, { type: 'image', src: new URL(img.url).pathname }] });
    expectFieldError(await send('PUT', `/v1/templates/${tpl.id}`, as.B(store), { layers: nested('javascript:alert(1)') }), 'layers[0].objects[1].src');
    expectFieldError(await send('POST', '/v1/templates/batch', as.B(store), { templates: [{ side_id: side.id, name: 'x', layers: [{ type: 'image', src: 'data:image/svg+xml,<svg onload=alert(1)>' }] }] }), 'templates.0.layers[0].src');
    const kept = (await t.app.inject({ method: 'GET', url: `/v1/templates/${tpl.id}`, headers: as.B(store) })).json().data;
    expect(kept.layers.map((l: { src: string }) => l.src)).toEqual([img.url, 'https://cdn.example/art.png', new URL(img.url).pathname]);
  });
});

describe('item 7: a JWT lives no longer than FOLIO_JWT_TTL', () => {
  const secret = () => new TextEncoder().encode((JSON.parse(fs.readFileSync(path.join(t.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }).jwtSecret);
  const forge = async (sub: string, claims: { iat: number; exp: number; nbf?: number }) =>
    new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('folio')
      .setSubject(sub)
      .setIssuedAt(claims.iat)
      .setNotBefore(claims.nbf ?? Math.min(claims.iat, Math.floor(Date.now() / 1000)))
      .setExpirationTime(claims.exp)
      .setJti(randomUUID())
      .sign(secret());
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/v1/stores', headers: { authorization: `Bearer ${token}` } });

  it('a token signed with the real key but with exp in 2100, a lifetime over the TTL, or issued in the future is 401', async () => {
    const u = await signUp(t.app);
    const now = Math.floor(Date.now() / 1000);
    const ttl = t.config.jwt.ttlSeconds;
    expect((await me(await forge(u.id, { iat: now, exp: now + ttl }))).statusCode).toBe(200);
    expect((await me(await forge(u.id, { iat: now - 30, exp: now - 30 + ttl }))).statusCode).toBe(200);
    for (const [label, claims] of [
      ['exp in 2100', { iat: now, exp: Math.floor(Date.UTC(2100, 0, 1) / 1000) }],
      ['lifetime TTL + 1 h', { iat: now, exp: now + ttl + 3600 }],
      ['backdated iat, exp far ahead', { iat: now - 3600, exp: now + 2 * ttl }],
      ['iat in the future', { iat: now + 3600, exp: now + 3600 + ttl, nbf: now }],
    ] as const) {
      const res = await me(await forge(u.id, claims));
      expect(res.statusCode, label).toBe(401);
    }
    // The signed-in token is within its lifetime.
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it('a token from a longer TTL is refused once FOLIO_JWT_TTL is lowered', async () => {
    const short = await buildTestApp({ env: { FOLIO_JWT_TTL: '300' } });
    try {
      const u = await signUp(short.app);
      const key = new TextEncoder().encode((JSON.parse(fs.readFileSync(path.join(short.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }).jwtSecret);
      const now = Math.floor(Date.now() / 1000);
      const token = (exp: number) => new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuer('folio').setSubject(u.id).setIssuedAt(now).setNotBefore(now).setExpirationTime(exp).setJti(randomUUID()).sign(key);
      const call = async (tok: string) => (await short.app.inject({ method: 'GET', url: '/v1/stores', headers: { authorization: `Bearer ${tok}` } })).statusCode;
      expect(await call(await token(now + 300))).toBe(200);
      expect(await call(await token(now + 3600))).toBe(401);
      expect(await call(u.token)).toBe(200);
    } finally {
      await short.close();
    }
  });
});
