import type { DbOrTx } from '../../platform/db/index.js';
import type { DomainEvent } from '../../platform/events.js';
import { FetchError, type SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import { bind, JobFailure, JobRetry, jobKind, type JobBinding, type JobKind } from '../../platform/queue/registry.js';
import { DELIVERY_FLOW, QUEUED_FLOW } from '../jobs/flows.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { ProjectJson, ProjectsService } from '../projects/index.js';
import type { IntegrationsRepo } from './integrations.repo.js';
import type { IntegrationsService } from './integrations.service.js';
import type { OrderIntake } from './order-intake.js';
import { ShopCallError, type ShopHttp } from './shops/types.js';

/** 10 s, 1 min, 5 min, 30 min, 2 h: six attempts over about 2.6 hours. */
const SCHEDULE_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000] as const;
const retryDelayMs = (attempt: number) => SCHEDULE_MS[Math.min(attempt, SCHEDULE_MS.length) - 1] ?? SCHEDULE_MS[SCHEDULE_MS.length - 1]!;

export interface OrderPayload {
  integration_id: string;
  /** the inbox key of the delivery (`delivery:<id>`) */
  key: string;
}
export interface FulfilPayload {
  integration_id: string;
  project_id: string;
}

/** A shop's webhook, handled after the intake answered it (queued → processing → completed | failed). */
export const orderJobKind: JobKind<OrderPayload, { outcome: string }> = jobKind({ type: 'integration.order', statuses: QUEUED_FLOW, refundOnFailure: false, internal: true, maxAttempts: SCHEDULE_MS.length + 1, retryDelayMs });

/** A shipped line told to its shop (pending → sending → delivered | failed). */
export const fulfilJobKind: JobKind<FulfilPayload, { outcome: string }> = jobKind({ type: 'integration.fulfil', statuses: DELIVERY_FLOW, refundOnFailure: false, internal: true, maxAttempts: SCHEDULE_MS.length + 1, retryDelayMs });

/** Outbound calls to shops through the safe fetcher (the shop's URL is the merchant's input). */
export function shopHttp(fetcher: SafeFetcher): ShopHttp {
  return async (url, init) => {
    try {
      const res = await fetcher.send(url, { method: init.method, body: init.body, headers: init.headers, maxBytes: 4 * 1024 * 1024 });
      const ct = res.headers['content-type'];
      return { status: res.status, body: res.body, contentType: typeof ct === 'string' ? ct : null };
    } catch (err) {
      if (err instanceof FetchError) throw new ShopCallError(`the shop could not be reached: ${err.message}`, err.code === 'timeout' || err.code === 'network' || err.code === 'dns_failed');
      throw err;
    }
  };
}

export function integrationBindings(deps: { repo: IntegrationsRepo; service: IntegrationsService; intake: OrderIntake; projects: ProjectsService; fetcher: SafeFetcher }): JobBinding[] {
  const http = shopHttp(deps.fetcher);
  const order = bind(orderJobKind, async (ctx) => {
    const row = await deps.repo.byId(ctx.payload.integration_id);
    if (!row) return { outcome: 'the connection was removed' };
    const inbox = await deps.repo.inboxRow(row.id, ctx.payload.key);
    if (!inbox || inbox.handled_at !== null || inbox.body === null) return { outcome: 'handled before' };
    let body: unknown;
    try {
      body = JSON.parse(inbox.body);
    } catch {
      throw new JobFailure('the webhook body is not JSON');
    }
    const { outcome, pending } = await deps.intake.apply(row, deps.service.adapter(row.type).parse(inbox.topic, body));
    // a line another delivery is making: look again later (if its worker dies, its claim goes stale and this one takes it)
    if (pending) throw new JobRetry(`${outcome}: waiting for the other delivery`);
    await deps.repo.handled(row.id, inbox.key, new Date().toISOString());
    return { outcome };
  });
  const fulfil = bind(fulfilJobKind, async (ctx) => {
    const row = await deps.repo.byId(ctx.payload.integration_id);
    if (!row || row.status === 'uninstalled') return { outcome: 'the shop is no longer connected' };
    const project = await deps.projects.getIncludingDeleted(row.store_id, ctx.payload.project_id);
    const ref = project?.external_ref;
    if (!project || !ref?.line_item_id || project.state !== 'shipped') return { outcome: 'the project is not a shipped line of the shop' };
    const siblings = await deps.projects.byExternalOrder(row.store_id, ref);
    const line = {
      orderId: ref.order_id,
      lineItemId: ref.line_item_id,
      quantity: project.quantity,
      tracking: project.tracking ?? null,
      note: `${project.name}: shipped (Folio order ${project.code}).`,
      orderComplete: siblings.every((p) => p.state === 'shipped' || p.state === 'cancelled'),
    };
    try {
      return { outcome: await deps.service.adapter(row.type).fulfil(http, deps.service.connected(row), line) };
    } catch (err) {
      if (err instanceof ShopCallError) throw err.retry ? new JobRetry(err.message) : new JobFailure(err.message);
      throw err;
    }
  });
  return [order, fulfil];
}

/**
 * The `project.shipped` event of a line from a connected shop: its fulfilment job, in the
 * transaction of the move (an outbox: a rolled-back move tells the shop nothing).
 */
export function shippedSubscriber(deps: { repo: IntegrationsRepo; jobs: JobsService }) {
  return async (event: DomainEvent, db: DbOrTx | undefined): Promise<void> => {
    if (event.topic !== 'project' || event.event !== 'shipped' || !event.storeId || !db) return;
    const project = event.data as ProjectJson;
    const source = project.external_ref?.source;
    if (!source || !project.external_ref?.line_item_id) return;
    const row = (await deps.repo.ofStore(event.storeId, db)).find((r) => r.type === source && r.status !== 'uninstalled');
    if (!row) return;
    const job = await deps.jobs.createIn(db, fulfilJobKind, { accountId: row.account_id, storeId: row.store_id, payload: { integration_id: row.id, project_id: project.id } });
    deps.jobs.announceWhenVisible({ id: job.id, type: job.type, attempt: 0 });
  };
}
