import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../src/platform/storage/s3.js';
import { buildTestApp } from '../../helpers/app.js';
import { blobStoreContract } from './blob-contract.js';

/** A local S3-compatible server (s3rver) started by the test itself. */
let server: S3rver;
let endpoint = '';
let dir = '';
let store: S3BlobStore;
const BUCKET = 'folio-blobs';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const info = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${info.port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
  store = new S3BlobStore({ bucket: BUCKET, prefix: 'test/', region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
});

afterAll(async () => {
  await store.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function viaHttp(url: string) {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

describe('S3 blob store (s3rver)', () => {
  blobStoreContract(() => store, viaHttp);

  it('uses native presigned URLs on the bucket, under the configured prefix', async () => {
    await store.put('a/b.txt', 'hello', { contentType: 'text/plain' });
    const url = new URL(await store.url('a/b.txt', { downloadName: 'b.txt' }));
    expect(url.origin).toBe(endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/test/a/b.txt`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    // signed as of the hour's start, for 24 hours after the hour's end (blob-store.ts linkWindow)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('90000');
    expect(url.searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{2}0000Z$/);
    expect(url.searchParams.get('response-content-disposition')).toContain('filename="b.txt"');
  });

  it('fails readiness for a bucket that does not exist', async () => {
    const missing = new S3BlobStore({ bucket: 'no-such-bucket', prefix: '', region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    await expect(missing.ping()).rejects.toThrow();
    await missing.close();
  });

  it('is chosen by STORAGE_URL, with credentials from the URL; no /v1/files route then', async () => {
    const t = await buildTestApp({ env: { STORAGE_URL: `s3://S3RVER:S3RVER@${BUCKET}/app?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true` } });
    try {
      expect(t.deps.blobs.driver).toBe('s3');
      await t.deps.blobs.put('x.txt', 'via config', { contentType: 'text/plain' });
      const underApp = new S3BlobStore({ bucket: BUCKET, prefix: 'app/', region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
      expect((await underApp.get('x.txt')).toString()).toBe('via config');
      await underApp.close();
      const link = await t.deps.blobs.url('x.txt');
      expect(new URL(link).pathname).toBe(`/${BUCKET}/app/x.txt`);
      expect((await viaHttp(link)).body.toString()).toBe('via config');
      const ready = await t.app.inject({ method: 'GET', url: '/v1/ready' });
      expect(ready.json().checks.blobs).toBe('ok');
      expect((await t.app.inject({ method: 'GET', url: '/v1/files/x.txt?expires=1&sig=x' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
