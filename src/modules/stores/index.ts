import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import { credentialCache, type CredentialCacheDeps } from '../../platform/cache/verified-cache.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import type { Plans } from '../plans/plans.service.js';
import { StoresRepo } from './stores.repo.js';
import { storesRoutes } from './stores.routes.js';
import { StoresService, type CredentialRecord } from './stores.service.js';

export { StoresService } from './stores.service.js';

/** `cache`: store keys by sid and public tokens by hash, dropped on a store's change */
export interface StoresModuleDeps extends CredentialCacheDeps {
  db: Db;
  aead: Aead;
  plans: Plans;
  pageContext: PageContextFactory;
}

/** Stores: an account's shops, their credentials (encrypted) and tiers. */
export async function buildStoresModule(deps: StoresModuleDeps): Promise<FolioModule & { stores: StoresService }> {
  const { cache, bus } = await credentialCache<CredentialRecord>({ ...deps, channel: 'stores:invalidate', name: 'store credential' });
  const stores = new StoresService(new StoresRepo(deps.db), deps.aead, deps.plans, cache);
  return { name: 'stores', stores, routes: (app) => storesRoutes(app, { stores, pageContext: deps.pageContext }), close: () => bus.close() };
}
