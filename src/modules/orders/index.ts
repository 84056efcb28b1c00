import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { ProductJson } from '../catalog/index.js';
import type { FolioModule } from '../contract.js';
import type { DesignPages } from '../designs/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { PdfService } from '../print/index.js';
import type { ProjectsService } from '../projects/index.js';
import { ordersRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';

export { OrdersService, moverOf, type Mover, type ProofMaker } from './orders.service.js';
export { printFileName } from './file-names.js';

/** The order lifecycle on projects: transitions, history, frozen designs, print files (docs/orders.md). */
export function buildOrdersModule(deps: { db: Db; events: EventBus; projects: ProjectsService; pages: DesignPages; pdf: PdfService; jobs: JobsService; products: DocService<ProductJson> }): FolioModule & { orders: OrdersService } {
  const orders = new OrdersService(deps);
  return { name: 'orders', orders, routes: (app) => ordersRoutes(app, { orders }) };
}
