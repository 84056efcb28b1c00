import { credentialCache, type CredentialCacheDeps } from '../../platform/cache/verified-cache.js';
import type { Db } from '../../platform/db/index.js';
import type { FolioModule } from '../contract.js';
import { IdentityRepo } from './identity.repo.js';
import { identityRoutes } from './identity.routes.js';
import { IdentityService, type SignupHook } from './identity.service.js';
import type { JwtIssuer } from './jwt.js';

export { IdentityService } from './identity.service.js';
export { JwtIssuer } from './jwt.js';
export { coreResolvers } from './credentials.js';

/** `cache`: accounts' token versions, dropped on a password change */
export interface IdentityModuleDeps extends CredentialCacheDeps {
  db: Db;
  jwt: JwtIssuer;
  scryptCost: number;
  /** told about every new account, in order (the wallet's sign-up grant) */
  onSignup?: readonly SignupHook[];
}

/** Accounts: sign-up, sign-in, JWTs, the account's own routes. */
export async function buildIdentityModule(deps: IdentityModuleDeps): Promise<FolioModule & { identity: IdentityService }> {
  const { cache, bus } = await credentialCache<number>({ ...deps, channel: 'identity:invalidate', name: 'token version' });
  const identity = new IdentityService(new IdentityRepo(deps.db), deps.jwt, deps.scryptCost, cache);
  for (const hook of deps.onSignup ?? []) identity.onSignup(hook);
  return { name: 'identity', identity, routes: (app) => identityRoutes(app, { identity }), close: () => bus.close() };
}
