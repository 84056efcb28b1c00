import { safeEqual, sha256Hex } from '../../platform/crypto/tokens.js';
import { holdsScope, scopeLabel, type Actor, type CredentialResolver, type PresentedCredential, type RequestInfo } from '../../platform/http/auth.js';
import type { ResolvedStore, StoresService } from '../stores/stores.service.js';
import type { ApiKeysRepo, KeyAuthRow } from './api-keys.repo.js';
import type { AuditWriter } from './audit-writer.js';
import type { VerifiedKeyCache } from '../../platform/cache/verified-cache.js';
import { parseKey, type KeyKind } from './key-format.js';
import { ipMatcher, requestOrigin, type IpMatcher } from './restrictions.js';

/** A key as the authenticator needs it; built from its row once, then cached. */
export interface KeyRecord {
  id: string;
  ownerId: string;
  storeId: string | null;
  kind: KeyKind;
  scopes: ReadonlySet<string>;
  origins: ReadonlySet<string>;
  ips: IpMatcher | null;
  expiresAt: number | null;
  revokedAt: number | null;
  graceUntil: number | null;
}

/** A key bound to the store it acts on for one X-Service-Store-Sid value. */
export interface BoundKey {
  record: KeyRecord;
  store: ResolvedStore | null;
  /** why the key cannot act with this sid, if it cannot */
  storeProblem: string | null;
}

const ms = (v: string | Date | null): number | null => (v === null ? null : new Date(v).getTime());

export function toRecord(row: KeyAuthRow): KeyRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    storeId: row.store_id,
    kind: row.kind as KeyKind,
    scopes: new Set(JSON.parse(row.scopes) as string[]),
    origins: new Set(JSON.parse(row.allowed_origins) as string[]),
    ips: ipMatcher(JSON.parse(row.allowed_ips) as string[]),
    expiresAt: ms(row.expires_at),
    revokedAt: ms(row.revoked_at),
    graceUntil: ms(row.grace_until),
  };
}

/** Why a key may not be used now, from this address and origin; null when it may. */
export function refusal(bound: BoundKey, info: Pick<RequestInfo, 'ip' | 'origin'>, now: number): string | null {
  const k = bound.record;
  // Revocation is final whatever the clock says.
  if (k.revokedAt !== null) return 'revoked';
  if (k.graceUntil !== null && k.graceUntil <= now) return 'grace_expired';
  if (k.expiresAt !== null && k.expiresAt <= now) return 'expired';
  if (bound.storeProblem) return bound.storeProblem;
  if (k.ips && !k.ips.allows(info.ip)) return 'ip_not_allowed';
  if (k.origins.size > 0) {
    const origin = requestOrigin(info.origin);
    if (origin === null || !k.origins.has(origin)) return 'origin_not_allowed';
  }
  return null;
}

/**
 * The `apiKey` scheme (K): `Authorization: Bearer <key>` or `X-API-Key: <key>`.
 * A malformed key (prefix, length, alphabet, checksum) is refused before any lookup.
 * A known key's every attempt goes to its audit trail, off the request path.
 */
export class ApiKeyAuthenticator {
  constructor(
    private readonly repo: ApiKeysRepo,
    private readonly stores: StoresService,
    private readonly audit: AuditWriter,
    private readonly cache: VerifiedKeyCache<BoundKey>,
    private readonly now: () => number,
  ) {}

  readonly resolver: CredentialResolver = (cred, info) => this.resolve(cred, info);

  /** The key as presented, bound to its store; null for an unknown or malformed key. */
  private async lookup(cred: PresentedCredential): Promise<BoundKey | null> {
    const kind = parseKey(cred.value);
    if (kind === null) return null;
    const hash = sha256Hex(cred.value);
    const cacheKey = `${hash}|${cred.storeSid ?? ''}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const mark = this.cache.mark();
    const row = await this.repo.byHash(hash);
    // The index found the row by hash; the constant-time compare is the actual check.
    if (!row || !safeEqual(row.key_hash, hash) || row.kind !== kind) return null;
    const bound = await this.bind(toRecord(row), cred.storeSid);
    this.cache.set(cacheKey, row.id, bound, mark);
    return bound;
  }

  /** Which store the key acts on: its own, or for an account key the one the sid names. */
  private async bind(record: KeyRecord, sid: string | undefined): Promise<BoundKey> {
    if (record.storeId !== null) {
      const store = await this.stores.resolveById(record.storeId);
      if (!store) return { record, store: null, storeProblem: 'store_unavailable' };
      if (sid !== undefined) {
        const named = await this.stores.resolveOwnedSid(record.ownerId, sid);
        if (!named || named.id !== store.id) return { record, store: null, storeProblem: 'store_mismatch' };
      }
      return { record, store, storeProblem: null };
    }
    if (sid === undefined) return { record, store: null, storeProblem: null };
    const store = await this.stores.resolveOwnedSid(record.ownerId, sid);
    return store ? { record, store, storeProblem: null } : { record, store: null, storeProblem: 'store_not_in_account' };
  }

  private async resolve(cred: PresentedCredential, info: RequestInfo): Promise<Actor | null> {
    const bound = await this.lookup(cred);
    if (!bound) return null;
    const now = this.now();
    const k = bound.record;
    const reason = refusal(bound, info, now);
    if (reason) {
      this.record(k, 'auth_failed', reason, info, now);
      return null;
    }
    const denied = !holdsScope(k.scopes, info.scope);
    this.record(k, denied ? 'scope_denied' : 'auth_succeeded', denied ? `missing scope ${scopeLabel(info.scope!)}` : null, info, now);
    return {
      kind: 'K',
      userId: k.ownerId,
      storeId: bound.store?.id ?? null,
      tier: bound.store?.tier ?? null,
      scopes: k.scopes,
      principal: `key:${k.id}`,
      keyId: k.id,
      keyKind: k.kind,
    };
  }

  /** A key presented to a route that does not accept keys: still an attempt for its trail. */
  unaccepted(cred: PresentedCredential, info: RequestInfo): void {
    if (cred.kind !== 'K' || parseKey(cred.value) === null) return;
    const at = this.now();
    this.lookup(cred).then(
      (bound) => bound && this.record(bound.record, 'auth_failed', 'credential_not_accepted', info, at),
      () => undefined,
    );
  }

  private record(k: KeyRecord, event: 'auth_succeeded' | 'auth_failed' | 'scope_denied', reason: string | null, info: RequestInfo, at: number): void {
    this.audit.record({
      keyId: k.id,
      ownerId: k.ownerId,
      event,
      reason,
      ip: info.ip,
      method: info.method,
      route: info.route,
      userAgent: info.userAgent ?? null,
      actor: { type: 'api_key', id: k.id },
      at,
    });
  }
}
