import type { Db } from '../../platform/db/index.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ImageSources } from '../catalog/image-sources.js';
import type { FolioModule } from '../contract.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { AI_FIX_JOB, fixJobBinding } from './preflight.jobs.js';
import { PreflightRepo } from './preflight.repo.js';
import { preflightRoutes } from './preflight.routes.js';
import { PreflightService } from './preflight.service.js';

export { PreflightService } from './preflight.service.js';

export interface PreflightModuleDeps {
  db: Db;
  jobs: JobsService;
  idempotency: Idempotency;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  sources: ImageSources;
  plans: Plans;
  /** the account's tier (highest among its stores): quotas are per account */
  accountTier(accountId: string): Promise<string>;
  pageContext: PageContextFactory;
}

/** Preflight: DPI score, checks (a monthly quota), and paid AI fix jobs (`preflight.ai_fix`). */
export function buildPreflightModule(deps: PreflightModuleDeps): FolioModule & { preflight: PreflightService } {
  const repo = new PreflightRepo(deps.db);
  const preflight = new PreflightService({ db: deps.db, repo, jobs: deps.jobs, blobs: deps.blobs, fetcher: deps.fetcher, sources: deps.sources, plans: deps.plans, accountTier: deps.accountTier });
  return {
    name: 'preflight',
    preflight,
    jobs: [fixJobBinding({ repo, blobs: deps.blobs })],
    views: { [AI_FIX_JOB.type]: viewOf(AI_FIX_JOB, (job, tx) => preflight.presentJob(job, tx)) },
    routes: (app) => preflightRoutes(app, { preflight, idempotency: deps.idempotency, pageContext: deps.pageContext }),
  };
}
