import { Type } from '@sinclair/typebox';
import type { App } from '../../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../../platform/http/envelope.js';
import { type PageContextFactory } from '../../../platform/http/pagination.js';
import { CountEnvelope, DeletedEnvelope, READ, READ_B, WRITE, count, listReply, storeOf, uuidOr404 } from '../../../platform/http/resource.js';
import { CategoryEnvelope, CategoryListEnvelope, CategoryPageQuery, CreateClipartStorage } from '../categories/categories.schemas.js';
import { toCategory, type CategoriesService } from '../categories/categories.service.js';
import type { CategoryRow } from '../categories/categories.repo.js';
import { ImageListEnvelope, PageQuery } from './images.schemas.js';
import type { ImagesService } from './images.service.js';

// One parameter name at this position: the router merges /:id/… and /:id/… into one node.
const StorageParam = Type.Object({ id: Type.String({ maxLength: 100, description: 'Clipart category id' }) });
const ClipartIdParam = Type.Object({ id: Type.String({ maxLength: 100, description: 'Clipart (Image) id' }) });

/** /clipart-storages: clipart categories, their cliparts, and the categories of a clipart. */
export function clipartStoragesRoutes(app: App, deps: { images: ImagesService; categories: CategoriesService; pageContext: PageContextFactory }): void {
  const { images, categories } = deps;
  const tags = ['Catalog: clipart storages'];

  app.post('/clipart-storages', { schema: { tags, summary: 'Create a clipart category', body: CreateClipartStorage, response: { 201: CategoryEnvelope } }, config: WRITE }, async (req, reply) =>
    reply.code(201).send(ok(toCategory(await categories.create(storeOf(req), { ...req.body, type: 'clipart' })), MESSAGES.created)),
  );
  app.get('/clipart-storages', { schema: { tags, summary: "The store's clipart categories", querystring: CategoryPageQuery, response: { 200: CategoryListEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    listReply(await categories.list(storeOf(req), { ...req.query, type: 'clipart' }, deps.pageContext(req)), toCategory),
  );
  app.get('/clipart-storages/default', { schema: { tags, summary: 'Default clipart categories', querystring: CategoryPageQuery, response: { 200: CategoryListEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    listReply(await categories.list(null, { ...req.query, type: 'clipart' }, deps.pageContext(req)), toCategory),
  );
  app.delete('/clipart-storages/:id', { schema: { tags, summary: 'Delete a clipart category (its cliparts stay)', params: StorageParam, response: { 200: DeletedEnvelope } }, config: WRITE }, async (req) => {
    await categories.delete(storeOf(req), req.params.id, 'clipart');
    return { message: MESSAGES.deleted };
  });

  for (const variant of ['cliparts', 'cliparts-default'] as const) {
    const own = variant === 'cliparts';
    app.get(
      `/clipart-storages/:id/${variant}`,
      { schema: { tags, summary: own ? "The store's cliparts in a category" : 'Default cliparts in a category', params: StorageParam, querystring: PageQuery, response: { 200: ImageListEnvelope } }, config: { ...READ, conditional: true } },
      async (req) => {
        const storeId = storeOf(req);
        const cat = await categories.get(storeId, req.params.id, 'clipart');
        const page = await images.list(own ? storeId : null, 'cliparts', req.query, deps.pageContext(req), cat.id);
        return { ...listReply(page, (r) => r), data: await images.toImages(page.rows) };
      },
    );
    app.get(
      `/clipart-storages/:id/${variant}/count`,
      { schema: { tags, summary: own ? "Number of the store's cliparts in a category" : 'Number of default cliparts in a category', params: StorageParam, response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } },
      async (req) => {
        const storeId = storeOf(req);
        const cat = await categories.get(storeId, req.params.id, 'clipart');
        return count(await images.count(own ? storeId : null, 'cliparts', cat.id));
      },
    );
  }
  for (const variant of ['storages', 'storages-default'] as const) {
    const own = variant === 'storages';
    app.get(
      `/clipart-storages/:id/${variant}`,
      { schema: { tags, summary: own ? "The store's categories of a clipart" : 'Default categories of a clipart', params: ClipartIdParam, querystring: CategoryPageQuery, response: { 200: CategoryListEnvelope } }, config: { ...READ, conditional: true } },
      async (req) => {
        const storeId = storeOf(req);
        const img = await images.get(storeId, uuidOr404(req.params.id, 'Clipart'), { withDefaults: true, type: 'cliparts' });
        const page = await images.listCategoriesOf(img.id, own ? storeId : null, req.query, deps.pageContext(req));
        return listReply(page, (r) => toCategory(r as CategoryRow));
      },
    );
  }
}
