import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { CatalogModule } from '../catalog/index.js';
import { DocService } from '../catalog/shared/doc.service.js';
import { projectKind, type ProjectJson } from '../projects/projects.kind.js';
import { DesignAssets } from './design-assets.js';
import { designKind, type DesignJson } from './designs.kind.js';

export type { DesignJson, ProjectJson };

/** Designs and projects (orders): the catalog's document machinery with their own rules. */
export interface DesignsModule {
  designs: DocService<DesignJson>;
  projects: DocService<ProjectJson>;
}

export function buildDesignsModule(o: { db: Db; events: EventBus; catalog: CatalogModule }): DesignsModule {
  const projects = new DocService(o.db, o.events, projectKind);
  const assets = new DesignAssets(o.catalog.fonts, o.catalog.images);
  const designs = new DocService(o.db, o.events, designKind({ catalog: o.catalog, projects, assets }));
  return { designs, projects };
}
