import type { App } from '../../platform/http/app-type.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { BgRemoveCreated, BgRemoveJob, CreateBgRemoveBody, JobParams } from './bg-remove.schemas.js';
import type { BgRemoveService } from './bg-remove.service.js';

export function bgRemoveRoutes(app: App, deps: { bgRemove: BgRemoveService; idempotency: Idempotency }): void {
  const tags = ['Background removal'];
  app.post(
    '/services/bg-remove',
    {
      schema: {
        tags,
        summary: 'Remove the background of an image (150 tokens, refunded if processing fails)',
        description: 'Answers 202 with the job in `processing`; poll GET /services/bg-remove/{jobId} every 2-3 seconds. Send `Idempotency-Key` to retry safely.',
        body: CreateBgRemoveBody,
        response: { 202: BgRemoveCreated },
      },
      preHandler: deps.idempotency.preHandler,
      config: { auth: ['J'], errors: { 402: 'INSUFFICIENT_TOKENS: {error, balance, shortfall, top_up_url}', 409: 'Idempotency-Key reused with another body' } },
    },
    async (req, reply) => {
      const res = await deps.bgRemove.create(req.actor!.userId, req.body, deps.idempotency.of(req));
      // A replayed answer (Idempotency-Key) is sent exactly as it was stored.
      return reply.code(res.status as 202).send(res.body as never);
    },
  );

  app.get(
    '/services/bg-remove/:jobId',
    {
      schema: { tags, summary: 'A background removal job (full field set)', params: JobParams, response: { 200: BgRemoveJob } },
      config: { auth: ['J'] },
    },
    async (req) => deps.bgRemove.get(req.actor!.userId, req.params.jobId),
  );
}
