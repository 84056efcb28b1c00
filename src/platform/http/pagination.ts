import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Signer } from '../crypto/signer.js';
import { AppError } from './errors.js';

/**
 * Cursor pagination for every list route (decisions.md § Lists): keyset over
 * (sort column, id) so rows inserted between page reads cause no gaps or duplicates;
 * cursors are signed and bound to the sort they were made for.
 */
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

export function listQuerySchema<S extends string>(sortable: readonly [S, ...S[]]) {
  return Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, description: `Page size, 1-${MAX_LIMIT} (default ${DEFAULT_LIMIT}); above ${MAX_LIMIT} answers 413` })),
    cursor: Type.Optional(Type.String({ maxLength: 2048, description: 'Opaque cursor from links.next / links.prev / links.last' })),
    sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    sortBy: Type.Optional(Type.Union(sortable.map((s) => Type.Literal(s)), { default: 'created_date' })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the name' })),
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

export interface ListSpec {
  /** API sort name → qualified column; must be non-null columns */
  sortable: Record<string, string>;
  /** id column used as the tie-breaker */
  idColumn: string;
  /** column searched by `search` */
  searchColumn?: string;
}

interface CursorPayload {
  /** direction: after the key, before the key, or the last page */
  d: 'a' | 'b' | 'l';
  s: string;
  o: 'asc' | 'desc';
  v?: string | number;
  i?: string | number;
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

function escapeLike(s: string): string {
  return s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function keyValue(v: unknown): string | number {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'string') return v;
  return String(v);
}

function buildUrl(ctx: PageContext, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(ctx.query)) {
    if (k === 'cursor' || v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return `${ctx.baseUrl}${ctx.path}${qs ? `?${qs}` : ''}`;
}

export async function paginate<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
  query: ListQuery,
  ctx: PageContext,
): Promise<ListResult<O>> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT) throw new AppError('limit_too_large', `limit must not exceed ${MAX_LIMIT}`);
  const sortBy = query.sortBy ?? 'created_date';
  const column = spec.sortable[sortBy];
  if (!column) throw AppError.field('sortBy', `must be one of: ${Object.keys(spec.sortable).join(', ')}`);
  const order = query.sort ?? 'desc';

  let cursor: CursorPayload | null = null;
  if (query.cursor !== undefined) {
    cursor = ctx.signer.open<CursorPayload>(query.cursor);
    if (!cursor || !['a', 'b', 'l'].includes(cursor.d)) throw AppError.field('cursor', 'is invalid');
    if (cursor.s !== sortBy || cursor.o !== order) throw AppError.field('cursor', 'does not match sort and sortBy');
  }

  // Reading backwards (prev / last page) flips the order, then the rows are flipped back.
  const backwards = cursor?.d === 'b' || cursor?.d === 'l';
  const dir = (order === 'asc') !== backwards ? 'asc' : 'desc';

  let q = qb;
  if (query.search && spec.searchColumn) {
    q = q.where(sql<boolean>`lower(${sql.ref(spec.searchColumn)}) like ${`%${escapeLike(query.search)}%`} escape '\\'`);
  }
  // Opt-in: a count is one more query per page, which list pages on the hot path do not pay.
  // Built here (search applied, no cursor), run after the page: one connection at a time.
  const countQuery = query.include_total ? q.clearSelect().clearOrderBy().select(sql<number | string | bigint>`count(*)`.as('n')) : null;
  if (cursor && cursor.d !== 'l') {
    const cmp = dir === 'asc' ? '>' : '<';
    const after = cursor;
    q = q.where(sql<boolean>`(${sql.ref(column)}, ${sql.ref(spec.idColumn)}) ${sql.raw(cmp)} (${after.v}, ${after.i})`);
  }
  q = q.orderBy(sql.ref(column), dir).orderBy(sql.ref(spec.idColumn), dir).limit(limit + 1);

  const fetched = (await q.execute()) as Array<Record<string, unknown>>;
  const total = countQuery ? Number(((await countQuery.executeTakeFirst()) as { n?: number | string | bigint } | undefined)?.n ?? 0) : undefined;
  const more = fetched.length > limit;
  const page = fetched.slice(0, limit);
  if (backwards) page.reverse();

  const sortField = column.split('.').pop()!;
  const idField = spec.idColumn.split('.').pop()!;
  const mk = (d: 'a' | 'b', row: Record<string, unknown> | undefined): string | null =>
    row ? ctx.signer.seal({ d, s: sortBy, o: order, v: keyValue(row[sortField]), i: keyValue(row[idField]) } satisfies CursorPayload) : null;

  const first = page[0];
  const last = page[page.length - 1];
  let next: string | null;
  let prev: string | null;
  if (!backwards) {
    next = more ? mk('a', last) : null;
    prev = cursor ? mk('b', first) : null;
  } else {
    prev = more ? mk('b', first) : null;
    next = cursor?.d === 'b' ? mk('a', last) : null;
  }

  return {
    rows: page as O[],
    links: {
      first: buildUrl(ctx, null),
      last: buildUrl(ctx, ctx.signer.seal({ d: 'l', s: sortBy, o: order } satisfies CursorPayload)),
      prev: prev ? buildUrl(ctx, prev) : null,
      next: next ? buildUrl(ctx, next) : null,
    },
    meta: { path: `${ctx.baseUrl}${ctx.path}`, per_page: limit, ...(total !== undefined ? { total } : {}) },
  };
}
