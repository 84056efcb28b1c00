/** The API key routes of a store (/stores/{store}/api-keys) or of the account (/account/api-keys), behind one shape. */
import { useMemo } from 'react';
import type { ResponseOf } from '@folio/sdk';
import { useStore } from '../../app/store.tsx';

export type ApiKey = ResponseOf<'/stores/{store}/api-keys', 'get'>['data'][number];
export type KeyEvent = ResponseOf<'/stores/{store}/api-keys/{key}/events', 'get'>['data'][number];
export type KeyScope = 'store' | 'account';
export type KeyKind = 'store_secret' | 'store_publishable';

export const SCOPES = ['catalog:read', 'catalog:write', 'assets:write', 'designs:read', 'designs:write', 'projects:read', 'projects:write', 'files:render', 'keys:read', 'keys:write', 'account:read', 'webhooks:write'] as const;
/** what a publishable key may hold at most (the public token's scopes) */
export const PUBLISHABLE_SCOPES: readonly string[] = ['catalog:read', 'designs:write', 'projects:write', 'assets:write'];
export const PUBLISHABLE_DEFAULT: readonly string[] = ['catalog:read', 'designs:write'];

export interface NewKey {
  name: string;
  kind?: KeyKind;
  scopes: string[];
  allowed_origins: string[];
  allowed_ips: string[];
  expires_at: string | null;
}
interface ListQuery {
  cursor?: string;
  search?: string;
  limit: number;
}

export interface KeyApi {
  scope: KeyScope;
  queryKey: readonly unknown[];
  list(q: ListQuery, signal?: AbortSignal): Promise<ResponseOf<'/stores/{store}/api-keys', 'get'>>;
  create(body: NewKey): Promise<{ data: ApiKey; key: string }>;
  rotate(key: string, grace: number): Promise<{ data: ApiKey; key: string }>;
  revoke(key: string): Promise<unknown>;
  events(key: string, q: ListQuery, signal?: AbortSignal): Promise<ResponseOf<'/stores/{store}/api-keys/{key}/events', 'get'>>;
}

export function useKeyApi(scope: KeyScope): KeyApi {
  const { store, client, account } = useStore();
  return useMemo<KeyApi>(() => {
    if (scope === 'account')
      return {
        scope,
        queryKey: ['account-api-keys'],
        list: (query, signal) => account.get('/account/api-keys', { params: { query }, signal }),
        create: ({ kind: _kind, ...body }) => account.post('/account/api-keys', { body }),
        rotate: (key, grace) => account.post('/account/api-keys/{key}/rotate', { params: { path: { key } }, body: { grace_period_seconds: grace } }),
        revoke: (key) => account.delete('/account/api-keys/{key}', { params: { path: { key } } }),
        events: (key, query, signal) => account.get('/account/api-keys/{key}/events', { params: { path: { key }, query }, signal }),
      };
    const path = { store: store.id };
    return {
      scope,
      queryKey: ['store-api-keys', store.id],
      list: (query, signal) => client.get('/stores/{store}/api-keys', { params: { path, query }, signal }),
      create: (body) => client.post('/stores/{store}/api-keys', { params: { path }, body }),
      rotate: (key, grace) => client.post('/stores/{store}/api-keys/{key}/rotate', { params: { path: { ...path, key } }, body: { grace_period_seconds: grace } }),
      revoke: (key) => client.delete('/stores/{store}/api-keys/{key}', { params: { path: { ...path, key } } }),
      events: (key, query, signal) => client.get('/stores/{store}/api-keys/{key}/events', { params: { path: { ...path, key }, query }, signal }),
    };
  }, [scope, store.id, client, account]);
}

/** There is no read of one key: its record is found by walking the list's pages. */
export async function findKey(api: KeyApi, uuid: string, signal?: AbortSignal): Promise<ApiKey | null> {
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await api.list({ cursor, limit: 100 }, signal);
    const hit = res.data.find((k) => k.uuid === uuid);
    if (hit) return hit;
    const next = res.links.next ? new URL(res.links.next, window.location.origin).searchParams.get('cursor') : null;
    if (!next) return null;
    cursor = next;
  }
  return null;
}

export const STATUS_COLOR: Record<ApiKey['status'], string> = { active: 'green', grace: 'yellow', rotated: 'gray', expired: 'gray', revoked: 'red' };
