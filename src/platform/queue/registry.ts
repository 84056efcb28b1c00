/**
 * Job kinds and their handlers. A kind names its type, the status vocabulary the interface
 * gives it (§ States and transitions) and its billing rule; a handler does the work. The
 * registry refuses to start when a declared kind has no handler.
 */

/**
 * A kind's own statuses, mapped over the engine's states (queued → running → completed |
 * failed). Non-terminal statuses form a path the job may only move forward on.
 */
export interface JobStatusFlow {
  /** written by the creating transaction (bg-remove: processing, AI fix: analyzing, studio: queued) */
  created: string;
  /** set when a worker first claims the job (studio: running); omitted: unchanged */
  started?: string;
  /** further statuses a handler may move to while it runs, in order (AI fix: applying) */
  stages?: readonly string[];
  completed: string;
  failed: string;
}

export interface JobKind<P = unknown, R = unknown> {
  readonly type: string;
  readonly statuses: JobStatusFlow;
  /** give the charge back when the job fails (default true) */
  readonly refundOnFailure: boolean;
  /** overrides FOLIO_JOB_MAX_ATTEMPTS for this kind */
  readonly maxAttempts?: number;
  /** delay before the next attempt after attempt `attempt` (1-based) failed; default: exponential from the runner's base, capped at a minute */
  readonly retryDelayMs?: (attempt: number) => number;
  /** plumbing (webhook deliveries, sweeps): no `jobs` domain events when it finishes */
  readonly internal?: boolean;
  /** type-level only: the payload and result types */
  readonly __types?: { payload: P; result: R };
}

export function jobKind<P, R>(spec: {
  type: string;
  statuses: JobStatusFlow;
  refundOnFailure?: boolean;
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
  internal?: boolean;
}): JobKind<P, R> {
  if (!/^[a-z][a-z0-9._-]{0,63}$/.test(spec.type)) throw new Error(`job type "${spec.type}" must be 1-64 of a-z 0-9 . _ - starting with a letter`);
  const path = statusPath(spec.statuses);
  if (new Set(path).size !== path.length) throw new Error(`job type ${spec.type}: non-terminal statuses repeat`);
  if (path.includes(spec.statuses.completed) || path.includes(spec.statuses.failed) || spec.statuses.completed === spec.statuses.failed) {
    throw new Error(`job type ${spec.type}: terminal statuses must differ from the others`);
  }
  return {
    type: spec.type,
    statuses: spec.statuses,
    refundOnFailure: spec.refundOnFailure ?? true,
    ...(spec.maxAttempts ? { maxAttempts: spec.maxAttempts } : {}),
    ...(spec.retryDelayMs ? { retryDelayMs: spec.retryDelayMs } : {}),
    ...(spec.internal ? { internal: true } : {}),
  };
}

/** The non-terminal statuses in order: created, started, stages (adjacent repeats collapsed). */
export function statusPath(flow: JobStatusFlow): string[] {
  const out: string[] = [];
  for (const s of [flow.created, flow.started, ...(flow.stages ?? [])]) {
    if (s !== undefined && out[out.length - 1] !== s) out.push(s);
  }
  return out;
}

/** Whether a running job may move from one status to another: forward along the path, or to a terminal status. */
export function canMove(flow: JobStatusFlow, from: string, to: string): boolean {
  if (to === flow.completed || to === flow.failed) return statusPath(flow).includes(from);
  const path = statusPath(flow);
  const i = path.indexOf(from);
  const j = path.indexOf(to);
  return i >= 0 && j > i;
}

/** What a handler sees of its job. */
export interface JobContext<P> {
  readonly id: string;
  readonly type: string;
  readonly accountId: string;
  readonly storeId: string | null;
  readonly payload: P;
  /** 1 for the first run, 2 after a retry or a re-delivery, ... */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** what an earlier attempt saved with saveProgress (handlers skip work already done) */
  readonly progress: unknown;
  /** the current status in the kind's vocabulary */
  readonly status: string;
  /** aborted when this worker lost the job's lease or is shutting down hard */
  readonly signal: AbortSignal;
  /** moves the job forward along its kind's status path (AI fix: analyzing → applying) */
  setStatus(status: string): Promise<void>;
  /** saves progress (a checkpoint for a later attempt, or progress a client polls) */
  saveProgress(progress: unknown): Promise<void>;
}

export type JobHandler<P, R> = (ctx: JobContext<P>) => Promise<R>;

/**
 * A failure that retrying cannot fix (unreadable image, no face): the job fails at once
 * and, when its kind says so, is refunded. The message is shown to the client. Any other
 * error is retried until the job's attempts are spent.
 */
export class JobFailure extends Error {
  constructor(message: string, readonly details?: Record<string, unknown>) {
    super(message);
    this.name = 'JobFailure';
  }
}

/**
 * An expected, transient failure (a webhook receiver answering 503): the job is retried like
 * after any error, but the runner logs it as an outcome (info, no stack), not as a fault.
 */
export class JobRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRetry';
  }
}

/**
 * A kind or handler of some payload and result type: the registry holds kinds of many types
 * side by side (TypeScript has no existential types); `bind` is where the two are checked to agree.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous registry, see above
export type AnyJobKind = JobKind<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous registry, see above
export type AnyJobHandler = JobHandler<any, any>;

export interface JobBinding {
  kind: AnyJobKind;
  handler: AnyJobHandler;
}

/** A kind with its handler; the types must agree. */
export function bind<P, R>(kind: JobKind<P, R>, handler: JobHandler<P, R>): JobBinding {
  return { kind, handler: handler as AnyJobHandler };
}

/** The typed handler map: one binding per job type. */
export type JobHandlers = readonly JobBinding[];

export class JobRegistry {
  private readonly kinds = new Map<string, AnyJobKind>();
  private readonly handlers = new Map<string, AnyJobHandler>();

  /** A kind some service creates; it must get a handler before start. */
  declare(kind: AnyJobKind): void {
    const known = this.kinds.get(kind.type);
    if (known && known !== kind) throw new Error(`job type ${kind.type} is declared twice`);
    this.kinds.set(kind.type, kind);
  }

  register(bindings: JobHandlers): void {
    for (const b of bindings) {
      this.declare(b.kind);
      if (this.handlers.has(b.kind.type)) throw new Error(`job type ${b.kind.type} has two handlers`);
      this.handlers.set(b.kind.type, b.handler);
    }
  }

  /** Start-up check: every declared kind, and every type still pending in the table, has a handler. */
  assertComplete(typesInUse: readonly string[] = []): void {
    const missing = [...new Set([...this.kinds.keys(), ...typesInUse])].filter((t) => !this.handlers.has(t)).sort();
    if (missing.length > 0) throw new Error(`no handler registered for job type(s): ${missing.join(', ')}`);
  }

  kind(type: string): AnyJobKind | undefined {
    return this.kinds.get(type);
  }

  handler(type: string): AnyJobHandler | undefined {
    return this.handlers.get(type);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}
