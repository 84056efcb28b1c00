import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.js';
import { paginate } from '../../../platform/db/paginate.js';
import type { CatalogDefaultTemplatesTable } from '../../../platform/db/schema.js';
import type { ListQuery, ListResult, PageContext } from '../../../platform/http/pagination.js';

export type DefaultTemplateRow = CatalogDefaultTemplatesTable;

/** The SQL of the curated templates' table (`catalog_default_templates`). */
export class DefaultTemplatesRepo {
  constructor(private readonly db: Db) {}

  list(query: ListQuery, ctx: PageContext): Promise<ListResult<DefaultTemplateRow>> {
    return paginate(this.db.selectFrom('catalog_default_templates').selectAll(), { sortable: { created_date: 'created_at', id: 'id', name: 'name' }, idColumn: 'id', searchColumn: 'catalog_default_templates.name', db: this.db }, query, ctx);
  }

  async count(): Promise<number> {
    const r = await this.db.selectFrom('catalog_default_templates').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Insert or replace under the row's fixed id (keeps the creation time of a row already there).
   * A row that reads the same is not written: every start seeds the defaults, and a write
   * would change every store's version (and so every ETag: db/store-versions.ts).
   */
  async upsert(row: DefaultTemplateRow): Promise<void> {
    await this.db
      .insertInto('catalog_default_templates')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ name: row.name, doc: row.doc, license: row.license })
          .where(sql<boolean>`(catalog_default_templates.name, catalog_default_templates.doc, catalog_default_templates.license) is distinct from (excluded.name, excluded.doc, excluded.license)`),
      )
      .execute();
  }
}
