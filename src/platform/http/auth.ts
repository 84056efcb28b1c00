import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Credential plumbing (interface § Authentication). A route declares, as data, the
 * credential kinds it accepts and the scope it needs:
 *   config: { auth: ['U', 'B', 'JS', 'K'], scope: 'catalog:read' }
 * One hook finds which credential the request carries, checks the route accepts that
 * kind (401 "unacceptable credentials" otherwise), verifies it (401), and checks the
 * scope (403 insufficient_scope). `auth: []` marks a public route.
 *
 *   B  store key       Authorization: Basic base64(sid:secret)
 *   U  public token    X-Service-Unauth-Token
 *   JS account JWT + store   Authorization: Bearer <JWT> + X-Service-Store-Sid
 *   J  account JWT     Authorization: Bearer <JWT>
 *   K  API key         Authorization: Bearer sk_live_… | pk_live_… | sk_acc_live_…, or X-API-Key
 */
export type CredentialKind = 'B' | 'U' | 'JS' | 'J' | 'K';

export interface Actor {
  kind: CredentialKind;
  /** the account (user) the credential belongs to */
  userId: string;
  /** the store the credential acts on; null for a user principal (J, account keys without a store) */
  storeId: string | null;
  /** plan tier of the store, when there is one */
  tier: string | null;
  scopes: ReadonlySet<string>;
  /** rate-limit and audit identity: `store:<id>`, `key:<id>` or `user:<id>` */
  principal: string;
  /** API key id when kind is K */
  keyId?: string;
  /** API key kind when kind is K (store_secret, store_publishable, account) */
  keyKind?: string;
}

export interface PresentedCredential {
  kind: CredentialKind;
  /** the secret part: sid:secret pair, token, JWT or key */
  value: string;
  /** X-Service-Store-Sid when present */
  storeSid?: string;
  /** sid for Basic */
  user?: string;
}

export interface RequestInfo {
  ip: string;
  method: string;
  route: string;
  origin: string | undefined;
  userAgent: string | undefined;
  /** the scope the route needs, so a resolver can audit a denial */
  scope: RouteScope | undefined;
}

/** Turns a presented credential into an Actor, or null when it does not verify. */
export type CredentialResolver = (cred: PresentedCredential, info: RequestInfo) => Promise<Actor | null>;

/** Told (synchronously, must not throw) about a credential sent to a route that does not accept its kind: audit trails. */
export type UnacceptedCredentialHook = (cred: PresentedCredential, info: RequestInfo) => void;

export type CredentialResolvers = Partial<Record<CredentialKind, CredentialResolver>>;

/** A route's scope: one name, or a list of which any one suffices (a design's writer may also read it back). */
export type RouteScope = string | readonly string[];

/** Whether a credential holding `held` satisfies `required` (any one of a list). */
export function holdsScope(held: ReadonlySet<string>, required: RouteScope | undefined): boolean {
  if (required === undefined) return true;
  return typeof required === 'string' ? held.has(required) : required.some((s) => held.has(s));
}

/** The scope as written in messages and the OpenAPI document: `a` or `a | b`. */
export function scopeLabel(required: RouteScope): string {
  return typeof required === 'string' ? required : required.join(' | ');
}

export interface RouteAuth {
  auth?: CredentialKind[];
  scope?: RouteScope;
  /** skip the rate limiter (health probes) */
  rateLimit?: false;
  /** further documented error statuses for the OpenAPI document, e.g. { 402: 'Plan gate' } */
  errors?: Record<number, string>;
  /**
   * A GET answer made of the caller's store, the URL and what the store's version covers
   * (its catalog, designs and projects): answers an `ETag`, and `304` to a matching
   * `If-None-Match` (conditional.ts).
   */
  conditional?: true;
}

const API_KEY_PREFIXES = ['sk_live_', 'pk_live_', 'sk_acc_live_'];

