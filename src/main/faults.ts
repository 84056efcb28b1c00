/**
 * The serving process's last line: an exception nobody caught (one thrown from a timer, a
 * stream callback or `process.nextTick` inside a library) or a promise rejection nobody
 * handled is logged with its stack and counted (`folio_process_faults_total{kind}`), and the
 * process goes on serving. Without this, Node ends the process on either, and with it every
 * request in flight and every job it runs.
 *
 * Containment is not repair: the work that threw has lost its continuation (its request
 * times out, its job's lease lapses and the job is retried or given up by the attempt
 * count), so each fault is an error to fix. CPU-heavy work on untrusted input runs in the
 * sandbox pool (platform/sandbox) precisely so that its faults never reach this far.
 */
import type { Metrics } from '../platform/metrics/metrics.js';

export interface FaultLogger {
  error(obj: object, msg: string): void;
}

export type FaultKind = 'uncaught_exception' | 'unhandled_rejection';

/** Installs the handlers; returns a function that removes them (tests, shutdown). */
export function containFaults(log: FaultLogger, metrics?: Metrics): () => void {
  const counter = metrics?.counter('folio_process_faults_total', 'Exceptions nobody caught and rejections nobody handled, contained by the process', ['kind']);
  const report = (kind: FaultKind, err: unknown): void => {
    counter?.inc({ kind });
    try {
      log.error({ err, fault: kind }, kind === 'uncaught_exception' ? 'uncaught exception contained; the process goes on' : 'unhandled rejection contained; the process goes on');
    } catch {
      // a logger that throws must not turn containment into a crash
    }
  };
  const onException = (err: Error): void => report('uncaught_exception', err);
  const onRejection = (reason: unknown): void => report('unhandled_rejection', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
