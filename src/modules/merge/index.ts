import type { App } from '../../platform/http/app-type.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { CatalogModule } from '../catalog/index.js';
import type { FolioModule } from '../contract.js';
import type { DesignsModule } from '../designs/index.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { StoreOutputProfiles } from '../print/index.js';
import type { ProjectsService } from '../projects/index.js';
import { MERGE_KIND, mergeJob } from './merge.jobs.js';
import { mergeRoutes } from './merge.routes.js';
import { MergeJob } from './merge.schemas.js';
import { MergeService } from './merge.service.js';

export { MERGE_KIND } from './merge.jobs.js';
export { MergeService } from './merge.service.js';

export interface MergeModule extends FolioModule {
  service: MergeService;
}

/** Variable-data printing: POST /merge-jobs, the `merge` job kind and its view. */
export function buildMergeModule(deps: { jobs: JobsService; designs: DesignsModule; projects: ProjectsService; catalog: CatalogModule; blobs: BlobStore; stores: StoreOutputProfiles; fetcher: SafeFetcher; progressEveryMs?: number }): MergeModule {
  const service = new MergeService({ jobs: deps.jobs, pages: deps.designs.designPages, blobs: deps.blobs, stores: deps.stores });
  return {
    name: 'merge',
    service,
    jobs: [mergeJob({ pages: deps.designs.designPages, catalog: deps.catalog, blobs: deps.blobs, fetcher: deps.fetcher, progressEveryMs: deps.progressEveryMs })],
    views: { [MERGE_KIND.type]: viewOf(MERGE_KIND, (job) => service.present(job)) },
    jobSchemas: [MergeJob],
    routes: (app: App) => mergeRoutes(app, { merge: service }),
  };
}
