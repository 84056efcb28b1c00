import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { FolioModule } from '../contract.js';
import type { DesignPages } from '../designs/index.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { IMPOSITION_KIND, impositionJob } from './imposition.jobs.js';
import { impositionRoutes } from './imposition.routes.js';
import { ImpositionJob } from './imposition.schemas.js';
import { ImpositionService } from './imposition.service.js';

export { IMPOSITION_KIND } from './imposition.jobs.js';
export { ImpositionService, oneSource, unprocessable } from './imposition.service.js';
export { PRODUCTION_AUTH } from './imposition.routes.js';

export interface ImpositionModuleDeps {
  /** designs as pages (the designs module's) */
  pages: DesignPages;
  jobs: JobsService;
  blobs: BlobStore;
}

export interface ImpositionModule extends FolioModule {
  service: ImpositionService;
}

/** POST /impositions: n-up, two-sided and booklet impositions as jobs (the `imposition` kind). */
export function buildImpositionModule(deps: ImpositionModuleDeps): ImpositionModule {
  const service = new ImpositionService({ jobs: deps.jobs, blobs: deps.blobs, pages: deps.pages });
  return {
    name: 'imposition',
    service,
    jobs: [impositionJob(() => ({ jobs: deps.jobs, blobs: deps.blobs, pages: deps.pages }))],
    views: { [IMPOSITION_KIND.type]: viewOf(IMPOSITION_KIND, (job) => service.present(job)) },
    jobSchemas: [ImpositionJob],
    routes: (app) => impositionRoutes(app, { impositions: service }),
  };
}
