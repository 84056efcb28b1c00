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
 *
 * And one more: the last result of a hot read is kept while the database reads the same
 * (`ResultCache`, below).
 */
import type SQLite from 'better-sqlite3';
import { ByteLru } from '../cache/byte-lru.js';
import { isShapedSql } from './query-shape.js';

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

/**
 * The results of hot reads kept while the database reads the same: a read the query shapes
 * run (query-shape.ts: the credential lookups, the store, key and document lists, documents
 * by id, the `in (…)` reads behind a page) answers with the rows it read last for the same
 * values as long as nothing has written to the database since, so a storefront reading an
 * unchanged page pays for no row walk.
 *
 * "Nothing has written" is known exactly, not guessed by a lifetime:
 * - this connection's own writes: every statement that is not read-only (an insert, update
 *   or delete, one with `returning`, DDL) counts, cascades and triggers being part of it;
 * - every other connection's, in this process or another: SQLite's `data_version` changes
 *   when any other connection commits to the file (one cheap pragma per read).
 * Any write anywhere drops every kept result, so this pays on reads between writes, not under
 * a stream of them. A kept result is SQLite's raw values; each answer builds new row objects
 * from them, so a caller that changes a row changes only its own. Only reads whose SQL is a
 * shape's, read-only, with scalar values and no value SQLite makes up per call (the clock,
 * random numbers) are kept, within a byte budget, the least recently used dropped first.
 */
class ResultCache {
  /** statements run on this connection that may have written */
  writes = 0;
  private readonly kept: ByteLru<{ writes: number; version: number; raw: unknown[][] }>;
  private readonly version: SQLite.Statement;

  constructor(
    sqlite: SQLite.Database,
    private readonly budget: number,
  ) {
    this.version = sqlite.prepare('pragma data_version').pluck();
    this.kept = new ByteLru(budget);
  }

  /**
   * A value that changes whenever the database may read differently: this connection's
   * writes and `data_version` (every other connection's commits). Asked before a read, the
   * same value afterwards means nothing has written since.
   */
  stamp(): string {
    return `${this.writes}:${this.version.get() as number}`;
  }

  /** false: a budget of 0, nothing kept */
  get enabled(): boolean {
    return this.budget > 0;
  }

  /**
   * The rows of a read: those kept for `key` if nothing has written since they were read
   * (most recently used then), else `run()`'s, kept. `data_version` is asked once either way,
   * and before a read: a commit between the two makes the kept result older, never newer.
   */
  rows(key: string, run: () => unknown[][]): unknown[][] {
    const e = this.kept.get(key);
    const version = this.version.get() as number;
    if (e && e.writes === this.writes && e.version === version) return e.raw;
    const writes = this.writes;
    const raw = run();
    let bytes = key.length + 64;
    for (const row of raw) {
      for (const v of row) {
        if (typeof v === 'string') bytes += v.length + 16;
        else if (v === null || typeof v === 'number') bytes += 8;
        else {
          // a blob (a mutable Buffer) or a bigint: not kept
          this.kept.delete(key);
          return raw;
        }
      }
    }
    this.kept.set(key, { writes, version, raw }, bytes);
    return raw;
  }
}

/** SQL whose result depends on more than the database and the values sent: never kept. */
const VOLATILE = /\b(random|randomblob|changes|total_changes|last_insert_rowid|date|time|datetime|julianday|unixepoch|strftime|timediff|current_date|current_time|current_timestamp|sqlite_\w+|pragma_\w+)\b/i;

/** The key of a read: its values, if each is a string, a finite number or null. */
function valuesKey(parameters: readonly unknown[]): string | null {
  let key = '';
  for (const v of parameters) {
    if (typeof v === 'string') key += `s${v.length}:${v}`;
    else if (typeof v === 'number' && Number.isFinite(v)) key += `n${v};`;
    else if (v === null) key += 'z;';
    else return null;
  }
  return key;
}

let statementCount = 0;

class RawRowStatement implements DriverStatement {
  readonly reader: boolean;
  private build: RowBuilder | null = null;
  private width = 0;
  /** whether results are kept (decided at the first read: a shape registers its SQL before it runs) */
  private keeps: boolean | null = null;
  /** this statement's part of a kept result's key (shorter than its SQL text) */
  private readonly id = `${++statementCount}\u0000`;

  constructor(
    private readonly stmt: SQLite.Statement,
    private readonly results: ResultCache,
  ) {
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
    let raw: unknown[][];
    if (!this.stmt.readonly) {
      this.results.writes++;
      raw = this.stmt.all(parameters) as unknown[][];
    } else {
      this.keeps ??= this.results.enabled && isShapedSql(this.stmt.source) && !VOLATILE.test(this.stmt.source);
      const values = this.keeps ? valuesKey(parameters) : null;
      if (values === null) raw = this.stmt.all(parameters) as unknown[][];
      else {
        raw = this.results.rows(this.id + values, () => this.stmt.all(parameters) as unknown[][]);
      }
    }
    const build = raw.length > 0 && raw[0]!.length !== this.width ? this.compile() : this.build!;
    const rows = new Array<Row>(raw.length);
    for (let i = 0; i < raw.length; i++) rows[i] = build(raw[i]!);
    return rows;
  }

  run(parameters: readonly unknown[]): SQLite.RunResult {
    if (!this.stmt.readonly) this.results.writes++;
    return this.stmt.run(parameters);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    if (!this.stmt.readonly) this.results.writes++;
    for (const values of this.stmt.iterate(parameters) as IterableIterator<unknown[]>) {
      yield (values.length !== this.width ? this.compile() : this.build!)(values);
    }
  }
}

/**
 * The `database` Kysely's SqliteDialect takes, preparing through the cache above; `max`
 * statements, and `resultBytes` of kept hot-read results (0: none kept). `stamp()` is the
 * database's change stamp (`ResultCache.stamp`), for what keeps more than rows.
 */
export function cachedStatements(sqlite: SQLite.Database, max = 512, resultBytes = 16 * 1024 * 1024): { close(): void; prepare(sql: string): DriverStatement; stamp(): string } {
  const cache = new Map<string, DriverStatement>();
  const results = new ResultCache(sqlite, resultBytes);
  return {
    close: () => sqlite.close(),
    stamp: () => results.stamp(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = new RawRowStatement(sqlite.prepare(text), results);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}
