/**
 * Queues carry only job ids; the jobs table is the truth (architecture.md, "Jobs are rows
 * first"). A driver's one duty is to get a due id to `deliver` soon and, after a crash, again.
 * Whoever receives an id claims the row atomically, so a duplicate delivery costs a query
 * and nothing else.
 */
export interface JobRef {
  id: string;
  type: string;
  /** claims so far; names the delivery generation (a BullMQ message id is `<id>-<attempt>`) */
  attempt: number;
}

/** Where drivers find work that no message announced (other processes, expired leases, lost messages). */
export interface DueSource {
  /**
   * Jobs ready now: queued and due, or running with an expired lease. `queuedBefore`
   * leaves out queued rows newer than that instant (their message is still on its way).
   */
  due(limit: number, opts?: { queuedBefore?: Date; types?: readonly string[] }): Promise<JobRef[]>;
}

/** Runs one delivery: claim the row, run the handler, record the outcome. Must not throw for a job's own failure. */
export type Deliver = (id: string) => Promise<void>;

export interface QueueLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Queue {
  readonly driver: 'inprocess' | 'bullmq';
  /** Announces a committed job row (after its transaction). Never throws: a lost announcement is found by the sweep. */
  notify(job: JobRef, opts?: { delayMs?: number }): Promise<void>;
  /** Starts delivering ids of these job types to `deliver`, at most `concurrency` at a time, until `stop`. */
  consume(deliver: Deliver, opts: { concurrency: number; types: readonly string[] }): Promise<void>;
  /** Stops taking work and waits for in-flight deliveries, at most `timeoutMs`; true when they all finished. */
  stop(timeoutMs: number): Promise<boolean>;
  /** Readiness: throws when the driver cannot work. */
  ping(): Promise<void>;
  /** The broker's own message counts by state (metrics); drivers without a broker have none. */
  brokerCounts?(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves true when `p` settles within `ms`, false otherwise. */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true as const, () => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
