import type { Db } from '../../platform/db/index.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { ProductJson } from '../catalog/index.js';
import type { FolioModule } from '../contract.js';
import type { DesignPages } from '../designs/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { GangSheetsService } from '../gang-sheets/index.js';
import type { ImpositionService } from '../imposition/index.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { OrdersService } from '../orders/index.js';
import { productionRoutes } from './production.routes.js';
import { ProductionService } from './production.service.js';

export { ProductionService } from './production.service.js';
export { batchFileName, batchTicket } from './production.tickets.js';

/** Production batches: approved orders grouped into one imposition or gang sheet (docs/orders.md § Production batches). */
export function buildProductionModule(deps: {
  db: Db;
  orders: OrdersService;
  pages: DesignPages;
  jobs: JobsService;
  impositions: ImpositionService;
  gangSheets: GangSheetsService;
  products: DocService<ProductJson>;
  pageContext: PageContextFactory;
}): FolioModule & { production: ProductionService } {
  const production = new ProductionService(deps);
  return {
    name: 'production',
    production,
    routes: (app) => productionRoutes(app, { production, pageContext: deps.pageContext }),
    onJobFinished: (tx, row) => production.onJobFinished(tx, row),
  };
}
