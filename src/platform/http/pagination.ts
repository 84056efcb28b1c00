import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Signer } from '../crypto/signer.js';

/**
 * Cursor pagination for every list route (decisions.md § Lists): the query parameters, the
 * envelope and the page links. The keyset query itself is `platform/db/paginate.ts`, which
 * repos call (SQL stays in repos).
 */
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

/**
 * Search text of this many characters (code points) or more is looked up in the searched
 * column's trigram index (platform/db/paginate.ts); shorter text has no trigram to look up and is
 * checked against every row of the list.
 */
export const SEARCH_MIN_INDEXED = 3;

/** What `search` says in a list's documentation: the field it matches, or that the list takes none. */
function searchDescription(searched: string | null): string {
  if (searched === null) return 'Not used by this list (accepted and ignored)';
  return (
    `Case-insensitive substring of ${searched}; \`%\`, \`_\` and \`\\\` match themselves. ` +
    `Text of ${SEARCH_MIN_INDEXED} or more characters is looked up in a trigram index of that field; shorter text is checked against every row of the list`
  );
}

/** `searched`: what `search` matches, for the documentation (`null`: the list does not search). */
export function listQuerySchema<S extends string>(sortable: readonly [S, ...S[]], searched: string | null = 'the name') {
  return Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, description: `Page size, 1-${MAX_LIMIT} (default ${DEFAULT_LIMIT}); above ${MAX_LIMIT} answers 413` })),
    cursor: Type.Optional(Type.String({ maxLength: 2048, description: 'Opaque cursor from links.next / links.prev / links.last' })),
    sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    sortBy: Type.Optional(Type.Union(sortable.map((s) => Type.Literal(s)), { default: 'created_date' })),
    search: Type.Optional(Type.String({ maxLength: 200, description: searchDescription(searched) })),
    include_total: Type.Optional(Type.Boolean({ description: '`true` adds `meta.total`: how many rows the list has (with `search` applied), counted at the cost of one more query' })),
  });
}

export type ListQuery = Static<ReturnType<typeof listQuerySchema>>;

export const LinksSchema = Type.Object({
  first: Type.String(),
  last: Type.String(),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
});
export const MetaSchema = Type.Object({
  path: Type.String(),
  per_page: Type.Integer(),
  total: Type.Optional(Type.Integer({ minimum: 0, description: 'with `include_total=true`: rows in the whole list, every page' })),
});

export function listEnvelope<T extends ReturnType<typeof Type.Object>>(item: T) {
  return Type.Object({ data: Type.Array(item), links: LinksSchema, meta: MetaSchema, message: Type.String() });
}

export interface ListResult<R> {
  rows: R[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { path: string; per_page: number; total?: number };
}



export interface PageContext {
  signer: Signer;
  /** public base URL of the service, e.g. http://localhost:8080 */
  baseUrl: string;
  /** request path without the query string */
  path: string;
  /** the request's query parameters as received */
  query: Record<string, unknown>;
}

export type PageContextFactory = (req: FastifyRequest) => PageContext;

export function pageContextFactory(baseUrl: string, signer: Signer): PageContextFactory {
  return (req) => ({ signer, baseUrl, path: req.url.split('?')[0]!, query: req.query as Record<string, unknown> });
}



/** The URL of a list page: the request's own query with `cursor` replaced. */
export function pageUrl(ctx: PageContext, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(ctx.query)) {
    if (k === 'cursor' || v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return `${ctx.baseUrl}${ctx.path}${qs ? `?${qs}` : ''}`;
}
