/**
 * The back office's pages at /admin, through the real app: the page (its policy, not framable,
 * not cached), deep links answering the same page, content-hashed files cached for a year, a
 * missing file a 404 rather than the page, nothing of it in the OpenAPI document, and a clear
 * 503 when the bundle was not built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { adminRoutes } from '../../../src/modules/admin/index.js';
import type { AppError } from '../../../src/platform/http/errors.js';
// @ts-expect-error plain .mjs script without types
import { ensureAdmin } from '../../../scripts/build-customizer.mjs';

describe('/admin pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    ensureAdmin({ log: () => {} });
    t = await buildTestApp();
  }, 120_000);
  afterAll(async () => t?.close());

  it('serves the page with its policy, no framing and no caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers every page of the app (deep links) with the same page', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/admin' })).body;
    for (const url of ['/admin/', '/admin/sign-in', '/admin/s/0b6f/products/42?q=card', '/admin/studio/review']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
    }
  });

  it('serves the bundle files with a year of caching, and a missing one is a 404', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/admin' })).body;
    const script = /src="\/admin\/(assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: `/admin/${script}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/nope-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.includes('admin'))).toEqual([]);
  });

  it('says how to build it when the bundle is missing (503)', async () => {
    const app = Fastify();
    // the app's handler turns an AppError into its envelope; here, its status and message
    app.setErrorHandler((err: AppError, _req, reply) => reply.status(err.status).send({ message: err.message }));
    await adminRoutes(app, { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'folio-admin-')) });
    for (const url of ['/admin', '/admin/s/1/products']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().message).toMatch(/npm run build:admin/);
    }
    await app.close();
  });
});
