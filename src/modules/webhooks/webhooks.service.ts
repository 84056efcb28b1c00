import { isUuid, newId } from '../../platform/crypto/ids.js';
import type { Aead } from '../../platform/crypto/aead.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { iso } from '../../platform/db/index.js';
import type { DomainEvent } from '../../platform/events.js';
import { FetchError, SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import { messageId, type DeliveryKind } from './delivery.js';
import { generateSecret } from './signature.js';
import type { AttemptRow, DeliveryRow, WebhookRow, WebhooksRepo } from './webhooks.repo.js';
import {
  DEFAULT_SECRET_GRACE_SECONDS,
  EVENTS_OF,
  TOPICS,
  type CreateWebhookInput,
  type DeliveryDto,
  type Topic,
  type UpdateWebhookInput,
  type WebhookDto,
} from './webhooks.schemas.js';

/** What webhooks need of the stores module: the tier of each live store (deleted stores hear nothing). */
export interface StoreTiers {
  liveTiers(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The event name a publisher used, in the reference spelling: `POST/batch`, `post_batch`
 * and `POST BATCH` are one event. Null when the topic has no such event.
 */
export function normalizeEvent(topic: string, event: string): string | null {
  if (!(TOPICS as readonly string[]).includes(topic)) return null;
  const events = EVENTS_OF[topic as Topic];
  if (events.includes(event)) return event;
  const upper = event.trim().replace(/[/_\s]+/g, ' ').toUpperCase();
  if (events.includes(upper)) return upper;
  const lower = event.trim().toLowerCase();
  return events.includes(lower) ? lower : null;
}

/** `products.post_batch`, `jobs.completed`: the Standard Webhooks `type` of a payload. */
export const eventType = (topic: string, event: string) => `${topic}.${event.toLowerCase().replace(/\s+/g, '_')}`;

export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly repo: WebhooksRepo,
    private readonly aead: Aead,
    private readonly fetcher: SafeFetcher,
    private readonly plans: Plans,
    private readonly jobs: JobsService,
    private readonly kind: DeliveryKind,
    private readonly now: () => number,
    private readonly stores: StoreTiers,
  ) {}

  private aad(id: string): string {
    return `webhook:${id}`;
  }

  toDto(row: WebhookRow, secret?: string): WebhookDto {
    const until = row.previous_secret_until === null ? null : iso(row.previous_secret_until);
    return {
      id: row.id,
      store_id: row.store_id,
      event: row.event,
      callback_url: row.callback_url,
      topic: row.topic,
      enabled: row.enabled === 1,
      disabled_reason: row.disabled_reason,
      disabled_at: iso(row.disabled_at),
      previous_secret_expires_at: until !== null && new Date(until).getTime() > this.now() ? until : null,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      ...(secret !== undefined ? { secret } : {}),
    };
  }

  private toDelivery(row: DeliveryRow, attempts: AttemptRow[]): DeliveryDto {
    return {
      id: row.id,
      webhook_id: row.webhook_id,
      message_id: messageId(row.id),
      topic: row.topic,
      event: row.event,
      status: row.status,
      attempt_count: row.attempt_count,
      last_status_code: row.last_status_code,
      last_error: row.last_error,
      payload: JSON.parse(row.body) as unknown,
      attempts: attempts.map((a) => ({
        id: a.id,
        status_code: a.status_code,
        error: a.error,
        response_body: a.response_body,
        duration_ms: a.duration_ms,
        created_at: iso(a.created_at),
      })),
      delivered_at: iso(row.delivered_at),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  /** Webhooks belong to a store: the calling credential's (B, J+S, a store key, or an account key naming one). */
  private storeOf(actor: Actor): { storeId: string; tier: string } {
    if (!actor.storeId) throw new AppError('bad_request', 'Webhooks belong to a store: name it with the X-Service-Store-Sid header');
    return { storeId: actor.storeId, tier: actor.tier ?? this.plans.table.tiers[0]! };
  }

  private async find(storeId: string, id: string): Promise<WebhookRow> {
    const row = isUuid(id) ? await this.repo.ofStore(storeId, id) : null;
    if (!row) throw AppError.notFound('Webhook');
    return row;
  }

  private validEvent(topic: Topic, event: string | undefined): string {
    const events = EVENTS_OF[topic];
    if (event === undefined) return events[0]!;
    if (!events.includes(event)) throw AppError.field('event', `must be one of ${events.join(', ')} for topic ${topic}`);
    return event;
  }

  /** Registration refuses URLs the safe fetcher would refuse at delivery (private addresses, odd schemes). */
  private async checkUrl(url: string): Promise<string> {
    try {
      await this.fetcher.assertAllowed(url, 5000);
    } catch (err) {
      if (err instanceof FetchError && err.code === 'dns_failed') throw AppError.field('callback_url', 'has a host name that does not resolve');
      throw SafeFetcher.toAppError(err, 'callback_url');
    }
    return new URL(url).toString();
  }

  // ---- CRUD --------------------------------------------------------------------------------

  async create(actor: Actor, input: CreateWebhookInput): Promise<WebhookDto> {
    const { storeId, tier } = this.storeOf(actor);
    this.plans.require(tier, 'webhooks');
    const event = this.validEvent(input.topic, input.event);
    const callbackUrl = await this.checkUrl(input.callback_url);
    const id = newId();
    const secret = generateSecret();
    const now = new Date(this.now()).toISOString();
    const row = await this.repo.insert({
      id,
      account_id: actor.userId,
      store_id: storeId,
      topic: input.topic,
      event,
      callback_url: callbackUrl,
      secret_enc: this.aead.encrypt(secret, this.aad(id)),
      created_at: now,
      updated_at: now,
    });
    return this.toDto(row, secret);
  }

  async list(actor: Actor, query: ListQuery, ctx: PageContext): Promise<ListResult<WebhookDto>> {
    const { storeId } = this.storeOf(actor);
    const page = await this.repo.list(storeId, query, ctx);
    return { ...page, rows: page.rows.map((r) => this.toDto({ ...r, enabled: Number(r.enabled) })) };
  }

  async count(actor: Actor): Promise<number> {
    return this.repo.count(this.storeOf(actor).storeId);
  }

  async get(actor: Actor, id: string): Promise<WebhookDto> {
    return this.toDto(await this.find(this.storeOf(actor).storeId, id));
  }

  async update(actor: Actor, id: string, input: UpdateWebhookInput): Promise<WebhookDto> {
    const { storeId, tier } = this.storeOf(actor);
    const row = await this.find(storeId, id);
    this.plans.require(tier, 'webhooks');
    const topic = (input.topic ?? row.topic) as Topic;
    // A topic change without an event takes the new topic's default when the old event does not fit.
    const event = input.event ?? (EVENTS_OF[topic].includes(row.event) ? row.event : undefined);
    const now = new Date(this.now()).toISOString();
    const set: Parameters<WebhooksRepo['update']>[2] = { topic, event: this.validEvent(topic, event), updated_at: now };
    if (input.callback_url !== undefined) set.callback_url = await this.checkUrl(input.callback_url);
    if (input.enabled === true && row.enabled !== 1) Object.assign(set, { enabled: 1, disabled_reason: null, disabled_at: null });
    if (input.enabled === false && row.enabled === 1) Object.assign(set, { enabled: 0, disabled_reason: 'Paused by the store', disabled_at: now });
    const out = await this.repo.update(storeId, row.id, set);
    if (!out) throw AppError.notFound('Webhook');
    return this.toDto(out);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const { storeId } = this.storeOf(actor);
    const row = await this.find(storeId, id);
    await this.repo.remove(storeId, row.id);
  }

  /** A new secret, shown once; the old one keeps signing (a second signature) for the grace period. */
  async rotateSecret(actor: Actor, id: string, graceSeconds: number | undefined): Promise<WebhookDto> {
    const { storeId } = this.storeOf(actor);
    const row = await this.find(storeId, id);
    const secret = generateSecret();
    const now = this.now();
    const grace = graceSeconds ?? DEFAULT_SECRET_GRACE_SECONDS;
    const out = await this.repo.update(storeId, row.id, {
      secret_enc: this.aead.encrypt(secret, this.aad(row.id)),
      previous_secret_enc: grace > 0 ? row.secret_enc : null,
      previous_secret_until: grace > 0 ? new Date(now + grace * 1000).toISOString() : null,
      updated_at: new Date(now).toISOString(),
    });
    if (!out) throw AppError.notFound('Webhook');
    return this.toDto(out, secret);
  }

  // ---- deliveries --------------------------------------------------------------------------

  async deliveries(actor: Actor, id: string, query: ListQuery & { status?: 'pending' | 'succeeded' | 'failed' }, ctx: PageContext): Promise<ListResult<DeliveryDto>> {
    const { storeId } = this.storeOf(actor);
    const hook = await this.find(storeId, id);
    const page = await this.repo.listDeliveries(storeId, hook.id, query.status, query, ctx);
    const attempts = await this.repo.attemptsOf(page.rows.map((r) => r.id));
    return { ...page, rows: page.rows.map((r) => this.toDelivery({ ...r, attempt_count: Number(r.attempt_count), last_status_code: r.last_status_code === null ? null : Number(r.last_status_code) }, attempts.filter((a) => a.delivery_id === r.id))) };
  }

  async delivery(actor: Actor, id: string, deliveryId: string): Promise<DeliveryDto> {
    const { storeId } = this.storeOf(actor);
    const hook = await this.find(storeId, id);
    const row = isUuid(deliveryId) ? await this.repo.deliveryOf(storeId, hook.id, deliveryId) : null;
    if (!row) throw AppError.notFound('Delivery');
    return this.toDelivery(row, await this.repo.attemptsOf([row.id]));
  }

  /** Sends a finished delivery again: same webhook-id and body, a fresh retry schedule. 409 while it is still pending. */
  async redeliver(actor: Actor, id: string, deliveryId: string): Promise<DeliveryDto> {
    const { storeId } = this.storeOf(actor);
    const hook = await this.find(storeId, id);
    const delivery = isUuid(deliveryId) ? await this.repo.deliveryOf(storeId, hook.id, deliveryId) : null;
    if (!delivery) throw AppError.notFound('Delivery');
    if (hook.enabled !== 1) throw new AppError('conflict', 'The webhook is disabled; enable it (PUT enabled:true) before redelivering');
    const job = await this.db.transaction().execute(async (tx) => {
      const created = await this.jobs.createIn(tx, this.kind, { accountId: hook.account_id, storeId, payload: { delivery_id: delivery.id } });
      if (!(await this.repo.restartDelivery(tx, delivery.id, created.id, new Date(this.now()).toISOString()))) {
        throw new AppError('conflict', 'This delivery is still pending');
      }
      return created;
    });
    this.jobs.announceWhenVisible({ id: job.id, type: job.type, attempt: 0 });
    const fresh = (await this.repo.deliveryOf(storeId, hook.id, delivery.id))!;
    return this.toDelivery(fresh, await this.repo.attemptsOf([fresh.id]));
  }

  /** Job runner hook: a delivery job that ended failed leaves no delivery pending. */
  async onJobFinished(tx: DbOrTx, job: { id: string; type: string; state: string; error: string | null }): Promise<void> {
    if (job.type !== this.kind.type || job.state !== 'failed') return;
    await this.repo.failPendingOfJob(tx, job.id, job.error ?? 'Delivery failed', new Date(this.now()).toISOString());
  }

  // ---- fan-out (EventBus subscriber) ---------------------------------------------------------

  /**
   * Records one delivery and its job per subscribed endpoint, in the publisher's
   * transaction (an outbox): nothing is sent from here, and a rolled-back change sends
   * nothing. The jobs are announced once the transaction has committed.
   */
  readonly onEvent = async (event: DomainEvent, db: DbOrTx | undefined): Promise<void> => {
    const name = normalizeEvent(event.topic, event.event);
    if (name === null) return;
    const tx = db ?? this.db;
    // A store that left the plans with webhooks keeps its endpoints but hears nothing.
    const subscribed = await this.repo.subscribed(tx, { accountId: event.accountId, storeId: event.storeId, topic: event.topic, event: name });
    const tiers = await this.stores.liveTiers(tx, [...new Set(subscribed.map((h) => h.store_id))]);
    const hooks = subscribed.filter((h) => {
      const tier = tiers.get(h.store_id);
      return tier !== undefined && this.plans.has(tier, 'webhooks');
    });
    if (hooks.length === 0) return;
    const timestamp = event.occurredAt ?? new Date(this.now()).toISOString();
    const announce: Array<{ id: string; type: string; attempt: number }> = [];
    for (const hook of hooks) {
      const deliveryId = newId();
      const body = JSON.stringify({ type: eventType(event.topic, name), timestamp, topic: event.topic, event: name, store_id: hook.store_id, data: event.data });
      const job = await this.jobs.createIn(tx, this.kind, { accountId: hook.account_id, storeId: hook.store_id, payload: { delivery_id: deliveryId } });
      const now = new Date(this.now()).toISOString();
      await this.repo.insertDelivery(tx, {
        id: deliveryId,
        webhook_id: hook.id,
        account_id: hook.account_id,
        store_id: hook.store_id,
        topic: event.topic,
        event: name,
        body,
        status: 'pending',
        job_id: job.id,
        created_at: now,
        updated_at: now,
      });
      announce.push({ id: job.id, type: job.type, attempt: 0 });
    }
    for (const ref of announce) this.jobs.announceWhenVisible(ref);
  };
}
