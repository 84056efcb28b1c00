/**
 * Settles with `p`, or rejects after `ms` if it has not settled by then (the timer is cleared
 * either way, so nothing keeps the process alive). For health checks and scrape-time probes
 * of dependencies that may hang rather than fail.
 */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}
