import type { Readable } from 'node:stream';

/** Blobs: every file the service keeps (outputs, uploads). Local disk or an S3-compatible bucket. */
export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
}

export interface LinkOptions {
  /** default 24 hours (interface § Limits: presigned links are valid 24 hours) */
  ttlSeconds?: number;
  /** offer the file as a download under this name */
  downloadName?: string;
}

export const LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * Links are made per window: every link to the same file with the same options made within
 * one window is the same link (so an answer embedding it, and that answer's `ETag`, stays the
 * same through the window), valid until `ttl` after the window's end — at least `ttl` from
 * the moment it is handed out, at most `ttl` plus one window. A window is a 24th of the
 * lifetime, at most an hour and at least a second: one hour for the default 24-hour links.
 */
export function linkWindow(ttlSeconds: number, nowMs: number): { index: number; start: number; expires: number } {
  const length = Math.max(1, Math.min(3600, Math.floor(ttlSeconds / 24)));
  const index = Math.floor(nowMs / 1000 / length);
  const start = index * length;
  return { index, start, expires: start + length + ttlSeconds };
}

export interface BlobStore {
  readonly driver: 'disk' | 's3';
  put(key: string, body: Buffer | Uint8Array | string, opts: { contentType: string }): Promise<BlobInfo>;
  /**
   * Writes a blob from a stream without holding it whole in memory (disk: a temp file renamed
   * into place; S3: a multipart upload, one part in memory at a time). When `body` fails
   * (a size cap, a client gone) the error is rethrown and nothing is left under `key`.
   */
  putStream(key: string, body: Readable, opts: { contentType: string }): Promise<BlobInfo>;
  /**
   * Runs `fn` with a local file holding the blob (disk: the blob's own file, read-only by
   * convention; S3: a temp copy streamed down and removed afterwards). BlobNotFound when absent.
   */
  withFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /** the whole blob; BlobNotFound when absent */
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<{ info: BlobInfo; body: Readable }>;
  head(key: string): Promise<BlobInfo | null>;
  /** idempotent */
  delete(key: string): Promise<void>;
  /** a link a client can GET without credentials until it expires */
  url(key: string, opts?: LinkOptions): Promise<string>;
  /**
   * The window default links are made in now (`linkWindow`): `url` gives the same link for the
   * same key and options while this number is the same. What names an answer that embeds
   * links (its `ETag`) must change with it.
   */
  linkWindow(): number;
  /** readiness: throws when the store cannot be used */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class BlobNotFound extends Error {
  constructor(readonly key: string) {
    super(`blob ${key} not found`);
    this.name = 'BlobNotFound';
  }
}

export class InvalidBlobKey extends Error {
  constructor(readonly key: string, reason: string) {
    super(`invalid blob key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
    this.name = 'InvalidBlobKey';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/**
 * Keys are relative paths of safe segments: letters, digits, `.`, `_`, `-`, each starting
 * with a letter or digit. So no `..`, no `.`, no absolute path, no backslash, no NUL, no
 * empty segment: a key can never leave the store's root.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKey(String(key), 'empty');
  if (key.length > 1024) throw new InvalidBlobKey(key, 'longer than 1024 characters');
  if (key.includes('\0')) throw new InvalidBlobKey(key, 'contains NUL');
  if (key.startsWith('/') || key.includes('\\') || /^[A-Za-z]:/.test(key)) throw new InvalidBlobKey(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidBlobKey(key, 'contains a . or .. segment');
    if (!SEGMENT.test(segment)) throw new InvalidBlobKey(key, `segment ${JSON.stringify(segment)} is not allowed`);
  }
}

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
