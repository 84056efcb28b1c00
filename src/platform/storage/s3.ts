import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidKey, BlobNotFound, contentDisposition, LINK_TTL_SECONDS, linkWindow, type BlobInfo, type BlobStore, type LinkOptions } from './blob-store.js';

import type { S3Options } from '../../config/index.js';

export type { S3Options };

/** Multipart part size: S3's minimum is 5 MiB (all but the last part); one part is in memory at a time. */
export const S3_PART_BYTES = 8 * 1024 * 1024;
/** SigV4 presigned links live at most seven days */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
  return false;
}

/** An S3-compatible bucket; links are the store's own presigned GET URLs (24 h by default). */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return `${this.opts.prefix}${key}`;
  }

  async put(key: string, body: Buffer | Uint8Array | string, opts: { contentType: string }): Promise<BlobInfo> {
    const data = typeof body === 'string' ? Buffer.from(body) : body;
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key), Body: data, ContentType: opts.contentType, ContentLength: data.byteLength }));
    return { key, size: data.byteLength, contentType: opts.contentType };
  }

  /**
   * A body that ends within the first part is one PutObject; a longer one is a multipart
   * upload of S3_PART_BYTES parts, sent one after another, aborted (parts discarded by S3)
   * when the body or a request fails.
   */
  async putStream(key: string, body: Readable, opts: { contentType: string }): Promise<BlobInfo> {
    const Key = this.objectKey(key);
    const Bucket = this.opts.bucket;
    let uploadId: string | null = null;
    const parts: Array<{ ETag: string; PartNumber: number }> = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    const flush = async () => {
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: opts.contentType }))).UploadId ?? null;
      if (!uploadId) throw new Error('S3 gave no UploadId');
      const PartNumber = parts.length + 1;
      const out = await this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: data, ContentLength: data.byteLength }));
      parts.push({ ETag: out.ETag!, PartNumber });
    };
    try {
      for await (const chunk of body) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(b);
        pendingBytes += b.length;
        size += b.length;
        if (pendingBytes >= S3_PART_BYTES) await flush();
      }
      if (uploadId === null) return await this.put(key, Buffer.concat(pending, pendingBytes), opts);
      if (pendingBytes > 0) await flush();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return { key, size, contentType: opts.contentType };
    } catch (err) {
      if (uploadId) await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      throw err;
    }
  }

  async withFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const { body } = await this.stream(key);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-blob-'));
    try {
      const file = path.join(dir, 'blob');
      await pipeline(body, createWriteStream(file));
      return await fn(file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
      return { key, size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async stream(key: string): Promise<{ info: BlobInfo; body: Readable }> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
      const body = out.Body as Readable | undefined;
      if (!body) throw new BlobNotFound(key);
      return { info: { key, size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' }, body };
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFound(key);
      throw err;
    }
  }

  async get(key: string): Promise<Buffer> {
    const { body } = await this.stream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
  }

  async url(key: string, opts: LinkOptions = {}): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.opts.bucket,
      Key: this.objectKey(key),
      ...(opts.downloadName ? { ResponseContentDisposition: contentDisposition(opts.downloadName) } : {}),
    });
    // signed as of the window's start (blob-store.ts `linkWindow`): one window, one link
    const ttl = opts.ttlSeconds ?? LINK_TTL_SECONDS;
    const w = linkWindow(ttl, Date.now());
    return getSignedUrl(this.client, command, { expiresIn: Math.min(MAX_PRESIGN_SECONDS, w.expires - w.start), signingDate: new Date(w.start * 1000) });
  }

  linkWindow(): number {
    return linkWindow(LINK_TTL_SECONDS, Date.now()).index;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
