import { Type } from '@sinclair/typebox';
import type { App } from '../../src/app.js';
import type { Deps } from '../../src/main/deps.js';
import { chargedFields } from '../../src/modules/jobs/jobs.service.js';
import { AppError } from '../../src/platform/http/errors.js';
import type { JobKind } from '../../src/platform/queue/registry.js';

/**
 * Test-only charged endpoints, registered by the tests themselves (never shipped): they
 * exercise the wallet, idempotency and job creation exactly as a pay-per-token service will.
 */
export function chargedTestRoutes(kinds: Record<string, JobKind<any, any>>, hooks: { syncWork?: (body: { cost: number; fail?: boolean }) => Promise<void> } = {}) {
  return (app: App, deps: Deps): void => {
    app.post(
      '/test/jobs/:kind',
      {
        schema: {
          params: Type.Object({ kind: Type.String() }),
          body: Type.Object({ cost: Type.Integer({ minimum: 0 }), payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
        },
        preHandler: deps.idempotency.preHandler,
        config: { auth: ['J'] },
      },
      async (req, reply) => {
        const kind = kinds[req.params.kind];
        if (!kind) throw AppError.notFound('Kind');
        const out = await deps.jobs.create(kind, {
          accountId: req.actor!.userId,
          payload: req.body.payload ?? {},
          cost: req.body.cost,
          idempotency: deps.idempotency.of(req),
          respond: (job, charge) => ({ status: 202, body: { job_id: job.id, status: job.status, created_at: job.createdAt, ...chargedFields(charge) } }),
        });
        return reply.code(out.response!.status).send(out.response!.body);
      },
    );

    app.post(
      '/test/charged-sync',
      {
        schema: { body: Type.Object({ cost: Type.Integer({ minimum: 1 }), fail: Type.Optional(Type.Boolean()) }) },
        preHandler: deps.idempotency.preHandler,
        config: { auth: ['J'] },
      },
      async (req, reply) => {
        // The lifecycle every charged synchronous route uses (studio face crop and QR).
        const { response } = await deps.operations.run(
          { accountId: req.actor!.userId, kind: 'test.sync', cost: req.body.cost, idempotency: deps.idempotency.of(req) },
          async (charge) => {
            await hooks.syncWork?.(req.body);
            if (req.body.fail) throw new AppError('unavailable', 'the engine failed');
            return { status: 200, body: { results: ['done'], ...chargedFields(charge) }, refund: 0 };
          },
        );
        return reply.code(response.status).send(response.body);
      },
    );
  };
}
