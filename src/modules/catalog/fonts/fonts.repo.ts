import { paginate } from '../../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../../platform/http/pagination.js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../../../platform/db/index.js';
import type { CatalogFontsTable, DB } from '../../../platform/db/schema.js';

export type FontRow = CatalogFontsTable;

/** Fonts of a store (store_id) or the defaults (store_id null). */
export class FontsRepo {
  constructor(private readonly db: DbOrTx) {}

  listQuery(storeId: string | null): SelectQueryBuilder<DB, 'catalog_fonts', FontRow> {
    const q = this.db.selectFrom('catalog_fonts').selectAll();
    return storeId === null ? q.where('store_id', 'is', null) : q.where('store_id', '=', storeId);
  }

  /** One page of a store's (or the default) fonts. */
  list(storeId: string | null, query: ListQuery, ctx: PageContext) {
    return paginate(this.listQuery(storeId), { sortable: { created_date: 'created_at', id: 'id', name: 'name' }, idColumn: 'id', searchColumn: 'catalog_fonts.name', db: this.db }, query, ctx);
  }

  async count(storeId: string | null): Promise<number> {
    const row = await this.listQuery(storeId).clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number((row as unknown as { n: number }).n);
  }

  async byId(storeId: string, id: string, withDefaults = false): Promise<FontRow | null> {
    const row = await this.db
      .selectFrom('catalog_fonts')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => (withDefaults ? eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]) : eb('store_id', '=', storeId)))
      .executeTakeFirst();
    return row ?? null;
  }

  /** The store's faces whose family, name or alias is `family` (case-insensitive). */
  async byFamily(storeId: string | null, family: string): Promise<FontRow[]> {
    const f = family.trim().toLowerCase();
    return this.listQuery(storeId)
      .where((eb) => eb.or([eb(sql`lower(family)`, '=', f), eb(sql`lower(name)`, '=', f), eb(sql`lower(alias)`, '=', f)]))
      .execute();
  }

  async insert(row: FontRow): Promise<void> {
    await this.db.insertInto('catalog_fonts').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async update(storeId: string, id: string, patch: Partial<Pick<FontRow, 'name' | 'alias' | 'subset' | 'license' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('catalog_fonts').set(patch).where('store_id', '=', storeId).where('id', '=', id).execute();
  }

  async delete(storeId: string, id: string): Promise<void> {
    await this.db.deleteFrom('catalog_fonts').where('store_id', '=', storeId).where('id', '=', id).execute();
  }
}
