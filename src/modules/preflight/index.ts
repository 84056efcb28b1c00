import type { Db } from '../../platform/db/index.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ImageSources } from '../catalog/image-sources.js';
import type { ImagesService } from '../catalog/images/images.service.js';
import type { FolioModule } from '../contract.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { AI_FIX_JOB, fixJobBinding } from './preflight.jobs.js';
import { PreflightRepo } from './preflight.repo.js';
import type { StoreImages } from './preflight.review.js';
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
  /** the catalog's images: an approved fix is stored as an Image of the job's store */
  images: Pick<ImagesService, 'upload' | 'delete'>;
  pageContext: PageContextFactory;
}

/** The catalog's images service as approval uses it: an Image of one store, uploaded like any other (thumbnails included). */
function storeImages(images: PreflightModuleDeps['images']): StoreImages {
  return {
    save: async (storeId, file) => (await images.upload(null, storeId, { type: null, filename: file.filename, name: file.name, body: file.body })).id,
    remove: (storeId, id) => images.delete(storeId, id),
  };
}

/** Preflight: DPI score, checks (a monthly quota), and paid AI fix jobs (`preflight.ai_fix`). */
export function buildPreflightModule(deps: PreflightModuleDeps): FolioModule & { preflight: PreflightService } {
  const repo = new PreflightRepo(deps.db);
  const preflight = new PreflightService({ db: deps.db, repo, jobs: deps.jobs, blobs: deps.blobs, fetcher: deps.fetcher, sources: deps.sources, plans: deps.plans, accountTier: deps.accountTier, images: storeImages(deps.images) });
  return {
    name: 'preflight',
    preflight,
    jobs: [fixJobBinding({ repo, blobs: deps.blobs })],
    views: { [AI_FIX_JOB.type]: viewOf(AI_FIX_JOB, (job, tx) => preflight.presentJob(job, tx)) },
    routes: (app) => preflightRoutes(app, { preflight, idempotency: deps.idempotency, pageContext: deps.pageContext }),
  };
}
