import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/app.js';
import type { CredentialKind, RouteAuth } from '../../../src/platform/http/auth.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, signUp } from '../../helpers/factories.js';
import { servedOperations } from '../../helpers/openapi-ops.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** A second app over the same dependencies, with extra test-only routes in /v1. */
async function appWith(extra: (app: App) => void, overrides: Partial<Parameters<typeof buildApp>[0]> = {}): Promise<App> {
  const app = await buildApp({
    ...t.deps.appDeps,
    logger: false,
    routes: async (v1) => {
      await t.deps.appDeps.routes(v1);
      extra(v1);
    },
    ...overrides,
  });
  await app.ready();
  return app;
}

function expectErrorEnvelope(res: { statusCode: number; json(): any; body: string }, status: number): any {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.message).toBe('string');
  return body;
}

describe('operations endpoints', () => {
  it('GET /v1/health answers 200 and is never rate limited', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers.ratelimit).toBeUndefined();
  });

  it('GET /v1/ready answers 200 with a check per dependency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toBe('ok');
    if (t.config.redisUrl) expect(body.checks.redis).toBe('ok');
  });

  it('GET /v1/ready answers 503 naming the dependency that does not answer', async () => {
    const app = await appWith(() => undefined, {
      readiness: [
        { name: 'database', check: async () => undefined },
        { name: 'queue', check: async () => Promise.reject(new Error('connection refused')) },
      ],
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', queue: 'unavailable: connection refused' } });
    } finally {
      await app.close();
    }
  });
});

describe('error envelopes', () => {
  it('an unknown route is 404 with the error envelope', async () => {
    const body = expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/v1/no-such-thing?x=1' }), 404);
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toBe('Route GET /v1/no-such-thing not found');
    expectErrorEnvelope(await t.app.inject({ method: 'PATCH', url: '/v1/stores' }), 404);
  });

  it('malformed JSON is 400, an empty JSON body is 400', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/v1/account', headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' });
    expect(expectErrorEnvelope(bad, 400).error.code).toBe('bad_request');
    const empty = await t.app.inject({ method: 'POST', url: '/v1/account', headers: { 'content-type': 'application/json' }, payload: '' });
    expectErrorEnvelope(empty, 400);
  });

  it('a body that is not JSON is 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/account', headers: { 'content-type': type }, payload: 'name=x' });
      const body = expectErrorEnvelope(res, 415);
      expect(body.error.code).toBe('unsupported_media_type');
    }
  });

  it('a body above the limit is 413', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(t.config.bodyLimitBytes + 10), email: 'a@example.test', password: 'x' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/account', headers: { 'content-type': 'application/json' }, payload });
    expect(expectErrorEnvelope(res, 413).error.code).toBe('payload_too_large');
  });

  it('an unexpected exception is 500 with no stack or internals', async () => {
    const app = await appWith((v1) => {
      v1.get('/test-boom', { config: { auth: [] } }, async () => {
        const err = new Error('SQLITE_CORRUPT: database disk image is malformed at /srv/secret/path.db');
        throw err;
      });
      v1.get('/test-boom-status', { config: { auth: [] } }, async () => {
        throw Object.assign(new Error('pool exhausted: password=hunter2'), { statusCode: 503 });
      });
    });
    try {
      for (const url of ['/v1/test-boom', '/v1/test-boom-status']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(500);
        const body = res.json();
        expect(body.error).toEqual({ message: 'Internal server error', code: 'internal' });
        expect(body.message).toBe('Internal server error');
        expect(res.body).not.toMatch(/stack|SQLITE|secret|hunter2|at .*\.ts/);
      }
    } finally {
      await app.close();
    }
  });
});

