import type { Db } from '../../platform/db/index.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ImageSources } from '../catalog/image-sources.js';
import type { FolioModule } from '../contract.js';
import type { JobView } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import type { StoresService } from '../stores/stores.service.js';
import type { Idempotency } from '../wallet/idempotency.js';
import type { PaidOperations } from '../wallet/paid-operations.js';
import type { StudioEngines } from './studio.engines.js';
import { studioJobHandlers } from './studio.jobs.js';
import { STUDIO_KINDS } from './studio.kinds.js';
import { StudioRepo } from './studio.repo.js';
import { studioRoutes } from './studio.routes.js';
import { StudioService } from './studio.service.js';

export { StudioService } from './studio.service.js';

export interface StudioModuleDeps {
  db: Db;
  jobs: JobsService;
  /** charged synchronous calls (face crop of ≤ 5 images, QR sheets) */
  operations: PaidOperations;
  idempotency: Idempotency;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  sources: ImageSources;
  plans: Plans;
  stores: StoresService;
  engines: StudioEngines;
  /** the largest uploaded file (FOLIO_UPLOAD_MAX_BYTES, as for catalog uploads) */
  uploadMaxBytes: number;
}

/** Studio: face crop, agencies and subjects, matching, QR card sheets; paid sync calls and batch jobs. */
export function buildStudioModule(deps: StudioModuleDeps): FolioModule & { studio: StudioService } {
  const repo = new StudioRepo(deps.db);
  const studio = new StudioService({ db: deps.db, repo, jobs: deps.jobs, operations: deps.operations, blobs: deps.blobs, fetcher: deps.fetcher, sources: deps.sources, plans: deps.plans, stores: deps.stores, engines: deps.engines });
  const view: JobView = (job, tx) => studio.finishedView(job, tx);
  return {
    name: 'studio',
    studio,
    jobs: studioJobHandlers({ repo, jobs: deps.jobs, blobs: deps.blobs, engines: deps.engines, studio }),
    views: Object.fromEntries(STUDIO_KINDS.map((kind) => [kind.type, view])),
    routes: (app) => studioRoutes(app, { studio, idempotency: deps.idempotency, maxFileBytes: deps.uploadMaxBytes }),
  };
}
