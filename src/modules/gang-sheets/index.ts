import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { FolioModule } from '../contract.js';
import type { DesignPages } from '../designs/index.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { GANG_SHEET_KIND, gangJob } from './gang-sheets.jobs.js';
import { gangSheetsRoutes } from './gang-sheets.routes.js';
import { GangSheetJob } from './gang-sheets.schemas.js';
import { GangSheetsService } from './gang-sheets.service.js';

export { GANG_SHEET_KIND } from './gang-sheets.jobs.js';
export { GangSheetsService } from './gang-sheets.service.js';

export interface GangSheetsModuleDeps {
  jobs: JobsService;
  blobs: BlobStore;
  /** designs as pages (the designs module's) */
  pages: DesignPages;
}

export interface GangSheetsModule extends FolioModule {
  service: GangSheetsService;
}

/** POST /gang-sheets: designs with quantities nested onto a roll or sheets (the `gang_sheet` kind). */
export function buildGangSheetsModule(deps: GangSheetsModuleDeps): GangSheetsModule {
  const service = new GangSheetsService(deps);
  return {
    name: 'gang-sheets',
    service,
    jobs: [gangJob(() => ({ blobs: deps.blobs, pages: deps.pages }))],
    views: { [GANG_SHEET_KIND.type]: viewOf(GANG_SHEET_KIND, (job) => service.present(job)) },
    jobSchemas: [GangSheetJob],
    routes: (app) => gangSheetsRoutes(app, { gangSheets: service }),
  };
}
