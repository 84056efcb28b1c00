import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { FolioModule } from '../contract.js';
import type { DesignPages } from '../designs/index.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { pdfJob } from './print.jobs.js';
import { PDF_KIND } from './print.kinds.js';
import { pdfRoutes } from './print.routes.js';
import { PdfJob } from './print.schemas.js';
import { PdfService } from './print.service.js';
import type { StoreOutputProfiles } from './profile-defaults.js';

export { PdfService, blackView, resolveColour, type PdfOptions } from './print.service.js';
export { MAX_PDF_PAGES, PDF_KIND, type PdfPayload, type PdfResult } from './print.kinds.js';
export { CreatePdfBody, PdfJob } from './print.schemas.js';
export { defaultOutputProfile, type StoreOutputProfiles } from './profile-defaults.js';
export { selfCheck } from './self-check.js';

/** Print-ready PDFs of designs and projects: a job kind (`pdf`), its view and its routes. */
export function buildPrintModule(deps: { jobs: JobsService; pages: DesignPages; blobs: BlobStore; stores: StoreOutputProfiles }): FolioModule & { pdf: PdfService } {
  const pdf = new PdfService({ jobs: deps.jobs, pages: deps.pages, blobs: deps.blobs, stores: deps.stores });
  return {
    name: 'print',
    pdf,
    jobs: [pdfJob({ pages: deps.pages, blobs: deps.blobs })],
    views: { [PDF_KIND.type]: viewOf(PDF_KIND, (job) => pdf.present(job)) },
    jobSchemas: [PdfJob],
    routes: (app) => pdfRoutes(app, { pdf }),
  };
}
