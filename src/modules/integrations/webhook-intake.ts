import type { IncomingHttpHeaders } from 'node:http';
import { isUuid } from '../../platform/crypto/ids.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { nowIso } from '../../platform/http/resource.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { IntakeResult } from './integrations.schemas.js';
import type { IntegrationsRepo } from './integrations.repo.js';
import type { IntegrationsService } from './integrations.service.js';
import { orderJobKind } from './integrations.jobs.js';

/** A delivery claimed this long ago and still not handled (its job failed for good) is taken again by the shop's retry. */
export const DELIVERY_STALE_MS = 600_000;

/** Deliveries this process runs at once outside the queue's slots (see `runNow`), and how many wait for that lane. */
export const INLINE_MAX = 4;
export const LANE_MAX = 10_000;

/** The delivery's key was there: its transaction (and the job made in it) is undone. */
class SeenBefore extends Error {}

/**
 * The shops' webhooks in (POST /v1/integrations/{type}/webhooks). Answers within milliseconds,
 * as the shops ask: finds the connection by the shop the headers name, checks the signature
 * over the raw body in constant time, and records the delivery with its job in one
 * transaction (an inbox keyed by the shop's delivery id: a retried webhook finds it and
 * changes nothing). The job makes the projects (OrderIntake).
 */
export class WebhookIntake {
  /**
   * Runs a job here and now when this process runs workers (the composition root sets it):
   * an order's projects should not wait behind the print files queued before it. The job is
   * announced as well; whoever claims it first runs it, the other finds it claimed.
   */
  runNow: ((jobId: string) => Promise<void>) | null = null;
  private inline = 0;
  private readonly lane: string[] = [];

  constructor(
    private readonly deps: { db: Db; repo: IntegrationsRepo; service: IntegrationsService; jobs: JobsService },
  ) {}

  async accept(type: string, headers: IncomingHttpHeaders, raw: Buffer): Promise<{ status: 200 | 202; data: IntakeResult; message: string }> {
    const adapter = this.deps.service.adapter(type);
    // WooCommerce checks a new webhook's URL with an unsigned `webhook_id=<n>` form post
    if (type === 'woocommerce' && /^webhook_id=\d+$/.test(raw.toString('latin1').trim())) {
      return { status: 200, data: { topic: 'ping', duplicate: false, job_id: null, ignored: 'WooCommerce ping: the delivery URL works' }, message: 'Ping received' };
    }
    const delivery = adapter.delivery(headers);
    if (!delivery) throw new AppError('unauthenticated', `the request lacks the headers ${type} signs its webhooks with`);
    const row = delivery.integrationId ? (isUuid(delivery.integrationId) ? await this.deps.repo.byId(delivery.integrationId) : null) : await this.deps.repo.byShop(type, delivery.shop ?? '');
    if (!row || row.type !== type) throw new AppError('not_found', `no store of this server is connected to that ${type} shop`);
    const secret = this.deps.service.connected(row).secrets.webhook_secret ?? '';
    if (!adapter.verify(secret, headers, raw)) throw new AppError('unauthenticated', 'the webhook signature does not match the connection\'s secret');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw AppError.field('body', 'must be the JSON the shop sends');
    }
    const topic = delivery.topic || String((body as { topic?: unknown } | null)?.topic ?? '');
    if (row.status === 'uninstalled' && topic !== 'app/uninstalled') {
      return { status: 200, data: { topic, duplicate: false, job_id: null, ignored: 'the shop uninstalled the app: connect the store again' }, message: 'Ignored' };
    }
    const key = `delivery:${delivery.deliveryId}`;
    const inbox = { integration_id: row.id, key, topic, body: raw.toString('utf8'), received_at: nowIso() };
    const jobInput = { accountId: row.account_id, storeId: row.store_id, payload: { integration_id: row.id, key } };
    // the common case in one transaction of two inserts: a new delivery and its job
    let jobId = await this.deps.db
      .transaction()
      .execute(async (tx) => {
        const job = await this.deps.jobs.createIn(tx, orderJobKind, jobInput);
        if (!(await this.deps.repo.insertNew(tx, { ...inbox, job_id: job.id }))) throw new SeenBefore();
        return job.id;
      })
      .catch((err: unknown) => {
        if (err instanceof SeenBefore) return null;
        throw err;
      });
    if (jobId === null) {
      // seen before: handled, in hand, or left unhandled long ago (its job failed for good): then taken again
      const again = await this.deps.db.transaction().execute(async (tx) => {
        if ((await this.deps.repo.claim(tx, inbox, DELIVERY_STALE_MS)) !== 'claimed') return null;
        const job = await this.deps.jobs.createIn(tx, orderJobKind, jobInput);
        await this.deps.repo.setJob(tx, row.id, key, job.id);
        return job.id;
      });
      if (again === null) return { status: 200, data: { topic, duplicate: true, job_id: (await this.deps.repo.inboxRow(row.id, key))?.job_id ?? null, ignored: null }, message: 'Already received: nothing done again' };
      jobId = again;
    }
    this.runHere(jobId);
    this.deps.jobs.announceCommitted({ id: jobId, type: orderJobKind.type, attempt: 0 });
    return { status: 202, data: { topic, duplicate: false, job_id: jobId, ignored: null }, message: 'Accepted' };
  }

  /** Queues the job on this process's own lane (INLINE_MAX at a time) when it runs workers; a full lane leaves it to the queue. */
  private runHere(jobId: string): void {
    if (!this.runNow || this.lane.length >= LANE_MAX) return;
    this.lane.push(jobId);
    this.drain();
  }

  private drain(): void {
    while (this.runNow && this.inline < INLINE_MAX && this.lane.length > 0) {
      const id = this.lane.shift()!;
      this.inline++;
      const run = this.runNow;
      setImmediate(() =>
        void run(id)
          .catch(() => undefined)
          .finally(() => {
            this.inline--;
            this.drain();
          }),
      );
    }
  }
}
