import type { FolioModule } from '../contract.js';
import { billingPage } from './billing.page.js';
import { plansRoutes } from './plans.routes.js';
import type { Plans } from './plans.service.js';

export { Plans, loadPlanTable, type PlanTable } from './plans.service.js';

/**
 * The plan table (tiers, quotas, rate limits), `GET /v1/account/capabilities`, and with the
 * default FOLIO_BILLING_URL the `/billing` page that URL points at.
 */
export function buildPlansModule(deps: { plans: Plans; serveBillingPage: boolean }): FolioModule & { plans: Plans } {
  return {
    name: 'plans',
    plans: deps.plans,
    routes: (app) => plansRoutes(app, { plans: deps.plans }),
    ...(deps.serveBillingPage ? { pages: (app) => billingPage(app, { plans: deps.plans }) } : {}),
  };
}
