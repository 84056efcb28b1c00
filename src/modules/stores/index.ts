import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import type { Plans } from '../plans/plans.service.js';
import { StoresRepo } from './stores.repo.js';
import { storesRoutes } from './stores.routes.js';
import { StoresService } from './stores.service.js';

export { StoresService } from './stores.service.js';

/** Stores: an account's shops, their credentials (encrypted) and tiers. */
export function buildStoresModule(deps: { db: Db; aead: Aead; plans: Plans; pageContext: PageContextFactory }): FolioModule & { stores: StoresService } {
  const stores = new StoresService(new StoresRepo(deps.db), deps.aead, deps.plans);
  return { name: 'stores', stores, routes: (app) => storesRoutes(app, { stores, pageContext: deps.pageContext }) };
}
