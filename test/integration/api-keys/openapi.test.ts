import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('documents the ten key operations with their credentials and scopes', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  const ops: Array<[string, string, string, string[]]> = [
    ['get', '/v1/account/api-keys', 'keys:read', ['apiKey', 'accountJwt']],
    ['post', '/v1/account/api-keys', 'keys:write', ['apiKey', 'accountJwt']],
    ['post', '/v1/account/api-keys/{key}/rotate', 'keys:write', ['apiKey', 'accountJwt']],
    ['delete', '/v1/account/api-keys/{key}', 'keys:write', ['apiKey', 'accountJwt']],
    ['get', '/v1/account/api-keys/{key}/events', 'keys:read', ['apiKey', 'accountJwt']],
    ['get', '/v1/stores/{store}/api-keys', 'keys:read', ['apiKey', 'storeBasic', 'storeSid']],
    ['post', '/v1/stores/{store}/api-keys', 'keys:write', ['apiKey', 'storeBasic', 'storeSid']],
    ['post', '/v1/stores/{store}/api-keys/{key}/rotate', 'keys:write', ['apiKey', 'storeBasic', 'storeSid']],
    ['delete', '/v1/stores/{store}/api-keys/{key}', 'keys:write', ['apiKey', 'storeBasic', 'storeSid']],
    ['get', '/v1/stores/{store}/api-keys/{key}/events', 'keys:read', ['apiKey', 'storeBasic', 'storeSid']],
  ];
  for (const [method, path, scope, schemes] of ops) {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    const named = new Set(op.security.flatMap((s: Record<string, unknown>) => Object.keys(s)));
    for (const s of schemes) expect(named.has(s), `${method} ${path} ${s}`).toBe(true);
    expect(op.description).toContain(scope);
    expect(op.responses['200']).toBeDefined();
    expect(op.responses['401']).toBeDefined();
  }
  const created = doc.paths['/v1/stores/{store}/api-keys'].post.responses['200'].content['application/json'].schema;
  expect(created.properties.key.type).toBe('string');
  expect(created.properties.data.properties.grace_until).toBeDefined();
});
