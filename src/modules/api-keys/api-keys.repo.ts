import { paginate, type ListSpec } from '../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { ApiKeyEventsTable, ApiKeysTable, DB } from '../../platform/db/schema.js';
import type { Db, DbOrTx, Dialect } from '../../platform/db/index.js';
import { QueryShapes } from '../../platform/db/query-shape.js';

/** The store's key list: a hot path, built once (query-shape.ts). */
const shapes = new QueryShapes('api-keys');

/** Columns read for responses: never the hash. */
export const KEY_COLUMNS = [
  'id',
  'owner_id',
  'store_id',
  'kind',
  'name',
  'key_prefix',
  'key_last4',
  'scopes',
  'allowed_origins',
  'allowed_ips',
  'expires_at',
  'revoked_at',
  'grace_until',
  'rotated_from',
  'created_at',
  'updated_at',
] as const;

/** A key as read for responses: every column but the hash (and who created it). */
export type KeyRow = Omit<ApiKeysTable, 'key_hash' | 'created_by'>;

/** The row the authenticator verifies against: the response columns plus the hash. */
export type KeyAuthRow = KeyRow & { key_hash: string };

export interface NewKeyRow extends Omit<KeyRow, 'revoked_at' | 'grace_until'> {
  key_hash: string;
  created_by: string | null;
}

export type EventRow = Insertable<ApiKeyEventsTable>;
export type StoredEventRow = ApiKeyEventsTable;

const EVENT_COLUMNS = [
  'id',
  'key_id',
  'owner_id',
  'event',
  'reason',
  'ip',
  'method',
  'route',
  'user_agent',
  'actor_type',
  'actor_id',
  'detail',
  'created_at',
] as const satisfies ReadonlyArray<keyof ApiKeyEventsTable>;
const EVENT_CHUNK = 1000;

/** Audit events of authentication attempts: many, and pruned after the retention period. */
export const AUTH_EVENTS = ['auth_succeeded', 'auth_failed', 'scope_denied'] as const;

export class ApiKeysRepo {
  constructor(
    private readonly db: DbOrTx,
    private readonly dialect: Dialect,
  ) {}

  /** Runs `work` in one transaction (or in the caller's, when this repo is already in one). */
  async transaction<T>(work: (repo: ApiKeysRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Db).transaction().execute((tx) => work(new ApiKeysRepo(tx, this.dialect)));
  }

  /** The connection or transaction this repo works in (domain events are recorded in it). */
  get executor(): DbOrTx {
    return this.db;
  }

