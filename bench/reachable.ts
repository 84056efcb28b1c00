import { Redis } from 'ioredis';
import pg from 'pg';

/** Whether the PostgreSQL or Redis server a bench would use answers (benches skip what is down). */
export async function reachable(what: 'pg' | 'redis', url: string): Promise<boolean> {
  try {
    if (what === 'pg') {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      await c.connect();
      await c.end();
    } else {
      const r = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1 });
      await r.connect();
      await r.ping();
      r.disconnect();
    }
    return true;
  } catch {
    return false;
  }
}
