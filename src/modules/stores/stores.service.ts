import type { DbOrTx } from '../../platform/db/index.js';
import type { Aead } from '../../platform/crypto/aead.js';
import { isUuid, newId } from '../../platform/crypto/ids.js';
import { randomBase62, safeEqual, sha256Hex } from '../../platform/crypto/tokens.js';
import { iso, nowIso } from '../../platform/db/index.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { outputProfileProblem } from '../../engines/pdf/colour/output-profiles.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import type { Plans } from '../plans/plans.service.js';
import { uncachedLookups, type VerifiedKeyCache } from '../../platform/cache/verified-cache.js';
import type { CredentialSet, StorePatch, StoreRow, StoresRepo } from './stores.repo.js';

export interface Store {
  id: string;
  name: string;
  shop_url: string | null;
  view_store_url: string | null;
  timezone: string | null;
  integration_type: string | null;
  is_integrated: boolean;
  google_font_api: string | null;
  unsplash_key: string | null;
  pixabay_key: string | null;
  pexels_key: string | null;
  tier: string;
  output_profile: string | null;
  editor_background_removal: boolean;
  created_at: string;
  updated_at: string;
  sid?: string;
  secret?: string;
  unauth_token?: string;
}

export interface StoreCredentials {
  sid: string;
  secret: string;
  unauth_token: string;
}

export interface StoreInput {
  store_name?: string;
  shop_url?: string | null;
  view_store_url?: string | null;
  timezone?: string | null;
  google_font_api?: string | null;
  unsplash?: string | null;
  pixabay?: string | null;
  pexels?: string | null;
  output_profile?: string | null;
  editor_background_removal?: boolean;
}

const SECRET_FIELDS = {
  google_font_api: 'google_font_api_enc',
  unsplash: 'unsplash_key_enc',
  pixabay: 'pixabay_key_enc',
  pexels: 'pexels_key_enc',
} as const;

/** The store as an actor resolved from a credential sees it. */
export interface ResolvedStore {
  id: string;
  ownerId: string;
  tier: string;
}

/** Told after a store's tier, credentials or existence changed (caches of resolved stores). */
export type StoreChangeListener = (storeId: string) => Promise<void>;

/** What a store credential resolves to, as cached (the secret's hash is checked on every request). */
export interface CredentialRecord extends ResolvedStore {
  secretHash: string | null;
}

/** No cache: every credential is looked up (the CLI, and tests that build the service alone). */
const NO_CACHE = uncachedLookups<CredentialRecord>();

export class StoresService {
  private readonly changeListeners: StoreChangeListener[] = [];

  constructor(
    private readonly repo: StoresRepo,
    private readonly aead: Aead,
    private readonly plans: Plans,
    /** store keys (by sid) and public tokens (by hash) looked up recently; dropped on every store change */
    private readonly credentials: VerifiedKeyCache<CredentialRecord> = NO_CACHE,
  ) {}

  onChange(listener: StoreChangeListener): void {
    this.changeListeners.push(listener);
  }

  private async changed(storeId: string): Promise<void> {
    // before it answers, no process resolves a credential to what the store was
    await this.credentials.invalidate({ keys: [storeId] });
    for (const listener of this.changeListeners) await listener(storeId);
  }

  private newCredentials(): { plain: StoreCredentials; stored: CredentialSet } {
    const plain = { sid: `sid_${randomBase62(24)}`, secret: `ssk_${randomBase62(40)}`, unauth_token: `put_${randomBase62(40)}` };
    return {
      plain,
      stored: {
        sid: plain.sid,
        secret_hash: sha256Hex(plain.secret),
        // The sid binds each ciphertext to its store row.
        secret_enc: this.aead.encrypt(plain.secret, plain.sid),
        unauth_token_hash: sha256Hex(plain.unauth_token),
        unauth_token_enc: this.aead.encrypt(plain.unauth_token, plain.sid),
      },
    };
  }

  private seal(value: string | null | undefined, id: string): string | null {
    return value === null || value === undefined || value === '' ? null : this.aead.encrypt(value, id);
  }

  private open(value: string | null, id: string): string | null {
    return value === null ? null : this.aead.decrypt(value, id);
  }

