import { newId } from '../../platform/crypto/ids.js';
import type { EventRow } from './api-keys.repo.js';

/** decisions.md § API keys: the events of a key's audit trail. */
export type AuditEventType = 'created' | 'rotated' | 'revoked' | 'auth_succeeded' | 'auth_failed' | 'scope_denied';

export interface AuditActor {
  type: 'user' | 'store' | 'api_key';
  id: string;
}

export interface AuditEvent {
  keyId: string;
  ownerId: string;
  event: AuditEventType;
  /** why an attempt failed or was denied (expired, revoked, grace_expired, origin_not_allowed, …) */
  reason?: string | null;
  ip: string | null;
  method: string | null;
  route: string | null;
  userAgent: string | null;
  actor: AuditActor | null;
  detail?: Record<string, unknown> | null;
  /** epoch milliseconds, from the service clock */
  at: number;
}

export interface AuditSink {
  insertEvents(rows: readonly EventRow[]): Promise<void>;
}

export interface AuditWriterOptions {
  /** flush at least this often (ms) */
  flushMs: number;
  /** flush as soon as this many events wait */
  batchSize: number;
  /** beyond this many unwritten events (database down), the oldest are dropped and counted */
  maxBuffered: number;
  onError(err: unknown, message: string): void;
}

export const DEFAULT_AUDIT_OPTIONS: Omit<AuditWriterOptions, 'onError'> = { flushMs: 200, batchSize: 500, maxBuffered: 100_000 };

export function toEventRow(e: AuditEvent): EventRow {
  return {
    // uuid v7 taken when the event happens, so ids sort in the order events were recorded
    id: newId(),
    key_id: e.keyId,
    owner_id: e.ownerId,
    event: e.event,
    reason: e.reason ?? null,
    ip: e.ip,
    method: e.method,
    route: e.route,
    user_agent: e.userAgent === null ? null : e.userAgent.slice(0, 512),
    actor_type: e.actor?.type ?? null,
    actor_id: e.actor?.id ?? null,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    created_at: new Date(e.at).toISOString(),
  };
}

/**
 * Writes authentication events off the request path: `record` only appends to a buffer;
 * the buffer is written in batches every `flushMs` or as soon as `batchSize` events wait.
 * A failed write keeps its events for the next attempt. `close` writes everything still
 * buffered, so a graceful shutdown loses nothing.
 */
export class AuditWriter {
  private buffer: EventRow[] = [];
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private closed = false;
  private dropped = 0;

  constructor(
    private readonly sink: AuditSink,
    private readonly options: AuditWriterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    this.timer.unref();
  }

  record(event: AuditEvent): void {
    this.buffer.push(toEventRow(event));
    if (this.buffer.length > this.options.maxBuffered) {
      const excess = this.buffer.length - this.options.maxBuffered;
      this.buffer.splice(0, excess);
      this.dropped += excess;
      this.options.onError(new Error(`${this.dropped} audit events dropped so far`), 'audit buffer full; the database is not accepting events');
    }
    if (this.buffer.length >= this.options.batchSize && !this.running) void this.flush();
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Writes what is buffered now; resolves once it is stored (or the attempt failed and was kept). */
  flush(): Promise<void> {
    // Chain after a write in progress, so batches are written one at a time and in order.
    const run = (this.running ?? Promise.resolve()).then(() => this.drain());
    const tracked = run.finally(() => {
      if (this.running === tracked) this.running = null;
    });
    this.running = tracked;
    return tracked;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.options.batchSize);
      try {
        await this.sink.insertEvents(batch);
      } catch (err) {
        this.buffer.unshift(...batch);
        this.options.onError(err, 'writing audit events failed; will retry');
        return;
      }
    }
  }

  /** Stops the timer and writes every buffered event. Call before the database closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
    if (this.buffer.length > 0) {
      // One more attempt: a transient failure at shutdown should not cost the trail.
      await this.flush();
      if (this.buffer.length > 0) this.options.onError(new Error(`${this.buffer.length} audit events not written`), 'audit events lost at shutdown');
    }
  }
}
