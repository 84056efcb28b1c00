import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../../../platform/db/index.js';
import type { CatalogDocTable, DB } from '../../../platform/db/schema.js';

export type DocTable = 'catalog_products' | 'catalog_sides' | 'catalog_templates';
export type DocRow = CatalogDocTable;

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

  listQuery(storeId: string, filter: { status?: string | undefined; parentId?: string | undefined } = {}): SelectQueryBuilder<DB, DocTable, DocRow> {
    let q = (this.db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'catalog_products', DocRow>)
      .selectAll()
      .where('store_id', '=', storeId)
      .where('deleted_at', 'is', null);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.parentId) q = q.where('parent_id', '=', filter.parentId);
    return q as unknown as SelectQueryBuilder<DB, DocTable, DocRow>;
  }

  async count(storeId: string, parentId?: string): Promise<number> {
    let q = (this.db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'catalog_products', DocRow>)
      .select(sql<number>`count(*)`.as('n'))
      .where('store_id', '=', storeId)
      .where('deleted_at', 'is', null);
    if (parentId) q = q.where('parent_id', '=', parentId);
    return Number(((await q.executeTakeFirstOrThrow()) as unknown as { n: number }).n);
  }

  async byId(storeId: string, id: string): Promise<DocRow | null> {
    const row = await (this.db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'catalog_products', DocRow>)
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return (row as DocRow | undefined) ?? null;
  }

  async byIdIncludingDeleted(storeId: string, id: string): Promise<DocRow | null> {
    const row = await (this.db.selectFrom(this.table) as unknown as SelectQueryBuilder<DB, 'catalog_products', DocRow>)
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return (row as DocRow | undefined) ?? null;
  }

  async insert(row: DocRow): Promise<void> {
    await this.db.insertInto(this.table).values(row).execute();
  }

  async update(storeId: string, id: string, patch: Pick<DocRow, 'name' | 'status' | 'parent_id' | 'doc' | 'updated_at'>): Promise<void> {
    await this.db.updateTable(this.table).set(patch).where('store_id', '=', storeId).where('id', '=', id).where('deleted_at', 'is', null).execute();
  }

  async softDelete(storeId: string, id: string, at: string): Promise<boolean> {
    const r = await this.db.updateTable(this.table).set({ deleted_at: at, updated_at: at }).where('store_id', '=', storeId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
