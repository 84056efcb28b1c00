import type { FolioModule } from '../contract.js';
import { plansRoutes } from './plans.routes.js';
import type { Plans } from './plans.service.js';

export { Plans, loadPlanTable, type PlanTable } from './plans.service.js';

/** The plan table (tiers, quotas, rate limits) and `GET /v1/plans`. */
export function buildPlansModule(deps: { plans: Plans }): FolioModule & { plans: Plans } {
  return { name: 'plans', plans: deps.plans, routes: (app) => plansRoutes(app, deps) };
}
