import type { App } from '../../../platform/http/app-type.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../../platform/http/pagination.js';
import { docRoutes } from '../../documents/doc.routes.js';
import type { DocService } from '../../documents/doc.service.js';
import { CountEnvelope, IdParam, READ, READ_B, count, listReply, storeOf } from '../../../platform/http/resource.js';
import { Side } from '../sides/sides.schemas.js';
import type { SideJson } from '../sides/sides.service.js';
import type { ProductJson } from './products.service.js';
import { CreateProduct, Product, UpdateProduct } from './products.schemas.js';

export function productsRoutes(app: App, deps: { products: DocService<ProductJson>; sides: DocService<SideJson>; pageContext: PageContextFactory }): void {
  docRoutes(app, { path: 'products', noun: 'product', service: deps.products, response: Product, create: CreateProduct, update: UpdateProduct, statusFilter: true, pageContext: deps.pageContext });
  const tags = ['Catalog: products'];
  app.get(
    '/products/:id/sides',
    { schema: { tags, summary: "A product's print sides", params: IdParam, querystring: listQuerySchema(['created_date', 'id', 'name']), response: { 200: listEnvelope(Side) } }, config: { ...READ, conditional: true } },
    async (req) => {
      const product = await deps.products.row(storeOf(req), req.params.id);
      return listReply(await deps.sides.list(storeOf(req), req.query, deps.pageContext(req), product.id), (x) => x);
    },
  );
  app.get('/products/:id/sides/count', { schema: { tags, summary: "Number of a product's sides", params: IdParam, response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } }, async (req) => {
    const product = await deps.products.row(storeOf(req), req.params.id);
    return count(await deps.sides.count(storeOf(req), product.id));
  });
}
