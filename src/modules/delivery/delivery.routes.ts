import type { App } from '../../platform/http/app-type.js';
import type { CredentialKind } from '../../platform/http/auth.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { DeliveriesService } from './deliveries.service.js';
import { storeScope, type DeliveryTargetsService } from './delivery-targets.service.js';
import {
  CreateTargetBody,
  DeletedEnvelope,
  DeliveryEnvelope,
  DeliveryListEnvelope,
  DeliveryListQuery,
  IdParams,
  TargetEnvelope,
  TargetListEnvelope,
  TargetListQuery,
  TestEnvelope,
  UpdateTargetBody,
} from './delivery.schemas.js';

/**
 * Delivery targets and the delivery log (docs/delivery.md). Credentials B, J+S and K, like
 * webhooks; both need `webhooks:write`, the scope of a store's outbound integrations (targets
 * hold credentials and say where files go, which is not for catalog or project readers).
 */
export function deliveryRoutes(app: App, deps: { targets: DeliveryTargetsService; deliveries: DeliveriesService; pageContext: PageContextFactory }): void {
  const { targets, deliveries } = deps;
  const tags = ['Delivery'];
  const config = { auth: ['B', 'JS', 'K'] as CredentialKind[], scope: 'webhooks:write' };

  app.post(
    '/delivery-targets',
    { schema: { tags, summary: 'Add a delivery target (hot folder, SFTP or S3); secrets are write-only', body: CreateTargetBody, response: { 201: TargetEnvelope } }, config },
    async (req, reply) => reply.code(201).send(ok(await targets.create(storeScope(req.actor!), req.body), MESSAGES.created)),
  );

  app.get('/delivery-targets', { schema: { tags, summary: "The store's delivery targets", querystring: TargetListQuery, response: { 200: TargetListEnvelope } }, config }, async (req) => {
    const page = await targets.list(storeScope(req.actor!), req.query, deps.pageContext(req));
    return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
  });

  app.get('/delivery-targets/:id', { schema: { tags, summary: 'Read a delivery target', params: IdParams, response: { 200: TargetEnvelope } }, config }, async (req) =>
    ok(await targets.get(storeScope(req.actor!), req.params.id)),
  );

  app.put(
    '/delivery-targets/:id',
    { schema: { tags, summary: 'Change a delivery target; a secret sent as null is removed', params: IdParams, body: UpdateTargetBody, response: { 200: TargetEnvelope } }, config },
    async (req) => ok(await targets.update(storeScope(req.actor!), req.params.id, req.body), MESSAGES.updated),
  );

  app.delete('/delivery-targets/:id', { schema: { tags, summary: 'Delete a delivery target (its deliveries stay in the log)', params: IdParams, response: { 200: DeletedEnvelope } }, config }, async (req) => {
    await targets.remove(storeScope(req.actor!), req.params.id);
    return { message: MESSAGES.deleted };
  });

  app.post(
    '/delivery-targets/:id/test',
    { schema: { tags, summary: 'Write a small test file (folio-test-<ts>.txt) to the target and remove it; answers ok or the error', params: IdParams, response: { 200: TestEnvelope } }, config },
    async (req) => {
      const result = await targets.test(storeScope(req.actor!), req.params.id);
      return ok(result, result.ok ? 'The target accepted the test file' : 'The target refused the test file');
    },
  );

  app.get(
    '/deliveries',
    { schema: { tags, summary: "The store's deliveries, newest first (filters: project_id, batch_id, target_id, status)", querystring: DeliveryListQuery, response: { 200: DeliveryListEnvelope } }, config },
    async (req) => {
      const { project_id, batch_id, target_id, status, ...query } = req.query;
      const filter = { ...(project_id ? { project_id } : {}), ...(batch_id ? { batch_id } : {}), ...(target_id ? { target_id } : {}), ...(status ? { status } : {}) };
      const page = await deliveries.list(storeScope(req.actor!), filter, query, deps.pageContext(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.get('/deliveries/:id', { schema: { tags, summary: 'One delivery with every attempt (time and error)', params: IdParams, response: { 200: DeliveryEnvelope } }, config }, async (req) =>
    ok(await deliveries.get(storeScope(req.actor!), req.params.id)),
  );

  app.post(
    '/deliveries/:id/retry',
    { schema: { tags, summary: 'Deliver a failed delivery again (a fresh retry schedule); 409 unless it is failed', params: IdParams, response: { 202: DeliveryEnvelope } }, config },
    async (req, reply) => reply.code(202).send(ok(await deliveries.retry(storeScope(req.actor!), req.params.id), 'Delivery queued again')),
  );
}
