import type { Redis } from 'ioredis';
import type { Database } from '../platform/db/index.js';
import type { Metrics } from '../platform/metrics/metrics.js';

/**
 * Scrape-time gauges of the platform: the database's connections, and whether Redis answers
 * a PING within the collection timeout (a failed or slow ping reads 0, never a failed scrape).
 */
export function platformGauges(metrics: Metrics, database: Database, redis: Redis | null): void {
  metrics.gauge('folio_db_pool_connections', 'Database connections by state (PostgreSQL pool: max, total, idle, waiting; SQLite: one connection)', ['dialect', 'state'], (set) => {
    const p = database.pool();
    for (const [state, n] of Object.entries(p)) if (n !== null) set({ dialect: database.dialect, state }, n);
  });
  if (redis) {
    metrics.gauge('folio_redis_up', 'Redis answered PING within 500 ms at this scrape (1) or not (0)', [], async (set) => {
      const up = await Promise.race([
        redis.ping().then(() => 1, () => 0),
        new Promise<number>((resolve) => setTimeout(() => resolve(0), 500).unref()),
      ]);
      set({}, up);
    });
  }
}
