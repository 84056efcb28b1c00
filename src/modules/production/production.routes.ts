import type { Static } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import { IdParam, STORE_KINDS, storeOf } from '../../platform/http/resource.js';
import { moverOf } from '../orders/index.js';
import { BatchEnvelope, BatchListEnvelope, BatchListQuery, CreateBatchBody, type CreateBatch } from './production.schemas.js';
import type { ProductionService } from './production.service.js';

/** Batches move orders: the store's back office with projects:write (never the public token). */
const WRITE: RouteAuth = {
  auth: STORE_KINDS,
  scope: 'projects:write',
  errors: { 404: 'A project or product of the request is not one of this store', 409: 'An order moved while the batch was made; nothing was written', 422: 'No order qualifies (named), or the pages do not fit the sheet or roll' },
};
const READ: RouteAuth = { auth: STORE_KINDS, scope: 'projects:read' };

export function productionRoutes(app: App, deps: { production: ProductionService; pageContext: PageContextFactory }): void {
  const tags = ['Production'];
  app.post(
    '/production-batches',
    {
      schema: {
        tags,
        summary: 'Group approved orders into one imposition or gang sheet and move them to in_production',
        description:
          "Selects the store's `approved` orders (those with frozen pages of `product_id`, oldest first, up to `limit`; or exactly `project_ids`), makes one `imposition` or `gang_sheet` job of their frozen pages and moves every order to `in_production` (history note `batch <id>`, webhook `project.in_production`), all in one transaction. An imposition puts one position per order page on the sheets (`sequential` order) and prints each position's order code beside it; print the sheets `run_length` times. A gang sheet nests each order's page `quantity` times. Exactly one of `product_id` and `project_ids` (400); no approved order, or an order of the list that is not approved, is a 422 naming it; pages too large for the sheet are a 422 as for POST /impositions and /gang-sheets. See docs/orders.md § Production batches.",
        body: CreateBatchBody,
        response: { 201: BatchEnvelope },
      },
      config: WRITE,
    },
    async (req, reply) => reply.code(201).send(ok(await deps.production.create(moverOf(req.actor!), storeOf(req), req.body as CreateBatch), MESSAGES.created)),
  );
  app.get('/production-batches', { schema: { tags, summary: 'Production batches, newest first', querystring: BatchListQuery, response: { 200: BatchListEnvelope } }, config: READ }, async (req) => {
    const q = req.query as Static<typeof BatchListQuery>;
    const page = await deps.production.list(storeOf(req), q.status, q, deps.pageContext(req));
    return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
  });
  app.get(
    '/production-batches/:id',
    {
      schema: {
        tags,
        summary: 'A production batch: its job, file and every sheet position with its order',
        description: "`sheets` lists each sheet side once the job completed: every position's trim box (mm from the sheet's lower-left corner) with the project, its code, the shop's line item and the frozen page printed there.",
        params: IdParam,
        response: { 200: BatchEnvelope },
      },
      config: READ,
    },
    async (req) => ok(await deps.production.get(storeOf(req), req.params.id)),
  );
  app.post(
    '/production-batches/:id/printed',
    {
      schema: {
        tags,
        summary: "Mark a batch printed: every order in_production → printed",
        description: 'One transaction: each order of the batch moves to `printed` (history and webhook `project.printed`) and the batch too. 409 when the batch is already printed, its job has not completed, or an order left in_production (held or cancelled): nothing is written then.',
        params: IdParam,
        response: { 200: BatchEnvelope },
      },
      config: { ...WRITE, errors: { 404: 'No such batch in this store', 409: 'Already printed, its sheets not ready, or an order is no longer in production' } },
    },
    async (req) => ok(await deps.production.printed(moverOf(req.actor!), storeOf(req), req.params.id), MESSAGES.updated),
  );
}
