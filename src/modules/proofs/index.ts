import type { FolioModule } from '../contract.js';
import { proofPages } from './proofs.page.js';
import { proofsRoutes } from './proofs.routes.js';
import { ProofsService, type ProofsDeps } from './proofs.service.js';

export { ProofLinks } from './proofs.links.js';
export { ProofsService, PROOFS_TOPIC } from './proofs.service.js';

/**
 * Proofs of orders (docs/orders.md § Proofs): the orders module's ProofMaker, the shop's
 * routes beside each project, the customer's link (`/v1/proofs/{token}`) and page (`/proof/{token}`).
 */
export function buildProofsModule(deps: ProofsDeps): FolioModule & { proofs: ProofsService } {
  const proofs = new ProofsService(deps);
  deps.orders.proofs = proofs;
  return { name: 'proofs', proofs, routes: (app) => proofsRoutes(app, { proofs }), pages: (app) => proofPages(app, { proofs }) };
}
