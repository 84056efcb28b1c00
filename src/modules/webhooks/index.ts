import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { JobBinding } from '../../platform/queue/registry.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import { DEFAULT_RETRY_SCHEDULE_MS, deliveryBinding, deliveryKind, type DeliveryKind } from './delivery.js';
import { WebhooksRepo } from './webhooks.repo.js';
import { WebhooksService } from './webhooks.service.js';

export { webhooksRoutes } from './webhooks.routes.js';
export { WebhooksService } from './webhooks.service.js';
export { sign, verify, generateSecret } from './signature.js';

export interface WebhooksOptions {
  /** delays before each retry; its length + 1 is the number of attempts */
  retryScheduleMs: readonly number[];
  /** deadline of one attempt */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOKS_OPTIONS: WebhooksOptions = { retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS, timeoutMs: 15_000 };

export interface WebhooksModule {
  service: WebhooksService;
  kind: DeliveryKind;
  /** the delivery handler, registered with the job registry before workers start */
  binding: JobBinding;
}

/**
 * Two halves: the kind and its handler go into the registry first; `attach` (once the jobs
 * service exists) builds the service and subscribes it to the event bus.
 */
export function webhooksJobs(deps: { db: Db; aead: Aead; fetcher: SafeFetcher; userAgent: string; now: () => number; options?: Partial<WebhooksOptions> }) {
  const options = { ...DEFAULT_WEBHOOKS_OPTIONS, ...deps.options };
  const repo = new WebhooksRepo(deps.db);
  const kind = deliveryKind(options.retryScheduleMs);
  const binding = deliveryBinding(kind, { repo, fetcher: deps.fetcher, aead: deps.aead, userAgent: deps.userAgent }, { ...options, now: deps.now });
  return {
    kind,
    binding,
    attach(more: { jobs: JobsService; plans: Plans; events: EventBus }): WebhooksModule {
      const service = new WebhooksService(deps.db, repo, deps.aead, deps.fetcher, more.plans, more.jobs, kind, deps.now);
      more.events.subscribe(service.onEvent);
      return { service, kind, binding };
    },
  };
}
