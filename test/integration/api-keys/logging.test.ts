import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config/index.js';
import { createServer } from '../../../src/main/server.js';
import { loggerOptions } from '../../../src/platform/log/logger.js';
import { sha256Hex } from '../../../src/platform/crypto/tokens.js';
import type { Deps } from '../../../src/main/deps.js';
import { asK, asKHeader, storeKey, storeOn } from './helpers.js';

// The production logger configuration at its most verbose, writing into memory.
const lines: string[] = [];
let app: App;
let deps: Deps;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_PUBLIC_URL: 'http://folio.test',
    FOLIO_SCRYPT_COST: '10',
    LOG_LEVEL: 'trace',
    FOLIO_REDIS_PREFIX: `folio-test:${randomUUID()}:`,
    ...(inject('databaseUrl') ? { DATABASE_URL: inject('databaseUrl')! } : {}),
    ...(inject('redisUrl') ? { REDIS_URL: inject('redisUrl')! } : {}),
  });
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const logger = pino(loggerOptions('trace') as Parameters<typeof pino>[0], sink) as unknown as FastifyBaseLogger;
  ({ app, deps } = await createServer(config, {}, logger));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('keys never reach the logs: not on creation, use, failure or rotation', async () => {
  const t = { app, deps } as never;
  const store = await storeOn(t, 'advanced');
  const sk = await storeKey(t, store, { allowed_ips: ['10.0.0.0/8'] });
  const url = `/v1/stores/${store.id}/api-keys`;
  await app.inject({ method: 'GET', url, headers: asK(sk.key), remoteAddress: '10.0.0.1' });
  await app.inject({ method: 'GET', url, headers: asKHeader(sk.key), remoteAddress: '10.0.0.1' });
  await app.inject({ method: 'GET', url, headers: asK(sk.key) }); // refused: IP
  await app.inject({ method: 'GET', url: '/v1/stores', headers: asK(sk.key) }); // refused: route
  const rot = await app.inject({ method: 'POST', url: `${url}/${sk.data.uuid}/rotate`, headers: asK(sk.key), remoteAddress: '10.0.0.1' });
  expect(rot.statusCode).toBe(200);
  const log = lines.join('');
  expect(log).toContain('incoming request'); // the logger did write
  for (const secret of [sk.key, rot.json().key]) {
    expect(log).not.toContain(secret);
    expect(log).not.toContain(secret.slice(12, -4));
    expect(log).not.toContain(sha256Hex(secret));
  }
});
