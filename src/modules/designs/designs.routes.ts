import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../platform/http/pagination.js';
import type { CatalogModule } from '../catalog/index.js';
import { Image } from '../catalog/images/images.schemas.js';
import { FontsEnvelope } from '../catalog/fonts/fonts.schemas.js';
import { docRoutes } from '../documents/doc.routes.js';
import type { DocService } from '../documents/doc.service.js';
import { CountEnvelope, IdParam, PUBLIC_KINDS, STORE_KINDS, count, listReply, storeOf } from '../../platform/http/resource.js';
import { fontFamiliesOf } from '../catalog/templates/templates.service.js';
import type { DesignJson } from './designs.service.js';
import { CreateDesign, Design, DesignListEnvelope, DesignListQuery, DesignStatus, UpdateDesign } from './designs.schemas.js';

/** Credential policies (catalog-reference § 10; rule 3: the public token saves designs). */
export const DESIGN_AUTH = {
  save: { auth: PUBLIC_KINDS, scope: 'designs:write' },
  /** a design's writer may read it back (the customizer reloads what it saved) */
  readOne: { auth: PUBLIC_KINDS, scope: ['designs:read', 'designs:write'] },
  read: { auth: STORE_KINDS, scope: 'designs:read' },
  remove: { auth: STORE_KINDS, scope: 'designs:write' },
} satisfies Record<string, RouteAuth>;


export function designsRoutes(app: App, deps: { designs: DocService<DesignJson>; catalog: CatalogModule; pageContext: PageContextFactory }): void {
  const { designs, catalog, pageContext } = deps;
  const tags = ['Designs'];
  docRoutes(app, {
    path: 'designs',
    noun: 'design',
    tag: 'Designs',
    service: designs,
    response: Design,
    create: CreateDesign,
    update: UpdateDesign,
    statusFilter: DesignStatus,
    auth: {
      create: DESIGN_AUTH.save,
      batchCreate: DESIGN_AUTH.save,
      update: DESIGN_AUTH.save,
      batchUpdate: DESIGN_AUTH.save,
      get: DESIGN_AUTH.readOne,
      list: DESIGN_AUTH.read,
      count: DESIGN_AUTH.read,
      delete: DESIGN_AUTH.remove,
      batchDelete: DESIGN_AUTH.remove,
    },
    pageContext,
  });
  app.get(
    '/designs/:id/fonts',
    { schema: { tags, summary: "Fonts a design's text layers use (store fonts, else default ones)", params: IdParam, response: { 200: FontsEnvelope } }, config: { ...DESIGN_AUTH.readOne, conditional: true } },
    async (req) => {
      const storeId = storeOf(req);
      const d = await designs.get(storeId, req.params.id);
      const rows = await catalog.fonts.resolveFamilies(storeId, fontFamiliesOf(d.layers));
      return { data: await Promise.all(rows.map((r) => catalog.fonts.toFont(r))), message: MESSAGES.retrieved };
    },
  );
  app.get(
    '/designs/images',
    { schema: { tags, summary: 'Images uploaded for designs (type `designs`)', querystring: listQuerySchema(['created_date', 'id', 'name']), response: { 200: listEnvelope(Image) } }, config: { ...DESIGN_AUTH.readOne, conditional: true } },
    async (req) => {
      const page = await catalog.images.list(storeOf(req), 'designs', req.query, pageContext(req));
      return { ...listReply(page, (r) => r), data: await catalog.images.toImages(page.rows) };
    },
  );
  app.get(
    '/products/:id/designs',
    { schema: { tags, summary: "Designs made on a product's sides", params: IdParam, querystring: DesignListQuery, response: { 200: DesignListEnvelope } }, config: { ...DESIGN_AUTH.read, conditional: true } },
    async (req) => {
      const storeId = storeOf(req);
      const product = await catalog.products.row(storeId, req.params.id);
      return listReply(await designs.list(storeId, req.query, pageContext(req), { links: { product_id: product.id } }), (x) => x);
    },
  );
  app.get(
    '/products/:id/designs/count',
    { schema: { tags, summary: "Number of designs made on a product's sides", params: IdParam, response: { 200: CountEnvelope } }, config: { ...DESIGN_AUTH.read, conditional: true } },
    async (req) => {
      const storeId = storeOf(req);
      const product = await catalog.products.row(storeId, req.params.id);
      return count(await designs.count(storeId, { links: { product_id: product.id } }));
    },
  );
}
