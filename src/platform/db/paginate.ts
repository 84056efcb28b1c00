import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { AppError } from '../http/errors.js';
import { QueryShapes, type ShapeParams } from './query-shape.js';
import { DEFAULT_LIMIT, MAX_LIMIT, pageUrl, type ListQuery, type ListResult, type PageContext } from '../http/pagination.js';

/**
 * The keyset query behind every list route (decisions.md § Lists), called by repos: over
 * (sort column, id), so rows inserted between page reads cause no gaps or duplicates;
 * cursors are signed and bound to the sort they were made for.
 */
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

function escapeLike(s: string): string {
  return s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function keyValue(v: unknown): string | number {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'string') return v;
  return String(v);
}

/** The last-page cursor depends on the sort alone: sealed once per signer and sort, not per page. */
const lastCursors = new WeakMap<PageContext['signer'], Map<string, string>>();
function lastCursor(signer: PageContext['signer'], sortBy: string, order: 'asc' | 'desc'): string {
  let known = lastCursors.get(signer);
  if (!known) lastCursors.set(signer, (known = new Map()));
  const key = `${sortBy}\0${order}`;
  let token = known.get(key);
  if (token === undefined) {
    token = signer.seal({ d: 'l', s: sortBy, o: order } satisfies CursorPayload);
    // sort names are a route's fixed list; bounded all the same
    if (known.size < 256) known.set(key, token);
  }
  return token;
}

/**
 * A list query given as a shape (query-shape.ts): `build(db, p)` makes the repo's filtered
 * query from `params` alone, and `variant` names whatever else changes its SQL (a table, an
 * optional filter). Paging adds its own part (sort, cursor, search) to the variant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ShapedList<DB, TB extends keyof DB, O, P extends ShapeParams, H extends Kysely<any> = Kysely<any>> {
  shapes: QueryShapes;
  db: H;
  variant: string;
  params: P;
  build: (db: H, p: P) => SelectQueryBuilder<DB, TB, O>;
}

/** The values the paging part of a list query sends (with a shape's placeholders, or the real ones). */
interface PageValues {
  $limit: number;
  $search?: string;
  $v?: string | number;
  $i?: string | number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isShaped<DB, TB extends keyof DB, O, P extends ShapeParams, H extends Kysely<any>>(source: SelectQueryBuilder<DB, TB, O> | ShapedList<DB, TB, O, P, H>): source is ShapedList<DB, TB, O, P, H> {
  return 'shapes' in source && source.shapes instanceof QueryShapes;
}

/**
 * One page of `source` ordered, filtered and bounded as the list query asks; rows as it
 * selects them. `source` is a query builder, or a shape (the hot lists: built once).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function paginate<DB, TB extends keyof DB, O, P extends ShapeParams = ShapeParams, H extends Kysely<any> = Kysely<any>>(
  source: SelectQueryBuilder<DB, TB, O> | ShapedList<DB, TB, O, P, H>,
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
  const search = query.search && spec.searchColumn ? spec.searchColumn : null;
  const after = cursor && cursor.d !== 'l' ? cursor : null;

  const searched = (q: SelectQueryBuilder<DB, TB, O>, v: PageValues) =>
    search ? q.where(sql<boolean>`lower(${sql.ref(search)}) like ${v.$search} escape '\\'`) : q;
  const paged = (q: SelectQueryBuilder<DB, TB, O>, v: PageValues) => {
    q = searched(q, v);
    if (after) q = q.where(sql<boolean>`(${sql.ref(column)}, ${sql.ref(spec.idColumn)}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${v.$v}, ${v.$i})`);
    return q.orderBy(sql.ref(column), dir).orderBy(sql.ref(spec.idColumn), dir).limit(v.$limit);
  };
  const values: PageValues = {
    $limit: limit + 1,
    ...(search ? { $search: `%${escapeLike(query.search!)}%` } : {}),
    ...(after ? { $v: after.v!, $i: after.i! } : {}),
  };

  // Opt-in: a count is one more query per page, which list pages on the hot path do not pay.
  // Built here (search applied, no cursor), run after the page: one connection at a time.
  const shaped = isShaped(source) ? source : null;
  const countQuery = query.include_total
    ? searched(shaped ? shaped.build(shaped.db, shaped.params) : (source as SelectQueryBuilder<DB, TB, O>), values)
        .clearSelect()
        .clearOrderBy()
        .select(sql<number | string | bigint>`count(*)`.as('n'))
    : null;
  const fetched = (
    shaped
      ? await shaped.shapes.all(shaped.db, `${shaped.variant}|${column}|${dir}|${after ? 'after' : ''}|${search ? 'search' : ''}`, { ...shaped.params, ...values }, (d, p) => paged(shaped.build(d, p), p))
      : await paged(source as SelectQueryBuilder<DB, TB, O>, values).execute()
  ) as Array<Record<string, unknown>>;
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
      first: pageUrl(ctx, null),
      last: pageUrl(ctx, lastCursor(ctx.signer, sortBy, order)),
      prev: prev ? pageUrl(ctx, prev) : null,
      next: next ? pageUrl(ctx, next) : null,
    },
    meta: { path: `${ctx.baseUrl}${ctx.path}`, per_page: limit, ...(total !== undefined ? { total } : {}) },
  };
}
