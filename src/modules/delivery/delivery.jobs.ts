import { performance } from 'node:perf_hooks';
import { newId } from '../../platform/crypto/ids.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { bind, JobFailure, JobRetry, jobKind, type JobBinding, type JobContext, type JobKind } from '../../platform/queue/registry.js';
import { buildTicket, type JobTicket } from '../../engines/jdf/index.js';
import { DELIVERY_FLOW } from '../jobs/flows.js';
import type { DeliveryRepo, DeliveryRow } from './delivery.repo.js';
import type { DeliveryTargetsService } from './delivery-targets.service.js';
import { raceAbort } from './delivery-targets.service.js';
import { reason, type OutFile, type Transport, type TransportOpener } from './transports/index.js';

/** 10 s, 1 min, 5 min, 30 min: five attempts over about 36 minutes. */
export const DEFAULT_DELIVERY_SCHEDULE_MS: readonly number[] = [10_000, 60_000, 300_000, 1_800_000];

export interface DeliveryPayload {
  delivery_id: string;
}
export type DeliveryJobKind = JobKind<DeliveryPayload, { remote_path: string | null; skipped?: string }>;

/** The job kind, one per app (the schedule is configuration; tests shorten it). */
export function deliveryJobKind(scheduleMs: readonly number[]): DeliveryJobKind {
  return jobKind({
    type: 'delivery',
    statuses: DELIVERY_FLOW,
    refundOnFailure: false,
    internal: true,
    maxAttempts: scheduleMs.length + 1,
    retryDelayMs: (attempt) => scheduleMs[Math.min(attempt, scheduleMs.length) - 1] ?? scheduleMs[scheduleMs.length - 1] ?? 0,
  });
}

/** `Order 12/7: card.pdf` → `Order 12_7_ card.pdf`: a bare name (no directory) every file system and hot-folder tool takes. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f<>:"|?*\\/]/g, '_').replace(/^\.+/, '').trim().slice(0, 180);
  return clean || 'print-file.pdf';
}

/** The PDF's name and its ticket's name: `<stem>.pdf` and `<stem>.jdf` / `.xml`. */
export function namesOf(fileName: string, ticketExt: string | null): { pdf: string; ticket: string | null } {
  const safe = safeFileName(fileName);
  const stem = safe.replace(/\.pdf$/i, '');
  return { pdf: `${stem}.pdf`, ticket: ticketExt ? `${stem}.${ticketExt}` : null };
}

export interface DeliveryJobDeps {
  db: Db;
  repo: DeliveryRepo;
  targets: DeliveryTargetsService;
  blobs: BlobStore;
  open: TransportOpener;
  now: () => number;
  /** deadline of one attempt (connect, both files) */
  timeoutMs: number;
  /** tests inject faults (a full disk) around the real transport */
  wrapTransport?: (t: Transport, targetType: string) => Transport;
  /** publishes the settled delivery's event inside the settling transaction */
  settled: (tx: DbOrTx, row: DeliveryRow, event: 'delivered' | 'failed') => Promise<void>;
}

/**
 * One attempt of one delivery: read the target, write the PDF and then its ticket through the
 * target's transport, log the attempt. A failure is retried on the kind's schedule; the file
 * stays in the blob store throughout; after the last attempt the delivery is `failed` (and
 * may be retried by hand). A deleted or disabled target fails the delivery at once.
 */
export function deliveryBinding(kind: DeliveryJobKind, deps: DeliveryJobDeps): JobBinding {
  const { repo } = deps;
  return bind(kind, async (ctx: JobContext<DeliveryPayload>) => {
    const delivery = await repo.delivery(ctx.payload.delivery_id);
    if (!delivery || delivery.job_id !== ctx.id || delivery.status === 'delivered' || delivery.status === 'failed') return { remote_path: null, skipped: delivery?.status ?? 'deleted' };
    const nowIso = () => new Date(deps.now()).toISOString();
    const started = performance.now();
    const target = await repo.targetById(delivery.target_id);
    let error: string | null = null;
    let permanent = false;
    let remotePath: string | null = null;
    if (!target || target.store_id !== delivery.store_id) [error, permanent] = ['The delivery target was deleted', true];
    else if (target.enabled !== 1) [error, permanent] = ['The delivery target is disabled', true];
    else if (!(await repo.markSending(delivery.id, ctx.id, nowIso()))) return { remote_path: null, skipped: 'not this job' };
    else {
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(deps.timeoutMs)]);
      let transport: Transport | null = null;
      try {
        const ticketData = JSON.parse(delivery.ticket) as JobTicket;
        const ticketKind = buildTicket(target.ticket, { ...ticketData, fileName: namesOf(delivery.file_name, null).pdf });
        const names = namesOf(delivery.file_name, ticketKind?.ext ?? null);
        const opened = await deps.open(deps.targets.opened(target));
        transport = deps.wrapTransport ? deps.wrapTransport(opened, target.type) : opened;
        const t = transport;
        const written = await deps.blobs.withFile(delivery.file_key, async (local) => {
          const files: OutFile[] = [{ name: names.pdf, local, contentType: delivery.content_type }];
          if (ticketKind && names.ticket) files.push({ name: names.ticket, body: Buffer.from(ticketKind.body), contentType: ticketKind.ext === 'jdf' ? 'application/vnd.cip4-jdf+xml' : 'application/xml' });
          return raceAbort(t.put(files, signal), signal);
        });
        remotePath = written[0] ?? null;
      } catch (err) {
        error = reason(err);
      } finally {
        await transport?.close().catch(() => undefined);
      }
    }
    const ok = error === null;
    const last = permanent || ctx.attempt >= ctx.maxAttempts;
    const status = ok ? 'delivered' : last ? 'failed' : 'pending';
    const at = nowIso();
    await deps.db.transaction().execute(async (tx) => {
      await repo.recordAttempt(
        tx,
        { id: newId(), delivery_id: delivery.id, attempt: delivery.attempts + 1, error, remote_path: remotePath, duration_ms: Math.round(performance.now() - started), created_at: at },
        { status, deliveredAt: ok ? at : null },
      );
      if (status !== 'pending') await deps.settled(tx, (await repo.delivery(delivery.id, tx))!, status);
    });
    if (ok) return { remote_path: remotePath };
    if (last) throw new JobFailure(`Delivery failed after ${ctx.attempt} attempt(s): ${error}`);
    throw new JobRetry(`Delivery attempt ${ctx.attempt} failed: ${error}`);
  });
}
