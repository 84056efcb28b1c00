import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { ProductJson } from '../catalog/index.js';
import type { FolioModule } from '../contract.js';
import type { DesignPages } from '../designs/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { PDF_KIND, type PdfResult, type PdfService } from '../print/index.js';
import { printFileTicket } from './tickets.js';
import type { ProjectsService } from '../projects/index.js';
import { ordersRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';

export { OrdersService, moverOf, type Mover, type ProofMaker } from './orders.service.js';
export { printFileName } from './file-names.js';
export { printFileTicket, spotInks } from './tickets.js';

/** The order lifecycle on projects: transitions, history, frozen designs, print files (docs/orders.md). */
export function buildOrdersModule(deps: { db: Db; events: EventBus; projects: ProjectsService; pages: DesignPages; pdf: PdfService; jobs: JobsService; products: DocService<ProductJson> }): FolioModule & { orders: OrdersService } {
  const orders = new OrdersService(deps);
  return {
    name: 'orders',
    orders,
    routes: (app) => ordersRoutes(app, { orders }),
    // an order's print file is done: it goes to the store's delivery targets with its ticket, in the same transaction
    onJobFinished: async (tx, row) => {
      if (row.type !== PDF_KIND.type || row.state !== 'completed' || !orders.deliveries || !row.result) return;
      const file = await orders.repo.fileByJob(row.id, tx);
      if (!file || file.kind !== 'print') return;
      const ticket = await printFileTicket(tx, file);
      if (!ticket) return;
      const result = JSON.parse(row.result) as PdfResult;
      await orders.deliveries.enqueue(tx, { storeId: file.store_id, accountId: row.account_id, kind: 'print_files', projectId: file.project_id, file: { key: result.pdf_key, name: file.name, contentType: 'application/pdf' }, ticket });
    },
  };
}
