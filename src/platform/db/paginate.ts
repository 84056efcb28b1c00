import { sql, SqliteAdapter, TableNode, type Kysely, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type SelectQueryBuilder } from 'kysely';
import { AppError } from '../http/errors.js';
import { QueryShapes, type ShapeParams } from './query-shape.js';
import { PLAN_WITH_VALUES } from './pg-prepared.js';
import { DEFAULT_LIMIT, MAX_LIMIT, SEARCH_MIN_INDEXED, pageUrl, type ListQuery, type ListResult, type PageContext } from '../http/pagination.js';

/**
 * The keyset query behind every list route (decisions.md § Lists), called by repos: over
 * (sort column, id), so rows inserted between page reads cause no gaps or duplicates;
 * cursors are signed and bound to the sort they were made for.
 */
export type ListSpec = {
  /** API sort name → qualified column; must be non-null columns */
  sortable: Record<string, string>;
  /** id column used as the tie-breaker */
  idColumn: string;
} & (
  | { searchColumn?: undefined; db?: undefined }
  | {
      /** the column `search` matches, as `table.column` of a table in the query's FROM: one with a text index */
      searchColumn: SearchableColumn;
      /** the handle the list reads with (a transaction or not): its dialect says how `search` is answered */
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      db: Kysely<any>;
    }
);

/**
 * `search`: a case-insensitive substring of one column, `%`, `_` and `\` in it taken literally:
 * the rows `lower(col) like '%text%' escape '\'` finds (the text lowercased by JavaScript), a
 * predicate every searching list query keeps and which decides. What changes is how the rows are
 * found: through the column's text index (made by migration 0014-search-index), not by reading
 * every row of the list.
 * - PostgreSQL: a GIN index `<table>_<column>_trgm` on `lower(column) gin_trgm_ops` (pg_trgm)
 *   serves the predicate as it is; the planner takes it for selective text, and the list's own
 *   index (stopping at the page's end) for text found in most rows. The query is sent unprepared
 *   (PLAN_WITH_VALUES) so that it is planned with the pattern every time.
 * - SQLite: an FTS5 table `<table>_<column>_fts` (trigram tokenizer, Unicode case folding,
 *   external content over the table's rowid, kept by triggers inside each write's transaction).
 *   For text of SEARCH_MIN_INDEXED characters or more, the FTS matches (a superset of the
 *   predicate's rows: folded wider, no escapes) come first and the rows are read by rowid. Shorter
 *   text has no trigram and scans the list as before; so does text the index finds in too many rows
 *   of the table to be worth reading one by one (SEARCH_INDEX_CAP; one count, stopped there).
 *
 * A column added here needs a migration of its own that indexes it (`searchIndexDdl`).
 */
export const SEARCHABLE_COLUMNS = [
  'api_keys.name',
  'catalog_categories.name',
  'catalog_cliparts.name',
  'catalog_default_templates.name',
  'catalog_fonts.name',
  'catalog_images.name',
  'catalog_products.name',
  'catalog_sides.name',
  'catalog_templates.name',
  'designs.name',
  'mockup_templates.name',
  'preflight_reports.design_id',
  'projects.name',
  'stores.name',
  'wallet_transactions.reference',
  'webhooks.callback_url',
] as const;
export type SearchableColumn = (typeof SEARCHABLE_COLUMNS)[number];

/** The table, column and index names of a searchable column. */
export function searchIndexOf(searchColumn: SearchableColumn): { table: string; column: string; fts: string; trgm: string } {
  const [table, column] = searchColumn.split('.') as [string, string];
  return { table, column, fts: `${table}_${column}_fts`, trgm: `${table}_${column}_trgm` };
}

/** A trigram index answers search text of this many characters (code points) or more; shorter text scans. */
export { SEARCH_MIN_INDEXED };
/**
 * SQLite: the FTS table answers text it matches in fewer rows than 2·√(rows of the table), at
 * least 50 (632 of 100,000 rows): reading the matches by rowid and sorting them costs about 10 µs
 * a match, walking the list about 1.7 µs a row and 21 / (share of rows matching) rows to fill a
 * page, which meet near there. More common text walks the list, as the scan did, and stops at the
 * page's end; the count stops at the cap, so it costs little more than the walk.
 */
export const SEARCH_INDEX_CAP = { factor: 2, least: 50 } as const;

/**
 * How a list's `search` is answered: the `lower(col) like` predicate alone (SQLite: a scan), the
 * same sent to PostgreSQL unprepared so that it is planned with the pattern (PLAN_WITH_VALUES:
 * the trigram index for selective text), or from the FTS table first (SQLite).
 */
