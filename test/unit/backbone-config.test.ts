import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('backbone settings', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv');
    expect(c.fetch).toEqual({ allowlist: [], maxBytes: 52_428_800, timeoutMs: 20_000 });
    expect(c.jobs).toEqual({ queue: 'inprocess', concurrency: 4, leaseMs: 30_000, maxAttempts: 3, pollMs: 1000, serveWorkers: true });
    expect(c.storage).toEqual({ driver: 'disk', root: path.join('/srv', 'data', 'blobs') });
  });

  it('switches to BullMQ with REDIS_URL (serve then leaves jobs to `folio worker`), unless told otherwise', () => {
    expect(loadConfig({ REDIS_URL: 'redis://r:6379' }).jobs).toMatchObject({ queue: 'bullmq', serveWorkers: false });
    expect(loadConfig({ REDIS_URL: 'redis://r:6379', FOLIO_QUEUE: 'inprocess' }).jobs).toMatchObject({ queue: 'inprocess', serveWorkers: true });
    expect(loadConfig({ REDIS_URL: 'redis://r:6379', FOLIO_SERVE_WORKERS: 'true' }).jobs.serveWorkers).toBe(true);
    expect(problems({ FOLIO_QUEUE: 'bullmq' })).toEqual(['FOLIO_QUEUE=bullmq needs REDIS_URL']);
  });

  it('parses the fetch allow-list: hosts, addresses, CIDRs', () => {
    const c = loadConfig({ FOLIO_FETCH_ALLOWLIST: 'Images.Intranet.example., 10.0.0.0/8, 127.0.0.1, [::1], fd00::/8' });
    expect(c.fetch.allowlist).toEqual(['images.intranet.example', '10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(problems({ FOLIO_FETCH_ALLOWLIST: '10.0.0.0/33,bad host,ok.example' })).toEqual([
      'FOLIO_FETCH_ALLOWLIST: "10.0.0.0/33" is not a valid CIDR',
      'FOLIO_FETCH_ALLOWLIST: "bad host" is neither a host name, an IP address nor a CIDR',
    ]);
  });

  it('lists every bad number at once', () => {
    expect(
      problems({
        FOLIO_FETCH_MAX_BYTES: '0',
        FOLIO_FETCH_TIMEOUT_MS: 'soon',
        FOLIO_WORKER_CONCURRENCY: '0',
        FOLIO_JOB_LEASE_MS: '10',
        FOLIO_JOB_MAX_ATTEMPTS: '50',
        FOLIO_JOB_POLL_MS: '-1',
        FOLIO_SERVE_WORKERS: 'maybe',
      }),
    ).toEqual([
      'FOLIO_FETCH_MAX_BYTES must be an integer from 1 to 1073741824 (got "0")',
      'FOLIO_FETCH_TIMEOUT_MS must be an integer from 100 to 300000 (got "soon")',
      'FOLIO_WORKER_CONCURRENCY must be an integer from 1 to 256 (got "0")',
      'FOLIO_JOB_LEASE_MS must be an integer from 500 to 3600000 (got "10")',
      'FOLIO_JOB_MAX_ATTEMPTS must be an integer from 1 to 20 (got "50")',
      'FOLIO_JOB_POLL_MS must be an integer from 20 to 60000 (got "-1")',
      'FOLIO_SERVE_WORKERS must be true or false (got "maybe")',
    ]);
  });

  it('parses STORAGE_URL for S3 and local directories', () => {
    expect(loadConfig({ STORAGE_URL: 's3://KEY:SE%2FCRET@my-bucket/folio/prod?endpoint=http://127.0.0.1:9000&region=eu-west-1' }).storage).toEqual({
      driver: 's3',
      bucket: 'my-bucket',
      prefix: 'folio/prod/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'KEY', secretAccessKey: 'SE/CRET' },
    });
    expect(loadConfig({ STORAGE_URL: 's3://assets.example.com', AWS_REGION: 'us-west-2' }).storage).toEqual({
      driver: 's3',
      bucket: 'assets.example.com',
      prefix: '',
      region: 'us-west-2',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
    expect(loadConfig({ STORAGE_URL: 'file:///var/lib/folio/blobs' }).storage).toEqual({ driver: 'disk', root: '/var/lib/folio/blobs' });
  });

  it('refuses a malformed STORAGE_URL with reasons', () => {
    expect(problems({ STORAGE_URL: 's3://valid-bucket?endpoint=ftp://x&forcePathStyle=yes&colour=red' })).toEqual([
      'STORAGE_URL: unknown parameter "colour" (known: region, endpoint, forcePathStyle)',
      'STORAGE_URL: endpoint must be an http(s) URL (got "ftp://x")',
      'STORAGE_URL: forcePathStyle must be true or false',
    ]);
    expect(problems({ STORAGE_URL: 's3://x' })).toEqual(['STORAGE_URL: "x" is not a valid bucket name (3-63 of a-z 0-9 . -)']);
    expect(problems({ STORAGE_URL: 's3://KEY@bucket-name' })).toEqual(['STORAGE_URL: give both the access key id and the secret, or neither']);
    expect(problems({ STORAGE_URL: 'https://s3.example.com/bucket' })).toEqual(['STORAGE_URL must use one of s3, file (got "https:")']);
    expect(problems({ STORAGE_URL: 'file://host/dir' })).toEqual(['STORAGE_URL file: URLs must look like file:///absolute/directory']);
  });
});
