import { isUuid, newId } from '../../platform/crypto/ids.js';
import { iso } from '../../platform/db/index.js';
import { BuiltMemo, rowInputs } from '../../platform/db/built-memo.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor, RequestInfo } from '../../platform/http/auth.js';
import { AppError, type FieldErrors } from '../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import { isScope, PUBLIC_TOKEN_SCOPES, SCOPES } from '../identity/scopes.js';
import type { Plans } from '../plans/plans.service.js';
import type { StoresService } from '../stores/stores.service.js';
import type { BoundKey } from './api-keys.auth.js';
import type { ApiKeysRepo, KeyRow, NewKeyRow, StoredEventRow } from './api-keys.repo.js';
import { DEFAULT_GRACE_SECONDS, type ApiKeyDto, type AuditEventDto, type CreateKeyInput } from './api-keys.schemas.js';
import { toEventRow, type AuditActor, type AuditEvent, type AuditWriter } from './audit-writer.js';
import type { VerifiedKeyCache } from '../../platform/cache/verified-cache.js';
import { generateKey, type KeyKind } from './key-format.js';
import { normalizeIpRule, normalizeOrigin } from './restrictions.js';

/** Where a key route points: the account's keys, or one store's. */
export type KeyTarget = { kind: 'account' } | { kind: 'store'; storeId: string };

/** decisions.md § Identity: secret keys default to every scope, publishable keys to two. */
const DEFAULT_SCOPES: Record<KeyKind, readonly string[]> = {
  store_secret: SCOPES,
  account: SCOPES,
  store_publishable: ['catalog:read', 'designs:write'],
};
/**
 * A publishable key lives in browsers, like the public token: it may hold at most the
 * public token's scopes, so never keys:* (it can never manage keys) nor any secret-side write.
 */
const PUBLISHABLE_MAX: ReadonlySet<string> = PUBLIC_TOKEN_SCOPES;

export interface CreatedKey {
  data: ApiKeyDto;
  key: string;
}

interface Reach {
  ownerId: string;
  /** the store of a store route; null on account routes */
  storeId: string | null;
  /** the store's tier on store routes */
  tier: string | null;
}

const toIso = (ms: number) => new Date(ms).toISOString();
const parseList = (json: string) => JSON.parse(json) as string[];

export function statusOf(row: Pick<KeyRow, 'revoked_at' | 'expires_at' | 'grace_until'>, now: number): ApiKeyDto['status'] {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now) return 'expired';
  if (row.grace_until !== null) return new Date(row.grace_until).getTime() > now ? 'grace' : 'rotated';
  return 'active';
}

export function auditActor(actor: Actor): AuditActor {
  if (actor.kind === 'K' && actor.keyId) return { type: 'api_key', id: actor.keyId };
  if (actor.kind === 'B' && actor.storeId) return { type: 'store', id: actor.storeId };
  return { type: 'user', id: actor.userId };
}

export class ApiKeysService {
  /** keys' JSON as lists answer it, kept while unchanged */
  private readonly listed = new BuiltMemo<ApiKeyDto>();

  constructor(
    private readonly repo: ApiKeysRepo,
    private readonly stores: StoresService,
    private readonly plans: Plans,
    private readonly audit: AuditWriter,
    private readonly cache: VerifiedKeyCache<BoundKey>,
    private readonly now: () => number,
    private readonly bus: EventBus | null = null,
  ) {}

  /** An `api_keys` domain event (webhooks), recorded in the transaction of the change. */
  private async publish(tx: ApiKeysRepo, event: 'rotated' | 'revoked' | 'expiring', row: KeyRow, extra: Record<string, unknown> = {}): Promise<void> {
    if (!this.bus) return;
    await this.bus.publish({ accountId: row.owner_id, storeId: row.store_id, topic: 'api_keys', event, data: { ...this.toApiKey(row), ...extra } }, tx.executor);
  }

  /**
   * Announces keys that expire within 7 days, once per key (a notice row makes it at most
   * once across processes). Run periodically by the workers; returns how many were announced.
   */
  async sweepExpiring(windowMs = 7 * 86_400_000, limit = 500): Promise<number> {
    const now = this.now();
    const rows = await this.repo.expiringUnannounced(toIso(now), toIso(now + windowMs), limit);
    let announced = 0;
    for (const row of rows) {
      await this.repo.transaction(async (tx) => {
        if (!(await tx.claimExpiryNotice(row.id, toIso(now)))) return;
        await this.publish(tx, 'expiring', row);
        announced++;
      });
    }
    return announced;
  }

