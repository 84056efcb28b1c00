import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { App } from '../../../app.js';
import { MESSAGES, ok } from '../../../platform/http/envelope.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../../platform/http/pagination.js';
import type { DocService } from './doc.service.js';
import { CountEnvelope, DeletedEnvelope, IdParam, READ, READ_B, WRITE, batchEnvelope, count, item, listReply, storeOf } from './http.js';

export const StatusSchema = Type.Union([Type.Literal('publish'), Type.Literal('draft'), Type.Literal('trashed')]);

export interface DocRouteOptions<J extends Record<string, unknown>> {
  /** path segment and batch body key: products, sides, templates */
  path: 'products' | 'sides' | 'templates';
  noun: string;
  service: DocService<J>;
  response: TObject;
  create: TObject;
  update: TObject;
  /** list filter by status (PS in catalog-reference) */
  statusFilter: boolean;
  pageContext: PageContextFactory;
}

/** The CRUD, count and batch routes every document resource of the catalog has. */
export function docRoutes<J extends Record<string, unknown>>(app: App, o: DocRouteOptions<J>): void {
  const tags = [`Catalog: ${o.path}`];
  const base = `/${o.path}`;
  const ListQuery = o.statusFilter ? Type.Intersect([listQuerySchema(['created_date', 'id', 'name']), Type.Object({ status: Type.Optional(StatusSchema) })]) : listQuerySchema(['created_date', 'id', 'name']);
  const Item = item(o.response);
  const svc = o.service;
  const batchBody = (s: TSchema) => Type.Object({ [o.path]: Type.Array(s, { minItems: 1 }) }, { additionalProperties: false });
  const BatchUpdateItem = Type.Object({ ...o.update.properties, id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
  const BatchDeleteItem = Type.Object({ id: Type.String({ maxLength: 100 }) });
  type Body = Record<string, unknown>;
  type BatchBody = Record<string, Array<Body & { id: string }>>;

  app.post(base, { schema: { tags, summary: `Create a ${o.noun}`, body: o.create, response: { 201: Item } }, config: WRITE }, async (req, reply) =>
    reply.code(201).send(ok(await svc.create(req.actor!, storeOf(req), req.body as Body), MESSAGES.created)),
  );
  app.get(base, { schema: { tags, summary: `List ${o.path}`, querystring: ListQuery, response: { 200: listEnvelope(o.response) } }, config: READ }, async (req) =>
    listReply(await svc.list(storeOf(req), req.query as never, o.pageContext(req)), (x) => x),
  );
  app.get(`${base}/count`, { schema: { tags, summary: `Number of ${o.path}`, response: { 200: CountEnvelope } }, config: READ_B }, async (req) =>
    count(await svc.count(storeOf(req))),
  );
  app.post(
    `${base}/batch`,
    { schema: { tags, summary: `Create up to 100 ${o.path} (all or nothing)`, body: batchBody(o.create), response: { 201: batchEnvelope(o.response) } }, config: WRITE },
    async (req, reply) => reply.code(201).send({ data: await svc.createBatch(req.actor!, storeOf(req), (req.body as BatchBody)[o.path]!), message: MESSAGES.created }),
  );
  app.put(
    `${base}/batch`,
    { schema: { tags, summary: `Update up to 100 ${o.path} (all or nothing)`, body: batchBody(BatchUpdateItem), response: { 200: batchEnvelope(o.response) } }, config: WRITE },
    async (req) => ({ data: await svc.updateBatch(req.actor!, storeOf(req), (req.body as BatchBody)[o.path]!), message: MESSAGES.updated }),
  );
  app.delete(
    `${base}/batch`,
    { schema: { tags, summary: `Delete up to 100 ${o.path} (all or nothing)`, body: batchBody(BatchDeleteItem), response: { 200: DeletedEnvelope } }, config: WRITE },
    async (req) => {
      await svc.deleteBatch(req.actor!, storeOf(req), (req.body as BatchBody)[o.path]!.map((x) => x.id));
      return { message: MESSAGES.deleted };
    },
  );
  app.get(`${base}/:id`, { schema: { tags, summary: `A ${o.noun}`, params: IdParam, response: { 200: Item } }, config: READ }, async (req) =>
    ok(await svc.get(storeOf(req), req.params.id)),
  );
  app.put(`${base}/:id`, { schema: { tags, summary: `Update a ${o.noun}`, params: IdParam, body: o.update, response: { 200: Item } }, config: WRITE }, async (req) =>
    ok(await svc.update(req.actor!, storeOf(req), req.params.id, req.body as Body), MESSAGES.updated),
  );
  app.delete(`${base}/:id`, { schema: { tags, summary: `Delete a ${o.noun} (designs that reference it keep their snapshot)`, params: IdParam, response: { 200: DeletedEnvelope } }, config: WRITE }, async (req) => {
    await svc.delete(req.actor!, storeOf(req), req.params.id);
    return { message: MESSAGES.deleted };
  });
}
