import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Signer } from '../crypto/signer.js';
import { assertValidKey, BlobNotFound, InvalidBlobKey, LINK_TTL_SECONDS, linkWindow, type BlobInfo, type BlobStore, type LinkOptions } from './blob-store.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-fs.js';

interface Meta {
  contentType: string;
}

export type LinkCheck =
  | { ok: true; key: string; downloadName: string | null; expiresAt: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Local disk under one root (by default `<FOLIO_DATA_DIR>/blobs`). Keys are confined under
 * the root twice over: the key grammar forbids anything that could climb out, and the
 * resolved path must still lie inside the root. Writes are atomic (temp file + rename).
 * Links are `<FOLIO_PUBLIC_URL>/v1/files/<key>?expires=…&sig=…`, HMAC-signed over the key,
 * the expiry and the download name, served by the files route.
 */
export class DiskBlobStore implements BlobStore {
  readonly driver = 'disk' as const;
  private readonly root: string;
  private readonly metaRoot: string;
  private readonly tmpRoot: string;

  constructor(
    root: string,
    private readonly signer: Signer,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.resolve(root);
    // Key segments cannot start with a dot, so these never meet a key.
    this.metaRoot = path.join(this.root, '.meta');
    this.tmpRoot = path.join(this.root, '.tmp');
  }

  /** The file of a key, or InvalidBlobKey when it would leave the root. */
  pathOf(key: string, base = this.root): string {
    assertValidKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new InvalidBlobKey(key, 'outside the store');
    return full;
  }

  async put(key: string, body: Buffer | Uint8Array | string, opts: { contentType: string }): Promise<BlobInfo> {
    const data = typeof body === 'string' ? Buffer.from(body) : body;
    return this.write(key, opts.contentType, (tmp) => fs.writeFile(tmp, data, { mode: PRIVATE_FILE_MODE }).then(() => data.byteLength));
  }

  async putStream(key: string, body: Readable, opts: { contentType: string }): Promise<BlobInfo> {
    return this.write(key, opts.contentType, async (tmp) => {
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const out = createWriteStream(tmp, { flags: 'wx', mode: PRIVATE_FILE_MODE });
      try {
        await pipeline(body, count, out);
      } catch (err) {
        // A body that fails before the temp file is open (cut off at the size cap right away)
        // leaves the open in flight: the file appears after pipeline() has rejected. Wait for
        // the stream to close, so the caller's clean-up removes it and not a file not yet there.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        throw err;
      }
      return size;
    });
  }

  /** The body goes to a temp file under the root (same file system), then both renames: atomic, and no partial blob on failure. */
  private async write(key: string, contentType: string, fill: (tmp: string) => Promise<number>): Promise<BlobInfo> {
    const file = this.pathOf(key);
    const metaFile = `${this.pathOf(key, this.metaRoot)}.json`;
    // Blobs are customers' files: directories 0700 and files 0600, like the rest of the data dir.
    await fs.mkdir(this.tmpRoot, { recursive: true, mode: PRIVATE_DIR_MODE });
    await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    await fs.mkdir(path.dirname(metaFile), { recursive: true, mode: PRIVATE_DIR_MODE });
    const tmp = path.join(this.tmpRoot, randomUUID());
    const tmpMeta = `${tmp}.json`;
    try {
      const size = await fill(tmp);
      await fs.writeFile(tmpMeta, JSON.stringify({ contentType } satisfies Meta), { mode: PRIVATE_FILE_MODE });
      await fs.rename(tmpMeta, metaFile);
      await fs.rename(tmp, file);
      return { key, size, contentType };
    } catch (err) {
      await fs.rm(tmp, { force: true });
      await fs.rm(tmpMeta, { force: true });
      throw err;
    }
  }

  async withFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    if (!(await this.head(key))) throw new BlobNotFound(key);
    return fn(this.pathOf(key));
  }

  async head(key: string): Promise<BlobInfo | null> {
    const file = this.pathOf(key);
    let size: number;
    try {
      const st = await fs.stat(file);
      if (!st.isFile()) return null;
      size = st.size;
    } catch {
      return null;
    }
    let contentType = 'application/octet-stream';
    try {
      contentType = (JSON.parse(await fs.readFile(`${this.pathOf(key, this.metaRoot)}.json`, 'utf8')) as Meta).contentType;
    } catch {
      // a blob without its metadata is served as bytes
    }
    return { key, size, contentType };
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') throw new BlobNotFound(key);
      throw err;
    }
  }

  async stream(key: string): Promise<{ info: BlobInfo; body: Readable }> {
    const info = await this.head(key);
    if (!info) throw new BlobNotFound(key);
    return { info, body: createReadStream(this.pathOf(key)) };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
    await fs.rm(`${this.pathOf(key, this.metaRoot)}.json`, { force: true });
  }

  /**
   * Links made in the current window (blob-store.ts `linkWindow`): the same key, lifetime and
   * name give the same link, so a page embedding one image many times (or many requests in
   * one window) signs it once. Cleared when the window changes.
   */
  private readonly links = new Map<string, string>();
  private linksWindow = '';

  linkWindow(): number {
    return linkWindow(LINK_TTL_SECONDS, this.now()).index;
  }

  async url(key: string, opts: LinkOptions = {}): Promise<string> {
    const ttl = opts.ttlSeconds ?? LINK_TTL_SECONDS;
    const { expires, index } = linkWindow(ttl, this.now());
    const name = opts.downloadName ?? '';
    const defaultWindow = String(this.linkWindow());
    if (defaultWindow !== this.linksWindow) {
      this.links.clear();
      this.linksWindow = defaultWindow;
    }
    const memo = `${ttl}\0${index}\0${name}\0${key}`;
    const known = this.links.get(memo);
    if (known !== undefined) return known;
    const link = this.sign(key, expires, name);
    if (this.links.size < 10_000) this.links.set(memo, link);
    return link;
  }

  private sign(key: string, expires: number, name: string): string {
    assertValidKey(key);
    const params = new URLSearchParams({ expires: String(expires) });
    if (name) params.set('name', name);
    params.set('sig', this.signer.sign(linkPayload(key, expires, name)));
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicUrl}/v1/files/${encoded}?${params.toString()}`;
  }

  /** Checks a link: the signature covers key, expiry and name; an altered one is invalid. */
  checkLink(key: string, query: { expires?: string; sig?: string; name?: string }): LinkCheck {
    const { expires, sig } = query;
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
    try {
      assertValidKey(key);
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const name = query.name ?? '';
    if (!this.signer.verify(linkPayload(key, Number(expires), name), sig)) return { ok: false, reason: 'invalid' };
    if (Number(expires) * 1000 <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, key, downloadName: name || null, expiresAt: Number(expires) };
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.tmpRoot, { recursive: true, mode: PRIVATE_DIR_MODE });
    const probe = path.join(this.tmpRoot, `ping-${randomUUID()}`);
    await fs.writeFile(probe, '');
    await fs.rm(probe, { force: true });
  }

  async close(): Promise<void> {
    // nothing held open
  }
}

function linkPayload(key: string, expires: number, name: string): string {
  return `${key}\n${expires}\n${name}`;
}