  /**
   * Audit retention: authentication attempts older than `days` are deleted, in batches so a
   * sweep never holds a long lock; creation, rotation and revocation are kept. Returns the count.
   */
  async pruneAudit(days: number, batch = 5000, maxBatches = 100): Promise<number> {
    if (days <= 0) return 0;
    const before = toIso(this.now() - days * 86_400_000);
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await this.repo.pruneAuthEvents(before, batch);
      total += n;
      if (n < batch) break;
    }
    return total;
  }

  toApiKey(row: KeyRow, now = this.now()): ApiKeyDto {
    return {
      uuid: row.id,
      name: row.name,
      kind: row.kind as ApiKeyDto['kind'],
      store_id: row.store_id,
      scopes: parseList(row.scopes),
      expires_at: iso(row.expires_at),
      allowed_origins: parseList(row.allowed_origins),
      allowed_ips: parseList(row.allowed_ips),
      revoked_at: iso(row.revoked_at),
      grace_until: iso(row.grace_until),
      rotated_from: row.rotated_from,
      status: statusOf(row, now),
      prefix: row.key_prefix,
      last4: row.key_last4,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  toEvent(row: StoredEventRow): AuditEventDto {
    return {
      id: row.id,
      key_uuid: row.key_id,
      event: row.event as AuditEventDto['event'],
      reason: row.reason,
      ip: row.ip,
      method: row.method,
      route: row.route,
      user_agent: row.user_agent,
      actor: row.actor_type && row.actor_id ? { type: row.actor_type, id: row.actor_id } : null,
      detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
      created_at: iso(row.created_at),
    };
  }

  // ---- who may manage which keys -----------------------------------------------------------

  /**
   * Publishable keys never manage keys. Account routes need the account: the JWT or an
   * account key (a store key reaches one store only). Store routes need the store to be
   * visible to the caller (404 otherwise): its own store credential, or the owner's account.
   */
  private async reach(actor: Actor, target: KeyTarget, info: RequestInfo): Promise<Reach> {
    if (actor.kind === 'K' && actor.keyKind === 'store_publishable') {
      throw this.denied(actor, info, 'publishable key', new AppError('forbidden', 'A publishable key cannot manage API keys'));
    }
    if (target.kind === 'account') {
      if (actor.kind === 'K' && actor.keyKind !== 'account') {
        throw this.denied(
          actor,
          info,
          'store key on account keys',
          new AppError('forbidden', 'A store key reaches one store; manage account keys with an account key (sk_acc_live_) or the account JWT'),
        );
      }
      return { ownerId: actor.userId, storeId: null, tier: null };
    }
    const store = await this.stores.reach(actor, target.storeId);
    return { ownerId: actor.userId, storeId: store.id, tier: store.tier };
  }

  private async find(reach: Reach, keyId: string): Promise<KeyRow> {
    if (!isUuid(keyId)) throw AppError.notFound('API key');
    const row = reach.storeId === null ? await this.repo.ofOwner(reach.ownerId, keyId) : await this.repo.ofStore(reach.storeId, keyId);
    if (!row) throw AppError.notFound('API key');
    return row;
  }

  /** A denial of a key's request goes to that key's trail as scope_denied; returns the error to throw. */
  private denied(actor: Actor, info: RequestInfo, reason: string, error: AppError, detail: Record<string, unknown> | null = null): AppError {
    if (actor.kind === 'K' && actor.keyId) {
      this.audit.record({ ...this.eventBase(actor, info, this.now()), keyId: actor.keyId, event: 'scope_denied', reason, detail });
    }
    return error;
  }

  /** No credential hands out a scope it does not hold itself (keys included). */
  private ensureHeld(actor: Actor, scopes: readonly string[], info: RequestInfo, keyId: string | null): void {
    const missing = scopes.filter((s) => !actor.scopes.has(s));
    if (missing.length === 0) return;
    throw this.denied(
      actor,
      info,
      `cannot grant ${missing.join(' ')}`,
      new AppError('insufficient_scope', `This credential cannot grant scopes it does not hold: ${missing.join(', ')}`, {
        details: { missing_scopes: missing },
      }),
      keyId ? { target_key: keyId } : null,
    );
  }

  private eventBase(actor: Actor, info: RequestInfo, at: number): Omit<AuditEvent, 'keyId' | 'event'> {
    return {
      ownerId: actor.userId,
      ip: info.ip,
      method: info.method,
      route: info.route,
      userAgent: info.userAgent ?? null,
      actor: auditActor(actor),
      at,
    };
  }

  // ---- reads -------------------------------------------------------------------------------

  async list(actor: Actor, target: KeyTarget, query: ListQuery, ctx: PageContext, info: RequestInfo): Promise<ListResult<ApiKeyDto>> {
    const reach = await this.reach(actor, target, info);
    const page = await this.repo.list(reach.ownerId, reach.storeId, query, ctx);
    const now = this.now();
    // straight into the answer: a key's JSON is rebuilt only when its row or status changes (built-memo.ts)
    return { ...page, rows: page.rows.map((r) => this.listed.get(r.id, [...rowInputs(r), statusOf(r, now)], () => this.toApiKey(r, now))) };
  }

  async events(actor: Actor, target: KeyTarget, keyId: string, query: ListQuery, ctx: PageContext, info: RequestInfo): Promise<ListResult<AuditEventDto>> {
    const reach = await this.reach(actor, target, info);
    const key = await this.find(reach, keyId);
    // Events this process still holds in its buffer are part of the answer.
    await this.audit.flush();
    const page = await this.repo.listEvents(reach.ownerId, key.id, query, ctx);
    return { ...page, rows: page.rows.map((r) => this.toEvent(r)) };
  }

  // ---- changes -----------------------------------------------------------------------------

  private validate(kind: KeyKind, input: CreateKeyInput, actor: Actor, now: number) {
    const fields: FieldErrors = {};
    const add = (field: string, message: string) => (fields[field] ??= []).push(message);
    if (input.name.trim() === '') add('name', 'must not be blank');

    let scopes: string[];
    if (input.scopes === undefined) {
      // The default set, as far as the caller can grant it.
      scopes = DEFAULT_SCOPES[kind].filter((s) => actor.scopes.has(s));
    } else {
      const asked = new Set(input.scopes);
      const unknown = [...asked].filter((s) => !isScope(s));
      if (unknown.length > 0) add('scopes', `unknown scope: ${unknown.join(', ')}`);
      else if (kind === 'store_publishable') {
        const secretOnly = [...asked].filter((s) => !PUBLISHABLE_MAX.has(s));
        if (secretOnly.length > 0) add('scopes', `not allowed on a publishable key: ${secretOnly.join(', ')}`);
      }
      scopes = SCOPES.filter((s) => asked.has(s));
    }

    let expiresAt: string | null = null;
    if (input.expires_at !== undefined && input.expires_at !== null) {
      const t = Date.parse(input.expires_at);
      if (Number.isNaN(t)) add('expires_at', 'must be a date-time');
      else if (t <= now) add('expires_at', 'must be in the future');
      else expiresAt = toIso(t);
    }

    const origins: string[] = [];
    for (const o of input.allowed_origins ?? []) {
      const n = normalizeOrigin(o);
      if (n === null) add('allowed_origins', `not an origin (scheme://host[:port]): ${o.slice(0, 100)}`);
      else if (!origins.includes(n)) origins.push(n);
    }
    const ips: string[] = [];
    for (const ip of input.allowed_ips ?? []) {
      const n = normalizeIpRule(ip);
      if (n === null) add('allowed_ips', `not an IP address or CIDR range: ${ip.slice(0, 64)}`);
      else if (!ips.includes(n)) ips.push(n);
    }

    if (Object.keys(fields).length > 0) throw AppError.validation(fields);
    return { scopes, expiresAt, origins, ips };
  }

  async create(actor: Actor, target: KeyTarget, input: CreateKeyInput, info: RequestInfo): Promise<CreatedKey> {
    const reach = await this.reach(actor, target, info);
    const kind: KeyKind = target.kind === 'account' ? 'account' : (input.kind ?? 'store_secret');
    const now = this.now();
    const clean = this.validate(kind, input, actor, now);
    // Rule 7: creating needs Advanced or above (for account keys: on some store of the account).
    this.plans.require(reach.tier ?? (await this.stores.accountTier(reach.ownerId)), 'api_keys');
    this.ensureHeld(actor, clean.scopes, info, null);

    const fresh = generateKey(kind);
    const creator = auditActor(actor);
    const row: NewKeyRow = {
      id: newId(),
      owner_id: reach.ownerId,
      store_id: reach.storeId,
      kind,
      name: input.name.trim(),
      key_hash: fresh.hash,
      key_prefix: fresh.prefix,
      key_last4: fresh.last4,
      scopes: JSON.stringify(clean.scopes),
      allowed_origins: JSON.stringify(clean.origins),
      allowed_ips: JSON.stringify(clean.ips),
      expires_at: clean.expiresAt,
      rotated_from: null,
      created_by: `${creator.type}:${creator.id}`,
      created_at: toIso(now),
      updated_at: toIso(now),
    };
    await this.repo.transaction(async (tx) => {
      await tx.insert(row, kind === 'store_publishable' ? clean.origins : []);
      await tx.insertEvents([toEventRow({ ...this.eventBase(actor, info, now), keyId: row.id, event: 'created', detail: { kind, scopes: clean.scopes } })]);
    });
    return { data: this.toApiKey({ ...row, revoked_at: null, grace_until: null }, now), key: fresh.key };
  }

  /**
   * Issues a successor with the same kind, store, scopes, origins, IPs and expiry; the old
   * key keeps working until grace_until. Works whatever the plan (rule 7).
   */
  async rotate(actor: Actor, target: KeyTarget, keyId: string, graceSeconds: number | undefined, info: RequestInfo): Promise<CreatedKey> {
    const reach = await this.reach(actor, target, info);
    const old = await this.find(reach, keyId);
    const now = this.now();
    const status = statusOf(old, now);
    if (status !== 'active') throw new AppError('conflict', `Only an active key can be rotated; this key is ${status}`);
    const scopes = parseList(old.scopes);
    // Rotation hands out a secret with the old key's scopes: the caller must hold them all.
    this.ensureHeld(actor, scopes, info, old.id);

    const kind = old.kind as KeyKind;
    const fresh = generateKey(kind);
    const graceUntil = toIso(now + (graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000);
    const creator = auditActor(actor);
    const row: NewKeyRow = {
      id: newId(),
      owner_id: old.owner_id,
      store_id: old.store_id,
      kind,
      name: old.name,
      key_hash: fresh.hash,
      key_prefix: fresh.prefix,
      key_last4: fresh.last4,
      scopes: old.scopes,
      allowed_origins: old.allowed_origins,
      allowed_ips: old.allowed_ips,
      expires_at: iso(old.expires_at),
      rotated_from: old.id,
      created_by: `${creator.type}:${creator.id}`,
      created_at: toIso(now),
      updated_at: toIso(now),
    };
    const base = this.eventBase(actor, info, now);
    await this.repo.transaction(async (tx) => {
      if (!(await tx.startGrace(old.id, graceUntil, toIso(now)))) {
        throw new AppError('conflict', 'This key was rotated or revoked meanwhile');
      }
      await tx.insert(row, kind === 'store_publishable' ? parseList(old.allowed_origins) : []);
      await this.publish(tx, 'rotated', { ...old, grace_until: graceUntil, updated_at: toIso(now) }, { rotated_to: row.id });
      await tx.insertEvents([
        toEventRow({ ...base, keyId: old.id, event: 'rotated', detail: { rotated_to: row.id, grace_until: graceUntil } }),
        toEventRow({ ...base, keyId: row.id, event: 'created', detail: { rotated_from: old.id } }),
      ]);
    });
    await this.cache.invalidate({ keys: [old.id] });
    return { data: this.toApiKey({ ...row, revoked_at: null, grace_until: null }, now), key: fresh.key };
  }

  /** Immediate and final, in every process; the record is kept. Repeating it changes nothing. */
  async revoke(actor: Actor, target: KeyTarget, keyId: string, info: RequestInfo): Promise<ApiKeyDto> {
    const reach = await this.reach(actor, target, info);
    const key = await this.find(reach, keyId);
    const now = this.now();
    await this.repo.transaction(async (tx) => {
      if (await tx.revoke(key.id, toIso(now))) {
        await this.publish(tx, 'revoked', { ...key, revoked_at: toIso(now), updated_at: toIso(now) });
        await tx.insertEvents([toEventRow({ ...this.eventBase(actor, info, now), keyId: key.id, event: 'revoked' })]);
      }
    });
    await this.cache.invalidate({ keys: [key.id] });
    return this.toApiKey(await this.find(reach, key.id), now);
  }

  /** CORS: whether a live publishable key lists this origin. */
  async originInUse(origin: string): Promise<boolean> {
    const normalized = normalizeOrigin(origin);
    return normalized !== null && this.repo.originInUse(normalized, toIso(this.now()));
  }
}
