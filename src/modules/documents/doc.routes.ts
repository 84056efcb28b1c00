import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../platform/http/pagination.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import type { DocKind, DocService } from './doc.service.js';
import type { DocFilter, DocLinkColumn } from './doc.repo.js';
import { CountEnvelope, DeletedEnvelope, IdParam, READ, READ_B, WRITE, batchEnvelope, count, item, listReply, storeOf } from '../../platform/http/resource.js';
import { sharedInAnswer } from '../../platform/http/serializer.js';

type Operation = 'create' | 'list' | 'count' | 'get' | 'update' | 'delete' | 'batchCreate' | 'batchUpdate' | 'batchDelete';
const CATALOG_AUTH: Record<Operation, RouteAuth> = {
  create: WRITE,
  list: READ,
  count: READ_B,
  get: READ,
  update: WRITE,
  delete: WRITE,
  batchCreate: WRITE,
  batchUpdate: WRITE,
  batchDelete: WRITE,
};

export const StatusSchema = Type.Union([Type.Literal('publish'), Type.Literal('draft'), Type.Literal('trashed')]);

export interface DocRouteOptions<J extends Record<string, unknown>> {
  /** batch body key (and path segment unless `base` is given): products, sides, templates, designs, projects */
  path: DocKind<J>['topic'];
  /** the collection's path when it differs from `/${path}` (`/project`, the alias of `/projects`) */
  base?: string;
  noun: string;
  /** OpenAPI tag; default `Catalog: <path>` */
  tag?: string;
  service: DocService<J>;
  response: TObject;
  create: TObject;
  update: TObject;
  /** list filter by status: true for the catalog's PS enum, or the resource's own status schema */
  statusFilter: boolean | TSchema;
  /** list filters on a link column, the query parameter named after it (projects: `state`) */
  linkFilters?: Partial<Record<DocLinkColumn, TSchema>>;
  /** a further list query name meaning `search` (projects: `s`) */
  searchAlias?: string;
  /** batch creation also takes one object instead of a list (the reference's ProjectBatch) */
  batchAcceptsOne?: boolean;
  /** credential policy per operation; default the catalog's (reads U, writes B/J+S/K) */
  auth?: Partial<Record<Operation, RouteAuth>>;
  pageContext: PageContextFactory;
}

/**
 * `?include=` over a kind's embeds: `none` (or empty), or a comma-separated list of them.
 * Absent, a response has every embed (the shape callers without it have always had).
 */
export function includeSchema(embeds: readonly string[]) {
  const name = `(${embeds.join('|')})`;
  return Type.String({
    pattern: `^(none|${name}(,${name})*)?$`,
    maxLength: 200,
    examples: [embeds.slice(0, 2).join(','), 'none'],
    description: `Embedded objects to build, comma-separated: ${embeds.map((e) => `\`${e}\``).join(', ')}; \`none\` for none. Without it, all of them. Those left out are absent from the response (and their lookups are not made).`,
  });
}

/** A kind's response schema with its embeds optional: present unless `?include=` leaves them out. */
export function withOptionalEmbeds(response: TObject, embeds: readonly string[] | undefined): TObject {
  if (!embeds) return response;
  const properties: Record<string, TSchema> = { ...response.properties };
  for (const e of embeds) properties[e] = Type.Optional(response.properties[e]!);
  return Type.Object(properties);
}

/** The link-column filters a list query gives (undefined: none). */
function linkScope(filters: DocRouteOptions<never>['linkFilters'], query: Record<string, unknown>): DocFilter | undefined {
  const links = Object.fromEntries(Object.keys(filters ?? {}).filter((c) => typeof query[c] === 'string').map((c) => [c, query[c] as string]));
  return Object.keys(links).length ? { links } : undefined;
}

/**
 * The CRUD, count and batch routes every document resource of the catalog has. A list page
 * and a document are made of the store's rows and the links they embed alone: they answer an
 * `ETag` and `304` to a matching `If-None-Match` (`conditional`, http/conditional.ts).
 */
