import fs from 'node:fs';
import { Redis } from 'ioredis';
import { destination, pino } from 'pino';
import type { AppDeps, App } from '../app.js';
import type { Config } from '../config/index.js';
import { Aead } from '../platform/crypto/aead.js';
import { loadServerSecrets } from '../platform/crypto/server-secrets.js';
import { Signer } from '../platform/crypto/signer.js';
import { openDatabase, type Database } from '../platform/db/index.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { pageContextFactory } from '../platform/http/pagination.js';
import { MemoryRateStore, RedisRateStore, type RateStore } from '../platform/http/rate-limit.js';
import { REDACT_PATHS } from '../platform/log/logger.js';
import { apiKeysRoutes, buildApiKeysModule, type ApiKeysModule, type ApiKeysOptions } from '../modules/api-keys/index.js';
import { coreResolvers } from '../modules/identity/credentials.js';
import { IdentityService } from '../modules/identity/identity.service.js';
import { identityRoutes } from '../modules/identity/identity.routes.js';
import { JwtIssuer } from '../modules/identity/jwt.js';
import { UsersRepo } from '../modules/identity/users.repo.js';
import { Plans, loadPlanTable, type PlanTable } from '../modules/plans/plans.js';
import { plansRoutes } from '../modules/plans/plans.routes.js';
import { StoresRepo } from '../modules/stores/stores.repo.js';
import { StoresService } from '../modules/stores/stores.service.js';
import { storesRoutes } from '../modules/stores/stores.routes.js';

export const VERSION = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface Overrides {
  /** a plan table instead of the file (tests) */
  plans?: PlanTable;
  /** a rate store instead of the configured one (tests) */
  rateStore?: RateStore;
  /** the clock (epoch ms) API keys are checked against: expiry, grace, audit times (tests) */
  now?: () => number;
  /** API key cache and audit batching (tests) */
  apiKeys?: Partial<ApiKeysOptions>;
}

/** Everything the service is made of, built from config in one place (the composition root). */
export interface Deps {
  config: Config;
  database: Database;
  redis: Redis | null;
  plans: Plans;
  signer: Signer;
  identity: IdentityService;
  stores: StoresService;
  apiKeys: ApiKeysModule;
  rateStore: RateStore;
  appDeps: Omit<AppDeps, 'logger'>;
  close(): Promise<void>;
}

export async function buildDeps(config: Config, overrides: Overrides = {}): Promise<Deps> {
  const secrets = loadServerSecrets(config.dataDir, {
    ...(config.jwt.secret ? { jwtSecret: config.jwt.secret } : {}),
    ...(config.encryptionKey ? { encryptionKey: config.encryptionKey } : {}),
    ...(config.signingKey ? { signingKey: config.signingKey } : {}),
  });
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  const closers: Array<() => Promise<void>> = [];
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }
  closers.push(() => database.close());

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }) : null;
  if (redis) {
    // Connection errors surface through /v1/ready and failing calls, not as crashes.
    redis.on('error', () => undefined);
    closers.push(async () => void (await redis.quit().catch(() => redis.disconnect())));
  }

  const plans = new Plans(overrides.plans ?? loadPlanTable(config.plansFile), config.billingUrl);
  const aead = new Aead(secrets.encryptionKey);
  const signer = new Signer(secrets.signingKey, 'cursor');
  const jwt = new JwtIssuer(secrets.jwtSecret, config.jwt.issuer, config.jwt.ttlSeconds);

  const identity = new IdentityService(new UsersRepo(database.db), jwt, config.scryptCost);
  const stores = new StoresService(new StoresRepo(database.db), aead, plans);

  const rateStore = overrides.rateStore ?? (redis ? new RedisRateStore(redis, `${config.redisPrefix}rl:`) : new MemoryRateStore());
  closers.unshift(() => rateStore.close());

  // Background work (audit batches, cache bus) reports on stderr: request logs stay with
  // Fastify, and CLI commands keep stdout for their (--json) output.
  const log = pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination(2));
  let apiKeys: ApiKeysModule;
  try {
    apiKeys = await buildApiKeysModule({
      db: database.db,
      dialect: database.dialect,
      stores,
      plans,
      redis,
      redisPrefix: config.redisPrefix,
      now: overrides.now ?? Date.now,
      ...(overrides.apiKeys ? { options: overrides.apiKeys } : {}),
      onError: (err, message) => log.error({ err }, message),
    });
  } catch (err) {
    for (const close of closers) await close();
    throw err;
  }
  // Before the database and Redis close: buffered audit events are written first.
  closers.unshift(() => apiKeys.close());

  const pageContext = pageContextFactory(config.publicUrl, signer);
  const readiness = [{ name: 'database', check: () => database.ping() }];
  if (redis) readiness.push({ name: 'redis', check: async () => void (await redis.ping()) });

  const appDeps: Omit<AppDeps, 'logger'> = {
    config,
    version: VERSION,
    resolvers: { ...coreResolvers(identity, stores), K: apiKeys.authenticator.resolver },
    onUnacceptedCredential: (cred, info) => apiKeys.authenticator.unaccepted(cred, info),
    corsOriginAllowed: (origin) => apiKeys.service.originInUse(origin),
    rateStore,
    rateLimitFor: (tier) => plans.requestsPerMinute(tier),
    readiness,
    routes: (app: App) => {
      identityRoutes(app, { identity });
      storesRoutes(app, { stores, pageContext });
      plansRoutes(app, { plans });
      apiKeysRoutes(app, { apiKeys: apiKeys.service, pageContext });
    },
  };

  return {
    config,
    database,
    redis,
    plans,
    signer,
    identity,
    stores,
    apiKeys,
    rateStore,
    appDeps,
    async close() {
      for (const close of closers) await close();
    },
  };
}