type SearchPlan = 'like' | 'trgm' | 'fts';

/**
 * SQLite's planner, without statistics, takes `store_id = ?` for ten rows and would walk the
 * store's index probing each row against the FTS matches: a scan again. `from "t" not indexed`
 * leaves it only the rowid, so the matches drive (a rowid lookup each), then filter and sort.
 */
class FromNotIndexed implements KyselyPlugin {
  constructor(private readonly table: string) {}

  transformQuery({ node }: PluginTransformQueryArgs) {
    if (node.kind !== 'SelectQueryNode' || !node.from) throw new Error(`search: no FROM to read ${this.table} from`);
    const named = (f: OperationNode) => TableNode.is(f) && !f.table.schema && f.table.identifier.name === this.table;
    const at = node.from.froms.findIndex(named);
    if (at < 0) throw new Error(`search: ${this.table} is not in the list query's FROM`);
    const froms = node.from.froms.map((f, i) => (i === at ? sql.raw(`"${this.table}" not indexed`).toOperationNode() : f));
    return { ...node, from: { ...node.from, froms } };
  }

  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

/** The count of FTS matches, up to the cap (a query shape of its own). */
const probes = new QueryShapes('search');

/** `text` (lowercased) as an FTS5 phrase: its characters in a row, anywhere in the column. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

async function searchPlan(spec: Extract<ListSpec, { searchColumn: SearchableColumn }>, text: string): Promise<SearchPlan> {
  if (!(spec.db.getExecutor().adapter instanceof SqliteAdapter)) return 'trgm';
  if ([...text].length < SEARCH_MIN_INDEXED || text.includes('\u0000')) return 'like';
  const { table, fts } = searchIndexOf(spec.searchColumn);
  // the table's largest rowid for its row count: one step down its b-tree
  const cap = sql<number>`max(${sql.lit(SEARCH_INDEX_CAP.least)}, cast(${sql.lit(SEARCH_INDEX_CAP.factor)} * sqrt(coalesce((select max(rowid) from ${sql.table(table)}), 0)) as integer))`;
  const row = await probes.first(spec.db, `probe:${fts}`, { match: ftsPhrase(text) }, (d, p) =>
    d.selectFrom(sql`(select 1 from ${sql.table(fts)} where ${sql.table(fts)} match ${p.match} limit ${cap})`.as('m')).select([sql<number>`count(*)`.as('n'), cap.as('cap')]),
  );
  const { n, cap: limit } = row as { n: number; cap: number };
  return Number(n) < Number(limit) ? 'fts' : 'like';
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
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
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
  /** the FTS5 phrase (SQLite, plan 'fts') */
  $match?: string;
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
  // `search`: a case-insensitive substring of the column, `%`, `_` and `\` in it taken literally
  const text = query.search && spec.searchColumn ? query.search.toLowerCase() : null;
  const plan = text !== null && spec.searchColumn ? await searchPlan(spec, text) : null;
  const after = cursor && cursor.d !== 'l' ? cursor : null;

  const searched = (q: SelectQueryBuilder<DB, TB, O>, v: PageValues) => {
    if (!plan || !spec.searchColumn) return q;
    if (plan === 'fts') {
      // the FTS table's matches first (a superset: case folded, unescaped), the predicate below decides
      const { table, fts } = searchIndexOf(spec.searchColumn);
      q = q.withPlugin(new FromNotIndexed(table)).where(sql<boolean>`${sql.ref(`${table}.rowid`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${v.$match})`);
    }
    q = q.where(sql<boolean>`lower(${sql.ref(spec.searchColumn)}) like ${v.$search} escape '\\'`);
    return plan === 'trgm' ? q.modifyEnd(sql.raw(PLAN_WITH_VALUES)) : q;
  };
  const paged = (q: SelectQueryBuilder<DB, TB, O>, v: PageValues) => {
    q = searched(q, v);
    if (after) q = q.where(sql<boolean>`(${sql.ref(column)}, ${sql.ref(spec.idColumn)}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${v.$v}, ${v.$i})`);
    return q.orderBy(sql.ref(column), dir).orderBy(sql.ref(spec.idColumn), dir).limit(v.$limit);
  };
  const values: PageValues = {
    $limit: limit + 1,
    ...(text !== null ? { $search: `%${escapeLike(text)}%` } : {}),
    ...(plan === 'fts' ? { $match: ftsPhrase(text!) } : {}),
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
      ? await shaped.shapes.all(shaped.db, `${shaped.variant}|${column}|${dir}|${after ? 'after' : ''}|${plan ? `search:${plan}` : ''}`, { ...shaped.params, ...values }, (d, p) => paged(shaped.build(d, p), p))
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
