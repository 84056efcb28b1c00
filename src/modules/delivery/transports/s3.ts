import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { OutFile, S3Secrets, S3TargetSettings, Transport } from './transport.js';

/**
 * A store's S3 bucket (or an S3-compatible one), with the store's own credentials, never the
 * server's default chain. PutObject makes an object visible whole, so no `.part` is needed;
 * the ticket is put after the PDF. One SDK attempt per call: retries are the delivery job's.
 */
export class S3Transport implements Transport {
  private readonly client: S3Client;

  /** `pinned`: the endpoint's address as the safe fetcher checked it; every connection goes there (no second lookup). */
  constructor(private readonly settings: S3TargetSettings, secrets: S3Secrets, pinned: { address: string; family: number } | null = null) {
    const lookup: LookupFunction | undefined = pinned
      ? (_host, options, callback) => (options.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family))
      : undefined;
    this.client = new S3Client({
      ...(lookup ? { requestHandler: { httpAgent: new http.Agent({ lookup }), httpsAgent: new https.Agent({ lookup }) } } : {}),
      region: settings.region,
      forcePathStyle: settings.force_path_style,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      credentials: { accessKeyId: secrets.access_key_id ?? '', secretAccessKey: secrets.secret_access_key ?? '' },
      maxAttempts: 1,
      // Checksums only where S3 requires them: the default streams bodies as aws-chunked with a
      // trailing checksum, which many S3-compatible stores store verbatim or refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(name: string): string {
    return `${this.settings.prefix}${name}`;
  }

  async put(files: readonly OutFile[], signal: AbortSignal): Promise<string[]> {
    const out: string[] = [];
    for (const f of files) {
      signal.throwIfAborted();
      const Key = this.key(f.name);
      const size = f.local !== undefined ? (await fs.stat(f.local)).size : (f.body?.length ?? 0);
      const Body = f.local !== undefined ? createReadStream(f.local) : (f.body ?? Buffer.alloc(0));
      await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key, Body, ContentType: f.contentType, ContentLength: size }), { abortSignal: signal });
      out.push(`s3://${this.settings.bucket}/${Key}`);
    }
    return out;
  }

  async remove(name: string, signal: AbortSignal): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }), { abortSignal: signal });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
