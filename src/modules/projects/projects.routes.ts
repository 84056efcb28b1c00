import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import { docRoutes } from '../documents/doc.routes.js';
import type { DocService } from '../documents/doc.service.js';
import { PUBLIC_KINDS, STORE_KINDS } from '../../platform/http/resource.js';
import type { ProjectJson } from './projects.service.js';
import { CreateProject, ExternalOrderFilter, OrderStateSchema, Project, ProjectStatus, UpdateProject } from './projects.schemas.js';

/** Credential policies (catalog-reference § 12; rule 3: the public token creates projects). */
export const PROJECT_AUTH = {
  create: { auth: PUBLIC_KINDS, scope: 'projects:write' },
  read: { auth: STORE_KINDS, scope: 'projects:read' },
  write: { auth: STORE_KINDS, scope: 'projects:write' },
  /** a project's writer may read back its designs (the customizer reopens `?project=<id>`) */
  designs: { auth: PUBLIC_KINDS, scope: ['projects:read', 'projects:write'] },
} satisfies Record<string, RouteAuth>;

/**
 * `/projects` and its alias `/project` (decisions: the same collection). A project's designs
 * and products are the designs module's routes (designs link to projects, not the reverse).
 */
export function projectsRoutes(app: App, deps: { projects: DocService<ProjectJson>; pageContext: PageContextFactory }): void {
  const { projects, pageContext } = deps;
  for (const base of ['/projects', '/project']) {
    const alias = base === '/project' ? ' (alias of /projects)' : '';
    docRoutes(app, {
      path: 'projects',
      base,
      noun: `project${alias}`,
      tag: 'Projects',
      service: projects,
      response: Project,
      create: CreateProject,
      update: UpdateProject,
      statusFilter: ProjectStatus,
      linkFilters: { state: OrderStateSchema, external_order: ExternalOrderFilter },
      searchAlias: 's',
      batchAcceptsOne: true,
      auth: { create: PROJECT_AUTH.create, batchCreate: PROJECT_AUTH.create, list: PROJECT_AUTH.read, get: PROJECT_AUTH.read, count: PROJECT_AUTH.read, update: PROJECT_AUTH.write, batchUpdate: PROJECT_AUTH.write, delete: PROJECT_AUTH.write, batchDelete: PROJECT_AUTH.write },
      pageContext,
    });
  }
}
