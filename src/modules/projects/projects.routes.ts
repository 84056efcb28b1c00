import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../platform/http/pagination.js';
import type { ProductJson } from '../catalog/index.js';
import { Product } from '../catalog/products/products.schemas.js';
import { StatusSchema, docRoutes } from '../catalog/shared/doc.routes.js';
import type { DocService } from '../catalog/shared/doc.service.js';
import { CountEnvelope, IdParam, PUBLIC_KINDS, STORE_KINDS, count, listReply, storeOf } from '../catalog/shared/http.js';
import type { DesignJson } from '../designs/designs.kind.js';
import { Design, DesignStatus } from '../designs/designs.schemas.js';
import type { ProjectJson } from './projects.kind.js';
import { CreateProject, Project, ProjectStatus, UpdateProject } from './projects.schemas.js';

/** Credential policies (catalog-reference § 12; rule 3: the public token creates projects). */
export const PROJECT_AUTH = {
  create: { auth: PUBLIC_KINDS, scope: 'projects:write' },
  read: { auth: STORE_KINDS, scope: 'projects:read' },
  write: { auth: STORE_KINDS, scope: 'projects:write' },
  /** a project's writer may read back its designs (the customizer reopens `?project=<id>`) */
  designs: { auth: PUBLIC_KINDS, scope: ['projects:read', 'projects:write'] },
} satisfies Record<string, RouteAuth>;

const ListQuery = listQuerySchema(['created_date', 'id', 'name']);

/** `/projects` and its alias `/project` (decisions: the same collection), with the designs and products of a project. */
export function projectsRoutes(
  app: App,
  deps: { projects: DocService<ProjectJson>; designs: DocService<DesignJson>; products: DocService<ProductJson>; pageContext: PageContextFactory },
): void {
  const { projects, designs, products, pageContext } = deps;
  for (const base of ['/projects', '/project']) {
    const tags = ['Projects'];
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
      searchAlias: 's',
      batchAcceptsOne: true,
      auth: { create: PROJECT_AUTH.create, batchCreate: PROJECT_AUTH.create, list: PROJECT_AUTH.read, get: PROJECT_AUTH.read, count: PROJECT_AUTH.read, update: PROJECT_AUTH.write, batchUpdate: PROJECT_AUTH.write, delete: PROJECT_AUTH.write, batchDelete: PROJECT_AUTH.write },
      pageContext,
    });
    const designsOf = (projectId: string) => ({ links: { project_id: projectId } });
    app.get(
      `${base}/:id/designs`,
      { schema: { tags, summary: `A project's designs${alias}`, params: IdParam, querystring: Type.Intersect([ListQuery, Type.Object({ status: Type.Optional(DesignStatus) })]), response: { 200: listEnvelope(Design) } }, config: PROJECT_AUTH.designs },
      async (req) => {
        const storeId = storeOf(req);
        const project = await projects.row(storeId, req.params.id);
        return listReply(await designs.list(storeId, req.query, pageContext(req), designsOf(project.id)), (x) => x);
      },
    );
    app.get(`${base}/:id/designs/count`, { schema: { tags, summary: `Number of a project's designs${alias}`, params: IdParam, response: { 200: CountEnvelope } }, config: PROJECT_AUTH.read }, async (req) => {
      const storeId = storeOf(req);
      const project = await projects.row(storeId, req.params.id);
      return count(await designs.count(storeId, designsOf(project.id)));
    });
    const productIds = async (storeId: string, projectId: string) => designs.distinct(storeId, 'product_id', designsOf(projectId));
    app.get(
      `${base}/:id/products`,
      { schema: { tags, summary: `Products a project's designs are made on${alias}`, params: IdParam, querystring: Type.Intersect([ListQuery, Type.Object({ status: Type.Optional(StatusSchema) })]), response: { 200: listEnvelope(Product) } }, config: PROJECT_AUTH.read },
      async (req) => {
        const storeId = storeOf(req);
        const project = await projects.row(storeId, req.params.id);
        return listReply(await products.list(storeId, req.query, pageContext(req), { ids: await productIds(storeId, project.id) }), (x) => x);
      },
    );
    app.get(`${base}/:id/products/count`, { schema: { tags, summary: `Number of products a project's designs are made on${alias}`, params: IdParam, response: { 200: CountEnvelope } }, config: PROJECT_AUTH.read }, async (req) => {
      const storeId = storeOf(req);
      const project = await projects.row(storeId, req.params.id);
      return count(await products.count(storeId, { ids: await productIds(storeId, project.id) }));
    });
  }
}
