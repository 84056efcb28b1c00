import type { ImagesService } from './index.js';
import type { StoresService } from '../stores/stores.service.js';
import { AppError } from '../../platform/http/errors.js';
import { FetchError, type SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import { sniffType } from '../../platform/fetch/sniff.js';
import { BlobNotFound, type BlobStore } from '../../platform/storage/blob-store.js';
import type { LinkCheck } from '../../platform/storage/disk.js';

/**
 * Where a paid service takes its input from, decided when the request comes in (before any
 * charge) and kept in the job's payload: a blob of Folio's own (one of its signed file links,
 * or an image of the caller's store named by id), read straight from the blob store, or any
 * other URL, fetched through the safe fetcher exactly as before.
 */
export type ImageRef = { blob_key: string } | { url: string };

export interface LoadedImage {
  body: Buffer;
  /** sniffed from the bytes; null when unknown */
  contentType: string | null;
}

/** What the disk blob store offers to recognise its own links (S3 links are the bucket's own and are fetched). */
export interface OwnLinkChecker {
  checkLink(key: string, query: { expires?: string; sig?: string; name?: string }): LinkCheck;
}

export interface ImageSourcesDeps {
  blobs: BlobStore;
  /** FOLIO_PUBLIC_URL: the origin and path prefix of the links Folio hands out */
  publicUrl: string;
  /** the disk store's link checker; null with S3 */
  links: OwnLinkChecker | null;
  images: ImagesService;
  stores: Pick<StoresService, 'resolveById'>;
  fetcher: SafeFetcher;
  /** FOLIO_FETCH_MAX_BYTES: the same cap for Folio's own blobs as for fetched files */
  maxBytes: number;
}

export class ImageSources {
  private readonly filesPrefix: URL;

  constructor(private readonly d: ImageSourcesDeps) {
    this.filesPrefix = new URL(`${d.publicUrl.replace(/\/+$/, '')}/v1/files/`);
  }

  /**
   * Checks what the caller named, at request time: a Folio file link must carry a valid,
   * unexpired signature (else 400 on `field`) and name a blob that exists; an image id must be
   * an image of one of the caller's stores (else 404, whoever else owns it). Any other URL is
   * left to the safe fetcher when the work runs, unchanged.
   */
  async resolve(accountId: string, input: { url?: string | undefined; imageId?: string | undefined }, fields: { url: string; imageId: string }): Promise<ImageRef> {
    if (input.imageId !== undefined) return { blob_key: await this.ownImage(accountId, input.imageId) };
    const url = input.url!;
    const key = this.ownLinkKey(url, fields.url);
    if (key === null) return { url };
    const info = await this.d.blobs.head(key);
    if (!info) throw AppError.field(fields.url, 'is a Folio file link to a file that no longer exists');
    if (info.size > this.d.maxBytes) throw AppError.field(fields.url, 'points to a file that is too large');
    return { blob_key: key };
  }

  /** The bytes, when the work runs: a blob read directly, or the URL through the safe fetcher. */
  async load(ref: ImageRef, opts: { signal?: AbortSignal; accept?: string } = {}): Promise<LoadedImage> {
    if ('url' in ref) {
      const fetched = await this.d.fetcher.fetch(ref.url, opts);
      return { body: fetched.body, contentType: fetched.contentType };
    }
    let body: Buffer;
    try {
      body = await this.d.blobs.get(ref.blob_key);
    } catch (err) {
      // Deleted between the request and the work: the same failure as a URL that is gone.
      if (err instanceof BlobNotFound) throw new FetchError('http_status', 'the file no longer exists', 404);
      throw err;
    }
    if (body.length > this.d.maxBytes) throw new FetchError('too_large', `the file is larger than ${this.d.maxBytes} bytes`);
    return { body, contentType: (await sniffType(body))?.mime ?? null };
  }

  /**
   * The blob key of a URL that is one of Folio's own signed file links (same origin as
   * FOLIO_PUBLIC_URL, path under /v1/files/), after checking its signature; null for any other
   * URL. A link of ours that is altered or expired is a 400: it would be refused if fetched.
   */
  private ownLinkKey(input: string, field: string): string | null {
    if (!this.d.links) return null;
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return null; // the safe fetcher answers for what is not a URL
    }
    if (url.origin !== this.filesPrefix.origin || !url.pathname.startsWith(this.filesPrefix.pathname)) return null;
    let key: string;
    try {
      key = url.pathname.slice(this.filesPrefix.pathname.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      throw AppError.field(field, 'is a Folio file link that is not valid');
    }
    const q = url.searchParams;
    const query = { ...(q.has('expires') ? { expires: q.get('expires')! } : {}), ...(q.has('sig') ? { sig: q.get('sig')! } : {}), ...(q.has('name') ? { name: q.get('name')! } : {}) };
    const check = this.d.links.checkLink(key, query);
    if (!check.ok) throw AppError.field(field, check.reason === 'expired' ? 'is a Folio file link that has expired; ask the API for a fresh one' : 'is a Folio file link that is not valid (altered or incomplete)');
    return check.key;
  }

  /** The blob of an image of one of the account's stores; 404 for anything else (another tenant's, a default, none). */
  private async ownImage(accountId: string, imageId: string): Promise<string> {
    const storeId = await this.d.images.storeOf(imageId);
    const store = storeId ? await this.d.stores.resolveById(storeId) : null;
    if (!storeId || !store || store.ownerId !== accountId) throw AppError.notFound('Image');
    return (await this.d.images.get(storeId, imageId)).blob_key;
  }
}
