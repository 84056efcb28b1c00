import fs from 'node:fs';
import { Redis } from 'ioredis';
import { destination, pino, type Logger } from 'pino';
import type { AppDeps } from '../app.js';
import type { App } from '../platform/http/app-type.js';
import { EventBus } from '../platform/events.js';
import type { Config } from '../config/index.js';
import { Aead } from '../platform/crypto/aead.js';
import { loadServerSecrets } from '../platform/crypto/server-secrets.js';
import { Signer } from '../platform/crypto/signer.js';
import { openDatabase, sqlitePath, type Database } from '../platform/db/index.js';
import { claimDataDir } from '../platform/backup/data-dir-claim.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { pageContextFactory } from '../platform/http/pagination.js';
import { MemoryRateStore, RedisRateStore, type RateStore } from '../platform/http/rate-limit.js';
import { REDACT_PATHS } from '../platform/log/logger.js';
import { apiKeysRoutes, buildApiKeysModule, type ApiKeysModule, type ApiKeysOptions } from '../modules/api-keys/index.js';
import { coreResolvers } from '../modules/identity/credentials.js';
import { IdentityService } from '../modules/identity/identity.service.js';
import { identityRoutes } from '../modules/identity/identity.routes.js';
import { JwtIssuer } from '../modules/identity/jwt.js';
import { UsersRepo } from '../modules/identity/identity.repo.js';
import { Plans, loadPlanTable, type PlanTable } from '../modules/plans/plans.service.js';
import { plansRoutes } from '../modules/plans/plans.routes.js';
import { StoresRepo } from '../modules/stores/stores.repo.js';
import { StoresService } from '../modules/stores/stores.service.js';
import { storesRoutes } from '../modules/stores/stores.routes.js';
import { JobEvents } from '../modules/jobs/job-events.js';
import { JobRunner } from '../modules/jobs/job-runner.js';
import { JobsRepo } from '../modules/jobs/jobs.repo.js';
import { JobsService } from '../modules/jobs/jobs.service.js';
import { Idempotency } from '../modules/wallet/idempotency.js';
import { IdempotencyRepo } from '../modules/wallet/idempotency.repo.js';
import { WalletRepo } from '../modules/wallet/wallet.repo.js';
import { walletRoutes } from '../modules/wallet/wallet.routes.js';
import { WalletService } from '../modules/wallet/wallet.service.js';
import { SafeFetcher, type Resolver } from '../platform/fetch/safe-fetch.js';
import { webhooksJobs, webhooksRoutes, type WebhooksModule, type WebhooksOptions } from '../modules/webhooks/index.js';
import { InProcessQueue } from '../platform/queue/inprocess.js';
import type { Queue } from '../platform/queue/queue.js';
import { JobRegistry, type JobHandlers } from '../platform/queue/registry.js';
import type { BlobStore } from '../platform/storage/blob-store.js';
import { DiskBlobStore } from '../platform/storage/disk.js';
import { filesRoutes } from '../platform/storage/files.routes.js';
import { AI_FIX_JOB, fixJobBinding } from '../modules/preflight/preflight.jobs.js';
import { PreflightRepo } from '../modules/preflight/preflight.repo.js';
import { preflightRoutes } from '../modules/preflight/preflight.routes.js';
import { PreflightService } from '../modules/preflight/preflight.service.js';
import { createBgRemovalProvider } from '../modules/bg-remove/remove-bg.provider.js';
import { BG_REMOVE_KIND, bgRemoveJob } from '../modules/bg-remove/bg-remove.jobs.js';
import { BgRemoveService } from '../modules/bg-remove/bg-remove.service.js';
import { ImageSources } from '../modules/catalog/image-sources.js';
import { bgRemoveRoutes } from '../modules/bg-remove/bg-remove.routes.js';
import { realEngines, type StudioEngines } from '../modules/studio/studio.engines.js';
import { PaidOperations } from '../modules/wallet/paid-operations.js';
import { OperationsRepo } from '../modules/wallet/operations.repo.js';
import { studioJobHandlers, type StudioHandlerDeps } from '../modules/studio/studio.jobs.js';
import { STUDIO_KINDS } from '../modules/studio/studio.kinds.js';
import { StudioRepo } from '../modules/studio/studio.repo.js';
import { studioRoutes } from '../modules/studio/studio.routes.js';
import { StudioService } from '../modules/studio/studio.service.js';
import { buildCatalogModule, catalogRoutes, type CatalogModule } from '../modules/catalog/index.js';
import { ensurePrivateDir } from '../platform/private-fs.js';
import { buildDesignsModule, type DesignsModule } from '../modules/designs/index.js';
import { designsRoutes } from '../modules/designs/designs.routes.js';
import { projectsRoutes } from '../modules/projects/projects.routes.js';
import { jobsRoutes } from '../modules/jobs/jobs.routes.js';
import { PDF_KIND } from '../modules/print/print.kinds.js';
import { pdfJob } from '../modules/print/print.jobs.js';
import { pdfRoutes } from '../modules/print/print.routes.js';
import { PdfService } from '../modules/print/print.service.js';
import { Metrics } from '../platform/metrics/metrics.js';
import { jobMetrics } from '../modules/jobs/jobs.metrics.js';
import { walletMetrics } from '../modules/wallet/wallet.metrics.js';
import { inferenceTimer } from '../platform/metrics/inference.js';
import { timedEngines } from '../modules/studio/studio.engines.js';

