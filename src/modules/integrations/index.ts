import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { FolioModule } from '../contract.js';
import type { DocService } from '../documents/doc.service.js';
import type { DesignJson } from '../designs/index.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { OrdersService } from '../orders/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { StoresService } from '../stores/index.js';
import { integrationBindings, shippedSubscriber } from './integrations.jobs.js';
import { IntegrationsRepo } from './integrations.repo.js';
import { integrationsRoutes } from './integrations.routes.js';
import type { IntegrationTypeName } from './integrations.schemas.js';
import { IntegrationsService } from './integrations.service.js';
import { OrderIntake } from './order-intake.js';
import { medusaAdapter } from './shops/medusa.js';
import { shopifyAdapter } from './shops/shopify.js';
import type { ShopAdapter } from './shops/types.js';
import { wooCommerceAdapter } from './shops/woocommerce.js';
import { WebhookIntake } from './webhook-intake.js';
import { shopifyInstallPages } from './shopify-install.js';
import { shopHttp } from './integrations.jobs.js';
import type { Signer } from '../../platform/crypto/signer.js';

export { fulfilJobKind, orderJobKind } from './integrations.jobs.js';
export type { IntegrationDto } from './integrations.schemas.js';

export interface IntegrationsModuleDeps {
  db: Db;
  aead: Aead;
  fetcher: SafeFetcher;
  events: EventBus;
  jobs: JobsService;
  stores: StoresService;
  projects: ProjectsService;
  designs: DocService<DesignJson>;
  orders: OrdersService;
  publicUrl: string;
  /** FOLIO_SHOPIFY_ADMIN_ORIGIN */
  shopifyAdminOrigin: string | null;
  /** seals the state of a Shopify app install */
  signer: Signer;
}

/**
 * Shop connectors (docs/integrations.md): a store connected to its Shopify, WooCommerce or
 * Medusa shop; the shop's paid orders become received projects, one per personalised line; a
 * shipped project is reported back to the shop as a fulfilment.
 */
export function buildIntegrationsModule(deps: IntegrationsModuleDeps): FolioModule & { integrations: IntegrationsService; intake: WebhookIntake } {
  const repo = new IntegrationsRepo(deps.db);
  const adapters = new Map<IntegrationTypeName, ShopAdapter>([
    ['shopify', shopifyAdapter({ adminOrigin: deps.shopifyAdminOrigin })],
    ['woocommerce', wooCommerceAdapter()],
    ['medusa', medusaAdapter()],
  ]);
  const service = new IntegrationsService(deps.db, repo, deps.aead, deps.stores, adapters, deps.publicUrl);
  const orderIntake = new OrderIntake({ db: deps.db, repo, projects: deps.projects, designs: deps.designs, orders: deps.orders, stores: deps.stores });
  const intake = new WebhookIntake({ db: deps.db, repo, service, jobs: deps.jobs });
  deps.events.subscribe(shippedSubscriber({ repo, jobs: deps.jobs }));
  return {
    name: 'integrations',
    integrations: service,
    intake,
    jobs: integrationBindings({ repo, service, intake: orderIntake, projects: deps.projects, fetcher: deps.fetcher }),
    routes: (app) => integrationsRoutes(app, { service, intake }),
    pages: (app) => shopifyInstallPages(app, { repo, service, signer: deps.signer, http: shopHttp(deps.fetcher), adminOrigin: deps.shopifyAdminOrigin, publicUrl: deps.publicUrl }),
  };
}
