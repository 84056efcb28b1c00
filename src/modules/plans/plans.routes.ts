import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import { AppError } from '../../platform/http/errors.js';
import { ok } from '../../platform/http/envelope.js';
import type { Plans } from './plans.service.js';

const TierFeatures = Type.Object({
  capabilities: Type.Record(Type.String(), Type.Boolean()),
  quotas: Type.Record(Type.String(), Type.Union([Type.Integer(), Type.Null()])),
});
const CapabilitiesEnvelope = Type.Object({
  data: Type.Object({
    entitlement: Type.Object({
      tier: Type.String(),
      capabilities: Type.Record(Type.String(), Type.Boolean()),
      quotas: Type.Record(Type.String(), Type.Union([Type.Integer(), Type.Null()])),
    }),
    matrix: Type.Record(Type.String(), TierFeatures),
    cta: Type.Record(Type.String(), Type.Object({ url: Type.String() })),
  }),
  message: Type.String(),
});

export function plansRoutes(app: App, deps: { plans: Plans }): void {
  app.get(
    '/account/capabilities',
    {
      schema: {
        tags: ['Capabilities'],
        summary: 'Plan entitlement of the calling store, with the tier matrix and upgrade links',
        response: { 200: CapabilitiesEnvelope },
      },
      config: { auth: ['K', 'B', 'JS', 'J'], errors: { 403: 'Authenticated as a user rather than a store' } },
    },
    async (req) => {
      const actor = req.actor!;
      if (actor.storeId === null || actor.tier === null) {
        throw new AppError('forbidden', 'Capabilities are read with store credentials, not as a user');
      }
      return ok({ entitlement: deps.plans.entitlement(actor.tier), matrix: deps.plans.matrix(), cta: deps.plans.cta() });
    },
  );
}
