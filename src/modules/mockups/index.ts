import { MockupRenderer } from '../../engines/mockup/index.js';
import type { App } from '../../platform/http/app-type.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { FolioModule } from '../contract.js';
import { viewOf } from '../jobs/job-events.js';
import type { DesignsModule } from '../designs/index.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { seedDefaultMockups } from './mockups.defaults.js';
import { mockupJob } from './mockups.jobs.js';
import { MOCKUP_KIND } from './mockups.kinds.js';
import { mockupsRoutes } from './mockups.routes.js';
import { MockupsService } from './mockups.service.js';

export { MOCKUP_KIND } from './mockups.kinds.js';
export type { MockupsService } from './mockups.service.js';

export interface MockupsModuleDeps {
  db: Db;
  blobs: BlobStore;
  events: EventBus;
  designs: DesignsModule;
  jobs: JobsService;
  pageContext: PageContextFactory;
  uploadMaxBytes: number;
  /** bytes the render caches (design pages, rasters, prepared templates) may hold; default 256 MiB */
  cacheBytes?: number;
}

export interface MockupsModule extends FolioModule {
  readonly service: MockupsService;
  /** seeds the curated templates (idempotent) */
  seedDefaults(): Promise<void>;
}

/** Mockup templates, mockup images (sync or a `mockup` job) and proof images. */
export function buildMockupsModule(d: MockupsModuleDeps): MockupsModule {
  const renderer = new MockupRenderer(d.cacheBytes !== undefined ? { cacheBytes: d.cacheBytes } : {});
  const service = new MockupsService({
    db: d.db,
    blobs: d.blobs,
    events: d.events,
    pages: d.designs.designPages,
    jobs: d.jobs,
    renderer,
  });
  return {
    name: 'mockups',
    service,
    jobs: [mockupJob(() => service)],
    views: { [MOCKUP_KIND.type]: viewOf(MOCKUP_KIND, (job) => service.presentJob(job)) },
    routes: (app: App) => mockupsRoutes(app, { mockups: service, pageContext: d.pageContext, uploadMaxBytes: d.uploadMaxBytes }),
    seedDefaults: () => seedDefaultMockups({ db: d.db, blobs: d.blobs }),
    async stop() {
      renderer.pages.clear();
      renderer.rasters.clear();
      renderer.templates.clear();
    },
  };
}
