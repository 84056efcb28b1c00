import type { Actor, CredentialResolvers } from '../../platform/http/auth.js';
import type { IdentityService } from './identity.service.js';
import type { StoresService, ResolvedStore } from '../stores/stores.service.js';
import { ALL_SCOPES, PUBLIC_TOKEN_SCOPES } from './scopes.js';

function storeActor(kind: 'B' | 'U' | 'JS', store: ResolvedStore, scopes: ReadonlySet<string>): Actor {
  return { kind, userId: store.ownerId, storeId: store.id, tier: store.tier, scopes, principal: `store:${store.id}` };
}

/**
 * Resolvers for the store key, public token and account JWT (with and without a store).
 * API keys (K) are resolved by the api-keys module, which adds its resolver to this map.
 */
export function coreResolvers(identity: IdentityService, stores: StoresService): CredentialResolvers {
  return {
    B: async (cred) => {
      const store = await stores.resolveStoreKey(cred.user ?? '', cred.value);
      return store ? storeActor('B', store, ALL_SCOPES) : null;
    },
    U: async (cred) => {
      const store = await stores.resolvePublicToken(cred.value);
      return store ? storeActor('U', store, PUBLIC_TOKEN_SCOPES) : null;
    },
    JS: async (cred) => {
      const userId = await identity.verifyJwt(cred.value);
      if (!userId || !cred.storeSid) return null;
      const store = await stores.resolveOwnedSid(userId, cred.storeSid);
      return store ? storeActor('JS', store, ALL_SCOPES) : null;
    },
    J: async (cred) => {
      const userId = await identity.verifyJwt(cred.value);
      return userId ? { kind: 'J', userId, storeId: null, tier: null, scopes: ALL_SCOPES, principal: `user:${userId}` } : null;
    },
  };
}
