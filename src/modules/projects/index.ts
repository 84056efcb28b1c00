import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import { projectsRoutes } from './projects.routes.js';
import { createProjectsService, type ProjectsService } from './projects.service.js';

export type { ProjectJson, ProjectsService } from './projects.service.js';

/** Projects (orders): `/projects` and its alias `/project`. */
export function buildProjectsModule(deps: { db: Db; events: EventBus; pageContext: PageContextFactory }): FolioModule & { projects: ProjectsService } {
  const projects = createProjectsService(deps.db, deps.events);
  return { name: 'projects', projects, routes: (app) => projectsRoutes(app, { projects, pageContext: deps.pageContext }) };
}
