import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { CredentialKind } from '../../src/platform/http/auth.js';
import { acceptedKinds } from '../../src/platform/http/auth.js';
import { as, type TestStore } from './factories.js';

export interface RouteUnderTest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: unknown;
  /** credential kinds the interface lists for the route (rule 2 is applied here) */
  accepts: CredentialKind[];
}

function headersFor(kind: CredentialKind, store: TestStore): Record<string, string> | null {
  switch (kind) {
    case 'B':
      return as.B(store);
    case 'U':
      return as.U(store);
    case 'JS':
      return as.JS(store);
    case 'J':
      return as.J(store.owner);
    case 'K':
      return null; // API keys are exercised by their own module's tests
  }
}

export function expectEnvelope401(res: { statusCode: number; json(): any; body: string }): void {
  expect(res.statusCode, res.body).toBe(401);
  const body = res.json();
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.message).toBe('string');
}

/**
 * The shared auth cases every protected route runs: no credential → 401; every credential
 * kind the route does not accept → 401; a wrong secret of each accepted kind → 401.
 */
export async function expectAuthCases(app: App, route: RouteUnderTest, store: TestStore): Promise<void> {
  const base = { method: route.method, url: route.url, ...(route.payload !== undefined ? { payload: route.payload as object } : {}) };
  expectEnvelope401(await app.inject(base));
  const accepted = acceptedKinds(route.accepts);
  for (const kind of ['B', 'U', 'JS', 'J'] as const) {
    const headers = headersFor(kind, store)!;
    if (!accepted.has(kind)) {
      expectEnvelope401(await app.inject({ ...base, headers }));
    }
  }
  const wrong: Record<CredentialKind, Record<string, string>> = {
    B: as.B({ sid: store.sid, secret: 'ssk_wrong' }),
    U: as.U({ unauth_token: 'put_wrong' }),
    JS: { authorization: `Bearer ${store.owner.token}`, 'x-service-store-sid': 'sid_not_a_store' },
    J: { authorization: 'Bearer not.a.jwt' },
    K: { authorization: 'Bearer sk_live_notakey' },
  };
  for (const kind of accepted) expectEnvelope401(await app.inject({ ...base, headers: wrong[kind] }));
}
