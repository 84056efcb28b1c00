import { WORK_BUCKETS, type Metrics } from '../../platform/metrics/metrics.js';
import type { Queue } from '../../platform/queue/queue.js';
import type { JobsRepo } from './jobs.repo.js';

/** How one attempt of a job ended. A failed job whose charge was given back also counts in folio_job_refunds_total. */
export type JobOutcome = 'succeeded' | 'failed' | 'retried';

export interface JobMetrics {
  started(kind: string): void;
  /** one attempt ended; `seconds` from the claim to the outcome (null: not run here, e.g. given up after crashes) */
  finished(kind: string, outcome: JobOutcome, seconds: number | null): void;
  refunded(kind: string): void;
}

/**
 * Job counters and durations (recorded by the runner), and the queue depth read from the
 * jobs table at scrape time (the table is the truth on both queue drivers), plus BullMQ's own
 * message counts when that driver is used.
 */
export function jobMetrics(metrics: Metrics, source: { repo: JobsRepo; queue: Queue }): JobMetrics {
  const started = metrics.counter('folio_jobs_started_total', 'Job attempts started (claimed by a worker)', ['kind']);
  const outcomes = metrics.counter('folio_jobs_total', 'Job attempts by how they ended: succeeded, failed (for good), retried', ['kind', 'outcome']);
  const duration = metrics.histogram('folio_job_duration_seconds', 'Duration of one job attempt, from the claim to its outcome', ['kind', 'outcome'], WORK_BUCKETS);
  const refunds = metrics.counter('folio_job_refunds_total', 'Failed jobs whose charge was refunded', ['kind']);
  metrics.gauge('folio_job_queue_depth', 'Unfinished jobs in the jobs table by kind and state (queued includes retries waiting for their time)', ['kind', 'state'], async (set) => {
    for (const r of await source.repo.depth()) set({ kind: r.type, state: r.state }, r.count);
  });
  const brokerCounts = source.queue.brokerCounts?.bind(source.queue);
  if (brokerCounts) {
    metrics.gauge('folio_queue_messages', 'BullMQ messages by state', ['state'], async (set) => {
      for (const [state, n] of Object.entries(await brokerCounts())) set({ state }, n);
    });
  }
  return {
    started: (kind) => started.inc({ kind }),
    finished: (kind, outcome, seconds) => {
      outcomes.inc({ kind, outcome });
      if (seconds !== null) duration.observe({ kind, outcome }, seconds);
    },
    refunded: (kind) => refunds.inc({ kind }),
  };
}
