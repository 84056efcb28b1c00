import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * The catalog: categories ("storages"), images (cliparts are images with type `cliparts`),
 * the numeric Clipart records of /cliparts/mine and /global, fonts, products, print sides
 * and templates. Rows with `store_id` null are the service-curated defaults.
 *
 * Products, sides and templates keep their reference-system fields in a JSON `doc` column
 * (the field set is wide and mostly opaque to the service); columns exist only for what the
 * service filters, sorts or joins on. Products and sides are soft-deleted so designs that
 * reference them stay readable.
 */
export const catalog: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalog_categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('product', 'clipart', 'template')`))
      .addColumn('parent_id', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('catalog_categories_store').on('catalog_categories').columns(['store_id', 'type', 'created_at', 'id']).execute();

    await db.schema
      .createTable('catalog_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.references('stores.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.check(sql`type is null or type in ('cliparts', 'designs')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', t.big, (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      /** JSON {small, medium, custom}: blob keys, null where not made */
      .addColumn('thumbnails', 'text', (c) => c.notNull())
      .addColumn('license', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('catalog_images_store').on('catalog_images').columns(['store_id', 'type', 'created_at', 'id']).execute();

    // Clipart ↔ category links (PUT /cliparts/{id} {storages}).
    await db.schema
      .createTable('catalog_image_categories')
      .addColumn('image_id', 'text', (c) => c.notNull().references('catalog_images.id').onDelete('cascade'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('catalog_categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('catalog_image_categories_pk', ['image_id', 'category_id'])
      .execute();
    await db.schema.createIndex('catalog_image_categories_cat').on('catalog_image_categories').column('category_id').execute();

    // Numeric Clipart records (interface: /cliparts/mine and /global return an integer id).
    await db.schema
      .createTable('catalog_cliparts')
      .addColumn('id', t.serial, (c) => (t.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('image_id', 'text', (c) => c.notNull().unique().references('catalog_images.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (c) => c.references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_global', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('catalog_cliparts_store').on('catalog_cliparts').columns(['store_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('catalog_fonts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('alias', 'text', (c) => c.notNull())
      .addColumn('subset', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text')
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('style', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('glyph_count', 'integer', (c) => c.notNull())
      /** JSON: Unicode blocks with coverage (e.g. ["Basic Latin", "Latin-1 Supplement"]) */
      .addColumn('coverage', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text')
      .addColumn('size_bytes', t.big, (c) => c.notNull())
      .addColumn('license', 'text')
      .addColumn('created_at', t.ts, (c) => c.notNull())
      .addColumn('updated_at', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('catalog_fonts_store').on('catalog_fonts').columns(['store_id', 'created_at', 'id']).execute();

    for (const table of ['catalog_products', 'catalog_sides', 'catalog_templates']) {
      await db.schema
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text')
        /** sides: the product; templates: the side */
        .addColumn('parent_id', 'text')
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('created_at', t.ts, (c) => c.notNull())
        .addColumn('updated_at', t.ts, (c) => c.notNull())
        .addColumn('deleted_at', t.ts)
        .execute();
      await db.schema.createIndex(`${table}_store`).on(table).columns(['store_id', 'created_at', 'id']).execute();
      await db.schema.createIndex(`${table}_parent`).on(table).columns(['store_id', 'parent_id']).execute();
    }
  },
});
