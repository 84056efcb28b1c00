import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import { DEFAULT_RETRY_SCHEDULE_MS, deliveryBinding, deliveryKind, type DeliveryKind } from './delivery.js';
import { WebhooksRepo } from './webhooks.repo.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { WebhooksService, type StoreTiers } from './webhooks.service.js';

export { WebhooksService } from './webhooks.service.js';
export { sign, verify, generateSecret } from './signature.js';

export interface WebhooksOptions {
  /** delays before each retry; its length + 1 is the number of attempts */
  retryScheduleMs: readonly number[];
  /** deadline of one attempt */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOKS_OPTIONS: WebhooksOptions = { retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS, timeoutMs: 15_000 };

export interface WebhooksModule extends FolioModule {
  service: WebhooksService;
  kind: DeliveryKind;
}

export interface WebhooksModuleDeps {
  db: Db;
  aead: Aead;
  fetcher: SafeFetcher;
  userAgent: string;
  now: () => number;
  options?: Partial<WebhooksOptions>;
  /** deliveries are jobs */
  jobs: JobsService;
  plans: Plans;
  /** the stores' tiers (a store's plan decides whether it hears events) */
  stores: StoreTiers;
  /** the domain events it delivers */
  events: EventBus;
  pageContext: PageContextFactory;
}

/**
 * Webhooks: subscriptions, signed deliveries (a job kind with its own retry schedule), and
 * the delivery log. Subscribes to the event bus; a finished job settles its delivery inside
 * the transaction that finishes it (`onJobFinished`).
 */
export function buildWebhooksModule(deps: WebhooksModuleDeps): WebhooksModule {
  const options = { ...DEFAULT_WEBHOOKS_OPTIONS, ...deps.options };
  const repo = new WebhooksRepo(deps.db);
  const kind = deliveryKind(options.retryScheduleMs);
  const binding = deliveryBinding(kind, { repo, fetcher: deps.fetcher, aead: deps.aead, userAgent: deps.userAgent }, { ...options, now: deps.now });
  const service = new WebhooksService(deps.db, repo, deps.aead, deps.fetcher, deps.plans, deps.jobs, kind, deps.now, deps.stores);
  deps.events.subscribe(service.onEvent);
  return {
    name: 'webhooks',
    service,
    kind,
    jobs: [binding],
    onJobFinished: (tx, row) => service.onJobFinished(tx, row),
    routes: (app) => webhooksRoutes(app, { webhooks: service, pageContext: deps.pageContext }),
  };
}
