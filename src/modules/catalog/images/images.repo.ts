import { paginate } from '../../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../../platform/http/pagination.js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../../../platform/db/index.js';
import { QueryShapes } from '../../../platform/db/query-shape.js';
import type { CatalogClipartsTable, CatalogImagesTable, DB } from '../../../platform/db/schema.js';

/** The images a page of documents embeds: read on every list and read of them (query-shape.ts). */
const shapes = new QueryShapes('images');

export type ImageRow = CatalogImagesTable;
export type ClipartRow = Omit<CatalogClipartsTable, 'id' | 'is_global'> & { id: number; is_global: number };
export type ImageType = 'cliparts' | 'designs' | null;

/** Images (cliparts are images with type `cliparts`), their category links and the numeric Clipart records. */
export class ImagesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** store null: the service-curated defaults. type undefined: every type. */
  listQuery(storeId: string | null, type?: ImageType, categoryId?: string): SelectQueryBuilder<DB, 'catalog_images', ImageRow> {
    let q = this.db.selectFrom('catalog_images').selectAll('catalog_images');
    q = storeId === null ? q.where('catalog_images.store_id', 'is', null) : q.where('catalog_images.store_id', '=', storeId);
    if (type !== undefined) q = type === null ? q.where('catalog_images.type', 'is', null) : q.where('catalog_images.type', '=', type);
    if (categoryId) {
      q = q.where('catalog_images.id', 'in', this.db.selectFrom('catalog_image_categories').select('image_id').where('category_id', '=', categoryId));
    }
    return q;
  }

  /** One page of images. */
  list(storeId: string | null, type: ImageType | undefined, categoryId: string | undefined, query: ListQuery, ctx: PageContext) {
    return paginate(this.listQuery(storeId, type, categoryId), { sortable: { created_date: 'catalog_images.created_at', id: 'catalog_images.id', name: 'catalog_images.name' }, idColumn: 'catalog_images.id', searchColumn: 'catalog_images.name', db: this.db }, query, ctx);
  }

  async count(storeId: string | null, type?: ImageType, categoryId?: string): Promise<number> {
    const row = await this.listQuery(storeId, type, categoryId).clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number((row as unknown as { n: number }).n);
  }

  async byId(storeId: string, id: string, withDefaults = false): Promise<ImageRow | null> {
    const row = await this.db
      .selectFrom('catalog_images')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => (withDefaults ? eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]) : eb('store_id', '=', storeId)))
      .executeTakeFirst();
    return row ?? null;
  }

  /** Several images by id, in one statement (a page of documents embeds them). */
  async byIds(storeId: string, ids: readonly string[], withDefaults = false): Promise<ImageRow[]> {
    if (ids.length === 0) return [];
    return shapes.all(this.db, `byIds:${withDefaults ? 'withDefaults' : 'own'}`, { storeId, ids: [...ids] }, (db, p) =>
      db
        .selectFrom('catalog_images')
        .selectAll()
        .where('id', 'in', p.ids)
        .where((eb) => (withDefaults ? eb.or([eb('store_id', '=', p.storeId), eb('store_id', 'is', null)]) : eb('store_id', '=', p.storeId))),
    );
  }

  /** The store an image belongs to; null for a default image or none. */
  async storeOf(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('catalog_images').select('store_id').where('id', '=', id).executeTakeFirst();
    return row?.store_id ?? null;
  }

  async insert(row: ImageRow): Promise<void> {
    await this.db.insertInto('catalog_images').values(row).execute();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.selectFrom('catalog_images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async upsertDefault(row: ImageRow): Promise<void> {
    await this.db.insertInto('catalog_images').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async delete(storeId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('catalog_images').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('catalog_images').set({ updated_at: at }).where('id', '=', id).execute();
  }

  /** Bytes of cliparts the store holds (originals and thumbnails are counted as the original). */
  async clipartBytes(storeId: string): Promise<number> {
    const row = await this.db
      .selectFrom('catalog_images')
      .select(sql<number>`coalesce(sum(size_bytes), 0)`.as('n'))
      .where('store_id', '=', storeId)
      .where('type', '=', 'cliparts')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async categoriesOf(imageIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (imageIds.length === 0) return out;
    const rows = await this.db.selectFrom('catalog_image_categories').select(['image_id', 'category_id']).where('image_id', 'in', imageIds).orderBy('category_id').execute();
    for (const r of rows) (out.get(r.image_id) ?? out.set(r.image_id, []).get(r.image_id)!).push(r.category_id);
    return out;
  }

  async setCategories(imageId: string, categoryIds: string[]): Promise<void> {
    await this.db.deleteFrom('catalog_image_categories').where('image_id', '=', imageId).execute();
    if (categoryIds.length) await this.db.insertInto('catalog_image_categories').values(categoryIds.map((c) => ({ image_id: imageId, category_id: c }))).onConflict((oc) => oc.doNothing()).execute();
  }

  /** Category ids (of a store, or defaults) linked to an image. */
  categoryQuery(imageId: string, storeId: string | null) {
    let q = this.db.selectFrom('catalog_categories').selectAll().where('id', 'in', this.db.selectFrom('catalog_image_categories').select('category_id').where('image_id', '=', imageId));
    q = storeId === null ? q.where('store_id', 'is', null) : q.where('store_id', '=', storeId);
    return q;
  }

  /** One page of the categories an image is in. */
  listCategoriesOf(imageId: string, storeId: string | null, query: ListQuery, ctx: PageContext) {
    return paginate(this.categoryQuery(imageId, storeId), { sortable: { created_date: 'created_at', id: 'id', name: 'name' }, idColumn: 'id', searchColumn: 'catalog_categories.name', db: this.db }, query, ctx);
  }

  /** Touches a store's clipart and, with `name`, renames its image and clipart record together. */
  async renameClipart(storeId: string, id: string, name: string | undefined, now: string): Promise<void> {
    await this.db.updateTable('catalog_images').set({ updated_at: now, ...(name !== undefined ? { name } : {}) }).where('id', '=', id).where('store_id', '=', storeId).execute();
    if (name !== undefined) await this.db.updateTable('catalog_cliparts').set({ name }).where('image_id', '=', id).execute();
  }

  async insertClipart(row: { image_id: string; store_id: string | null; name: string; is_global: number; created_at: string }): Promise<void> {
    await this.db.insertInto('catalog_cliparts').values(row).onConflict((oc) => oc.column('image_id').doNothing()).execute();
  }

  /** Clipart records joined with their image: `mine` (store) or `global` (is_global). */
  clipartQuery(scope: { storeId: string } | 'global') {
    let q = this.db
      .selectFrom('catalog_cliparts')
      .innerJoin('catalog_images', 'catalog_images.id', 'catalog_cliparts.image_id')
      .select([
        'catalog_cliparts.id as id',
        'catalog_cliparts.image_id as image_id',
        'catalog_cliparts.name as name',
        'catalog_cliparts.is_global as is_global',
        'catalog_cliparts.created_at as created_at',
        'catalog_images.blob_key as blob_key',
        'catalog_images.thumbnails as thumbnails',
      ]);
    q = scope === 'global' ? q.where('catalog_cliparts.is_global', '=', 1) : q.where('catalog_cliparts.store_id', '=', scope.storeId);
    return q;
  }

  /** One page of clipart records. */
  listCliparts(scope: { storeId: string } | 'global', query: ListQuery, ctx: PageContext) {
    return paginate(this.clipartQuery(scope), { sortable: { created_date: 'catalog_cliparts.created_at', id: 'catalog_cliparts.id', name: 'catalog_cliparts.name' }, idColumn: 'catalog_cliparts.id', searchColumn: 'catalog_cliparts.name', db: this.db }, query, ctx);
  }
}
