import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';

export const PASSWORD = 'Corr3ct-Horse!';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface TestStore {
  id: string;
  sid: string;
  secret: string;
  unauth_token: string;
  owner: TestUser;
}

export async function signUp(app: App, overrides: { email?: string; name?: string } = {}): Promise<TestUser> {
  const email = overrides.email ?? `u-${randomUUID()}@example.test`;
  const res = await app.inject({ method: 'POST', url: '/v1/account', payload: { name: overrides.name ?? 'Test User', email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.data.user.id, email, password: PASSWORD, token: body.data.access_token };
}

export async function createStore(app: App, owner?: TestUser, opts: { name?: string; tier?: string; deps?: { stores: { setTier(id: string, tier: string): Promise<unknown> } } } = {}): Promise<TestStore> {
  const user = owner ?? (await signUp(app));
  const res = await app.inject({
    method: 'POST',
    url: '/v1/stores?include=credentials',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { store_name: opts.name ?? `Store ${randomUUID().slice(0, 8)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const d = res.json().data;
  if (opts.tier && opts.deps) await opts.deps.stores.setTier(d.id, opts.tier);
  return { id: d.id, sid: d.sid, secret: d.secret, unauth_token: d.unauth_token, owner: user };
}

/** Headers for each credential kind. */
export const as = {
  B: (s: Pick<TestStore, 'sid' | 'secret'>) => ({ authorization: `Basic ${Buffer.from(`${s.sid}:${s.secret}`).toString('base64')}` }),
  U: (s: Pick<TestStore, 'unauth_token'>) => ({ 'x-service-unauth-token': s.unauth_token }),
  JS: (s: TestStore) => ({ authorization: `Bearer ${s.owner.token}`, 'x-service-store-sid': s.sid }),
  J: (u: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${u.token}` }),
};
