import type { App } from '../../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../../platform/http/envelope.js';
import type { PageContextFactory } from '../../../platform/http/pagination.js';
import { CountEnvelope, StorageParam, READ, READ_B, WRITE, count, listReply, storeOf } from '../../../platform/http/resource.js';
import { CategoryEnvelope, CategoryListEnvelope, CategoryListQuery, CreateCategory, UpdateCategory } from './categories.schemas.js';
import { toCategory, type CategoriesService } from './categories.service.js';

export function categoriesRoutes(app: App, deps: { categories: CategoriesService; pageContext: PageContextFactory }): void {
  const { categories } = deps;
  const tags = ['Catalog: categories'];

  app.get(
    '/storages',
    { schema: { tags, summary: "The store's categories (product, clipart, template)", querystring: CategoryListQuery, response: { 200: CategoryListEnvelope } }, config: { ...READ, conditional: true } },
    async (req) => listReply(await categories.list(storeOf(req), req.query, deps.pageContext(req)), toCategory),
  );
  app.post(
    '/storages',
    { schema: { tags, summary: 'Create a category', body: CreateCategory, response: { 201: CategoryEnvelope } }, config: WRITE },
    async (req, reply) => reply.code(201).send(ok(toCategory(await categories.create(storeOf(req), req.body)), MESSAGES.created)),
  );
  app.get(
    '/storages/default',
    { schema: { tags, summary: 'Service-curated categories', querystring: CategoryListQuery, response: { 200: CategoryListEnvelope } }, config: { ...READ, conditional: true } },
    async (req) => listReply(await categories.list(null, req.query, deps.pageContext(req)), toCategory),
  );
  app.get(
    '/storages/count',
    { schema: { tags, summary: "Number of the store's categories", response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } },
    async (req) => count(await categories.count(storeOf(req))),
  );
  app.get(
    '/storages/:storage',
    { schema: { tags, summary: 'A category (the store’s own or a default one)', params: StorageParam, response: { 200: CategoryEnvelope } }, config: { ...READ, conditional: true } },
    async (req) => ok(toCategory(await categories.get(storeOf(req), req.params.storage))),
  );
  app.put(
    '/storages/:storage',
    { schema: { tags, summary: 'Update a category', params: StorageParam, body: UpdateCategory, response: { 200: CategoryEnvelope } }, config: WRITE },
    async (req) => ok(toCategory(await categories.update(storeOf(req), req.params.storage, req.body)), MESSAGES.updated),
  );
}
