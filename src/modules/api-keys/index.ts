import type { Redis } from 'ioredis';
import type { Db, Dialect } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import type { Plans } from '../plans/plans.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { ApiKeyAuthenticator, type BoundKey } from './api-keys.auth.js';
import { ApiKeysRepo } from './api-keys.repo.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { ApiKeysService } from './api-keys.service.js';
import { AuditWriter, DEFAULT_AUDIT_OPTIONS } from './audit-writer.js';
import { credentialCache, type VerifiedKeyCache } from '../../platform/cache/verified-cache.js';

export { apiKeysRoutes } from './api-keys.routes.js';
export { ApiKeysService } from './api-keys.service.js';
export { ApiKeyAuthenticator } from './api-keys.auth.js';

export interface ApiKeysOptions {
  /** lifetime of a cached key record in ms (0 turns the cache off) */
  cacheTtlMs: number;
  cacheMaxEntries: number;
  auditFlushMs: number;
  auditBatchSize: number;
}

export const DEFAULT_API_KEYS_OPTIONS: ApiKeysOptions = {
  cacheTtlMs: 30_000,
  cacheMaxEntries: 10_000,
  auditFlushMs: DEFAULT_AUDIT_OPTIONS.flushMs,
  auditBatchSize: DEFAULT_AUDIT_OPTIONS.batchSize,
};

export interface ApiKeysModule extends FolioModule {
  service: ApiKeysService;
  authenticator: ApiKeyAuthenticator;
  audit: AuditWriter;
  cache: VerifiedKeyCache<BoundKey>;
  /** writes buffered audit events and leaves the bus; call before the database and Redis close */
  close(): Promise<void>;
}

export interface ApiKeysModuleDeps {
  db: Db;
  dialect: Dialect;
  stores: StoresService;
  plans: Plans;
  /** with Redis, cache invalidations reach every process of the deployment */
  redis: Redis | null;
  /** SQLite's `data_version`: another process's commit empties the cache; null on PostgreSQL */
  dataVersion: (() => number) | null;
  redisPrefix: string;
  /** the clock keys are checked against (epoch ms); tests move it */
  now: () => number;
  options?: Partial<ApiKeysOptions>;
  pageContext: PageContextFactory;
  /** authentication events older than this many days are pruned (FOLIO_AUDIT_RETENTION_DAYS) */
  auditRetentionDays: number;
  /** rotated / revoked / expiring events go here (webhooks) */
  events?: EventBus;
  onError(err: unknown, message: string): void;
}

export async function buildApiKeysModule(deps: ApiKeysModuleDeps): Promise<ApiKeysModule> {
  const options = { ...DEFAULT_API_KEYS_OPTIONS, ...deps.options };
  const repo = new ApiKeysRepo(deps.db, deps.dialect);
  const { cache, bus } = await credentialCache<BoundKey>({
    ...deps,
    cache: { ttlMs: options.cacheTtlMs, maxEntries: options.cacheMaxEntries },
    channel: 'api-keys:invalidate',
    name: 'api-key',
  });
  const audit = new AuditWriter(repo, {
    ...DEFAULT_AUDIT_OPTIONS,
    flushMs: options.auditFlushMs,
    batchSize: options.auditBatchSize,
    onError: deps.onError,
  });
  // A store's tier, sid or existence is part of what a cached key resolved to.
  deps.stores.onChange(() => cache.invalidate({ all: true }));

  const service = new ApiKeysService(repo, deps.stores, deps.plans, audit, cache, deps.now, deps.events ?? null);
  const authenticator = new ApiKeyAuthenticator(repo, deps.stores, audit, cache, deps.now);
  // Keys expiring within 7 days are announced (webhooks); authentication attempts past the
  // retention period are pruned (lifecycle events stay): at start, then every 15 minutes.
  const sweep = () => {
    void service.sweepExpiring().catch((err: unknown) => deps.onError(err, 'api key expiry sweep failed'));
    void service.pruneAudit(deps.auditRetentionDays).catch((err: unknown) => deps.onError(err, 'api key audit pruning failed'));
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    name: 'api-keys',
    service,
    authenticator,
    audit,
    cache,
    routes: (app) => apiKeysRoutes(app, { apiKeys: service, pageContext: deps.pageContext }),
    async start() {
      if (timer) return;
      sweep();
      timer = setInterval(sweep, 15 * 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async close() {
      await audit.close();
      await bus.close();
    },
  };
}
