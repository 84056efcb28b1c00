import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { BlobNotFound, InvalidBlobKey, type BlobStore } from '../../../src/platform/storage/blob-store.js';

/** What every BlobStore driver must do; run against disk and S3 alike. */
export function blobStoreContract(
  getStore: () => BlobStore,
  fetchLink: (url: string) => Promise<{ status: number; body: Buffer; type: string | null }>,
  /**
   * how long a 1-second link takes to be refused: made in a one-second window, it lives until
   * a second after the window's end (blob-store.ts linkWindow), so up to 2 s
   */
  expiryWaitMs = 2100,
): void {
  it('puts, heads, gets, streams and deletes a blob', async () => {
    const store = getStore();
    const key = `jobs/${Date.now()}/out.png`;
    const info = await store.put(key, Buffer.from('PNGDATA'), { contentType: 'image/png' });
    expect(info).toEqual({ key, size: 7, contentType: 'image/png' });
    expect(await store.head(key)).toEqual({ key, size: 7, contentType: 'image/png' });
    expect((await store.get(key)).toString()).toBe('PNGDATA');
    const { body, info: streamed } = await store.stream(key);
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('PNGDATA');
    expect(streamed.contentType).toBe('image/png');
    await store.put(key, 'replaced', { contentType: 'text/plain' });
    expect((await store.get(key)).toString()).toBe('replaced');
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFound);
    await store.delete(key); // idempotent
  });

  it('refuses keys that could leave the store: .., absolute paths, NUL, backslashes, empty segments', async () => {
    const store = getStore();
    for (const key of ['../escape', 'a/../../escape', '/etc/passwd', 'a\0b', 'a\\..\\b', 'a//b', '', '.hidden', 'a/./b', 'C:/windows', 'a/b/']) {
      await expect(store.put(key, 'x', { contentType: 'text/plain' }), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidBlobKey);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKey);
      await expect(store.url(key)).rejects.toBeInstanceOf(InvalidBlobKey);
    }
  });

  it('hands out links that work without credentials and are valid for 24 hours (at most one window, an hour, more)', async () => {
    const store = getStore();
    const key = `links/${Date.now()}/result.png`;
    await store.put(key, Buffer.from('LINKED'), { contentType: 'image/png' });
    const url = await store.url(key);
    const res = await fetchLink(url);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('LINKED');
    expect(res.type).toBe('image/png');
    const parsed = new URL(url);
    // S3: signed at X-Amz-Date for X-Amz-Expires seconds; disk: `expires` in epoch seconds
    const amzDate = parsed.searchParams.get('X-Amz-Date');
    const until = amzDate
      ? Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')) / 1000 + Number(parsed.searchParams.get('X-Amz-Expires'))
      : Number(parsed.searchParams.get('expires'));
    const left = until - Date.now() / 1000;
    expect(left).toBeGreaterThanOrEqual(86_400 - 5);
    expect(left).toBeLessThanOrEqual(86_400 + 3600);
    // the same file, asked again within the window: the same link
    const window = Math.floor(Date.now() / 3_600_000);
    const again = await store.url(key);
    if (Math.floor(Date.now() / 3_600_000) === window) expect(again).toBe(url);
  });

  it('refuses an expired link', async () => {
    const store = getStore();
    const key = `links/${Date.now()}/short.txt`;
    await store.put(key, 'short-lived', { contentType: 'text/plain' });
    const url = await store.url(key, { ttlSeconds: 1 });
    expect((await fetchLink(url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, expiryWaitMs));
    expect((await fetchLink(url)).status).toBeGreaterThanOrEqual(400);
  });

  /** `total` bytes in 64 KiB chunks made on demand (never one buffer of the whole), failing after `failAfter` when given. */
  function generated(total: number, failAfter?: number) {
    const hash = createHash('sha256');
    let sent = 0;
    const body = new Readable({
      read() {
        if (failAfter !== undefined && sent >= failAfter) return void this.destroy(new Error('client went away'));
        if (sent >= total) return void this.push(null);
        const chunk = Buffer.alloc(Math.min(65_536, total - sent), sent % 251);
        chunk.writeUInt32BE(sent >>> 0, 0);
        hash.update(chunk);
        sent += chunk.length;
        this.push(chunk);
      },
    });
    return { body, digest: () => hash.digest('hex') };
  }

  const sha = async (body: Readable) => {
    const h = createHash('sha256');
    for await (const c of body) h.update(c as Uint8Array);
    return h.digest('hex');
  };

  it('puts a stream larger than one S3 part, byte for byte, and a small one', async () => {
    const store = getStore();
    for (const total of [19 * 1024 * 1024 + 123, 1000]) {
      const key = `streams/${Date.now()}-${total}/big.bin`;
      const src = generated(total);
      expect(await store.putStream(key, src.body, { contentType: 'application/octet-stream' })).toEqual({ key, size: total, contentType: 'application/octet-stream' });
      expect(await store.head(key)).toEqual({ key, size: total, contentType: 'application/octet-stream' });
      expect(await sha((await store.stream(key)).body)).toBe(src.digest());
      expect(await store.withFile(key, async (file) => (await fs.stat(file)).size)).toBe(total);
      await store.delete(key);
    }
  });

  it('leaves nothing under the key when the stream fails midway (and an earlier blob untouched)', async () => {
    const store = getStore();
    const key = `streams/${Date.now()}/failed.bin`;
    await expect(store.putStream(key, generated(20 * 1024 * 1024, 9 * 1024 * 1024).body, { contentType: 'application/octet-stream' })).rejects.toThrow('client went away');
    expect(await store.head(key)).toBeNull();
    await expect(store.withFile(key, async () => 1)).rejects.toBeInstanceOf(BlobNotFound);
    await store.put(key, 'kept', { contentType: 'text/plain' });
    await expect(store.putStream(key, generated(100_000, 70_000).body, { contentType: 'application/octet-stream' })).rejects.toThrow();
    expect((await store.get(key)).toString()).toBe('kept');
    await store.delete(key);
  });

  it('answers readiness', async () => {
    await expect(getStore().ping()).resolves.toBeUndefined();
  });
}
