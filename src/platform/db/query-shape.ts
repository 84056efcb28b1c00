import { isDeepStrictEqual } from 'node:util';
import type { CompiledQuery, Compilable, Kysely } from 'kysely';

/**
 * Queries built and compiled once per shape, run many times with new values.
 *
 * Building a Kysely query clones and freezes a node tree on every call, and compiling walks
 * it again: on a hot read route that is a sixth of the request's CPU, for SQL text that is
 * the same every time. A shape is a query whose structure is fixed: `build(db, p)` is called
 * once per variant and family of handles (a Kysely instance and its transactions) with
 * placeholder values, compiled, and every later call runs the same SQL text with the real
 * values put in their places.
 *
 * Rules, enforced where they can be:
 * - every value the query sends comes from `p` (a value taken from anywhere else would be
 *   frozen into the shape: a parameter that is not a placeholder is refused when the shape
 *   is made);
 * - the builder never branches on a value of `p` (it sees placeholders); whatever changes
 *   the SQL (a table, an optional filter, a sort) is named in the variant string;
 * - values are scalars, or lists of scalars for `in (…)`: a list's length is part of the
 *   variant (each length its own SQL), and a list longer than `MAX_LIST_SHAPE` is built as
 *   usual rather than made one more shape.
 *
 * `verifyQueryShapes(true)` (the test suite's apps) rebuilds every query from scratch too and
 * fails the call when the shape's SQL or values differ from it.
 */
export type ShapeParams = Record<string, unknown>;
/** A database handle (a Kysely instance or a transaction) */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handle = Kysely<any>;
export type ShapeBuilder<D extends Handle, P extends ShapeParams, O> = (db: D, p: P) => Compilable<O>;

/** Lists up to this long are shapes of their own length; longer ones are built as usual. */
export const MAX_LIST_SHAPE = 16;

/** Where a compiled parameter's value comes from: a param, or one item of a list param. */
interface Slot {
  name: string;
  index: number | null;
}
interface Template {
  compiled: CompiledQuery;
  slots: readonly Slot[];
}

const MARK = '\u0000folio-shape:';
let verify = false;

/** Also build every shaped query afresh and compare (tests). */
export function verifyQueryShapes(on: boolean): void {
  verify = on;
}

function isScalar(v: unknown): boolean {
  return v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v) || v instanceof Date || Buffer.isBuffer(v);
}

/**
 * Whose SQL a handle writes: a Kysely instance and every transaction opened on it share their
 * dialect's adapter and query compiler (a transaction is a new handle each time, with the
 * executor's plugins copied), so with no plugins they write the same text for the same query
 * and share templates. A handle with plugins (which may rewrite a query) keeps its own, and a
 * transaction with plugins builds as usual.
 */
function sqlFamily(db: Handle): object | null {
  const executor = db.getExecutor();
  if (executor.plugins.length === 0) return executor.adapter;
  return db.isTransaction ? null : db;
}

/** The shapes of one repo method (or family): variant → template, per family of database handles (`sqlFamily`). */
export class QueryShapes {
  private readonly byDb = new WeakMap<object, Map<string, Template>>();

  constructor(
    /** named in errors */
    private readonly name: string,
  ) {}

  private template<D extends Handle, P extends ShapeParams, O>(family: object, db: D, variant: string, params: P, build: ShapeBuilder<D, P, O>): Template {
    let known = this.byDb.get(family);
    if (!known) this.byDb.set(family, (known = new Map()));
    let t = known.get(variant);
    if (t) return t;
    const slotOf = new Map<string, Slot>();
    const placeholder = (name: string, index: number | null) => {
      const text = `${MARK}${slotOf.size}\u0000`;
      slotOf.set(text, { name, index });
      return text;
    };
    const placeholders = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map((_, i) => placeholder(k, i)) : placeholder(k, null)]),
    ) as unknown as P;
    const compiled = build(db, placeholders).compile();
    const where = `query shape ${this.name} (${variant})`;
    if (compiled.sql.includes(MARK)) throw new Error(`${where}: a value of p was written into the SQL text`);
    const slots = compiled.parameters.map((v): Slot => {
      const slot = typeof v === 'string' ? slotOf.get(v) : undefined;
      if (slot) return slot;
      if (typeof v === 'string' && v.includes(MARK)) throw new Error(`${where}: a value derived from p (compute it before the call)`);
      throw new Error(`${where}: the value ${JSON.stringify(v)} does not come from p`);
    });
    // a handle's variants are a fixed list in code; bounded all the same
    if (known.size >= 256) known.clear();
    known.set(variant, (t = { compiled, slots }));
    return t;
  }

  /** The compiled query of this variant with `params` in place. */
  compile<D extends Handle, P extends ShapeParams, O>(db: D, variant: string, params: P, build: ShapeBuilder<D, P, O>): CompiledQuery<O> {
    const family = sqlFamily(db);
    if (family === null) return build(db, params).compile();
    // a list's length is structure: part of the variant
    for (const k in params) {
      const v = params[k];
      if (!Array.isArray(v)) continue;
      if (v.length > MAX_LIST_SHAPE) return build(db, params).compile();
      variant += `|${k}:${v.length}`;
    }
    const t = this.template(family, db, variant, params, build);
    const parameters = t.slots.map(({ name, index }) => {
      const v = index === null ? params[name] : (params[name] as unknown[])[index];
      if (!isScalar(v)) throw new Error(`query shape ${this.name} (${variant}): ${name} is not a scalar`);
      return v;
    });
    const compiled: CompiledQuery<O> = { query: t.compiled.query, queryId: t.compiled.queryId, sql: t.compiled.sql, parameters };
    if (verify) {
      const fresh = build(db, params).compile();
      if (fresh.sql !== compiled.sql || !isDeepStrictEqual(fresh.parameters, compiled.parameters)) {
        throw new Error(`query shape ${this.name} (${variant}) differs from the query built afresh:\n${compiled.sql} ${JSON.stringify(parameters)}\n${fresh.sql} ${JSON.stringify(fresh.parameters)}`);
      }
    }
    return compiled;
  }

  /** Every row of the shaped query. */
  async all<D extends Handle, P extends ShapeParams, O>(db: D, variant: string, params: P, build: ShapeBuilder<D, P, O>): Promise<O[]> {
    return (await db.executeQuery(this.compile(db, variant, params, build))).rows;
  }

  /** Its first row, or undefined. */
  async first<D extends Handle, P extends ShapeParams, O>(db: D, variant: string, params: P, build: ShapeBuilder<D, P, O>): Promise<O | undefined> {
    return (await this.all(db, variant, params, build))[0];
  }
}
