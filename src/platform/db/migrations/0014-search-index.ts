import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import type { MigrationFactory } from '../migrate.js';

/**
 * Text indexes for the lists' `search` (platform/db/paginate.ts), one per searched column, so
 * that a search no longer reads every row of the store. This list is the migration's own copy
 * (paginate.ts `SEARCHABLE_COLUMNS` names the same columns); a column searched later gets a
 * migration of its own, which may call `searchIndexDdl`.
 */
const SEARCHED: ReadonlyArray<readonly [table: string, column: string]> = [
  ['api_keys', 'name'],
  ['catalog_categories', 'name'],
  ['catalog_cliparts', 'name'],
  ['catalog_default_templates', 'name'],
  ['catalog_fonts', 'name'],
  ['catalog_images', 'name'],
  ['catalog_products', 'name'],
  ['catalog_sides', 'name'],
  ['catalog_templates', 'name'],
  ['designs', 'name'],
  ['mockup_templates', 'name'],
  ['preflight_reports', 'design_id'],
  ['projects', 'name'],
  ['stores', 'name'],
  ['wallet_transactions', 'reference'],
  ['webhooks', 'callback_url'],
];

function identifier(name: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}

/**
 * The statements that index `table.column` for search, filling the index from the rows there.
 *
 * SQLite: an FTS5 table `<table>_<column>_fts` with the trigram tokenizer (case_sensitive 0:
 * Unicode case folding), external content over the table's rowid (it stores only the index;
 * the text is read from the table), kept by triggers after insert, delete and an update that
 * changes the column: the index changes inside the write's own transaction, and a rolled-back
 * write leaves it as it was. ('rebuild' fills it again from the table, should it ever differ.)
 *
 * PostgreSQL: a GIN index `<table>_<column>_trgm` on `lower(column) gin_trgm_ops` (pg_trgm),
 * which serves the lists' `lower(column) like '%…%'` predicate as it is.
 */
export function searchIndexDdl(dialect: Dialect, table: string, column: string): string[] {
  const t = identifier(table);
  const c = identifier(column);
  if (dialect === 'postgres') return [`create index ${identifier(`${table}_${column}_trgm`)} on ${t} using gin (lower(${c}) gin_trgm_ops)`];
  const f = identifier(`${table}_${column}_fts`);
  const trigger = (what: string) => identifier(`${table}_${column}_fts_${what}`);
  const add = `insert into ${f} (rowid, ${c}) values (new.rowid, new.${c});`;
  const remove = `insert into ${f} (${f}, rowid, ${c}) values ('delete', old.rowid, old.${c});`;
  return [
    `create virtual table ${f} using fts5(${c}, content=${t}, content_rowid='rowid', tokenize='trigram case_sensitive 0')`,
    `create trigger ${trigger('insert')} after insert on ${t} begin ${add} end`,
    `create trigger ${trigger('delete')} after delete on ${t} begin ${remove} end`,
    `create trigger ${trigger('update')} after update of ${c} on ${t} when old.${c} is not new.${c} begin ${remove} ${add} end`,
    `insert into ${f} (${f}) values ('rebuild')`,
  ];
}

export const searchIndex: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it
    if (t.dialect === 'postgres') await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [table, column] of SEARCHED) {
      for (const statement of searchIndexDdl(t.dialect, table, column)) await sql.raw(statement).execute(db);
    }
  },
  async down(db: Kysely<any>) {
    for (const [table, column] of SEARCHED) {
      // the triggers belong to the content table: dropped before the FTS table they write to
      if (t.dialect === 'postgres') await sql.raw(`drop index if exists ${identifier(`${table}_${column}_trgm`)}`).execute(db);
      else {
        for (const what of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${identifier(`${table}_${column}_fts_${what}`)}`).execute(db);
        await sql.raw(`drop table if exists ${identifier(`${table}_${column}_fts`)}`).execute(db);
      }
    }
  },
});
