import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { CatalogModule } from '../catalog/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { FolioModule } from '../contract.js';
import type { DesignJson } from '../designs/designs.service.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { pdfJob } from './print.jobs.js';
import { PDF_KIND } from './print.kinds.js';
import { pdfRoutes } from './print.routes.js';
import { PdfJob } from './print.schemas.js';
import { PdfService } from './print.service.js';
import type { StoreOutputProfiles } from './profile-defaults.js';

export { PdfService } from './print.service.js';

/** Print-ready PDFs of designs and projects: a job kind (`pdf`), its view and its routes. */
export function buildPrintModule(deps: { jobs: JobsService; designs: DocService<DesignJson>; projects: ProjectsService; catalog: CatalogModule; blobs: BlobStore; stores: StoreOutputProfiles }): FolioModule & { pdf: PdfService } {
  const pdf = new PdfService({ jobs: deps.jobs, designs: deps.designs, projects: deps.projects, blobs: deps.blobs, stores: deps.stores });
  return {
    name: 'print',
    pdf,
    jobs: [pdfJob({ designs: deps.designs, catalog: deps.catalog, blobs: deps.blobs })],
    views: { [PDF_KIND.type]: viewOf(PDF_KIND, (job) => pdf.present(job)) },
    jobSchemas: [PdfJob],
    routes: (app) => pdfRoutes(app, { pdf }),
  };
}
