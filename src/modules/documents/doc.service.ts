import type { Db, DbOrTx } from '../../platform/db/index.js';
import { newId, isUuid } from '../../platform/crypto/ids.js';
import { AppError } from '../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { iso, nowIso } from '../../platform/http/resource.js';
import { DocRepo, type DocFilter, type DocLinkColumn, type DocRow, type DocTable } from './doc.repo.js';

export const MAX_BATCH = 100;

/** What a resource decides: its columns from a body, checks against other rows, and its JSON. */
export interface DocKind<J extends Record<string, unknown>> {
  table: DocTable;
  /** event topic and batch body key: products, sides, templates, designs, projects */
  topic: 'products' | 'sides' | 'templates' | 'designs' | 'projects';
  /** singular, for messages: Product, Side, Template */
  noun: string;
  /**
   * Merges a create (existing null) or update body into the stored document and checks it;
   * throws AppError.validation naming the field. Reads other rows through `db` (the transaction).
   */
  prepare(
    storeId: string,
    body: Record<string, unknown>,
    existing: Record<string, unknown> | null,
    db: DbOrTx,
  ): Promise<{ name: string; status: string | null; parentId: string | null; doc: Record<string, unknown>; links?: Partial<Record<DocLinkColumn, string | null>> }>;
  toJson(row: DocRow, doc: Record<string, unknown>, db: DbOrTx): Promise<J> | J;
  /**
   * The JSON of several rows of one store with one query per related table instead of one
   * per row (the images a product or side embeds; a design's side, product, project and
   * images). Lists and reads use it when a kind has it; `toJson` stays the one-row form.
   */
  toJsonPage?(rows: readonly DocRow[], db: DbOrTx, include?: Include, reuse?: boolean): Promise<J[]>;
  /**
   * Whether `toJsonPage` keeps what it builds between answers when asked (`reuse`: lists,
   * whose objects go straight into the answer): each row's JSON is rebuilt only when the rows
   * it is made of read differently (built-memo.ts), and its items are serialised one by one,
   * the text of an unchanged one remembered (serializer.ts).
   */
  keepsBuilt?: boolean;
  /**
   * The embedded objects a caller may leave out with `?include=` (designs: side, product,
   * project, original_side). Without `include` a response has every one of them.
   */
  embeds?: readonly string[];
  /**
   * Checks a create or update body needs outside the transaction (designs: the layers' fonts
   * and images); throws AppError.validation naming the field.
   */
  precheck?(storeId: string, body: Record<string, unknown>): Promise<void>;
}


/** The embeds a response is built with; undefined: all of them. */
export type Include = ReadonlySet<string> | undefined;

/**
 * `?include=` as the routes validated it (doc.routes.ts, includeSchema): absent means every
 * embed; `none` (or an empty value) none; otherwise the names listed, comma-separated.
 */
export function parseInclude(value: unknown): Include {
  if (typeof value !== 'string') return undefined;
  if (value === '' || value === 'none') return new Set();
  return new Set(value.split(','));
}

