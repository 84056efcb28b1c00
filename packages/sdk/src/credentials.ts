/**
 * The credential kinds Folio accepts (see the API reference, "Credentials"). Each is a set of
 * request headers; a client sends the same ones on every request.
 */
export interface Credential {
  readonly kind: 'storeKey' | 'publicToken' | 'accountJwt' | 'apiKey' | 'none';
  headers(): Record<string, string>;
}

function base64(s: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(s)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Store key (B): HTTP Basic with the store's sid and secret. Server side only: full store privileges. */
export function storeKey(sid: string, secret: string): Credential {
  return { kind: 'storeKey', headers: () => ({ Authorization: `Basic ${base64(`${sid}:${secret}`)}` }) };
}

/** Public token (U): the store's `unauth_token`; meant for browsers (read the catalog, save designs, create projects). */
export function publicToken(token: string): Credential {
  return { kind: 'publicToken', headers: () => ({ 'X-Service-Unauth-Token': token }) };
}

/**
 * Account JWT (J) from sign-up or sign-in; with `storeSid` it acts on that store of the
 * account (J+S), without it on the account itself (stores list, wallet, services).
 */
export function accountJwt(jwt: string, storeSid?: string): Credential {
  return {
    kind: 'accountJwt',
    headers: () => ({ Authorization: `Bearer ${jwt}`, ...(storeSid ? { 'X-Service-Store-Sid': storeSid } : {}) }),
  };
}

/**
 * Developer API key (K): `sk_live_…`, `pk_live_…` or `sk_acc_live_…`. An account key
 * (`sk_acc_live_`) acting on a store names it with `storeSid`.
 */
export function apiKey(key: string, opts: { storeSid?: string; header?: 'authorization' | 'x-api-key' } = {}): Credential {
  return {
    kind: 'apiKey',
    headers: () => ({
      ...(opts.header === 'x-api-key' ? { 'X-API-Key': key } : { Authorization: `Bearer ${key}` }),
      ...(opts.storeSid ? { 'X-Service-Store-Sid': opts.storeSid } : {}),
    }),
  };
}

/** No credential: sign-up, sign-in and the public operations. */
export const anonymous: Credential = { kind: 'none', headers: () => ({}) };
