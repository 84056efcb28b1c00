/**
 * better-sqlite3 statements as Kysely's SQLite driver uses them (`reader`, `all`, `run`,
 * `iterate`), with two savings on the hot path:
 *
 * - a statement is prepared once per SQL text (bounded LRU): Kysely asks for a new one on
 *   every call, and SQLite's parse and plan is a large part of a short query. Safe because
 *   Kysely runs one statement at a time on its single SQLite connection.
 * - rows are read in raw mode (arrays) and built by a function compiled once per statement
 *   from its column names: better-sqlite3's own row objects are made key by key in C++, which
 *   costs several times more for a page of rows than a literal of known shape.
 *
 * Rows keep better-sqlite3's semantics: one own property per result column, in column order,
 * a later column of the same name winning.
 */
import type SQLite from 'better-sqlite3';

type Row = Record<string, unknown>;
type RowBuilder = (values: unknown[]) => Row;

const builders = new Map<string, RowBuilder>();

/** A function turning one raw row into an object with these keys (cached by the key list). */
export function rowBuilder(names: readonly string[]): RowBuilder {
  const cacheKey = names.join('\u0000');
  let build = builders.get(cacheKey);
  if (!build) {
    // Later duplicates win, as in better-sqlite3: keep the last index of each name, first order.
    const last = new Map<string, number>();
    names.forEach((n, i) => last.set(n, i));
    const fields = [...new Set(names)].map((n) => {
      // a computed key defines an own property even for "__proto__" (a plain one would set the prototype)
      const key = n === '__proto__' ? `[${JSON.stringify(n)}]` : JSON.stringify(n);
      return `${key}: v[${last.get(n)!}]`;
    });
    build = new Function('v', `return { ${fields.join(', ')} };`) as RowBuilder;
    if (builders.size > 2048) builders.clear();
    builders.set(cacheKey, build);
  }
  return build;
}

/** The part of a statement Kysely's SqliteDialect calls. */
export interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

class RawRowStatement implements DriverStatement {
  readonly reader: boolean;
  private build: RowBuilder | null = null;
  private width = 0;
  constructor(private readonly stmt: SQLite.Statement) {
    this.reader = stmt.reader;
    if (this.reader) {
      this.compile();
      stmt.raw(true);
    }
  }

  /** (Re)builds the row function: a `select *` re-prepared by SQLite after a schema change has new columns. */
  private compile(): RowBuilder {
    const names = this.stmt.columns().map((c) => c.name);
    this.width = names.length;
    return (this.build = rowBuilder(names));
  }

  all(parameters: readonly unknown[]): unknown[] {
    const raw = this.stmt.all(parameters) as unknown[][];
    const build = raw.length > 0 && raw[0]!.length !== this.width ? this.compile() : this.build!;
    const rows = new Array<Row>(raw.length);
    for (let i = 0; i < raw.length; i++) rows[i] = build(raw[i]!);
    return rows;
  }

  run(parameters: readonly unknown[]): SQLite.RunResult {
    return this.stmt.run(parameters);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    for (const values of this.stmt.iterate(parameters) as IterableIterator<unknown[]>) {
      yield (values.length !== this.width ? this.compile() : this.build!)(values);
    }
  }
}

/**
 * The `database` Kysely's SqliteDialect takes, preparing through the cache above (`max`
 * statements, the first prepared dropped first).
 */
export function cachedStatements(sqlite: SQLite.Database, max = 512): { close(): void; prepare(sql: string): DriverStatement } {
  const cache = new Map<string, DriverStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = new RawRowStatement(sqlite.prepare(text));
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}