/**
 * Job kinds the service ships with, each bound to its handler. The pay-per-token services
 * add theirs here; a kind declared without a handler stops the start.
 */
export const BUILTIN_JOBS: JobHandlers = [];

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
  /** job kinds and handlers besides the built-in ones (tests define their own) */
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
  studio: StudioService;
  /** charged synchronous calls: charge, run, refund once on failure, crash sweep */
  operations: PaidOperations;
  /** products, sides, templates, images, cliparts, fonts, categories */
  catalog: CatalogModule;
  /** designs and projects (orders) */
  designs: DesignsModule;
  /** print-ready PDF jobs */
  pdf: PdfService;
  appDeps: Omit<AppDeps, 'logger'>;
  /** runs job workers in this process (serve in embedded mode, `folio worker`) */
  startWorkers(): Promise<void>;
  /** stops the workers: no new jobs; running ones finish within the shutdown timeout or are left to their lease */
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export async function buildDeps(config: Config, overrides: Overrides = {}): Promise<Deps> {
  // Database, blobs and secrets live here: private to the service's user (0700).
  ensurePrivateDir(config.dataDir);
  const secrets = loadServerSecrets(config.dataDir, {
    ...(config.jwt.secret ? { jwtSecret: config.jwt.secret } : {}),
    ...(config.encryptionKey ? { encryptionKey: config.encryptionKey } : {}),
    ...(config.signingKey ? { signingKey: config.signingKey } : {}),
  });
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, poolWaitMs: config.dbPoolWaitMs });
  const closers: Array<() => Promise<void>> = [];
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }
  // The embedded database file is marked in use while it is open (folio restore checks).
  const file = database.dialect === 'sqlite' ? sqlitePath(config.databaseUrl, config.dataDir) : ':memory:';
  const release = file === ':memory:' ? () => undefined : claimDataDir(config.dataDir);
  closers.push(async () => {
    try {
      await database.close();
    } finally {
      release();
    }
  });

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

  const events = new EventBus();
  const identity = new IdentityService(new UsersRepo(database.db), jwt, config.scryptCost);
  const stores = new StoresService(new StoresRepo(database.db), aead, plans);

  // Background work (jobs, audit batches, cache bus) reports on stderr: request logs stay
  // with Fastify, and CLI commands keep stdout for their (--json) output.
  const logger = overrides.logger ?? pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination(2));
  // Each process (and each app a test builds) its own registry: nothing global.
  const metrics = new Metrics({
    enabled: config.metrics.enabled,
    onCollectError: (name, err) => logger.warn({ err, metric: name }, 'collecting a metric failed; left out of this scrape'),
  });
  const timeInference = inferenceTimer(metrics);

  const topUp = new URL(config.billingUrl);
  topUp.searchParams.set('topup', 'tokens');
  const idempotency = new Idempotency(database.db, new IdempotencyRepo(database.db));
  const wallet = new WalletService(database.db, new WalletRepo(database.db, database.dialect), idempotency, {
    topUpUrl: topUp.toString(),
    signupTokens: config.signupTokens,
    metrics: walletMetrics(metrics),
  });
  identity.onSignup((user) => wallet.grantSignup(user.id));

  const blobs: BlobStore =
    config.storage.driver === 's3'
      ? new (await import('../platform/storage/s3.js')).S3BlobStore(config.storage)
      : new DiskBlobStore(config.storage.root, new Signer(secrets.signingKey, 'blob-link'), config.publicUrl);
  const fetcher = new SafeFetcher({
    allowlist: config.fetch.allowlist,
    maxBytes: config.fetch.maxBytes,
    timeoutMs: config.fetch.timeoutMs,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
    userAgent: `Folio/${VERSION} (+${config.publicUrl})`,
  });
  // Pay-per-token services: their engines and job handlers.
  const bgProvider = createBgRemovalProvider(
    config.bgRemove.provider === 'remove.bg'
      ? { kind: 'remove.bg', apiKey: config.bgRemove.removeBgApiKey!, baseUrl: config.bgRemove.removeBgUrl, maxPixels: config.bgRemove.maxPixels }
      : { kind: 'local', maxPixels: config.bgRemove.maxPixels },
  );
  const catalog = buildCatalogModule({ db: database.db, blobs, fetcher, plans, events });
  // The paid services' inputs: Folio's own file links and image ids read from the blob store, other URLs safely fetched.
  const imageSources = new ImageSources({
    blobs,
    publicUrl: config.publicUrl,
    links: blobs instanceof DiskBlobStore ? blobs : null,
    images: catalog.images,
    stores,
    fetcher,
    maxBytes: config.fetch.maxBytes,
  });
  const designs = buildDesignsModule({ db: database.db, events, catalog });
  const preflightRepo = new PreflightRepo(database.db);
  const webhookJobs = webhooksJobs({
    db: database.db,
    aead,
    fetcher,
    userAgent: `Folio-Webhooks/${VERSION} (+${config.publicUrl})`,
    now: overrides.now ?? Date.now,
    ...(overrides.webhooks ? { options: overrides.webhooks } : {}),
  });
  const serviceJobs: JobHandlers = [
    bgRemoveJob({ sources: imageSources, blobs, provider: bgProvider, time: timeInference }),
    fixJobBinding(() => ({ repo: preflightRepo, blobs })),
    webhookJobs.binding,
    pdfJob(() => ({ designs: designs.designs, catalog, blobs })),
  ];

  // Jobs: every kind needs its handler, and so does every type still pending in the table.
  const registry = new JobRegistry();
  // The studio's handlers need the blob store and the service, built further down.
  let studioHandlerDeps: StudioHandlerDeps | null = null;
  const studioHandlers = studioJobHandlers(() => {
    if (!studioHandlerDeps) throw new Error('studio services are not built yet');
    return studioHandlerDeps;
  });
  registry.register([...BUILTIN_JOBS, ...serviceJobs, ...studioHandlers, ...(overrides.jobs ?? [])]);
  const jobsRepo = new JobsRepo(database.db);
  try {
    registry.assertComplete(await jobsRepo.typesInUse());
  } catch (err) {
    for (const close of closers) await close();
    throw err;
  }
  // The scale-out drivers load only when configured (BullMQ and the AWS SDK are heavy imports).
  const queue: Queue =
    config.jobs.queue === 'bullmq'
      ? new (await import('../platform/queue/bullmq.js')).BullMqQueue(jobsRepo, { url: config.redisUrl!, prefix: config.redisPrefix, sweepMs: config.jobs.pollMs, logger })
      : new InProcessQueue(jobsRepo, { pollMs: config.jobs.pollMs, logger });
  const jobs = new JobsService(database.db, jobsRepo, wallet, idempotency, queue, registry, { maxAttempts: config.jobs.maxAttempts });
  // Finished jobs are announced (`jobs` events, each kind in its read endpoint's shape) and
  // webhook deliveries settled, inside the transaction that finishes the job.
  const jobEvents = new JobEvents(events);
  const webhooks = webhookJobs.attach({ jobs, plans, events });
  const bgRemove = new BgRemoveService(jobs, blobs, bgProvider.name, imageSources);
  jobEvents.setView(BG_REMOVE_KIND.type, (job) => bgRemove.present(job as never));
  const pdf = new PdfService({ jobs, designs: designs.designs, projects: designs.projects, blobs });
  jobEvents.setView(PDF_KIND.type, (job) => pdf.present(job as never));
  const runner = new JobRunner(
    { db: database.db, repo: jobsRepo, wallet, registry, queue, logger, metrics: jobMetrics(metrics, { repo: jobsRepo, queue }) },
    { concurrency: config.jobs.concurrency, leaseMs: config.jobs.leaseMs, retryBaseMs: overrides.jobRetryBaseMs ?? 1000 },
    async (tx, row, kind) => {
      await jobEvents.onFinished(tx, row, kind);
      await webhooks.service.onJobFinished(tx, row);
    },
  );
  let maintenance: NodeJS.Timeout | null = null;
  let studioOps: PaidOperations | null = null;
  const stopWorkers = async () => {
    studioOps?.stop();
    if (maintenance) clearInterval(maintenance);
    maintenance = null;
    await runner.stop(config.shutdownTimeoutMs);
  };
  const startWorkers = async () => {
    await runner.start();
    // Models load once per worker process, before the first job pays for it.
    if (config.warmup && bgProvider.warmup) {
      const t0 = Date.now();
      void bgProvider.warmup().then(
        (report) => logger.info({ report, ms: Date.now() - t0 }, 'background removal engine warm'),
        (err: unknown) => logger.warn({ err }, 'background removal warm-up failed'),
      );
    }
    // Idempotency keys older than 24 h are dead weight; keys expiring within 7 days are announced
    // (webhooks); API-key authentication events past FOLIO_AUDIT_RETENTION_DAYS are pruned.
    const sweepKeys = () => {
      void apiKeys.service.sweepExpiring().catch((err: unknown) => logger.warn({ err }, 'api key expiry sweep failed'));
      // Authentication attempts past the retention period go; lifecycle events stay.
      void apiKeys.service.pruneAudit(config.auditRetentionDays).catch((err: unknown) => logger.warn({ err }, 'api key audit pruning failed'));
    };
    if (!maintenance) sweepKeys();
    maintenance ??= setInterval(() => {
      void idempotency.sweep().catch((err: unknown) => logger.warn({ err }, 'idempotency sweep failed'));
      sweepKeys();
    }, 15 * 60_000);
    // Charged sync studio calls whose process died are refunded (past their deadline, or at once when embedded).
    // On the embedded stack this is the only process: every running call is a dead one's.
    studioOps?.start({ orphansAtStart: database.dialect === 'sqlite' });
    maintenance.unref();
  };

  const preflight = new PreflightService({
    db: database.db,
    repo: preflightRepo,
    jobs,
    blobs,
    fetcher,
    sources: imageSources,
    plans,
    accountTier: (accountId) => stores.accountTier(accountId),
  });
  jobEvents.setView(AI_FIX_JOB.type, (job, tx) => preflight.presentJob(job as never, tx));
  const studioRepo = new StudioRepo(database.db);
  studioOps = new PaidOperations(database.db, new OperationsRepo(database.db), wallet, idempotency, {
    leaseMs: config.operationLeaseMs,
    onError: (err) => logger.warn({ err }, 'paid operation sweep failed'),
  });
  const studioEngines = timedEngines(overrides.studioEngines ?? realEngines, timeInference);
  const studio = new StudioService({ db: database.db, repo: studioRepo, jobs, operations: studioOps, blobs, fetcher, sources: imageSources, plans, stores, engines: studioEngines });
  studioHandlerDeps = { repo: studioRepo, jobs, blobs, engines: studioEngines, studio };

  for (const kind of STUDIO_KINDS) jobEvents.setView(kind.type, (job, tx) => studio.finishedView(job, tx));
  // Closed first, in this order: workers, queue, blob store; then the rate store, Redis, the database.
  closers.unshift(
    () => stopWorkers(),
    // The engine's worker thread must end before the process does (onnxruntime aborts otherwise).
    async () => bgProvider.close?.(),
    () => queue.close(),
    () => blobs.close(),
  );

  const rateStore = overrides.rateStore ?? (redis ? new RedisRateStore(redis, `${config.redisPrefix}rl:`) : new MemoryRateStore());
  closers.splice(4, 0, () => rateStore.close());

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
      events,
      ...(overrides.apiKeys ? { options: overrides.apiKeys } : {}),
      onError: (err, message) => logger.error({ err }, message),
    });
  } catch (err) {
    for (const close of closers) await close();
    throw err;
  }
  // Before the database and Redis close: buffered audit events are written first.
  closers.unshift(() => apiKeys.close());

  const pageContext = pageContextFactory(config.publicUrl, signer);
  try {
    await catalog.seedDefaults();
  } catch (err) {
    for (const close of closers) await close();
    throw err;
  }
  const readiness = [
    { name: 'database', check: () => database.ping() },
    { name: 'queue', check: () => queue.ping() },
    { name: 'blobs', check: () => blobs.ping() },
  ];
  if (redis) readiness.push({ name: 'redis', check: async () => void (await redis.ping()) });
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
    routes: async (app: App) => {
      identityRoutes(app, { identity });
      storesRoutes(app, { stores, pageContext });
      plansRoutes(app, { plans });
      apiKeysRoutes(app, { apiKeys: apiKeys.service, pageContext });
      webhooksRoutes(app, { webhooks: webhooks.service, pageContext });
      walletRoutes(app, { wallet, pageContext });
      preflightRoutes(app, { preflight, idempotency, pageContext });
      bgRemoveRoutes(app, { bgRemove, idempotency });
      if (blobs instanceof DiskBlobStore) filesRoutes(app, { blobs });
      await studioRoutes(app, { studio, idempotency, maxFileBytes: config.uploadMaxBytes });
      await catalogRoutes(app, { catalog, pageContext, uploadMaxBytes: config.uploadMaxBytes });
      designsRoutes(app, { designs: designs.designs, catalog, pageContext });
      projectsRoutes(app, { projects: designs.projects, designs: designs.designs, products: catalog.products, pageContext });
      pdfRoutes(app, { pdf });
      jobsRoutes(app, { db: database.db, jobs, jobEvents });
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
    events,
    apiKeys,
    rateStore,
    logger,
    metrics,
    wallet,
    idempotency,
    registry,
    queue,
    jobs,
    jobEvents,
    webhooks,
    runner,
    blobs,
    fetcher,
    preflight,
    studio,
    operations: studioOps,
    catalog,
    designs,
    pdf,
    appDeps,
    startWorkers,
    stopWorkers,
    async close() {
      for (const close of closers) {
        try {
          await close();
        } catch (err) {
          logger.error({ err }, 'closing a resource failed');
        }
      }
    },
  };
}

/**
 * Scrape-time gauges of the platform: the database's connections, and whether Redis answers
 * a PING within the collection timeout (a failed or slow ping reads 0, never a failed scrape).
 */
function platformGauges(metrics: Metrics, database: Database, redis: Redis | null): void {
  metrics.gauge('folio_db_pool_connections', 'Database connections by state (PostgreSQL pool: max, total, idle, waiting; SQLite: one connection)', ['dialect', 'state'], (set) => {
    const p = database.pool();
    for (const [state, n] of Object.entries(p)) if (n !== null) set({ dialect: database.dialect, state }, n);
  });
  if (redis) {
    metrics.gauge('folio_redis_up', 'Redis answered PING within 500 ms at this scrape (1) or not (0)', [], async (set) => {
      const up = await Promise.race([
        redis.ping().then(() => 1, () => 0),
        new Promise<number>((resolve) => setTimeout(() => resolve(0), 500).unref()),
      ]);
      set({}, up);
    });
  }
}