  /** Live keys expiring within the window that have not been announced yet. */
  async expiringUnannounced(now: string, until: string, limit: number): Promise<KeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .select(KEY_COLUMNS.map((c) => `api_keys.${c}` as const))
      .leftJoin('api_key_expiry_notices as n', 'n.key_id', 'api_keys.id')
      .where('n.key_id', 'is', null)
      .where('api_keys.revoked_at', 'is', null)
      .where('api_keys.expires_at', '>', now)
      .where('api_keys.expires_at', '<=', until)
      .orderBy('api_keys.expires_at')
      .limit(limit)
      .execute();
  }

  /** Marks a key's expiry as announced; false when another process did it first. */
  async claimExpiryNotice(keyId: string, now: string): Promise<boolean> {
    const res = await this.db.insertInto('api_key_expiry_notices').values({ key_id: keyId, created_at: now }).onConflict((oc) => oc.column('key_id').doNothing()).executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async insert(row: NewKeyRow, origins: readonly string[]): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
    if (origins.length > 0) {
      await this.db.insertInto('api_key_origins').values(origins.map((origin) => ({ origin, key_id: row.id }))).execute();
    }
  }

  async byHash(hash: string): Promise<KeyAuthRow | null> {
    const row = await this.db.selectFrom('api_keys').select([...KEY_COLUMNS, 'key_hash']).where('key_hash', '=', hash).executeTakeFirst();
    return row ?? null;
  }

  /** A key of the account (any store, or an account key). */
  async ofOwner(ownerId: string, id: string): Promise<KeyRow | null> {
    const row = await this.db.selectFrom('api_keys').select(KEY_COLUMNS).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    return row ?? null;
  }

  /** A key of one store. */
  async ofStore(storeId: string, id: string): Promise<KeyRow | null> {
    const row = await this.db.selectFrom('api_keys').select(KEY_COLUMNS).where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return row ?? null;
  }

  /** Every key of the account, or of one of its stores, for paginated listing. */
  listQuery(ownerId: string, storeId: string | null, db: DbOrTx = this.db): SelectQueryBuilder<DB, 'api_keys', KeyRow> {
    let q = db.selectFrom('api_keys').select(KEY_COLUMNS).where('owner_id', '=', ownerId);
    if (storeId !== null) q = q.where('store_id', '=', storeId);
    return q;
  }

  /** One page of the owner's keys (of a store, or account-wide); a store's list is a hot path, built once. */
  list(ownerId: string, storeId: string | null, query: ListQuery, ctx: PageContext) {
    const spec: ListSpec = { sortable: { created_date: 'created_at', name: 'name' }, idColumn: 'id', searchColumn: 'api_keys.name', db: this.db };
    if (storeId === null) return paginate({ shapes, db: this.db, variant: 'list:account', params: { ownerId }, build: (db, p) => this.listQuery(p.ownerId, null, db) }, spec, query, ctx);
    return paginate({ shapes, db: this.db, variant: 'list:store', params: { ownerId, storeId }, build: (db, p) => this.listQuery(p.ownerId, p.storeId, db) }, spec, query, ctx);
  }

  /** Sets revoked_at once; false when the key was already revoked. */
  async revoke(id: string, now: string): Promise<boolean> {
    const res = await this.db.updateTable('api_keys').set({ revoked_at: now, updated_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    // A revoked key no longer vouches for its origins in CORS answers.
    await this.db.deleteFrom('api_key_origins').where('key_id', '=', id).execute();
    return true;
  }

  /**
   * Starts the grace window of a key being rotated. Conditional, so of two concurrent
   * rotations of one key exactly one wins; false when the key is revoked or already rotated.
   */
  async startGrace(id: string, graceUntil: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ grace_until: graceUntil, updated_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('grace_until', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Whether a live publishable key lists this origin (CORS answers). */
  async originInUse(origin: string, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('api_key_origins as o')
      .innerJoin('api_keys as k', 'k.id', 'o.key_id')
      .select('k.id')
      .where('o.origin', '=', origin)
      .where('k.kind', '=', 'store_publishable')
      .where('k.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('k.grace_until', 'is', null), eb('k.grace_until', '>', now)]))
      .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Audit batches go in as one JSON parameter per chunk, unpacked by the database
   * (json_populate_recordset / json_each): a thousand rows cost one small statement
   * instead of thirteen thousand bound parameters to build, send and parse.
   */
  async insertEvents(rows: readonly EventRow[]): Promise<void> {
    const cols = sql.join(EVENT_COLUMNS.map((c) => sql.ref(c)));
    for (let i = 0; i < rows.length; i += EVENT_CHUNK) {
      const json = JSON.stringify(rows.slice(i, i + EVENT_CHUNK).map((r) => EVENT_COLUMNS.map((c) => r[c] ?? null)));
      if (this.dialect === 'postgres') {
        const picks = sql.join(EVENT_COLUMNS.map((c, n) => (c === 'created_at' ? sql`(v->>${sql.lit(n)})::timestamptz` : sql`v->>${sql.lit(n)}`)));
        await sql`insert into api_key_events (${cols}) select ${picks} from json_array_elements(${json}::json) as v`.execute(this.db);
      } else {
        const picks = sql.join(EVENT_COLUMNS.map((_, n) => sql`json_extract(value, ${sql.lit(`$[${n}]`)})`));
        await sql`insert into api_key_events (${cols}) select ${picks} from json_each(${json})`.execute(this.db);
      }
    }
  }

  /**
   * Deletes up to `limit` authentication events (auth_succeeded, auth_failed, scope_denied)
   * older than `before`; the lifecycle events (created, rotated, revoked) stay for good.
   */
  async pruneAuthEvents(before: string, limit: number): Promise<number> {
    const r = await this.db
      .deleteFrom('api_key_events')
      .where('id', 'in', (eb) => eb.selectFrom('api_key_events').select('id').where('event', 'in', [...AUTH_EVENTS]).where('created_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** One key's audit trail, for paginated listing. */
  eventsQuery(ownerId: string, keyId: string): SelectQueryBuilder<DB, 'api_key_events', StoredEventRow> {
    return this.db.selectFrom('api_key_events').selectAll().where('key_id', '=', keyId).where('owner_id', '=', ownerId);
  }

  /** One page of a key's audit events. */
  listEvents(ownerId: string, keyId: string, query: ListQuery, ctx: PageContext) {
    return paginate(this.eventsQuery(ownerId, keyId), { sortable: { created_date: 'created_at' }, idColumn: 'id' }, query, ctx);
  }
}
