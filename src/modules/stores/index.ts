import type { Redis } from 'ioredis';
import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import { credentialCache, type CacheOptions } from '../../platform/cache/verified-cache.js';
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

/** Stores: an account's shops, their credentials (encrypted) and tiers. */
export async function buildStoresModule(deps: StoresModuleDeps): Promise<FolioModule & { stores: StoresService }> {
  const { cache, bus } = await credentialCache<CredentialRecord>({ ...deps, channel: 'stores:invalidate', name: 'store credential' });
  const stores = new StoresService(new StoresRepo(deps.db), deps.aead, deps.plans, cache);
  return { name: 'stores', stores, routes: (app) => storesRoutes(app, { stores, pageContext: deps.pageContext }), close: () => bus.close() };
}
