import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { CredentialKind, RouteAuth } from './auth.js';
import { AppError } from './errors.js';
import { MESSAGES } from './envelope.js';
import type { ListResult } from './pagination.js';
import { isUuid } from '../crypto/ids.js';

/** Credential kinds of a route a browser may call (rule 3: the public token; rule 2 adds the rest), and of a store-key route. */
export const PUBLIC_KINDS: CredentialKind[] = ['U', 'B', 'JS', 'K'];
export const STORE_KINDS: CredentialKind[] = ['B', 'JS', 'K'];

/** Credential policies of the catalog (interface § Categories/Cliparts, decisions § Scopes). */
export const READ: RouteAuth = { auth: PUBLIC_KINDS, scope: 'catalog:read' };
/** reads the interface lists for the store key only (counts, image read) */
export const READ_B: RouteAuth = { auth: STORE_KINDS, scope: 'catalog:read' };
export const WRITE: RouteAuth = { auth: STORE_KINDS, scope: 'catalog:write' };
/** uploads a browser may make (rule 3: the public token uploads images) */
export const UPLOAD_PUBLIC: RouteAuth = { auth: PUBLIC_KINDS, scope: 'assets:write' };
export const UPLOAD: RouteAuth = { auth: STORE_KINDS, scope: 'assets:write' };

export const item = <T extends TSchema>(data: T) => Type.Object({ data, message: Type.String() });
export const batchEnvelope = <T extends TSchema>(data: T) => Type.Object({ data: Type.Array(data), message: Type.String() });
export { CountEnvelope, count } from './envelope.js';
export const DeletedEnvelope = Type.Object({ message: Type.String() });
export const IdParam = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const StorageParam = Type.Object({ storage: Type.String({ maxLength: 100 }) });
export const ClipartParam = Type.Object({ clipart: Type.String({ maxLength: 100 }) });
export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export function listReply<R, T>(page: ListResult<R>, map: (r: R) => T) {
  return { data: page.rows.map(map), links: page.links, meta: page.meta, message: MESSAGES.retrieved };
}


/** The store the caller acts on; catalog routes never run without one. */
export function storeOf(req: FastifyRequest): string {
  const storeId = req.actor?.storeId;
  if (!storeId) throw new AppError('unauthenticated', 'A store credential is required');
  return storeId;
}

/** A path id that is not a uuid cannot name anything: 404, like another store's id. */
export function uuidOr404(id: string, what: string): string {
  if (!isUuid(id)) throw AppError.notFound(what);
  return id;
}

export const iso = (v: string | Date): string => (v instanceof Date ? v.toISOString() : v);
export const nowIso = () => new Date().toISOString();

/**
 * `(doc) => ({ ...defaults, ...doc })` with the same keys, values and key order, built key by
 * key: V8 copies an object spread of a document with dozens of keys several times slower,
 * which list pages of products, sides and designs paid per row. A fresh object each call.
 */
export function withDefaults<D extends Record<string, unknown>>(defaults: D): (doc: Record<string, unknown>) => D & Record<string, unknown> {
  const keys = Object.keys(defaults);
  return (doc) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) out[k] = Object.hasOwn(doc, k) ? doc[k] : defaults[k];
    for (const k in doc) if (!Object.hasOwn(defaults, k)) out[k] = doc[k];
    return out as D & Record<string, unknown>;
  };
}
