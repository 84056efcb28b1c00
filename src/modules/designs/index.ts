import type { Db } from '../../platform/db/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { EventBus } from '../../platform/events.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { CatalogModule } from '../catalog/index.js';
import { DocService } from '../documents/doc.service.js';
import type { FolioModule } from '../contract.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { DesignAssets } from './design-assets.js';
import { designKind, type DesignJson } from './designs.service.js';
import { designsRoutes } from './designs.routes.js';
import { projectDesignsRoutes } from './project-designs.routes.js';
import { DesignPages } from './pages.js';
export { snapshotView, type SnapshotAssets, type SnapshotRow, type LiveDesignPage } from './snapshots.js';

export type { DesignJson };
export { byDesignId, DesignPages, frozenPage, isPageProblem, pageBoxesOf, pageIssueFields, pageJobFailure, storeAssets, type DesignPage, type PageBox, type ProjectLimit } from './pages.js';

export interface DesignsModule extends FolioModule {
  designs: DocService<DesignJson>;
  /** designs as printed pages: the one way print, merge, production and mockups reach a page */
  designPages: DesignPages;
}

/** Designs: the catalog's document machinery with their own rules; a design may belong to a project. */
export function buildDesignsModule(o: { db: Db; events: EventBus; catalog: CatalogModule; projects: ProjectsService; pageContext: PageContextFactory; blobs: BlobStore }): DesignsModule {
  const assets = new DesignAssets(o.catalog.fonts, o.catalog.images);
  const designs = new DocService(o.db, o.events, designKind({ catalog: o.catalog, projects: o.projects, assets }));
  return {
    name: 'designs',
    designs,
    designPages: new DesignPages({ db: o.db, catalog: o.catalog, designs, projects: o.projects, blobs: o.blobs }),
    routes(app) {
      designsRoutes(app, { designs, catalog: o.catalog, pageContext: o.pageContext });
      projectDesignsRoutes(app, { projects: o.projects, designs, products: o.catalog.products, pageContext: o.pageContext });
    },
  };
}
