import { paginate } from '../../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../../platform/http/pagination.js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../../../platform/db/index.js';
import type { CatalogCategoriesTable, DB } from '../../../platform/db/schema.js';

export type CategoryRow = CatalogCategoriesTable;
export type CategoryType = 'product' | 'clipart' | 'template';

/** Categories of a store (store_id) or the service-curated defaults (store_id null). */
export class CategoriesRepo {
  constructor(private readonly db: DbOrTx) {}

  listQuery(storeId: string | null, type?: CategoryType): SelectQueryBuilder<DB, 'catalog_categories', CategoryRow> {
    let q = this.db.selectFrom('catalog_categories').selectAll();
    q = storeId === null ? q.where('store_id', 'is', null) : q.where('store_id', '=', storeId);
    if (type) q = q.where('type', '=', type);
    return q;
  }

  /** One page of a store's (or the default) categories. */
  list(storeId: string | null, type: CategoryType | undefined, query: ListQuery, ctx: PageContext) {
    return paginate(this.listQuery(storeId, type), { sortable: { created_date: 'created_at', id: 'id', name: 'name' }, idColumn: 'id', searchColumn: 'catalog_categories.name', db: this.db }, query, ctx);
  }

  async count(storeId: string | null, type?: CategoryType): Promise<number> {
    let q = this.db.selectFrom('catalog_categories').select(sql<number>`count(*)`.as('n'));
    q = storeId === null ? q.where('store_id', 'is', null) : q.where('store_id', '=', storeId);
    if (type) q = q.where('type', '=', type);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** The store's own category, or a default one when `withDefaults`. */
  async byId(storeId: string, id: string, withDefaults = false): Promise<CategoryRow | null> {
    const row = await this.db
      .selectFrom('catalog_categories')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => (withDefaults ? eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]) : eb('store_id', '=', storeId)))
      .executeTakeFirst();
    return row ?? null;
  }

  /** Which of these ids are categories the store may use (its own or defaults) of the given type. */
  async usable(storeId: string, ids: string[], type: CategoryType): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('catalog_categories')
      .select('id')
      .where('id', 'in', ids)
      .where('type', '=', type)
      .where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async insert(row: CategoryRow): Promise<void> {
    await this.db.insertInto('catalog_categories').values(row).execute();
  }

  async update(storeId: string, id: string, patch: Partial<Pick<CategoryRow, 'name' | 'parent_id' | 'type' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('catalog_categories').set(patch).where('store_id', '=', storeId).where('id', '=', id).execute();
  }

  async delete(storeId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('catalog_categories').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async upsertDefault(row: CategoryRow): Promise<void> {
    await this.db.insertInto('catalog_categories').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}
