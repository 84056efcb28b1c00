import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../../src/config/index.js';
import { startServer } from '../../../src/main/server.js';
import { startWorker } from '../../../src/main/worker.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { parseExposition } from '../../helpers/prometheus.js';

/** The scrape listener of its own (FOLIO_METRICS_PORT) on a real port, in `serve` and in `folio worker`. */
let db: IsolatedDatabase;
const dirs: string[] = [];

beforeAll(async () => {
  db = await isolatedDatabase();
});

afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await db?.drop();
});

function env(extra: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-metrics-'));
  dirs.push(dataDir);
  const redisUrl = inject('redisUrl');
  return {
    ...db.env,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    FOLIO_REDIS_PREFIX: `folio-test:${randomUUID()}:`,
    FOLIO_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    FOLIO_SCRYPT_COST: '10',
    FOLIO_WARMUP: 'false',
    FOLIO_METRICS_PORT: '0',
    ...extra,
  };
}

describe('FOLIO_METRICS_PORT', () => {
  it('serve: scrapes on the metrics port; the public port has no /metrics without a token', async () => {
    const server = await startServer(loadConfig(env({})));
    try {
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.metricsUrl).not.toBe(server.url);
      expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
      const pub = await fetch(`${server.url}/metrics`);
      expect(pub.status).toBe(404);

      const res = await fetch(`${server.metricsUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const m = parseExposition(await res.text());
      // The public port's requests, seen from the metrics port (one registry per process).
      expect(m.value('http_request_duration_seconds_count', { method: 'GET', route: '/v1/health', status_code: '200' })).toBe(1);
      expect(m.find('http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toHaveLength(1);
      expect((await fetch(`${server.metricsUrl}/other`)).status).toBe(404);
      expect((await fetch(`${server.metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
    // Closed with the server.
    await expect(fetch(`${server.metricsUrl}/metrics`)).rejects.toThrow();
  });

  it('folio worker: its job metrics are scraped there, and a configured token is required', async () => {
    const token = 'worker-scrape-token-0123456789';
    const worker = await startWorker(loadConfig(env({ FOLIO_METRICS_TOKEN: token })));
    try {
      expect(worker.metricsUrl).not.toBeNull();
      const denied = await fetch(`${worker.metricsUrl}/metrics`);
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({ error: { message: expect.any(String) } });
      const res = await fetch(`${worker.metricsUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const m = parseExposition(await res.text());
      expect(m.types.get('folio_job_queue_depth')).toBe('gauge');
      expect(m.types.get('folio_jobs_total')).toBe('counter');
      expect(m.find('folio_db_pool_connections', { state: 'max' })).toHaveLength(1);
      expect(m.find('http_request_duration_seconds_count')).toEqual([]);
    } finally {
      await worker.close();
    }
  });

  it('FOLIO_METRICS=false: no listener, no /metrics, nothing collected', async () => {
    const server = await startServer(loadConfig(env({ FOLIO_METRICS: 'false', FOLIO_METRICS_TOKEN: 'a-long-scrape-token-1234' })));
    try {
      expect(server.metricsUrl).toBeNull();
      expect(server.deps.metrics.enabled).toBe(false);
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer a-long-scrape-token-1234' } })).status).toBe(404);
      expect((await server.deps.metrics.scrape()).trim()).toBe('');
    } finally {
      await server.close();
    }
  });
});
