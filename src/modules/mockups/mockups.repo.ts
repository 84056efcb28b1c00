import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../../platform/db/index.js';
import type { DB, MockupTemplatesTable } from '../../platform/db/schema.js';

export type MockupTemplateRow = MockupTemplatesTable;

/** Every SQL statement of the mockups module. */
export class MockupsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** store null: the curated defaults. */
  listQuery(storeId: string | null): SelectQueryBuilder<DB, 'mockup_templates', MockupTemplateRow> {
    const q = this.db.selectFrom('mockup_templates').selectAll('mockup_templates');
    return storeId === null ? q.where('mockup_templates.store_id', 'is', null) : q.where('mockup_templates.store_id', '=', storeId);
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

  /** A curated default: inserted once, replaced when the shipped files change (its updated_at). */
  async upsertDefault(row: MockupTemplateRow): Promise<void> {
    await this.db
      .insertInto('mockup_templates')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: row.name, description: row.description, spec: row.spec, layers: row.layers, license: row.license, updated_at: row.updated_at }))
      .execute();
  }
}