describe('request plumbing', () => {
  it('echoes a well-formed x-request-id and makes one otherwise', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': 'req-123.abc_DEF' } });
    expect(given.headers['x-request-id']).toBe('req-123.abc_DEF');
    const err = await t.app.inject({ method: 'GET', url: '/v1/nowhere', headers: { 'x-request-id': 'trace-42' } });
    expect(err.headers['x-request-id']).toBe('trace-42');
    expect(err.json().request_id).toBe('trace-42');
    const hostile = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a CORS preflight with the allowed methods and credential headers, without credentials', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/stores',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-service-store-sid' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['authorization', 'content-type', 'x-service-unauth-token', 'x-service-store-sid', 'x-api-key']) expect(allowed).toContain(h);
    const actual = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { origin: 'https://shop.example' } });
    expect(String(actual.headers['access-control-expose-headers'])).toMatch(/Retry-After/);
  });
});

// ---- OpenAPI ---------------------------------------------------------------------------

const SCHEMES: Record<CredentialKind, Array<Record<string, string[]>>> = {
  B: [{ storeBasic: [] }],
  U: [{ unauthToken: [] }],
  JS: [{ accountJwt: [], storeSid: [] }],
  J: [{ accountJwt: [] }],
  K: [{ apiKey: [] }, { apiKeyHeader: [] }],
};

describe('GET /v1/openapi.json', () => {
  it('is OpenAPI 3.1 and documents every route the app serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['accountJwt', 'apiKey', 'apiKeyHeader', 'storeBasic', 'storeSid', 'unauthToken']);

    // HEAD mirrors GET and OPTIONS is the CORS preflight; the docs page, the document itself, the customizer's pages, /billing and the proof page are not API operations.
    const served = servedOperations(t.app);
    // Sanity: the parser sees the routes we know of, so an empty list cannot pass.
    expect(served).toContainEqual({ method: 'GET', path: '/v1/health' });
    expect(served).toContainEqual({ method: 'DELETE', path: '/v1/stores/{store}' });
    expect(served.length).toBeGreaterThanOrEqual(15);

    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const missing = served.map((r) => `${r.method} ${r.path}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it("gives every operation the security of the route's credential policy", async () => {
    const configs = new Map<string, RouteAuth>();
    const app = await buildApp({
      ...t.deps.appDeps,
      logger: false,
      routes: async (v1) => {
        v1.addHook('onRoute', (r) => {
          for (const m of [r.method].flat()) configs.set(`${m} ${r.url}`, (r.config ?? {}) as RouteAuth);
        });
        await t.deps.appDeps.routes(v1);
      },
    });
    try {
      await app.ready();
      const doc = app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> };
      let checked = 0;
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(ops)) {
          const cfg = configs.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
          // Routes outside /v1's modules (health, ready) are public.
          const listed = cfg?.auth ?? [];
          const kinds = new Set(listed);
          if (kinds.has('U')) {
            // interface rule 2
            kinds.add('B');
            kinds.add('JS');
          }
          const expected = [...kinds].flatMap((k) => SCHEMES[k]);
          expect(op.security, `${method} ${path}`).toBeDefined();
          expect(new Set((op.security as unknown[]).map((s) => JSON.stringify(s))), `${method} ${path}`).toEqual(new Set(expected.map((s) => JSON.stringify(s))));
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(15);
      // Spot checks against the interface.
      expect(doc.paths['/v1/stores']!.get!.security).toEqual([{ accountJwt: [] }]);
      expect(doc.paths['/v1/health']!.get!.security).toEqual([]);
      expect(doc.paths['/v1/account/render-jwt']!.get!.security).toEqual([{ storeBasic: [] }]);
    } finally {
      await app.close();
    }
  });
});

describe('GET /v1/docs', () => {
  it('serves the reference page from this host only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/swagger-ui/i);
    // Only this origin, and no upgrade-insecure-requests: that would make browsers fetch the
    // page's own scripts over https and leave it blank on a plain-http deployment.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/upgrade-insecure-requests|https?:|swagger\.io/);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);

    const init = await t.app.inject({ method: 'GET', url: '/v1/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    // Comments may cite web pages; code may not load anything from another host.
    const code = init.body.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(code).not.toMatch(/https?:\/\//);
    expect(code).toMatch(/validatorUrl["']?\s*:\s*null/);

    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(src, 'http://folio.test/v1/docs').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\.1\./);
  });

  it('is public even when a credential is sent', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: as.J({ token: `${user.token}x` }) });
    expect(res.statusCode).toBe(200);
  });
});