export function docRoutes<J extends Record<string, unknown>>(app: App, o: DocRouteOptions<J>): void {
  const tags = [o.tag ?? `Catalog: ${o.path}`];
  const base = o.base ?? `/${o.path}`;
  const auth = { ...CATALOG_AUTH, ...o.auth };
  const extra: Record<string, TSchema> = {};
  if (o.statusFilter) extra.status = Type.Optional(o.statusFilter === true ? StatusSchema : o.statusFilter);
  for (const [column, schema] of Object.entries(o.linkFilters ?? {})) extra[column] = Type.Optional(schema);
  if (o.searchAlias) extra[o.searchAlias] = Type.Optional(Type.String({ maxLength: 200, description: 'the same as `search`' }));
  const embeds = o.service.kind.embeds;
  const ReadQuery = embeds ? Type.Object({ include: Type.Optional(includeSchema(embeds)) }) : undefined;
  if (ReadQuery) extra.include = ReadQuery.properties.include!;
  const Read = withOptionalEmbeds(o.response, embeds);
  const ListQuery = Object.keys(extra).length ? Type.Intersect([listQuerySchema(['created_date', 'id', 'name']), Type.Object(extra)]) : listQuerySchema(['created_date', 'id', 'name']);
  const listQuery = (q: Record<string, unknown>) => (o.searchAlias && q.search === undefined && q[o.searchAlias] !== undefined ? { ...q, search: q[o.searchAlias] } : q);
  const Item = item(o.response);
  const svc = o.service;
  const batchBody = (s: TSchema) => Type.Object({ [o.path]: Type.Array(s, { minItems: 1 }) }, { additionalProperties: false });
  const BatchUpdateItem = Type.Object({ ...o.update.properties, id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
  const BatchDeleteItem = Type.Object({ id: Type.String({ maxLength: 100 }) });
  type Body = Record<string, unknown>;
  type BatchBody = Record<string, Array<Body & { id: string }>>;

  app.post(base, { schema: { tags, summary: `Create a ${o.noun}`, body: o.create, response: { 201: Item } }, config: auth.create }, async (req, reply) =>
    reply.code(201).send(ok(await svc.create(req.actor!, storeOf(req), req.body as Body), MESSAGES.created)),
  );
  app.get(base, { schema: { tags, summary: `List ${o.path}`, querystring: ListQuery, response: { 200: listEnvelope(o.service.kind.keepsBuilt ? sharedInAnswer({ ...Read }) : Read) } }, config: { ...auth.list, conditional: true } }, async (req) =>
    listReply(await svc.list(storeOf(req), listQuery(req.query as Record<string, unknown>) as never, o.pageContext(req), linkScope(o.linkFilters, req.query as Record<string, unknown>)), (x) => x),
  );
  app.get(`${base}/count`, { schema: { tags, summary: `Number of ${o.path}`, response: { 200: CountEnvelope } }, config: { ...auth.count, conditional: true } }, async (req) =>
    count(await svc.count(storeOf(req))),
  );
  app.post(
    `${base}/batch`,
    { schema: { tags, summary: `Create up to 100 ${o.path} (all or nothing)`, body: o.batchAcceptsOne ? Type.Object({ [o.path]: Type.Union([Type.Array(o.create, { minItems: 1 }), o.create]) }, { additionalProperties: false }) : batchBody(o.create), response: { 201: batchEnvelope(o.response) } }, config: auth.batchCreate },
    async (req, reply) => {
      const items = (req.body as Record<string, Body | Body[]>)[o.path]!;
      return reply.code(201).send({ data: await svc.createBatch(req.actor!, storeOf(req), Array.isArray(items) ? items : [items]), message: MESSAGES.created });
    },
  );
  app.put(
    `${base}/batch`,
    { schema: { tags, summary: `Update up to 100 ${o.path} (all or nothing)`, body: batchBody(BatchUpdateItem), response: { 200: batchEnvelope(o.response) } }, config: auth.batchUpdate },
    async (req) => ({ data: await svc.updateBatch(req.actor!, storeOf(req), (req.body as BatchBody)[o.path]!), message: MESSAGES.updated }),
  );
  app.delete(
    `${base}/batch`,
    { schema: { tags, summary: `Delete up to 100 ${o.path} (all or nothing)`, body: batchBody(BatchDeleteItem), response: { 200: DeletedEnvelope } }, config: auth.batchDelete },
    async (req) => {
      await svc.deleteBatch(req.actor!, storeOf(req), (req.body as BatchBody)[o.path]!.map((x) => x.id));
      return { message: MESSAGES.deleted };
    },
  );
  app.get(`${base}/:id`, { schema: { tags, summary: `A ${o.noun}`, params: IdParam, ...(ReadQuery ? { querystring: ReadQuery } : {}), response: { 200: item(Read) } }, config: { ...auth.get, conditional: true } }, async (req) =>
    ok(await svc.get(storeOf(req), req.params.id, (req.query as { include?: unknown }).include)),
  );
  app.put(`${base}/:id`, { schema: { tags, summary: `Update a ${o.noun}`, params: IdParam, body: o.update, response: { 200: Item } }, config: auth.update }, async (req) =>
    ok(await svc.update(req.actor!, storeOf(req), req.params.id, req.body as Body), MESSAGES.updated),
  );
  app.delete(`${base}/:id`, { schema: { tags, summary: o.path === 'products' || o.path === 'sides' ? `Delete a ${o.noun} (designs that reference it keep their snapshot)` : `Delete a ${o.noun}`, params: IdParam, response: { 200: DeletedEnvelope } }, config: auth.delete }, async (req) => {
    await svc.delete(req.actor!, storeOf(req), req.params.id);
    return { message: MESSAGES.deleted };
  });
}