export function looksLikeApiKey(value: string): boolean {
  return API_KEY_PREFIXES.some((p) => value.startsWith(p));
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

/** Which credential the request carries. Authorization wins over the other headers. */
export function detectCredential(req: FastifyRequest): PresentedCredential | null {
  const authz = header(req, 'authorization');
  if (authz) {
    const space = authz.indexOf(' ');
    const scheme = (space < 0 ? authz : authz.slice(0, space)).toLowerCase();
    const value = space < 0 ? '' : authz.slice(space + 1).trim();
    if (scheme === 'basic') {
      // Buffer's base64 decoder skips what is not base64; it does not throw.
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return { kind: 'B', user: colon < 0 ? decoded : decoded.slice(0, colon), value: colon < 0 ? '' : decoded.slice(colon + 1) };
    }
    if (scheme === 'bearer') {
      const storeSid = header(req, 'x-service-store-sid');
      if (looksLikeApiKey(value)) return { kind: 'K', value, ...(storeSid ? { storeSid } : {}) };
      return storeSid ? { kind: 'JS', value, storeSid } : { kind: 'J', value };
    }
    // An Authorization scheme we do not know is an unusable credential, not an absent one.
    return { kind: 'B', user: '', value: '' };
  }
  const apiKey = header(req, 'x-api-key');
  if (apiKey) {
    const storeSid = header(req, 'x-service-store-sid');
    return { kind: 'K', value: apiKey, ...(storeSid ? { storeSid } : {}) };
  }
  const unauth = header(req, 'x-service-unauth-token');
  if (unauth) return { kind: 'U', value: unauth };
  return null;
}

/** Rule 2: where an operation lists the public token, the store key and store JWT are also accepted. */
export function acceptedKinds(listed: readonly CredentialKind[]): Set<CredentialKind> {
  const set = new Set(listed);
  if (set.has('U')) {
    set.add('B');
    set.add('JS');
  }
  return set;
}

export function requestInfo(req: FastifyRequest, scope?: RouteScope): RequestInfo {
  return {
    scope,
    ip: req.ip,
    method: req.method,
    route: req.routeOptions.url ?? req.url,
    origin: header(req, 'origin'),
    userAgent: header(req, 'user-agent'),
  };
}

export const unauthenticated = (message = 'Unauthenticated') =>
  new AppError('unauthenticated', message, { headers: { 'www-authenticate': 'Basic realm="folio", Bearer' } });

/**
 * Resolve the caller of a route. Returns null for public routes. Throws 401 for a
 * missing, unacceptable or invalid credential and 403 for a missing scope.
 */
export async function authenticate(
  req: FastifyRequest,
  routeAuth: RouteAuth,
  resolvers: CredentialResolvers,
  onUnaccepted?: UnacceptedCredentialHook,
): Promise<Actor | null> {
  const listed = routeAuth.auth ?? [];
  if (listed.length === 0) return null;
  const cred = detectCredential(req);
  if (!cred) throw unauthenticated();
  if (!acceptedKinds(listed).has(cred.kind)) {
    onUnaccepted?.(cred, requestInfo(req, routeAuth.scope));
    throw unauthenticated('Unacceptable credentials for this operation');
  }
  const resolve = resolvers[cred.kind];
  const actor = resolve ? await resolve(cred, requestInfo(req, routeAuth.scope)) : null;
  if (!actor) throw unauthenticated('Invalid credentials');
  if (routeAuth.scope && !holdsScope(actor.scopes, routeAuth.scope)) {
    throw new AppError('insufficient_scope', `This credential lacks the scope ${scopeLabel(routeAuth.scope)}`, {
      details: { required_scope: scopeLabel(routeAuth.scope) },
    });
  }
  // A publishable key lives in browsers like the public token, and writes no further: only
  // through operations that list the public token. Its scopes alone would let it through a
  // store-key write that needs a scope it holds (deleting a design needs designs:write).
  // Reads follow its scopes (catalog:read reads the catalog's counts too).
  if (actor.kind === 'K' && actor.keyKind === 'store_publishable' && !listed.includes('U') && req.method !== 'GET' && req.method !== 'HEAD') {
    throw new AppError('forbidden', 'A publishable key writes only where the public token does');
  }
  return actor;
}
