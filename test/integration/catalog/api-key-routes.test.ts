import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { TestStore } from '../../helpers/factories.js';
import { accountKey, asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { catalogOperations, catalogRouteTable, send } from './route-table.js';
import { png } from './helpers.js';

/**
 * The API-key (K) cases of every catalog route, table-driven. The routes come from the
 * served OpenAPI document (every operation tagged `Catalog: …`) with their credential kinds
 * and scope, so a new catalog route fails this test until route-table.ts has a row for it.
 * For each: a store secret key holding just the route's scope succeeds; one holding the other
 * catalog scopes gets 403 insufficient_scope; a publishable key reads but is refused writes
 * (403); an account key reaches the store only when it names it with X-Service-Store-Sid.
 */
const require = createRequire(import.meta.url);
const LORA = fs.readFileSync(require.resolve('@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf'));
const CATALOG_SCOPES = ['catalog:read', 'catalog:write', 'assets:write'] as const;
type Scope = (typeof CATALOG_SCOPES)[number];

let t: TestApp;
let store: TestStore;
let origin: http.Server;
let table: ReturnType<typeof catalogRouteTable>;
beforeAll(async () => {
  const logo = await png(24, 16);
  // the font for POST /fonts, and an image for POST /images/import (route-table.ts)
  origin = http.createServer((req, res) => void (req.url === '/logo.png' ? res.writeHead(200, { 'content-type': 'image/png' }).end(logo) : res.writeHead(200, { 'content-type': 'font/ttf' }).end(LORA)));
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
  // API keys need the advanced tier.
  store = await storeOn(t, 'advanced');
  table = catalogRouteTable(t, store, { bytes: LORA, url: `http://127.0.0.1:${(origin.address() as AddressInfo).port}/lora.ttf` });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => origin.close(r));
});

describe('API keys (K) on every catalog route', () => {
  it('the table covers exactly the catalog routes the service documents, each with a catalog scope', async () => {
    const ops = await catalogOperations(t);
    expect(ops.length).toBeGreaterThanOrEqual(70);
    expect(ops.map((o) => o.key).sort()).toEqual(Object.keys(table.routes).sort());
    for (const op of ops) expect(CATALOG_SCOPES, op.key).toContain(op.scope);
  });

  it('scoped secret keys succeed or get 403 insufficient_scope; publishable keys only read; account keys need the store sid', async () => {
    const only = {} as Record<Scope, string>;
    const without = {} as Record<Scope, string>;
    for (const s of CATALOG_SCOPES) {
      only[s] = (await storeKey(t, store, { scopes: [s] })).key;
      without[s] = (await storeKey(t, store, { scopes: CATALOG_SCOPES.filter((x) => x !== s) })).key;
    }
    const pk = (await storeKey(t, store, { kind: 'store_publishable' })).key;
    const acc = (await accountKey(t, store.owner)).key;
    expect([only['catalog:read'].slice(0, 8), pk.slice(0, 8), acc.slice(0, 12)]).toEqual(['sk_live_', 'pk_live_', 'sk_acc_live_']);
    const fx = await table.fixtures();

    const failures: string[] = [];
    const check = (ok: boolean, what: string, res: { statusCode: number; body: string }) => {
      if (!ok) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const is2xx = (res: { statusCode: number }) => res.statusCode >= 200 && res.statusCode < 300;
    const insufficient = (res: { statusCode: number; json(): any }) => res.statusCode === 403 && res.json()?.error?.code === 'insufficient_scope';
    const unauthenticated = (res: { statusCode: number; json(): any }) => res.statusCode === 401 && typeof res.json()?.error?.message === 'string';

    for (const op of await catalogOperations(t)) {
      const scope = op.scope as Scope;
      const build = () => Promise.resolve(table.routes[op.key]!(fx));
      if (!op.acceptsK) {
        for (const key of [only[scope], pk, acc]) check(unauthenticated(await send(t, op.method, await build(), asK(key, { 'x-service-store-sid': store.sid }))), `${op.key} does not accept K → 401`, { statusCode: 0, body: '' });
        continue;
      }
      let res = await send(t, op.method, await build(), asK(without[scope]));
      check(insufficient(res), `${op.key} sk_live_ without ${scope} → 403 insufficient_scope`, res);

      res = await send(t, op.method, await build(), asK(acc));
      check(unauthenticated(res), `${op.key} sk_acc_live_ without X-Service-Store-Sid → 401`, res);

      res = await send(t, op.method, await build(), asK(pk));
      if (scope === 'catalog:read') check(is2xx(res), `${op.key} pk_live_ reads`, res);
      else check(insufficient(res), `${op.key} pk_live_ on a write → 403 insufficient_scope`, res);

      res = await send(t, op.method, await build(), asK(only[scope]));
      check(is2xx(res), `${op.key} sk_live_ with just ${scope} → 2xx`, res);

      res = await send(t, op.method, await build(), asK(acc, { 'x-service-store-sid': store.sid }));
      check(is2xx(res), `${op.key} sk_acc_live_ with X-Service-Store-Sid → 2xx`, res);
    }
    expect(failures).toEqual([]);
  });
});