  toStore(row: StoreRow): Store {
    return {
      id: row.id,
      name: row.name,
      shop_url: row.shop_url,
      view_store_url: row.view_store_url,
      timezone: row.timezone,
      integration_type: row.integration_type,
      is_integrated: row.is_integrated === 1,
      google_font_api: this.open(row.google_font_api_enc, row.id),
      unsplash_key: this.open(row.unsplash_key_enc, row.id),
      pixabay_key: this.open(row.pixabay_key_enc, row.id),
      pexels_key: this.open(row.pexels_key_enc, row.id),
      tier: row.tier,
      output_profile: row.output_profile,
      editor_background_removal: row.editor_background_removal === 1,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  private async withCredentials(store: Store): Promise<Store> {
    const c = await this.repo.credentials(store.id);
    if (!c) throw AppError.notFound('Store');
    return { ...store, sid: c.sid, secret: this.aead.decrypt(c.secret_enc, c.sid), unauth_token: this.aead.decrypt(c.unauth_token_enc, c.sid) };
  }

  /** Credentials go only to the store key, the store JWT and the owner's JWT; never to U or API keys. */
  private async present(row: StoreRow, actor: Actor | { kind: 'J' }, includeCredentials: boolean): Promise<Store> {
    const store = this.toStore(row);
    const allowed = actor.kind === 'J' || actor.kind === 'B' || actor.kind === 'JS';
    return includeCredentials && allowed ? this.withCredentials(store) : store;
  }

  /** The schema's minLength cannot see a name of only spaces, which trimming would store empty. */
  private storeName(name: string | undefined): string {
    const trimmed = (name ?? '').trim();
    if (trimmed === '') throw AppError.field('store_name', 'must not be blank');
    return trimmed;
  }

  /** A default output profile must be one this server has (an `output_profile` id); null clears it. */
  private outputProfile(id: string | null | undefined): string | null {
    if (id === null || id === undefined) return null;
    const problem = outputProfileProblem(id);
    if (problem) throw AppError.field('output_profile', problem);
    return id;
  }

  /** Whether the store's editor may remove backgrounds (paid by the owner), and who the owner is; null: no such store. */
  async editorBackgroundRemoval(storeId: string): Promise<{ enabled: boolean; ownerId: string } | null> {
    const row = await this.repo.byId(storeId);
    return row ? { enabled: row.editor_background_removal === 1, ownerId: row.owner_id } : null;
  }

  /** The store's default output profile for print and merge jobs (null: the service default). */
  async defaultOutputProfile(storeId: string): Promise<string | null> {
    return (await this.repo.byId(storeId))?.output_profile ?? null;
  }

  async create(ownerId: string, input: StoreInput, includeCredentials: boolean): Promise<Store> {
    const name = this.storeName(input.store_name);
    const outputProfile = this.outputProfile(input.output_profile);
    const id = newId();
    const now = nowIso();
    const { stored } = this.newCredentials();
    await this.repo.insert({
      id,
      owner_id: ownerId,
      name,
      shop_url: input.shop_url ?? null,
      view_store_url: input.view_store_url ?? null,
      timezone: input.timezone ?? null,
      google_font_api_enc: this.seal(input.google_font_api, id),
      unsplash_key_enc: this.seal(input.unsplash, id),
      pixabay_key_enc: this.seal(input.pixabay, id),
      pexels_key_enc: this.seal(input.pexels, id),
      ...stored,
      tier: this.plans.table.tiers[0]!,
      output_profile: outputProfile,
      created_at: now,
      updated_at: now,
    });
    if (input.editor_background_removal) await this.repo.update(id, { editor_background_removal: 1 }, now);
    return this.present((await this.repo.byId(id))!, { kind: 'J' }, includeCredentials);
  }

  async list(ownerId: string, query: ListQuery, ctx: PageContext): Promise<ListResult<Store>> {
    const page = await this.repo.list(ownerId, query, ctx);
    return { ...page, rows: page.rows.map((r) => this.toStore(r)) };
  }

  /** A store the actor may see: the owner's JWT sees its stores, a store credential its own store. */
  private async visible(actor: Actor, id: string): Promise<StoreRow> {
    if (!isUuid(id)) throw AppError.notFound('Store');
    const row = actor.storeId !== null ? (actor.storeId === id ? await this.repo.byId(id) : null) : await this.repo.ownedBy(actor.userId, id);
    if (!row) throw AppError.notFound('Store');
    return row;
  }

  /**
   * The store `id` as far as the caller reaches it (404 otherwise): its id and tier. A
   * credential bound to that very store resolved it live in this request (the store key and
   * public token by a fresh read, an API key through its cache, which every store change
   * invalidates), so its actor already says so and the row is not read a second time.
   */
  async reach(actor: Actor, id: string): Promise<{ id: string; tier: string }> {
    if (actor.storeId !== null && actor.storeId === id && actor.tier !== null) return { id, tier: actor.tier };
    const row = await this.visible(actor, id);
    return { id: row.id, tier: row.tier };
  }

  async get(actor: Actor, id: string, includeCredentials: boolean): Promise<Store> {
    return this.present(await this.visible(actor, id), actor, includeCredentials);
  }

  async details(actor: Actor, includeCredentials: boolean): Promise<Store> {
    const row = actor.storeId ? await this.repo.byId(actor.storeId) : null;
    if (!row) throw AppError.notFound('Store');
    return this.present(row, actor, includeCredentials);
  }

  async update(actor: Actor, id: string, input: StoreInput): Promise<Store> {
    const row = await this.visible(actor, id);
    const patch: StorePatch = {};
    if (input.store_name !== undefined) patch.name = this.storeName(input.store_name);
    if (input.shop_url !== undefined) patch.shop_url = input.shop_url;
    if (input.view_store_url !== undefined) patch.view_store_url = input.view_store_url;
    if (input.timezone !== undefined) patch.timezone = input.timezone;
    if (input.output_profile !== undefined) patch.output_profile = this.outputProfile(input.output_profile);
    if (input.editor_background_removal !== undefined) patch.editor_background_removal = input.editor_background_removal ? 1 : 0;
    for (const [field, column] of Object.entries(SECRET_FIELDS) as Array<[keyof typeof SECRET_FIELDS, (typeof SECRET_FIELDS)[keyof typeof SECRET_FIELDS]]>) {
      if (input[field] !== undefined) patch[column] = this.seal(input[field], row.id);
    }
    await this.repo.update(row.id, patch, nowIso());
    return this.toStore((await this.repo.byId(row.id))!);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.visible(actor, id);
    await this.repo.softDelete(row.id, nowIso());
    await this.changed(row.id);
  }

  /** Reissues sid, secret and public token together; the old ones fail from the next request. */
  async revokeTokens(actor: Actor): Promise<StoreCredentials> {
    if (!actor.storeId) throw AppError.notFound('Store');
    const { plain, stored } = this.newCredentials();
    if (!(await this.repo.replaceCredentials(actor.storeId, stored, nowIso()))) throw AppError.notFound('Store');
    await this.changed(actor.storeId);
    return plain;
  }

  /** `integration_type` and `is_integrated` of a store, in the caller's transaction (a shop connected, uninstalled or disconnected). */
  setIntegration(storeId: string, type: string | null, db?: DbOrTx, integrated = type !== null): Promise<void> {
    return this.repo.setIntegration(storeId, type, integrated, nowIso(), db);
  }

  async setTier(storeId: string, tier: string): Promise<Store> {
    if (!this.plans.isTier(tier)) throw AppError.field('tier', `must be one of: ${this.plans.table.tiers.join(', ')}`);
    if (!isUuid(storeId) || !(await this.repo.setTier(storeId, tier, nowIso()))) throw AppError.notFound('Store');
    await this.changed(storeId);
    return this.toStore((await this.repo.byId(storeId))!);
  }

  /** The tier of each store of `ids` that is not deleted, in the caller's transaction. */
  liveTiers(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
    return this.repo.liveTiers(db, ids);
  }

  /** The highest tier among a user's stores (account-level plan gates). */
  async accountTier(ownerId: string): Promise<string> {
    return this.plans.highest(await this.repo.tiersOfOwner(ownerId));
  }

  // ---- credential resolution -------------------------------------------------------------

  /**
   * The live store a credential names, from the cache or the database: one lookup per
   * credential while nothing about the store changes (`changed` empties the cache in every
   * process). A credential that names no store is not kept.
   */
  private async record(cacheKey: string, load: () => Promise<(StoreRow & { secret_hash?: string }) | null>): Promise<CredentialRecord | null> {
    const cached = this.credentials.get(cacheKey);
    if (cached) return cached;
    const mark = this.credentials.mark();
    const row = await load();
    if (!row) return null;
    const record = { id: row.id, ownerId: row.owner_id, tier: row.tier, secretHash: row.secret_hash ?? null };
    this.credentials.set(cacheKey, row.id, record, mark);
    return record;
  }

  async resolveStoreKey(sid: string, secret: string): Promise<ResolvedStore | null> {
    if (!sid || !secret || sid.length > 100 || secret.length > 200) return null;
    const r = await this.record(`sid:${sid}`, () => this.repo.bySid(sid));
    // the secret is checked on every request, cached record or not
    if (!r || r.secretHash === null || !safeEqual(sha256Hex(secret), r.secretHash)) return null;
    return { id: r.id, ownerId: r.ownerId, tier: r.tier };
  }

  async resolvePublicToken(token: string): Promise<ResolvedStore | null> {
    if (!token || token.length > 200) return null;
    const hash = sha256Hex(token);
    const r = await this.record(`token:${hash}`, () => this.repo.byUnauthTokenHash(hash));
    return r ? { id: r.id, ownerId: r.ownerId, tier: r.tier } : null;
  }

  /** A live store by id (API keys bound to one store). */
  async resolveById(id: string): Promise<ResolvedStore | null> {
    const row = await this.repo.byId(id);
    return row ? { id: row.id, ownerId: row.owner_id, tier: row.tier } : null;
  }

  /** The store named by X-Service-Store-Sid, when the user owns it. */
  async resolveOwnedSid(userId: string, sid: string): Promise<ResolvedStore | null> {
    if (!sid || sid.length > 100) return null;
    const r = await this.record(`sid:${sid}`, () => this.repo.bySid(sid));
    return r && r.ownerId === userId ? { id: r.id, ownerId: r.ownerId, tier: r.tier } : null;
  }
}
