import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { Queue } from '../../platform/queue/queue.js';
import type { AnyJobKind, JobHandlers, JobRegistry } from '../../platform/queue/registry.js';
import type { FolioModule } from '../contract.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { JobEvents } from './job-events.js';
import { JobRunner, type RunnerOptions } from './job-runner.js';
import type { JobMetrics } from './jobs.metrics.js';
import type { JobRow, JobsRepo } from './jobs.repo.js';
import { jobsRoutes } from './jobs.routes.js';
import type { JobsService } from './jobs.service.js';

export { JobEvents, viewOf, type JobView } from './job-events.js';
export { JobRunner } from './job-runner.js';
export { JobsRepo } from './jobs.repo.js';
export { JobsService, toJob, type Job } from './jobs.service.js';

export interface JobsModuleDeps {
  db: Db;
  repo: JobsRepo;
  /** creates (and charges for) jobs; the other modules were built with it */
  jobs: JobsService;
  registry: JobRegistry;
  queue: Queue;
  wallet: WalletService;
  jobEvents: JobEvents;
  logger: ConstructorParameters<typeof JobRunner>[0]['logger'];
  metrics?: JobMetrics;
  options: RunnerOptions;
  /** how long a stop waits for running jobs before aborting them (FOLIO_SHUTDOWN_TIMEOUT_MS) */
  shutdownTimeoutMs: number;
  /** every other module: their job kinds, views and finished-job hooks */
  modules: readonly FolioModule[];
  /** job kinds besides the modules' (tests declare their own) */
  extraJobs?: JobHandlers;
}

export interface JobsModule extends FolioModule {
  /** the workers of this process */
  runner: JobRunner;
}

/**
 * The jobs module proper, built after every module that declares job kinds: registers their
 * handlers and views, checks that every kind (and every type still pending in the table) has
 * a handler, and runs the workers. A job's end is announced inside the transaction that
 * records it: the `jobs` domain event, then each module's `onJobFinished` (webhook deliveries).
 * `JobsService` (creating jobs, charging for them) is built before the other modules.
 */
export async function buildJobsModule(deps: JobsModuleDeps): Promise<JobsModule> {
  for (const m of deps.modules) {
    if (m.jobs) deps.registry.register(m.jobs);
    for (const [type, view] of Object.entries(m.views ?? {})) deps.jobEvents.setView(type, view);
  }
  if (deps.extraJobs) deps.registry.register(deps.extraJobs);
  deps.registry.assertComplete(await deps.repo.typesInUse());

  const hooks = deps.modules.flatMap((m) => (m.onJobFinished ? [m.onJobFinished] : []));
  const runner = new JobRunner(
    { db: deps.db, repo: deps.repo, wallet: deps.wallet, registry: deps.registry, queue: deps.queue, logger: deps.logger, ...(deps.metrics ? { metrics: deps.metrics } : {}) },
    deps.options,
    async (tx: DbOrTx, row: JobRow, kind: AnyJobKind) => {
      await deps.jobEvents.onFinished(tx, row, kind);
      for (const hook of hooks) await hook(tx, row, kind);
    },
  );
  const schemas = deps.modules.flatMap((m) => m.jobSchemas ?? []);
  return {
    name: 'jobs',
    runner,
    routes: (app) => jobsRoutes(app, { db: deps.db, jobs: deps.jobs, jobEvents: deps.jobEvents, schemas }),
    start: () => runner.start(),
    stop: async () => void (await runner.stop(deps.shutdownTimeoutMs)),
  };
}
