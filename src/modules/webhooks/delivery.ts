import { performance } from 'node:perf_hooks';
import { newId } from '../../platform/crypto/ids.js';
import type { Aead } from '../../platform/crypto/aead.js';
import { iso } from '../../platform/db/index.js';
import { FetchError, type SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import { bind, JobFailure, JobRetry, jobKind, type JobBinding, type JobContext, type JobKind } from '../../platform/queue/registry.js';
import { WEBHOOK_DELIVERY_FLOW } from '../jobs/flows.js';
import { sign } from './signature.js';
import type { WebhookRow, WebhooksRepo } from './webhooks.repo.js';

/**
 * Retry delays after a failed attempt (Standard Webhooks' suggested shape, stretched to
 * about three days): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h — ten attempts
 * over 71 h 35 min.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 504e5, 72e6, 72e6];

/** The webhook-id of a delivery: the same on every attempt and on redelivery. */
export const messageId = (deliveryId: string) => `msg_${deliveryId}`;

export interface DeliveryPayload {
  delivery_id: string;
}

export interface DeliveryOptions {
  retryScheduleMs: readonly number[];
  /** per-attempt deadline (connect, send, answer) */
  timeoutMs: number;
  now: () => number;
}

export type DeliveryKind = JobKind<DeliveryPayload, { status: number | null; skipped?: string }>;

/** The job kind, one per app (its schedule is configuration; tests shorten it). */
export function deliveryKind(scheduleMs: readonly number[]): DeliveryKind {
  return jobKind({
    type: 'webhook_delivery',
    statuses: WEBHOOK_DELIVERY_FLOW,
    refundOnFailure: false,
    internal: true,
    maxAttempts: scheduleMs.length + 1,
    retryDelayMs: (attempt) => scheduleMs[Math.min(attempt, scheduleMs.length) - 1] ?? scheduleMs[scheduleMs.length - 1] ?? 0,
  });
}

export function signingSecrets(hook: WebhookRow, aead: Aead, now: number): string[] {
  const secrets = [aead.decrypt(hook.secret_enc, `webhook:${hook.id}`)];
  if (hook.previous_secret_enc && hook.previous_secret_until && new Date(iso(hook.previous_secret_until)).getTime() > now) {
    secrets.push(aead.decrypt(hook.previous_secret_enc, `webhook:${hook.id}`));
  }
  return secrets;
}

/**
 * One attempt of one delivery: sign the stored body with the endpoint's live secrets, POST
 * it through the safe fetcher, log the attempt. 2xx succeeds; 410 disables the endpoint;
 * anything else (status, refused address, timeout) is retried on the schedule, and a
 * delivery that exhausts it with no success to the endpoint meanwhile disables it.
 */
export function deliveryBinding(kind: DeliveryKind, deps: { repo: WebhooksRepo; fetcher: SafeFetcher; aead: Aead; userAgent: string }, opts: DeliveryOptions): JobBinding {
  const { repo, fetcher, aead } = deps;
  return bind(kind, async (ctx: JobContext<DeliveryPayload>) => {
    const delivery = await repo.delivery(ctx.payload.delivery_id);
    // Deleted with its endpoint, or already finished by an earlier run of this job.
    if (!delivery || delivery.job_id !== ctx.id || delivery.status !== 'pending') return { status: null, skipped: delivery ? delivery.status : 'deleted' };
    const hook = await repo.byId(delivery.webhook_id);
    if (!hook) return { status: null, skipped: 'deleted' };
    const nowIso = () => new Date(opts.now()).toISOString();
    if (!hook.enabled) {
      await repo.setDeliveryStatus(delivery.id, 'failed', nowIso(), 'The endpoint is disabled');
      return { status: null, skipped: 'disabled' };
    }

    const now = opts.now();
    const id = messageId(delivery.id);
    const timestamp = Math.floor(now / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': deps.userAgent,
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(signingSecrets(hook, aead, now), id, timestamp, delivery.body),
    };
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    let answer: string | null = null;
    try {
      const res = await fetcher.send(hook.callback_url, { method: 'POST', body: delivery.body, headers, timeoutMs: opts.timeoutMs, maxBytes: 1024, signal: ctx.signal });
      status = res.status;
      answer = res.body.toString('utf8');
      if (status < 200 || status > 299) error = `The endpoint answered ${status}`;
    } catch (err) {
      error = err instanceof FetchError ? `${err.code}: ${err.message}` : `network: ${(err as Error).message}`;
    }
    const ok = error === null;
    const last = ctx.attempt >= ctx.maxAttempts;
    const gone = status === 410;
    const at = nowIso();
    await repo.recordAttempt(
      { id: newId(), delivery_id: delivery.id, webhook_id: hook.id, job_id: ctx.id, status_code: status, error, response_body: answer, duration_ms: Math.round(performance.now() - started), created_at: at },
      { status: ok ? 'succeeded' : gone || last ? 'failed' : 'pending', deliveredAt: ok ? at : null },
    );
    if (ok) return { status };
    if (gone) {
      await repo.disable(hook.id, 'The endpoint answered 410 Gone', at);
      throw new JobFailure('The endpoint answered 410 Gone; it has been disabled');
    }
    if (last) {
      // Sustained failure: the whole schedule (about three days) passed without one success.
      const lastSuccess = hook.last_success_at === null ? 0 : new Date(iso(hook.last_success_at)).getTime();
      if (lastSuccess < new Date(iso(delivery.created_at)).getTime()) {
        await repo.disable(hook.id, `Deliveries failed for the whole retry schedule (${ctx.attempt} attempts) with no success meanwhile`, at);
      }
      throw new JobFailure(`Delivery failed after ${ctx.attempt} attempts: ${error}`);
    }
    throw new JobRetry(`Delivery attempt ${ctx.attempt} failed: ${error}`);
  });
}
