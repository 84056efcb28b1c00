import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../platform/http/pagination.js';
import type { ProductJson } from '../catalog/index.js';
import { Product } from '../catalog/products/products.schemas.js';
import { StatusSchema } from '../documents/doc.routes.js';
import type { DocService } from '../documents/doc.service.js';
import { CountEnvelope, IdParam, count, listReply, storeOf } from '../../platform/http/resource.js';
import { PROJECT_AUTH } from '../projects/projects.routes.js';
import type { ProjectJson } from '../projects/projects.service.js';
import type { DesignJson } from './designs.service.js';
import { DesignListEnvelope, DesignListQuery } from './designs.schemas.js';

const ListQuery = listQuerySchema(['created_date', 'id', 'name']);

/** `/projects/{id}/designs` and `/projects/{id}/products` (and the `/project` alias): a project's designs and the products they are made on. */
export function projectDesignsRoutes(
  app: App,
  deps: { projects: DocService<ProjectJson>; designs: DocService<DesignJson>; products: DocService<ProductJson>; pageContext: PageContextFactory },
): void {
  const { projects, designs, products, pageContext } = deps;
  for (const base of ['/projects', '/project']) {
    const tags = ['Projects'];
    const alias = base === '/project' ? ' (alias of /projects)' : '';
    const designsOf = (projectId: string) => ({ links: { project_id: projectId } });
    app.get(
      `${base}/:id/designs`,
      { schema: { tags, summary: `A project's designs${alias}`, params: IdParam, querystring: DesignListQuery, response: { 200: DesignListEnvelope } }, config: { ...PROJECT_AUTH.designs, conditional: true } },
      async (req) => {
        const storeId = storeOf(req);
        const project = await projects.row(storeId, req.params.id);
        return listReply(await designs.list(storeId, req.query, pageContext(req), designsOf(project.id)), (x) => x);
      },
    );
    app.get(`${base}/:id/designs/count`, { schema: { tags, summary: `Number of a project's designs${alias}`, params: IdParam, response: { 200: CountEnvelope } }, config: { ...PROJECT_AUTH.read, conditional: true } }, async (req) => {
      const storeId = storeOf(req);
      const project = await projects.row(storeId, req.params.id);
      return count(await designs.count(storeId, designsOf(project.id)));
    });
    const productIds = async (storeId: string, projectId: string) => designs.distinct(storeId, 'product_id', designsOf(projectId));
    app.get(
      `${base}/:id/products`,
      { schema: { tags, summary: `Products a project's designs are made on${alias}`, params: IdParam, querystring: Type.Intersect([ListQuery, Type.Object({ status: Type.Optional(StatusSchema) })]), response: { 200: listEnvelope(Product) } }, config: { ...PROJECT_AUTH.read, conditional: true } },
      async (req) => {
        const storeId = storeOf(req);
        const project = await projects.row(storeId, req.params.id);
        return listReply(await products.list(storeId, req.query, pageContext(req), { ids: await productIds(storeId, project.id) }), (x) => x);
      },
    );
    app.get(`${base}/:id/products/count`, { schema: { tags, summary: `Number of products a project's designs are made on${alias}`, params: IdParam, response: { 200: CountEnvelope } }, config: { ...PROJECT_AUTH.read, conditional: true } }, async (req) => {
      const storeId = storeOf(req);
      const project = await projects.row(storeId, req.params.id);
      return count(await products.count(storeId, { ids: await productIds(storeId, project.id) }));
    });
  }
}
