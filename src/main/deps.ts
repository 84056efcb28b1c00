import fs from 'node:fs';
import { Redis } from 'ioredis';
import { destination, pino, type Logger } from 'pino';
import type { AppDeps } from '../app.js';
import type { Config } from '../config/index.js';
import { claimDataDir } from '../platform/backup/data-dir-claim.js';
import { Aead } from '../platform/crypto/aead.js';
import { loadServerSecrets } from '../platform/crypto/server-secrets.js';
import { Signer } from '../platform/crypto/signer.js';
import { openDatabase, sqlitePath, type Database } from '../platform/db/index.js';
import { ConditionalGets } from '../platform/http/conditional.js';
import { storeVersionReader } from '../platform/db/store-versions.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { EventBus } from '../platform/events.js';
import { SafeFetcher, type Resolver } from '../platform/fetch/safe-fetch.js';
import type { ReadinessCheck } from '../platform/http/app-type.js';
import { pageContextFactory } from '../platform/http/pagination.js';
import { MemoryRateStore, RedisRateStore, type RateStore } from '../platform/http/rate-limit.js';
import { REDACT_PATHS } from '../platform/log/logger.js';
import { inferenceTimer } from '../platform/metrics/inference.js';
import { Metrics } from '../platform/metrics/metrics.js';
import { ensurePrivateDir } from '../platform/private-fs.js';
import { InProcessQueue } from '../platform/queue/inprocess.js';
import type { Queue } from '../platform/queue/queue.js';
import { JobRegistry, type JobHandlers } from '../platform/queue/registry.js';
import type { BlobStore } from '../platform/storage/blob-store.js';
import { DiskBlobStore } from '../platform/storage/disk.js';
import { filesRoutes } from '../platform/storage/files.routes.js';
import type { FolioModule } from '../modules/contract.js';
import { buildApiKeysModule, type ApiKeysModule, type ApiKeysOptions } from '../modules/api-keys/index.js';
import { buildBgRemoveModule } from '../modules/bg-remove/index.js';
import type { BgRemoveService } from '../modules/bg-remove/bg-remove.service.js';
import { buildCatalogModule, type CatalogModule } from '../modules/catalog/index.js';
import { ImageSources } from '../modules/catalog/image-sources.js';
import { buildCustomizerModule } from '../modules/customizer/index.js';
import { buildAdminModule } from '../modules/admin/index.js';
import { buildDesignsModule, type DesignsModule } from '../modules/designs/index.js';
import { buildOrdersModule, type OrdersService } from '../modules/orders/index.js';
import { buildIdentityModule, coreResolvers, JwtIssuer, type IdentityService } from '../modules/identity/index.js';
import { buildGangSheetsModule } from '../modules/gang-sheets/index.js';
import { buildImpositionModule } from '../modules/imposition/index.js';
import { buildProductionModule, type ProductionService } from '../modules/production/index.js';
import { buildJobsModule, JobEvents, JobsRepo, JobsService, type JobRunner } from '../modules/jobs/index.js';
import { jobMetrics } from '../modules/jobs/jobs.metrics.js';
import { buildMergeModule } from '../modules/merge/index.js';
import { buildMockupsModule } from '../modules/mockups/index.js';
import { buildPlansModule, loadPlanTable, Plans, type PlanTable } from '../modules/plans/index.js';
import { buildPreflightModule, type PreflightService } from '../modules/preflight/index.js';
import { buildPrintModule, type PdfService } from '../modules/print/index.js';
import { buildProofsModule, ProofLinks } from '../modules/proofs/index.js';
import { buildProjectsModule, type ProjectsService } from '../modules/projects/index.js';
import { buildStoresModule, type StoresService } from '../modules/stores/index.js';
import { buildStudioModule, type StudioService } from '../modules/studio/index.js';
import { realEngines, timedEngines, type StudioEngines } from '../modules/studio/studio.engines.js';
import { buildWalletModule, type Idempotency, type PaidOperations, type WalletService } from '../modules/wallet/index.js';
import { walletMetrics } from '../modules/wallet/wallet.metrics.js';
import { buildWebhooksModule, type WebhooksModule, type WebhooksOptions } from '../modules/webhooks/index.js';
import { buildIntegrationsModule } from '../modules/integrations/index.js';
import { buildDeliveryModule, type DeliveryModule, type DeliveryOptions } from '../modules/delivery/index.js';
import { platformGauges } from './platform-gauges.js';

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
  /** job kinds and handlers besides the modules' (tests define their own) */
  jobs?: JobHandlers;
  /** first retry delay of a failed job handler (default 1 s; tests go faster) */
  jobRetryBaseMs?: number;
  /** name resolution of the safe fetcher (tests use a stub) */
  resolver?: Resolver;
  /** webhook retry schedule and attempt deadline (tests shorten them) */
  webhooks?: Partial<WebhooksOptions>;
  /** the studio's engines (tests replace them to simulate engine failures) */
  studioEngines?: StudioEngines;
  /** the background logger (jobs, audit batches) instead of pino on stderr (tests capture it) */
  logger?: Logger;
  /** how often a running merge writes its progress (default 1 s; tests read it sooner) */ mergeProgressEveryMs?: number;
  /** delivery retry schedule, deadlines and transport faults (tests) */ delivery?: Partial<DeliveryOptions>;
  /** the back office's build folder instead of dist/admin (bench/admin-load.ts compares two builds) */ adminDir?: string;
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
  /** domain events (webhooks subscribe) */
  events: EventBus;
  apiKeys: ApiKeysModule;
  rateStore: RateStore;
  logger: Logger;
  /** Prometheus metrics of this process (FOLIO_METRICS) */
  metrics: Metrics;
  wallet: WalletService;
  idempotency: Idempotency;
  /** charged synchronous calls: charge, run, refund once on failure, crash sweep */
  operations: PaidOperations;
  registry: JobRegistry;
  queue: Queue;
  jobs: JobsService;
  /** `jobs` domain events and each kind's public view */
  jobEvents: JobEvents;
  webhooks: WebhooksModule;
  /** the workers of this process; `startWorkers` runs them */
  runner: JobRunner;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  preflight: PreflightService;
  bgRemove: BgRemoveService;
  studio: StudioService;
  /** products, sides, templates, images, cliparts, fonts, categories */
  catalog: CatalogModule;
  designs: DesignsModule;
  projects: ProjectsService;
  /** print-ready PDF jobs */
  pdf: PdfService;
  /** the order lifecycle: transitions, frozen designs, print files */
  orders: OrdersService;
  /** production batches of approved orders */
  production: ProductionService;
  /** delivery targets and deliveries to them (`delivery.deliveries.enqueue`) */
  delivery: DeliveryModule;
  /** the modules, in build (and start) order */
  modules: readonly FolioModule[];
  appDeps: Omit<AppDeps, 'logger'>;
  /** starts every module's background work in order: sweeps, model warm-up, job workers last */
  startWorkers(): Promise<void>;
  /** stops it in reverse: no new jobs; running ones finish within the shutdown timeout or are left to their lease */
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

