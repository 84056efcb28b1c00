import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migrate.js';

/**
 * A version per store, changed by the database itself in the same transaction as every
 * write to what the store's catalog, design and project answers are made of. The HTTP layer
 * derives `ETag`s from it (platform/http/conditional.ts): a rolled-back write never changes
 * it, and a write by any process (another server, a worker, the `folio` CLI) changes it for
 * every process at once, with no clock and no message in between.
 *
 * The value is random, not a counter: a version a reader once saw never comes back, even
 * after a restore from an older backup. Rows without a store (the service's shared cliparts,
 * fonts, images, categories, default and mockup templates) bump the row `*`, which every
 * store's answers also depend on.
 *
 * On PostgreSQL the bump runs at commit (a deferred constraint trigger): the version row is
 * the last lock a writing transaction takes, so two transactions never wait on each other
 * through it (each holds its rows, then the version row, then commits). SQLite has one writer
 * at a time: plain triggers.
 */
const STORE_VERSIONED_TABLES: ReadonlyArray<{ table: string; store: string }> = [
  { table: 'catalog_products', store: 'store_id' },
  { table: 'catalog_sides', store: 'store_id' },
  { table: 'catalog_templates', store: 'store_id' },
  { table: 'designs', store: 'store_id' },
  { table: 'projects', store: 'store_id' },
  { table: 'catalog_images', store: 'store_id' },
  { table: 'catalog_categories', store: 'store_id' },
  { table: 'catalog_cliparts', store: 'store_id' },
  { table: 'catalog_fonts', store: 'store_id' },
  { table: 'mockup_templates', store: 'store_id' },
  // no store column: the image names it (a shared image's categories are the shared row's)
  { table: 'catalog_image_categories', store: '(select i.store_id from catalog_images i where i.id = {row}.image_id)' },
  // shared by every store
  { table: 'catalog_default_templates', store: 'null' },
];

/** The SQL of a row's store key: its store, or `*` for shared rows. */
function storeOf(store: string, row: 'new' | 'old'): string {
  if (store === 'null') return `'*'`;
  const expr = store.includes('{row}') ? store.replaceAll('{row}', row) : `${row}.${store}`;
  return `coalesce(${expr}, '*')`;
}

export const storeVersions: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('store_versions')
      .addColumn('store_id', 'text', (c) => c.primaryKey())
      .addColumn('version', t.big, (c) => c.notNull())
      .execute();
    if (t.dialect === 'sqlite') {
      // 53 random bits: a JavaScript number holds it exactly
      const bump = (key: string) =>
        `insert into store_versions (store_id, version) values (${key}, abs(random()) % 9007199254740991) on conflict (store_id) do update set version = excluded.version;`;
      for (const { table, store } of STORE_VERSIONED_TABLES) {
        await sql.raw(`create trigger ${table}_version_ins after insert on ${table} begin ${bump(storeOf(store, 'new'))} end`).execute(db);
        await sql.raw(`create trigger ${table}_version_upd after update on ${table} begin ${bump(storeOf(store, 'new'))} ${bump(storeOf(store, 'old'))} end`).execute(db);
        await sql.raw(`create trigger ${table}_version_del after delete on ${table} begin ${bump(storeOf(store, 'old'))} end`).execute(db);
      }
      return;
    }
    const bump = (key: string) =>
      `insert into store_versions (store_id, version) values (${key}, floor(random() * 9007199254740991)::bigint) on conflict (store_id) do update set version = excluded.version;`;
    for (const { table, store } of STORE_VERSIONED_TABLES) {
      await sql
        .raw(
          `create function ${table}_version() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then ${bump(storeOf(store, 'new'))} end if;
  if tg_op <> 'INSERT' then ${bump(storeOf(store, 'old'))} end if;
  return null;
end $$`,
        )
        .execute(db);
      await sql
        .raw(`create constraint trigger ${table}_version after insert or update or delete on ${table} deferrable initially deferred for each row execute function ${table}_version()`)
        .execute(db);
    }
  },
});
