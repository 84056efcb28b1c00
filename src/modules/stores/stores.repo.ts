import { paginate } from '../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';
import type { SelectQueryBuilder } from 'kysely';
import type { DB, StoresTable } from '../../platform/db/schema.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { QueryShapes } from '../../platform/db/query-shape.js';

/** The authentication lookups and the list: a hot path, each built once (query-shape.ts). */
const shapes = new QueryShapes('stores');

/** Columns read for responses; hashes are never selected here. */
export const STORE_COLUMNS = [
  'id',
  'owner_id',
  'name',
  'shop_url',
  'view_store_url',
  'timezone',
  'integration_type',
  'is_integrated',
  'google_font_api_enc',
  'unsplash_key_enc',
  'pixabay_key_enc',
  'pexels_key_enc',
  'sid',
  'tier',
  'output_profile',
  'editor_background_removal',
  'created_at',
  'updated_at',
] as const;

export type StoreRow = Pick<StoresTable, (typeof STORE_COLUMNS)[number]> & { is_integrated: number; tier: string; editor_background_removal: number };
export type StoreCredentialRow = { id: string; sid: string; secret_enc: string; unauth_token_enc: string };

export interface NewStoreRow {
  id: string;
  owner_id: string;
  name: string;
  shop_url: string | null;
  view_store_url: string | null;
  timezone: string | null;
  google_font_api_enc: string | null;
  unsplash_key_enc: string | null;
  pixabay_key_enc: string | null;
  pexels_key_enc: string | null;
  sid: string;
  secret_hash: string;
  secret_enc: string;
  unauth_token_hash: string;
  unauth_token_enc: string;
  tier: string;
  output_profile: string | null;
  created_at: string;
  updated_at: string;
}

export type StorePatch = Partial<
  Pick<NewStoreRow, 'name' | 'shop_url' | 'view_store_url' | 'timezone' | 'output_profile' | 'google_font_api_enc' | 'unsplash_key_enc' | 'pixabay_key_enc' | 'pexels_key_enc'> & { editor_background_removal: number }
>;

export interface CredentialSet {
  sid: string;
  secret_hash: string;
  secret_enc: string;
  unauth_token_hash: string;
  unauth_token_enc: string;
}

export class StoresRepo {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: NewStoreRow): Promise<void> {
    await this.db.insertInto('stores').values(row).execute();
  }

  /** Live stores owned by a user, for paginated listing. */
  listQuery(ownerId: string, db: DbOrTx = this.db): SelectQueryBuilder<DB, 'stores', StoreRow> {
    return db
      .selectFrom('stores')
      .select(STORE_COLUMNS)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null) as unknown as SelectQueryBuilder<DB, 'stores', StoreRow>;
  }

  /** One page of the owner's stores. */
  list(ownerId: string, query: ListQuery, ctx: PageContext) {
    return paginate({ shapes, db: this.db, variant: 'list', params: { ownerId }, build: (db, p) => this.listQuery(p.ownerId, db) }, { sortable: { created_date: 'created_at', name: 'name', id: 'id' }, idColumn: 'id', searchColumn: 'stores.name', db: this.db }, query, ctx);
  }

  async byId(id: string): Promise<StoreRow | null> {
    const row = await shapes.first(this.db, 'byId', { id }, (db, p) => db.selectFrom('stores').select(STORE_COLUMNS).where('id', '=', p.id).where('deleted_at', 'is', null));
    return (row as StoreRow | undefined) ?? null;
  }

  async ownedBy(ownerId: string, id: string): Promise<StoreRow | null> {
    const row = await this.db
      .selectFrom('stores')
      .select(STORE_COLUMNS)
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return (row as StoreRow | undefined) ?? null;
  }

  async bySid(sid: string): Promise<(StoreRow & { secret_hash: string }) | null> {
    const row = await shapes.first(this.db, 'bySid', { sid }, (db, p) =>
      db
        .selectFrom('stores')
        .select([...STORE_COLUMNS, 'secret_hash'])
        .where('sid', '=', p.sid)
        .where('deleted_at', 'is', null),
    );
    return (row as (StoreRow & { secret_hash: string }) | undefined) ?? null;
  }

  async byUnauthTokenHash(hash: string): Promise<StoreRow | null> {
    const row = await shapes.first(this.db, 'byUnauthTokenHash', { hash }, (db, p) =>
      db.selectFrom('stores').select(STORE_COLUMNS).where('unauth_token_hash', '=', p.hash).where('deleted_at', 'is', null),
    );
    return (row as StoreRow | undefined) ?? null;
  }

  async credentials(id: string): Promise<StoreCredentialRow | null> {
    const row = await this.db
      .selectFrom('stores')
      .select(['id', 'sid', 'secret_enc', 'unauth_token_enc'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ?? null;
  }

  async update(id: string, patch: StorePatch, now: string): Promise<void> {
    await this.db.updateTable('stores').set({ ...patch, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
  }

  async replaceCredentials(id: string, creds: CredentialSet, now: string): Promise<boolean> {
    const res = await this.db.updateTable('stores').set({ ...creds, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The shop the store is connected to (the integrations module keeps it in step with its connection). */
  async setIntegration(id: string, type: string | null, integrated: boolean, now: string, db: DbOrTx = this.db): Promise<void> {
    await db.updateTable('stores').set({ integration_type: type, is_integrated: integrated ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
  }

  async setTier(id: string, tier: string, now: string): Promise<boolean> {
    const res = await this.db.updateTable('stores').set({ tier, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Tiers of the given stores that are not deleted, read in the caller's transaction (other modules' events). */
  async liveTiers(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('stores').select(['id', 'tier']).where('id', 'in', [...ids]).where('deleted_at', 'is', null).execute();
    return new Map(rows.map((r) => [r.id, r.tier]));
  }

  async tiersOfOwner(ownerId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('stores').select('tier').where('owner_id', '=', ownerId).where('deleted_at', 'is', null).execute();
    return rows.map((r) => r.tier);
  }

  /** Soft delete: the row stays for the records that reference it; its credentials stop working. */
  async softDelete(id: string, now: string): Promise<boolean> {
    const res = await this.db.updateTable('stores').set({ deleted_at: now, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
