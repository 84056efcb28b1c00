import type { Aead } from '../../platform/crypto/aead.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { FolioModule } from '../contract.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { DeliveriesService } from './deliveries.service.js';
import { DEFAULT_DELIVERY_SCHEDULE_MS, deliveryBinding, deliveryJobKind, type DeliveryJobKind } from './delivery.jobs.js';
import { DeliveryRepo } from './delivery.repo.js';
import { deliveryRoutes } from './delivery.routes.js';
import { DeliveryTargetsService } from './delivery-targets.service.js';
import { transportOpener, type Transport } from './transports/index.js';

export { DeliveriesService, type EnqueueInput } from './deliveries.service.js';
export { DeliveryTargetsService, storeScope, type StoreScope } from './delivery-targets.service.js';
export type { CreateTargetInput, DeliveryDto, TargetDto } from './delivery.schemas.js';
export type { JobTicket } from '../../engines/jdf/index.js';
export type { OutFile, Transport } from './transports/index.js';

export interface DeliveryOptions {
  /** delays before each retry; its length + 1 is the number of attempts */
  retryScheduleMs: readonly number[];
  /** deadline of one attempt (connect and both files) */
  timeoutMs: number;
  /** connect/handshake deadline, and the whole connection test's */
  connectTimeoutMs: number;
  /** tests inject faults (a full disk) around the real transports */
  wrapTransport?: (t: Transport, targetType: string) => Transport;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { retryScheduleMs: DEFAULT_DELIVERY_SCHEDULE_MS, timeoutMs: 600_000, connectTimeoutMs: 20_000 };

export interface DeliveryModule extends FolioModule {
  /** other modules call `deliveries.enqueue(tx, input)` */
  deliveries: DeliveriesService;
  targets: DeliveryTargetsService;
  kind: DeliveryJobKind;
}

export interface DeliveryModuleDeps {
  db: Db;
  aead: Aead;
  fetcher: SafeFetcher;
  blobs: BlobStore;
  jobs: JobsService;
  events: EventBus;
  pageContext: PageContextFactory;
  /** FOLIO_HOT_FOLDER_ROOTS */
  hotFolderRoots: readonly string[];
  now: () => number;
  options?: Partial<DeliveryOptions>;
}

/**
 * Delivery to the shop floor: a store's targets, and one `delivery` job per (file, target)
 * that writes the PDF and its job ticket there, retried with backoff, logged, and reported
 * through the `deliveries` webhook topic.
 */
export function buildDeliveryModule(deps: DeliveryModuleDeps): DeliveryModule {
  const options = { ...DEFAULT_DELIVERY_OPTIONS, ...deps.options };
  const repo = new DeliveryRepo(deps.db);
  const kind = deliveryJobKind(options.retryScheduleMs);
  const open = transportOpener({ fetcher: deps.fetcher, hotFolderRoots: deps.hotFolderRoots, connectTimeoutMs: options.connectTimeoutMs });
  const targets = new DeliveryTargetsService(repo, deps.aead, deps.fetcher, deps.hotFolderRoots, open, deps.now, options.connectTimeoutMs);
  const deliveries = new DeliveriesService(deps.db, repo, deps.jobs, kind, deps.events, deps.now);
  const binding = deliveryBinding(kind, {
    db: deps.db,
    repo,
    targets,
    blobs: deps.blobs,
    open,
    now: deps.now,
    timeoutMs: options.timeoutMs,
    settled: deliveries.settled,
    ...(options.wrapTransport ? { wrapTransport: options.wrapTransport } : {}),
  });
  return {
    name: 'delivery',
    deliveries,
    targets,
    kind,
    jobs: [binding],
    onJobFinished: (tx, row) => deliveries.onJobFinished(tx, row),
    routes: (app) => deliveryRoutes(app, { targets, deliveries, pageContext: deps.pageContext }),
  };
}
