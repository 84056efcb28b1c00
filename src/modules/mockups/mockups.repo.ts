import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/db/index.js';
import { paginate, type ListSpec } from '../../platform/db/paginate.js';
import type { ListQuery, ListResult, PageContext } from '../../platform/http/pagination.js';
import type { MockupTemplatesTable } from '../../platform/db/schema.js';

export type MockupTemplateRow = MockupTemplatesTable;

const SORTABLE = { created_date: 'mockup_templates.created_at', id: 'mockup_templates.id', name: 'mockup_templates.name' };

/** Every SQL statement of the mockups module. */
export class MockupsRepo {
  private readonly list: ListSpec;

  constructor(private readonly db: DbOrTx) {
    this.list = { sortable: SORTABLE, idColumn: 'mockup_templates.id', searchColumn: 'mockup_templates.name', db };
  }

  /** One page of the store's templates; store null: the curated defaults. */
  listPage(storeId: string | null, query: ListQuery, ctx: PageContext): Promise<ListResult<MockupTemplateRow>> {
    const q = this.db.selectFrom('mockup_templates').selectAll('mockup_templates');
    return paginate(storeId === null ? q.where('mockup_templates.store_id', 'is', null) : q.where('mockup_templates.store_id', '=', storeId), this.list, query, ctx);
  }

  /** The store's template, or a default one when `withDefaults`. */
  async byId(storeId: string, id: string, withDefaults: boolean): Promise<MockupTemplateRow | null> {
    const row = await this.db
      .selectFrom('mockup_templates')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => (withDefaults ? eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]) : eb('store_id', '=', storeId)))
      .executeTakeFirst();
    return row ?? null;
  }

  async insert(row: MockupTemplateRow): Promise<void> {
    await this.db.insertInto('mockup_templates').values(row).execute();
  }

  async update(storeId: string, id: string, set: Partial<Pick<MockupTemplateRow, 'name' | 'description' | 'spec' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('mockup_templates').set(set).where('store_id', '=', storeId).where('id', '=', id).execute();
  }

  async delete(storeId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('mockup_templates').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * A curated default: inserted once, replaced when the shipped files change (its updated_at).
   * Not written when it reads the same: every start seeds the defaults, and a write would
   * change every store's version (and so every ETag: db/store-versions.ts).
   */
  async upsertDefault(row: MockupTemplateRow): Promise<void> {
    await this.db
      .insertInto('mockup_templates')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ name: row.name, description: row.description, spec: row.spec, layers: row.layers, license: row.license, updated_at: row.updated_at })
          .where(sql<boolean>`mockup_templates.updated_at is distinct from excluded.updated_at`),
      )
      .execute();
  }
}