/** Create/read/update/soft-delete and the batch forms, one transaction each, with events. */
export class DocService<J extends Record<string, unknown>> {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    readonly kind: DocKind<J>,
  ) {}

  private repo(db: DbOrTx = this.db): DocRepo {
    return new DocRepo(db, this.kind.table);
  }

  private notFound(id: string): AppError {
    return new AppError('not_found', `Can't find ${this.kind.noun.toLowerCase()} with id: ${id}`);
  }

  /** `include`: the embeds to build (`?include=`); every one when absent. */
  async json(row: DocRow, db: DbOrTx = this.db, include?: Include): Promise<J> {
    if (this.kind.toJsonPage) return (await this.kind.toJsonPage([row], db, include))[0]!;
    return this.kind.toJson(row, JSON.parse(row.doc) as Record<string, unknown>, db);
  }

  /** The JSON of rows of one store, batched where the kind can (`toJsonPage`). */
  async jsonPage(rows: readonly DocRow[], db: DbOrTx = this.db, include?: Include, reuse = false): Promise<J[]> {
    if (rows.length === 0) return [];
    if (this.kind.toJsonPage && rows.every((r) => r.store_id === rows[0]!.store_id)) return this.kind.toJsonPage(rows, db, include, reuse);
    return Promise.all(rows.map((r) => this.json(r, db, include)));
  }

  /** `scope` narrows the list: a parent id (a product's sides), or a filter (a project's designs). */
  async list(storeId: string, query: ListQuery & { status?: string; include?: unknown }, ctx: PageContext, scope?: string | DocFilter): Promise<ListResult<J>> {
    const filter: DocFilter = typeof scope === 'string' ? { parentId: scope } : { ...scope };
    filter.status ??= query.status;
    const page = await this.repo().list(storeId, filter, query, ctx);
    // a list's objects go straight into the answer: built ones may be reused (DocKind.keepsBuilt)
    return { ...page, rows: await this.jsonPage(page.rows as DocRow[], this.db, this.include(query.include), true) };
  }

  count(storeId: string, scope?: string | DocFilter): Promise<number> {
    return this.repo().count(storeId, typeof scope === 'string' ? { parentId: scope } : scope);
  }

  /** Distinct product ids among the store's rows matching `filter` (a project's products). */
  distinct(storeId: string, column: 'product_id', filter: DocFilter): Promise<string[]> {
    return this.repo().distinct(storeId, column, filter);
  }

  /** Live rows of the store matching `filter`, oldest first (a project's designs, for its PDF). */
  async all(storeId: string, filter: DocFilter, max = 1000): Promise<DocRow[]> {
    return (await this.repo().listQuery(storeId, filter).orderBy('created_at', 'asc').orderBy('id', 'asc').limit(max).execute()) as DocRow[];
  }

  /** A live row of the store, or 404. */
  async row(storeId: string, id: string, db: DbOrTx = this.db): Promise<DocRow> {
    const row = isUuid(id) ? await this.repo(db).byId(storeId, id) : null;
    if (!row) throw this.notFound(id);
    return row;
  }

  async get(storeId: string, id: string, include?: unknown): Promise<J> {
    return this.json(await this.row(storeId, id), this.db, this.include(include));
  }

  /** `?include=` for this kind: a kind without embeds ignores it, as any parameter it does not know. */
  private include(value: unknown): Include {
    return this.kind.embeds ? parseInclude(value) : undefined;
  }

  /** A live row of the store, or null. */
  async rowOrNull(storeId: string, id: unknown, db: DbOrTx = this.db): Promise<DocRow | null> {
    return typeof id === 'string' && isUuid(id) ? this.repo(db).byId(storeId, id) : null;
  }

  /** For snapshots: the row even when soft-deleted (designs keep what they referenced). */
  async getIncludingDeleted(storeId: string, id: unknown, db: DbOrTx = this.db): Promise<J | null> {
    const row = typeof id === 'string' && isUuid(id) ? await this.repo(db).byIdIncludingDeleted(storeId, id) : null;
    return row ? this.json(row, db) : null;
  }

  private async createIn(tx: DbOrTx, storeId: string, body: Record<string, unknown>): Promise<J> {
    const p = await this.kind.prepare(storeId, body, null, tx);
    const now = nowIso();
    const row: DocRow = { id: newId(), store_id: storeId, name: p.name, status: p.status, parent_id: p.parentId, ...p.links, doc: JSON.stringify(p.doc), created_at: now, updated_at: now, deleted_at: null };
    await this.repo(tx).insert(row);
    return this.json(row, tx);
  }

  private async updateIn(tx: DbOrTx, storeId: string, id: string, body: Record<string, unknown>): Promise<J> {
    const existing = await this.row(storeId, id, tx);
    const p = await this.kind.prepare(storeId, body, JSON.parse(existing.doc) as Record<string, unknown>, tx);
    const patch = { name: p.name, status: p.status, parent_id: p.parentId, ...p.links, doc: JSON.stringify(p.doc), updated_at: nowIso() };
    await this.repo(tx).update(storeId, id, patch);
    return this.json({ ...existing, ...patch }, tx);
  }

  private async deleteIn(tx: DbOrTx, storeId: string, id: string): Promise<J> {
    const row = await this.row(storeId, id, tx);
    const data = await this.json(row, tx);
    await this.repo(tx).softDelete(storeId, id, nowIso());
    return data;
  }

  private publish(actor: Actor, event: string, data: unknown, tx: DbOrTx): Promise<void> {
    return this.events.publish({ accountId: actor.userId, storeId: actor.storeId, topic: this.kind.topic, event, data }, tx);
  }

  private async precheck(storeId: string, body: Record<string, unknown>): Promise<void> {
    await this.kind.precheck?.(storeId, body);
  }

  async create(actor: Actor, storeId: string, body: Record<string, unknown>): Promise<J> {
    await this.precheck(storeId, body);
    return this.db.transaction().execute(async (tx) => {
      const data = await this.createIn(tx, storeId, body);
      await this.publish(actor, 'POST', data, tx);
      return data;
    });
  }

  async update(actor: Actor, storeId: string, id: string, body: Record<string, unknown>): Promise<J> {
    await this.precheck(storeId, body);
    return this.db.transaction().execute(async (tx) => {
      const data = await this.updateIn(tx, storeId, id, body);
      await this.publish(actor, 'PUT', data, tx);
      return data;
    });
  }

  delete(actor: Actor, storeId: string, id: string): Promise<void> {
    return this.db.transaction().execute(async (tx) => {
      const data = await this.deleteIn(tx, storeId, id);
      await this.publish(actor, 'DELETE', data, tx);
    });
  }

  private checkBatch(items: unknown[]): void {
    if (items.length > MAX_BATCH) throw new AppError('payload_too_large', `Too many ${this.kind.topic}`);
    if (items.length === 0) throw AppError.field(this.kind.topic, 'must not be empty');
  }

  /** All or nothing: the first failing item rolls the whole batch back. */
  async createBatch(actor: Actor, storeId: string, items: Array<Record<string, unknown>>): Promise<J[]> {
    this.checkBatch(items);
    for (const [i, body] of items.entries()) await withIndex(this.kind.topic, i, () => this.precheck(storeId, body));
    return this.db.transaction().execute(async (tx) => {
      const out: J[] = [];
      for (const [i, body] of items.entries()) out.push(await withIndex(this.kind.topic, i, () => this.createIn(tx, storeId, body)));
      await this.publish(actor, 'POST/batch', out, tx);
      return out;
    });
  }

  async updateBatch(actor: Actor, storeId: string, items: Array<Record<string, unknown> & { id: string }>): Promise<J[]> {
    this.checkBatch(items);
    for (const [i, { id: _id, ...body }] of items.entries()) await withIndex(this.kind.topic, i, () => this.precheck(storeId, body));
    return this.db.transaction().execute(async (tx) => {
      const out: J[] = [];
      for (const [i, { id, ...body }] of items.entries()) out.push(await withIndex(this.kind.topic, i, () => this.updateIn(tx, storeId, id, body)));
      await this.publish(actor, 'PUT/batch', out, tx);
      return out;
    });
  }

  deleteBatch(actor: Actor, storeId: string, ids: string[]): Promise<void> {
    this.checkBatch(ids);
    return this.db.transaction().execute(async (tx) => {
      const out: J[] = [];
      for (const id of new Set(ids)) out.push(await this.deleteIn(tx, storeId, id));
      await this.publish(actor, 'DELETE/batch', out, tx);
    });
  }
}

/** Field errors of a batch item are named `<topic>.<index>.<field>`. */
async function withIndex<T>(topic: string, i: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.code === 'validation' && err.options.fields) {
      throw AppError.validation(Object.fromEntries(Object.entries(err.options.fields).map(([k, v]) => [`${topic}.${i}.${k}`, v])));
    }
    throw err;
  }
}

export { iso };