/** What `close` releases, last acquired first; also the one clean-up path when building fails. */
class Resources {
  private readonly closers: Array<() => Promise<void> | void> = [];
  constructor(private readonly onError: (err: unknown) => void) {}

  add(close: () => Promise<void> | void): void {
    this.closers.push(close);
  }

  async close(): Promise<void> {
    while (this.closers.length > 0) {
      try {
        await this.closers.pop()!();
      } catch (err) {
        this.onError(err);
      }
    }
  }
}

export async function buildDeps(config: Config, overrides: Overrides = {}): Promise<Deps> {
  // Database, blobs and secrets live here: private to the service's user (0700).
  ensurePrivateDir(config.dataDir);
  const secrets = loadServerSecrets(config.dataDir, {
    ...(config.jwt.secret ? { jwtSecret: config.jwt.secret } : {}),
    ...(config.encryptionKey ? { encryptionKey: config.encryptionKey } : {}),
    ...(config.signingKey ? { signingKey: config.signingKey } : {}),
  });
  // Background work (jobs, audit batches, cache bus) reports on stderr: request logs stay
  // with Fastify, and CLI commands keep stdout for their (--json) output.
  const logger = overrides.logger ?? pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination(2));
  const resources = new Resources((err) => logger.error({ err }, 'closing a resource failed'));
  try {
    return await compose(config, overrides, secrets, logger, resources);
  } catch (err) {
    await resources.close();
    throw err;
  }
}

