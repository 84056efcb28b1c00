import type { Static } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { IdParam, storeOf } from '../../platform/http/resource.js';
import { PROJECT_AUTH } from '../projects/projects.routes.js';
import { moverOf, type OrdersService } from './orders.service.js';
import { HistoryEnvelope, OrderFilesEnvelope, SnapshotEnvelope, TransitionBody, TransitionResult } from './orders.schemas.js';

/** The order lifecycle's routes beside each project (and its alias `/project`). */
export function ordersRoutes(app: App, deps: { orders: OrdersService }): void {
  const tags = ['Orders'];
  for (const base of ['/projects', '/project']) {
    const alias = base === '/project' ? ' (alias of /projects)' : '';
    app.post(
      `${base}/:id/transitions`,
      {
        schema: {
          tags,
          summary: `Move an order to another state${alias}`,
          description:
            'The states and the moves allowed between them are in docs/orders.md. A move the current state does not allow is a 409 naming the allowed ones. Entering `received` freezes the designs (later edits do not change the order) and, unless a product asks for a proof, starts the print file; a product with `requires_proof` moves the order on to `proof_pending` with a proof. Each move is recorded (GET …/history) and fires the webhook `project.<state>`. `shipped` may carry the parcel `tracking`: kept on the project and, for an order from a connected shop, sent to the shop with its fulfilment (docs/integrations.md).',
          params: IdParam,
          body: TransitionBody,
          response: { 200: TransitionResult },
        },
        config: PROJECT_AUTH.write,
      },
      async (req) => {
        const body = req.body as Static<typeof TransitionBody>;
        if (body.tracking && body.to !== 'shipped') throw AppError.field('tracking', 'is given only with to: shipped');
        const tracking = body.tracking ? { number: body.tracking.number, url: body.tracking.url ?? null, company: body.tracking.company ?? null } : null;
        return ok(await deps.orders.transition(moverOf(req.actor!), storeOf(req), req.params.id, body.to, body.note ?? null, undefined, { tracking }), MESSAGES.updated);
      },
    );
    app.get(
      `${base}/:id/history`,
      { schema: { tags, summary: `An order's moves, oldest first${alias}`, description: '`meta` names the current state and the states the order may move to next (what POST …/transitions allows).', params: IdParam, response: { 200: HistoryEnvelope } }, config: PROJECT_AUTH.read },
      async (req) => {
        const h = await deps.orders.historyWithState(storeOf(req), req.params.id);
        return { ...ok(h.moves), meta: { state: h.state, allowed_transitions: h.allowed } };
      },
    );
    app.get(`${base}/:id/files`, { schema: { tags, summary: `An order's print files and proofs${alias}`, params: IdParam, response: { 200: OrderFilesEnvelope } }, config: PROJECT_AUTH.read }, async (req) =>
      ok(await deps.orders.files(storeOf(req), req.params.id)),
    );
    app.get(
      `${base}/:id/snapshot`,
      { schema: { tags, summary: `The designs frozen when the order was received${alias}`, description: '404 while the order is a draft.', params: IdParam, response: { 200: SnapshotEnvelope } }, config: PROJECT_AUTH.read },
      async (req) => ok(await deps.orders.snapshot(storeOf(req), req.params.id)),
    );
  }
}
