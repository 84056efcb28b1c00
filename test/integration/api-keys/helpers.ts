import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore, type TestUser } from '../../helpers/factories.js';

/** The `apiKey` scheme: Bearer by default, or the X-API-Key header. */
export const asK = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });
export const asKHeader = (key: string, extra: Record<string, string> = {}) => ({ 'x-api-key': key, ...extra });

/** A clock tests move by hand (epoch ms). */
export function testClock(start = Date.parse('2030-01-01T00:00:00.000Z')) {
  let now = start;
  return {
    now: () => now,
    set: (t: number) => void (now = t),
    advance: (ms: number) => void (now += ms),
  };
}

export async function storeOn(t: TestApp, tier: string, owner?: TestUser): Promise<TestStore> {
  return createStore(t.app, owner, { tier, deps: t.deps });
}

export interface IssuedKey {
  key: string;
  data: Record<string, any>;
}

export async function storeKey(
  t: TestApp,
  store: TestStore,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = as.B(store),
): Promise<IssuedKey> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers, payload: { name: 'test key', ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return { key: res.json().key, data: res.json().data };
}

export async function accountKey(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = as.J(user),
): Promise<IssuedKey> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers, payload: { name: 'account key', ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return { key: res.json().key, data: res.json().data };
}

/** Every event of a key, newest first, read with the owner's JWT. */
export async function eventsOf(t: TestApp, owner: TestUser, keyId: string): Promise<Array<Record<string, any>>> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/account/api-keys/${keyId}/events?limit=100`, headers: as.J(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