async function compose(config: Config, overrides: Overrides, secrets: ReturnType<typeof loadServerSecrets>, logger: Logger, resources: Resources): Promise<Deps> {
  // ---- platform: database, Redis, blobs, queue, rate store (closed in reverse) ------------
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, poolWaitMs: config.dbPoolWaitMs, preparedStatements: config.dbPreparedStatements });
  let release = () => undefined as void;
  resources.add(async () => {
    try {
      await database.close();
    } finally {
      release();
    }
  });
  await migrateToLatest(database.db, database.dialect);
  // The embedded database file is marked in use while it is open (folio restore checks).
  if (database.dialect === 'sqlite' && sqlitePath(config.databaseUrl, config.dataDir) !== ':memory:') release = claimDataDir(config.dataDir);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }) : null;
  if (redis) {
    // Connection errors surface through /v1/ready and failing calls, not as crashes.
    redis.on('error', () => undefined);
    resources.add(async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const rateStore = overrides.rateStore ?? (redis ? new RedisRateStore(redis, `${config.redisPrefix}rl:`) : new MemoryRateStore());
  resources.add(() => rateStore.close());
  // The scale-out drivers load only when configured (BullMQ and the AWS SDK are heavy imports).
  const blobs: BlobStore =
    config.storage.driver === 's3'
      ? new (await import('../platform/storage/s3.js')).S3BlobStore(config.storage)
      : new DiskBlobStore(config.storage.root, new Signer(secrets.signingKey, 'blob-link'), config.publicUrl);
  resources.add(() => blobs.close());
  const jobsRepo = new JobsRepo(database.db);
  const queue: Queue =
    config.jobs.queue === 'bullmq'
      ? new (await import('../platform/queue/bullmq.js')).BullMqQueue(jobsRepo, { url: config.redisUrl!, prefix: config.redisPrefix, sweepMs: config.jobs.pollMs, logger })
      : new InProcessQueue(jobsRepo, { pollMs: config.jobs.pollMs, logger });
  resources.add(() => queue.close());

  // Each process (and each app a test builds) its own registry: nothing global.
  const metrics = new Metrics({ enabled: config.metrics.enabled, onCollectError: (name, err) => logger.warn({ err, metric: name }, 'collecting a metric failed; left out of this scrape') });
  const signer = new Signer(secrets.signingKey, 'cursor');
  const aead = new Aead(secrets.encryptionKey);
  const events = new EventBus();
  const pageContext = pageContextFactory(config.publicUrl, signer);
  const fetcher = new SafeFetcher({
    allowlist: config.fetch.allowlist,
    maxBytes: config.fetch.maxBytes,
    timeoutMs: config.fetch.timeoutMs,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
    userAgent: `Folio/${VERSION} (+${config.publicUrl})`,
  });
  const now = overrides.now ?? Date.now;
  const onError = (err: unknown, message: string) => logger.warn({ err }, message);
  const time = inferenceTimer(metrics);

  // ---- modules, each from its narrow dependencies, in dependency order ---------------------
  const modules: FolioModule[] = [];
  const add = <M extends FolioModule>(m: M): M => {
    modules.push(m);
    if (m.close) resources.add(() => m.close!());
    return m;
  };
  const plans = add(
    buildPlansModule({ plans: new Plans(overrides.plans ?? loadPlanTable(config.plansFile), config.billingUrl), serveBillingPage: config.billingUrl === `${config.publicUrl}/billing` }),
  ).plans;
  const topUp = new URL(config.billingUrl);
  topUp.searchParams.set('topup', 'tokens');
  const walletModule = add(
    buildWalletModule({ db: database.db, dialect: database.dialect, pageContext, topUpUrl: topUp.toString(), signupTokens: config.signupTokens, operationLeaseMs: config.operationLeaseMs, metrics: walletMetrics(metrics), onError }),
  );
  const { wallet, idempotency, operations } = walletModule;
  const jwt = new JwtIssuer(secrets.jwtSecret, config.jwt.issuer, config.jwt.ttlSeconds);
  // the credential caches' buses (identity, stores; api-keys below): Redis when there is one
  const busDeps = { redis, dataVersion: database.dataVersion, redisPrefix: config.redisPrefix, onError: (err: unknown, message: string) => logger.error({ err }, message) };
  const { identity } = add(await buildIdentityModule({ db: database.db, jwt, scryptCost: config.scryptCost, onSignup: [(user) => wallet.grantSignup(user.id)], ...busDeps }));
  const { stores } = add(await buildStoresModule({ db: database.db, aead, plans, pageContext, ...busDeps }));
  const apiKeys = add(
    await buildApiKeysModule({
      db: database.db,
      dialect: database.dialect,
      stores,
      plans,
      redis,
      dataVersion: database.dataVersion,
      redisPrefix: config.redisPrefix,
      now,
      events,
      pageContext,
      auditRetentionDays: config.auditRetentionDays,
      ...(overrides.apiKeys ? { options: overrides.apiKeys } : {}),
      onError: (err, message) => logger.error({ err }, message),
    }),
  );
  // Jobs are created (and paid for) by the modules below; their kinds are registered with the
  // jobs module, built last, before anything can run.
  const registry = new JobRegistry();
  const jobs = new JobsService(database.db, jobsRepo, wallet, idempotency, queue, registry, { maxAttempts: config.jobs.maxAttempts });
  const webhooks = add(
    buildWebhooksModule({ db: database.db, aead, fetcher, userAgent: `Folio-Webhooks/${VERSION} (+${config.publicUrl})`, now, ...(overrides.webhooks ? { options: overrides.webhooks } : {}), jobs, plans, stores, events, pageContext }),
  );
  const catalog = add(await buildCatalogModule({ db: database.db, blobs, fetcher, plans, events, pageContext, uploadMaxBytes: config.uploadMaxBytes }));
  const { projects } = add(buildProjectsModule({ db: database.db, events, pageContext }));
  const designs = add(buildDesignsModule({ db: database.db, events, catalog, projects, pageContext, blobs }));
  const { pdf } = add(buildPrintModule({ jobs, pages: designs.designPages, blobs, stores }));
  const { orders } = add(buildOrdersModule({ db: database.db, events, projects, pages: designs.designPages, pdf, jobs, products: catalog.products }));
  const delivery = add(
    buildDeliveryModule({ db: database.db, aead, fetcher, blobs, jobs, events, pageContext, hotFolderRoots: config.delivery.hotFolderRoots, now, ...(overrides.delivery ? { options: overrides.delivery } : {}) }),
  );
  // an order's finished print file goes to the store's delivery targets
  orders.deliveries = delivery.deliveries;
  // the shops' paid orders in, their shipments back out
  const integrations = add(
    buildIntegrationsModule({ db: database.db, aead, fetcher, events, jobs, stores, projects, designs: designs.designs, orders, publicUrl: config.publicUrl, shopifyAdminOrigin: config.integrations.shopifyAdminOrigin, signer: new Signer(secrets.signingKey, 'shopify-install') }),
  );
  // The paid services' inputs: Folio's own file links and image ids read from the blob store, other URLs safely fetched.
  const sources = new ImageSources({ blobs, publicUrl: config.publicUrl, links: blobs instanceof DiskBlobStore ? blobs : null, images: catalog.images, stores, fetcher, maxBytes: config.fetch.maxBytes });
  const { bgRemove } = add(buildBgRemoveModule({ config: config.bgRemove, warmup: config.warmup, jobs, idempotency, blobs, sources, images: catalog.images, stores, time, logger }));
  const { preflight } = add(
    buildPreflightModule({ db: database.db, jobs, idempotency, blobs, fetcher, sources, plans, accountTier: (accountId) => stores.accountTier(accountId), images: catalog.images, pageContext }),
  );
  const engines = timedEngines(overrides.studioEngines ?? realEngines, time);
  const { studio } = add(buildStudioModule({ db: database.db, jobs, operations, idempotency, blobs, fetcher, sources, plans, stores, engines, uploadMaxBytes: config.uploadMaxBytes }));
  // Production and previews on the print engine: mockups and proofs, variable data, impositions, gang sheets.
  const mockups = add(buildMockupsModule({ db: database.db, blobs, events, designs, jobs, pageContext, uploadMaxBytes: config.uploadMaxBytes }));
  await mockups.seedDefaults();
  // Proofs of orders: the orders module's ProofMaker (set by the build), on the mockups' proof images.
  const links = new ProofLinks(new Signer(secrets.signingKey, 'proof-link'), config.publicUrl);
  const owner = async (storeId: string) => (await stores.resolveById(storeId))?.ownerId ?? null;
  add(buildProofsModule({ db: database.db, events, orders, projects, pages: designs.designPages, pdf, jobs, mockups: mockups.service, blobs, owner, links, ttlHours: config.proofLinkTtlHours, now }));
  add(buildMergeModule({ jobs, designs, projects, catalog, blobs, stores, fetcher, progressEveryMs: overrides.mergeProgressEveryMs }));
  const impositions = add(buildImpositionModule({ pages: designs.designPages, blobs, jobs }));
  const gangSheets = add(buildGangSheetsModule({ jobs, blobs, pages: designs.designPages }));
  const { production } = add(buildProductionModule({ db: database.db, orders, pages: designs.designPages, jobs, impositions: impositions.service, gangSheets: gangSheets.service, products: catalog.products, pageContext }));
  add(buildCustomizerModule({ apiOrigins: config.customizerApiOrigins, publicUrl: config.publicUrl }));
  add(buildAdminModule(overrides.adminDir ? { dir: overrides.adminDir } : {}));
  // Signed links of the disk blob store are served by the service itself.
  if (blobs instanceof DiskBlobStore) add({ name: 'files', routes: (app) => filesRoutes(app, { blobs }) });
  const jobEvents = new JobEvents(events);
  const jobsModule = add(
    await buildJobsModule({
      db: database.db,
      repo: jobsRepo,
      jobs,
      registry,
      queue,
      wallet,
      jobEvents,
      logger,
      metrics: jobMetrics(metrics, { repo: jobsRepo, queue }),
      options: { concurrency: config.jobs.concurrency, leaseMs: config.jobs.leaseMs, retryBaseMs: overrides.jobRetryBaseMs ?? 1000 },
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      modules: [...modules],
      ...(overrides.jobs ? { extraJobs: overrides.jobs } : {}),
    }),
  );

  // a shop's order is handled at once by this process's workers, not after the queued print files
  integrations.intake.runNow = async (id) => {
    if (jobsModule.runner.running) await jobsModule.runner.run(id);
  };

  // ---- lifecycle: start in order, stop in reverse; close after the last stop --------------
  let started: FolioModule[] = [];
  const startWorkers = async () => {
    for (const m of modules) {
      if (started.includes(m)) continue;
      await m.start?.();
      started.push(m);
    }
  };
  const stopWorkers = async () => {
    const running = started.reverse();
    started = [];
    for (const m of running) await m.stop?.();
  };
  resources.add(stopWorkers);

  const readiness: ReadinessCheck[] = [
    { name: 'database', check: () => database.ping() },
    { name: 'queue', check: () => queue.ping() },
    { name: 'blobs', check: () => blobs.ping() },
    ...(redis ? [{ name: 'redis', check: async () => void (await redis.ping()) }] : []),
    ...modules.flatMap((m) => m.readiness ?? []),
  ];
  platformGauges(metrics, database, redis);

  const appDeps: Omit<AppDeps, 'logger'> = {
    config,
    version: VERSION,
    resolvers: { ...coreResolvers(identity, stores), K: apiKeys.authenticator.resolver },
    onUnacceptedCredential: (cred, info) => apiKeys.authenticator.unaccepted(cred, info),
    corsOriginAllowed: (origin) => apiKeys.service.originInUse(origin),
    rateStore,
    rateLimitFor: (tier) => plans.requestsPerMinute(tier),
    readiness,
    metrics,
    conditional: new ConditionalGets(storeVersionReader(database.db), () => blobs.linkWindow()),
    routes: async (app) => {
      for (const m of modules) await m.routes?.(app);
    },
    pages: async (app) => {
      for (const m of modules) await m.pages?.(app);
    },
  };

  return {
    config, database, redis, plans, signer, identity, stores, events, apiKeys, rateStore, logger, metrics, wallet, idempotency, operations, registry,
    queue, jobs, jobEvents, webhooks, runner: jobsModule.runner, blobs, fetcher, preflight, bgRemove, studio, catalog, designs, projects, pdf,
    orders, production, delivery, modules, appDeps, startWorkers, stopWorkers,
    close: () => resources.close(),
  };
}
