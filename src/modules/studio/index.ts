import type { FolioModule } from '../contract.js';
import type { JobView } from '../jobs/job-events.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { studioJobHandlers } from './studio.jobs.js';
import { STUDIO_KINDS } from './studio.kinds.js';
import { StudioRepo } from './studio.repo.js';
import { studioRoutes } from './studio.routes.js';
import { StudioService, type StudioDeps } from './studio.service.js';

export { StudioService } from './studio.service.js';

export interface StudioModuleDeps extends Omit<StudioDeps, 'repo'> {
  idempotency: Idempotency;
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
