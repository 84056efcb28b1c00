import { paginate, type ListSpec } from '../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../../platform/db/index.js';
import { QueryShapes } from '../../platform/db/query-shape.js';
import type { CatalogDocTable, DB } from '../../platform/db/schema.js';

/** Lists and reads by id: the hot paths of every document kind, built once per table and filter (query-shape.ts). */
const shapes = new QueryShapes('docs');

export type DocTable = 'catalog_products' | 'catalog_sides' | 'catalog_templates' | 'designs' | 'projects';
/** Designs add `product_id` and `project_id` columns, projects `state` and `external_key`; the other tables have only the common ones. */
export type DocRow = CatalogDocTable & { product_id?: string | null; project_id?: string | null; state?: string | null; external_key?: string | null; external_order?: string | null };
/** Columns beyond the common ones a kind may write and filter on (designs: their product and project; projects: their lifecycle state and shop order line). */
export type DocLinkColumn = 'product_id' | 'project_id' | 'state' | 'external_key' | 'external_order';

/** The columns a write sets: those given a value (undefined is left out, as Kysely's values() and set() do). */
function givenColumns(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

/** Which rows of the store a list or count covers: a parent (side, product), a status, a link column. */
export interface DocFilter {
  status?: string | undefined;
  parentId?: string | undefined;
  links?: Partial<Record<DocLinkColumn, string>>;
  /** only these ids (a project's products) */
  ids?: readonly string[];
}

/**
 * Products, sides and templates: one row shape (columns for what is filtered or sorted,
 * the rest in `doc`). Every method takes the store; soft-deleted rows are invisible here
 * except through `byIdIncludingDeleted` (designs keep reading what they reference).
 */
export class DocRepo {
  constructor(
    private readonly db: DbOrTx,
    private readonly table: DocTable,
  ) {}

  private filtered<O>(q: SelectQueryBuilder<DB, 'designs', O>, storeId: string, filter: DocFilter): SelectQueryBuilder<DB, 'designs', O> {
    q = q.where('store_id', '=', storeId).where('deleted_at', 'is', null);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.parentId) q = q.where('parent_id', '=', filter.parentId);
    for (const [column, value] of Object.entries(filter.links ?? {})) q = q.where(column as 'project_id', '=', value);
    if (filter.ids) q = filter.ids.length ? q.where('id', 'in', [...filter.ids]) : q.where(sql<boolean>`1 = 0`);
    return q;
  }

  listQuery(storeId: string, filter: DocFilter = {}, db: DbOrTx = this.db): SelectQueryBuilder<DB, DocTable, DocRow> {
    const q = (db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'designs', DocRow>).selectAll();
    return this.filtered(q, storeId, filter) as unknown as SelectQueryBuilder<DB, DocTable, DocRow>;
  }

  /** One page of the store's documents matching `filter`. */
  list(storeId: string, filter: DocFilter, query: ListQuery, ctx: PageContext) {
    const spec: ListSpec = { sortable: { created_date: 'created_at', id: 'id', name: 'name' }, idColumn: 'id', searchColumn: `${this.table}.name`, db: this.db };
    const links = Object.entries(filter.links ?? {}) as Array<[DocLinkColumn, unknown]>;
    // a list of ids changes the SQL with its length: built as usual
    if (filter.ids || links.some(([, v]) => typeof v !== 'string')) return paginate(this.listQuery(storeId, filter), spec, query, ctx);
    // the filters present are the shape (its variant); their values are its parameters
    const params: Record<string, string> = { storeId };
    if (filter.status) params.status = filter.status;
    if (filter.parentId) params.parentId = filter.parentId;
    for (const [column, value] of links) params[`link:${column}`] = value as string;
    const build = (db: DbOrTx, p: Record<string, string>) =>
      this.listQuery(p.storeId!, { status: p.status, parentId: p.parentId, links: Object.fromEntries(links.map(([column]) => [column, p[`link:${column}`]])) }, db);
    return paginate({ shapes, db: this.db, variant: `list:${this.table}:${Object.keys(params).join(',')}`, params, build }, spec, query, ctx);
  }

  async count(storeId: string, filter: DocFilter = {}): Promise<number> {
    const q = (this.db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'designs', DocRow>).select(sql<number>`count(*)`.as('n'));
    return Number(((await this.filtered(q, storeId, filter).executeTakeFirstOrThrow()) as unknown as { n: number }).n);
  }

  /** Distinct values of a link column among the store's live rows matching `filter` (a project's products). */
  async distinct(storeId: string, column: 'product_id', filter: DocFilter): Promise<string[]> {
    const q = (this.db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'designs', DocRow>).select(column).distinct();
    const rows = (await this.filtered(q, storeId, filter).execute()) as Array<Record<string, string | null>>;
    return rows.map((r) => r[column]).filter((v): v is string => typeof v === 'string');
  }

  async byId(storeId: string, id: string): Promise<DocRow | null> {
    return this.one(storeId, id, false);
  }

  async byIdIncludingDeleted(storeId: string, id: string): Promise<DocRow | null> {
    return this.one(storeId, id, true);
  }

  private async one(storeId: string, id: string, includingDeleted: boolean): Promise<DocRow | null> {
    const row = await shapes.first(this.db, `byId:${this.table}:${includingDeleted ? 'all' : 'live'}`, { storeId, id }, (db, p) => {
      const q = (db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'catalog_products', DocRow>).selectAll().where('store_id', '=', p.storeId).where('id', '=', p.id);
      return includingDeleted ? q : q.where('deleted_at', 'is', null);
    });
    return (row as DocRow | undefined) ?? null;
  }

  /**
   * Rows of the store by id across document tables, soft-deleted ones included, in one
   * statement (a page of designs reads its sides, products and projects together).
   */
  static async byIdsIncludingDeleted(db: DbOrTx, storeId: string, ids: Partial<Record<DocTable, readonly string[]>>): Promise<Map<string, DocRow & { t: DocTable }>> {
    const parts = (Object.entries(ids) as Array<[DocTable, readonly string[]]>).filter(([, list]) => list.length > 0).map(([table, list]): [DocTable, string[]] => [table, [...new Set(list)]]);
    const out = new Map<string, DocRow & { t: DocTable }>();
    if (parts.length === 0) return out;
    // the tables asked are the variant; each list's length is too (query-shape.ts)
    const params: Record<string, string | string[]> = { storeId };
    for (const [table, list] of parts) params[table] = list;
    const rows = await shapes.all(db, `byIdsIncludingDeleted:${parts.map(([t]) => t).join(',')}`, params, (d, p) => {
      const one = (table: DocTable) =>
        (d.selectFrom(table) as unknown as SelectQueryBuilder<DB, 'catalog_products', DocRow>)
          .select([sql<DocTable>`${sql.lit(table)}`.as('t'), 'id', 'store_id', 'name', 'status', 'parent_id', 'doc', 'created_at', 'updated_at', 'deleted_at'])
          .where('store_id', '=', p.storeId as string)
          .where('id', 'in', p[table] as string[]);
      let q = one(parts[0]![0]);
      for (const [table] of parts.slice(1)) q = q.unionAll(one(table));
      return q;
    });
    for (const row of rows as Array<DocRow & { t: DocTable }>) out.set(`${row.t}:${row.id}`, row);
    return out;
  }

  /** (Writes are shapes too: a design save runs them in its transaction; the columns given are the variant.) */
  async insert(row: DocRow): Promise<void> {
    const params = givenColumns(row);
    const columns = Object.keys(params);
    const compiled = shapes.compile(this.db, `insert:${this.table}:${columns.join(',')}`, params, (db, p) =>
      db.insertInto(this.table).values(Object.fromEntries(columns.map((c) => [c, p[c]])) as never),
    );
    await this.db.executeQuery(compiled);
  }

  async update(storeId: string, id: string, patch: Pick<DocRow, 'name' | 'status' | 'parent_id' | 'doc' | 'updated_at' | DocLinkColumn>): Promise<void> {
    const set = givenColumns(patch);
    const columns = Object.keys(set);
    const params: Record<string, unknown> = { ...set, 'where:store': storeId, 'where:id': id };
    const compiled = shapes.compile(this.db, `update:${this.table}:${columns.join(',')}`, params, (db, p) =>
      db
        .updateTable(this.table)
        .set(Object.fromEntries(columns.map((c) => [c, p[c]])) as never)
        .where('store_id', '=', p['where:store'] as string)
        .where('id', '=', p['where:id'] as string)
        .where('deleted_at', 'is', null),
    );
    await this.db.executeQuery(compiled);
  }

  async softDelete(storeId: string, id: string, at: string): Promise<boolean> {
    const r = await this.db.updateTable(this.table).set({ deleted_at: at, updated_at: at }).where('store_id', '=', storeId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
