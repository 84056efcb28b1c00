import type { Redis } from 'ioredis';
import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import { LocalBus, RedisBus, VerifiedKeyCache, type CacheOptions, type InvalidationBus } from '../../platform/cache/verified-cache.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import type { Plans } from '../plans/plans.service.js';
import { StoresRepo } from './stores.repo.js';
import { storesRoutes } from './stores.routes.js';
import { StoresService, type CredentialRecord } from './stores.service.js';

export { StoresService } from './stores.service.js';

export interface StoresModuleDeps {
  db: Db;
  aead: Aead;
  plans: Plans;
  pageContext: PageContextFactory;
  /** with Redis, a store's change empties every process's credential cache before it answers */
  redis: Redis | null;
  redisPrefix: string;
  /** the credential cache (store keys, public tokens); ttlMs 0 turns it off */
  cache?: CacheOptions;
  onError(err: unknown, message: string): void;
}

/** As the API keys' cache: a looked-up store is kept at most 30 s (a change heard drops it at once). */
export const DEFAULT_STORE_CACHE: CacheOptions = { ttlMs: 30_000, maxEntries: 10_000 };

/** Stores: an account's shops, their credentials (encrypted) and tiers. */
export async function buildStoresModule(deps: StoresModuleDeps): Promise<FolioModule & { stores: StoresService }> {
  const bus: InvalidationBus = deps.redis ? new RedisBus(deps.redis, `${deps.redisPrefix}stores:invalidate`, 1000, deps.onError, 'store credential') : new LocalBus();
  const cache = new VerifiedKeyCache<CredentialRecord>(bus, deps.cache ?? DEFAULT_STORE_CACHE);
  try {
    await bus.start((inv) => cache.apply(inv));
  } catch (err) {
    await bus.close();
    throw err;
  }
  const stores = new StoresService(new StoresRepo(deps.db), deps.aead, deps.plans, cache);
  return { name: 'stores', stores, routes: (app) => storesRoutes(app, { stores, pageContext: deps.pageContext }), close: () => bus.close() };
}
