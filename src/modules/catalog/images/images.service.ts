import type { Db, DbOrTx } from '../../../platform/db/index.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { newId, isUuid } from '../../../platform/crypto/ids.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Actor } from '../../../platform/http/auth.js';
import { type ListQuery, type ListResult, type PageContext } from '../../../platform/http/pagination.js';
import { Readable } from 'node:stream';
import { sniffType } from '../../../platform/fetch/sniff.js';
import { ACCEPTED_TYPES, checkAccepted, describeUpload, headerPixels, sanitizeUploadedSvg, tooManyPixels, UploadRejected, RASTER_TYPES } from '../../../engines/image/upload.js';
import { bufferSource, collect, HEAD_BYTES, peek, SVG_MAX_BYTES, type ByteSource } from '../../../platform/http/upload-stream.js';
import type { Plans } from '../../plans/plans.service.js';
import { iso, nowIso } from '../../../platform/http/resource.js';
import { BuiltMemo, rowInputs } from '../../../platform/db/built-memo.js';
import { CategoriesRepo } from '../categories/categories.repo.js';
import { ImagesRepo, type ImageRow, type ImageType } from './images.repo.js';
import type { ImageJson, ClipartJson } from './images.schemas.js';

export const CLIPART_TYPES = [...RASTER_TYPES, 'image/svg+xml'];

/** image id → its JSON, for a page of documents (`ImagesService.embedMany`) */
export type EmbeddedImages = Map<string, ImageJson>;

/** The embedded Image of `id`, or null (as `ImagesService.embed` answers one). */
export function embedded(images: EmbeddedImages, id: unknown): ImageJson | null {
  return typeof id === 'string' ? (images.get(id) ?? images.get(id.toLowerCase()) ?? null) : null;
}

type Thumbs = { small: string | null; medium: string | null; custom: string | null };

/** What the form says about an upload besides its bytes (known once the whole form is read). */
export interface UploadMeta {
  type: ImageType;
  customWidth?: number | undefined;
  name?: string | undefined;
  storages?: string[];
  license?: string | null;
}

export interface UploadInput extends UploadMeta {
  filename: string;
  body: Buffer | ByteSource;
}

/** An upload whose original is in the blob store, not yet described or recorded. */
export interface ReceivedImage {
  id: string;
  storeId: string | null;
  filename: string;
  key: string;
  mime: string;
  ext: string;
  size: number;
  /** the sanitised document, for SVGs (they are read whole, up to SVG_MAX_BYTES) */
  svg: Buffer | null;
}

/** Images and cliparts: uploads through the image engine, blobs, links, quota. */
export class ImagesService {
  private readonly built = new BuiltMemo<ImageJson>(); // toImage's `reuse`

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly plans: Plans,
    private readonly maxPixels: number,
  ) {}

  private repo(db: DbOrTx = this.db) {
    return new ImagesRepo(db);
  }

  /** An image the store may use (its own or a default), or null; `db` lets a transaction ask. */
  async usable(storeId: string, id: string, db: DbOrTx = this.db): Promise<ImageRow | null> {
    return isUuid(id) ? this.repo(db).byId(storeId, id, true) : null;
  }

  /** The image id a link handed out by this API carries (its blob key names the image), or null. */
  idFromUrl(url: string): string | null {
    let path: string;
    try {
      path = decodeURIComponent(new URL(url, 'http://x').pathname);
    } catch {
      return null;
    }
    return /\/images\/([0-9a-f-]{36})\//i.exec(path)?.[1] ?? null;
  }

  /** Origin of the links the blob store hands out (the public URL, or the bucket's endpoint). */
  private linkOrigin: Promise<string | null> | null = null;

  /**
   * The image id of a link this API handed out (or its path alone), else null: an http(s)
   * link on the blob store's own origin, so a `javascript:`/`data:` link or another host
   * that merely carries `/images/<id>/` in its path is not taken for the image.
   */
  async ownImageId(link: string): Promise<string | null> {
    if (typeof link !== 'string' || link.length > 4096) return null;
    this.linkOrigin ??= this.blobs.url('images/origin-probe/original.png').then((u): string | null => new URL(u).origin).catch(() => null);
    const origin = await this.linkOrigin;
    let url: URL;
    try {
      // A bare path (`/v1/files/…`) is ours; `//host/…` is another host's.
      url = /^\/(?!\/)/.test(link) ? new URL(link, 'http://folio.invalid') : new URL(link);
    } catch {
      return null;
    }
    const relative = url.origin === 'http://folio.invalid';
    if (!relative && (!/^https?:\/\//i.test(link) || origin === null || url.origin !== origin)) return null;
    return this.idFromUrl(url.href)?.toLowerCase() ?? null;
  }

  /** The Image JSON of a usable image id, or null (designs and sides embed theirs). */
  async embed(storeId: string, id: unknown, db: DbOrTx = this.db): Promise<ImageJson | null> {
    const row = typeof id === 'string' ? await this.usable(storeId, id, db) : null;
    return row ? this.toImage(row) : null;
  }

  /** The Image JSON of every usable image id among `ids` (others ignored), in one query: a page's embeds (see `embedded`). */
  async embedMany(storeId: string, ids: Iterable<unknown>, db: DbOrTx = this.db, reuse = false): Promise<EmbeddedImages> {
    const wanted = new Set<string>();
    for (const id of ids) if (typeof id === 'string' && isUuid(id)) wanted.add(id);
    const rows = await this.repo(db).byIds(storeId, [...wanted], true);
    const out: EmbeddedImages = new Map();
    await Promise.all(rows.map(async (r) => void out.set(r.id, await this.toImage(r, reuse))));
    return out;
  }

  /** `reuse`: a list page's JSON, straight into the answer: the object built for the same row and links is kept (built-memo.ts). */
  async toImage(r: ImageRow, reuse = false): Promise<ImageJson> {
    const t = JSON.parse(r.thumbnails) as Thumbs;
    const link = (k: string | null) => (k ? this.blobs.url(k) : Promise.resolve(null));
    const [url, small, medium, custom] = await Promise.all([this.blobs.url(r.blob_key), link(t.small), link(t.medium), link(t.custom)]);
    const json = (): ImageJson => ({
      id: r.id,
      name: r.name,
      url,
      alt: r.name,
      type: r.type as ImageType,
      mime_type: r.mime_type,
      size_bytes: Number(r.size_bytes),
      width: r.width,
      height: r.height,
      thumbnails: { small, medium, custom },
      is_default: r.store_id === null,
      license: r.license,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    });
    return reuse ? this.built.get(r.id, [...rowInputs(r), url, small, medium, custom], json) : json();
  }

  async toImages(rows: ImageRow[]): Promise<ImageJson[]> {
    return Promise.all(rows.map((r) => this.toImage(r)));
  }

  list(storeId: string | null, type: ImageType | undefined, query: ListQuery, ctx: PageContext, categoryId?: string): Promise<ListResult<ImageRow>> {
    return this.repo().list(storeId, type, categoryId, query, ctx);
  }

  count(storeId: string | null, type?: ImageType, categoryId?: string): Promise<number> {
    return this.repo().count(storeId, type, categoryId);
  }

  /** The store's image (or a default one when `withDefaults`); `type` narrows (cliparts). */
  async get(storeId: string, id: string, opts: { withDefaults?: boolean; type?: ImageType } = {}): Promise<ImageRow> {
    const row = isUuid(id) ? await this.repo().byId(storeId, id, opts.withDefaults ?? false) : null;
    if (!row || (opts.type !== undefined && row.type !== opts.type)) throw AppError.notFound(opts.type === 'cliparts' ? 'Clipart' : 'Image');
    return row;
  }

  /** The store an image belongs to (null for a default image or an unknown id), for services that check ownership by account. */
  async storeOf(id: string): Promise<string | null> {
    return isUuid(id) ? this.repo().storeOf(id) : null;
  }

  /** Bytes of an image the store may use (its own or a default), for the PDF renderer and designs. */
  async bytes(storeId: string, id: string): Promise<{ body: Buffer; mime: string; row: ImageRow }> {
    const row = await this.get(storeId, id, { withDefaults: true });
    return { body: await this.blobs.get(row.blob_key), mime: row.mime_type, row };
  }

  /** The image a link handed out by this API names (its key carries the image id), for design layers' `src`. */
  async bytesByUrl(storeId: string, url: string): Promise<{ body: Buffer; mime: string; row: ImageRow } | null> {
    const id = this.idFromUrl(url);
    if (!id) return null;
    try {
      return await this.bytes(storeId, id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return null;
      throw err;
    }
  }

  private rejected(err: unknown): never {
    if (!(err instanceof UploadRejected)) throw err;
    if (err.kind === 'unsupported_type') throw new AppError('unsupported_media_type', err.message);
    if (err.kind === 'refused_pdf' || err.kind === 'over_limit') throw new AppError('unprocessable', err.message, { fields: { file: [err.message] } });
    throw AppError.field('file', err.message);
  }

  /**
   * First half of an upload, while the request body is still arriving: the type sniffed from
   * the first bytes (415 unless `accept`ed), a pixel count the head already declares checked
   * against the cap (a decompression bomb is refused before it is stored), then the bytes
   * streamed into the blob store: never one Buffer of the whole file, except an SVG, which is
   * read whole (at most SVG_MAX_BYTES) to be sanitised. A source that fails (past the size cap)
   * leaves no blob.
   */
  async receive(storeId: string | null, filename: string, source: ByteSource, accept: readonly string[] = ACCEPTED_TYPES, fixedId?: string): Promise<ReceivedImage> {
    const { head, all } = await peek(source, HEAD_BYTES);
    const sniffed = await sniffType(head);
    try {
      checkAccepted(sniffed, accept);
    } catch (err) {
      this.rejected(err);
    }
    if (RASTER_TYPES.includes(sniffed.mime as (typeof RASTER_TYPES)[number])) {
      const pixels = await headerPixels(head);
      if (pixels !== null && pixels > this.maxPixels) this.rejected(tooManyPixels(pixels, this.maxPixels));
    }
    const id = fixedId ?? newId();
    const key = `${this.prefix(storeId, id)}/original.${sniffed.ext}`;
    if (sniffed.mime === 'image/svg+xml') {
      let svg: Buffer;
      try {
        svg = await sanitizeUploadedSvg(await collect(all, SVG_MAX_BYTES, 'The SVG'));
      } catch (err) {
        this.rejected(err);
      }
      await this.blobs.put(key, svg, { contentType: sniffed.mime });
      return { id, storeId, filename, key, mime: sniffed.mime, ext: sniffed.ext, size: svg.length, svg };
    }
    const info = await this.blobs.putStream(key, Readable.from(all, { objectMode: false }), { contentType: sniffed.mime });
    return { id, storeId, filename, key, mime: sniffed.mime, ext: sniffed.ext, size: info.size, svg: null };
  }

  private prefix(storeId: string | null, id: string): string {
    return `catalog/${storeId ?? 'default'}/images/${id}`;
  }

  private thumbKey(f: ReceivedImage, size: 'small' | 'medium' | 'custom'): string {
    return `${this.prefix(f.storeId, f.id)}/${size}.webp`;
  }

  /** Removes what `receive` (and a failed `finish`) stored. */
  async discard(f: ReceivedImage): Promise<void> {
    for (const k of [f.key, this.thumbKey(f, 'small'), this.thumbKey(f, 'medium'), this.thumbKey(f, 'custom')]) await this.blobs.delete(k).catch(() => undefined);
  }

  /**
   * Second half: the stored original's header read (pixel cap before any decoding), the
   * thumbnails made by sharp from the stored file (JPEG shrink-on-load, no copy in memory),
   * quota and categories checked, the row written. Any failure removes the blobs.
   */
  async finish(actor: Actor | null, f: ReceivedImage, meta: UploadMeta): Promise<ImageRow> {
    const storeId = f.storeId;
    try {
      if (meta.type === 'cliparts') {
        try {
          checkAccepted({ mime: f.mime, ext: f.ext }, CLIPART_TYPES);
        } catch (err) {
          this.rejected(err);
        }
      }
      if (meta.type === 'cliparts' && storeId && actor) await this.checkQuota(actor, storeId, f.size);
      const storages = [...new Set(meta.storages ?? [])];
      if (storeId && storages.length) await this.checkStorages(storeId, storages, 'storages');
      const opts = { customWidth: meta.customWidth, maxPixels: this.maxPixels };
      let facts;
      try {
        facts = f.svg ? await describeUpload(f.svg, f.mime, opts) : await this.blobs.withFile(f.key, (file) => describeUpload(file, f.mime, opts));
      } catch (err) {
        this.rejected(err);
      }
      const thumbs: Thumbs = { small: null, medium: null, custom: null };
      for (const size of ['small', 'medium', 'custom'] as const) {
        const t = facts.thumbnails[size];
        if (!t) continue;
        thumbs[size] = this.thumbKey(f, size);
        await this.blobs.put(thumbs[size], t.body, { contentType: 'image/webp' });
      }
      const now = nowIso();
      const name = (meta.name ?? f.filename).slice(0, 255) || 'upload';
      const row: ImageRow = { id: f.id, store_id: storeId, type: meta.type, name, blob_key: f.key, mime_type: f.mime, size_bytes: f.size, width: facts.width, height: facts.height, thumbnails: JSON.stringify(thumbs), license: meta.license ?? null, created_at: now, updated_at: now };
      await this.db.transaction().execute(async (tx) => {
        const repo = new ImagesRepo(tx);
        if (storeId === null) {
          await repo.upsertDefault(row);
        } else {
          await repo.insert(row);
        }
        if (meta.type === 'cliparts') {
          await repo.insertClipart({ image_id: f.id, store_id: storeId, name, is_global: storeId === null ? 1 : 0, created_at: now });
          if (storages.length) await repo.setCategories(f.id, storages);
        }
      });
      return row;
    } catch (err) {
      await this.discard(f);
      throw err;
    }
  }

  /** Both halves at once, for a body that is at hand (the curated defaults, tests). */
  async upload(actor: Actor | null, storeId: string | null, input: UploadInput, fixedId?: string): Promise<ImageRow> {
    const source = Buffer.isBuffer(input.body) ? bufferSource(input.body) : input.body;
    const accept = input.type === 'cliparts' ? CLIPART_TYPES : ACCEPTED_TYPES;
    return this.finish(actor, await this.receive(storeId, input.filename, source, accept, fixedId), input);
  }

  /** Finishes received uploads in order; when one fails (or its form fields are invalid), it and the ones after it are discarded. */
  async finishAll(actor: Actor | null, files: ReceivedImage[], meta: (f: ReceivedImage) => UploadMeta): Promise<ImageRow[]> {
    const rows: ImageRow[] = [];
    for (const [i, f] of files.entries()) {
      try {
        rows.push(await this.finish(actor, f, meta(f)));
      } catch (err) {
        for (const rest of files.slice(i)) await this.discard(rest); // the failed one too: `meta` may throw before `finish` runs
        throw err;
      }
    }
    return rows;
  }

  private async checkQuota(actor: Actor, storeId: string, adding: number): Promise<void> {
    const tier = actor.tier ?? 'free';
    const quota = this.plans.quota(tier, 'clipart_storage_bytes');
    if (quota === null) return;
    const used = await this.repo().clipartBytes(storeId);
    if (used + adding > quota) {
      throw new AppError('quota_exceeded', 'Clipart storage quota exceeded', { details: { quota: 'clipart_storage_bytes', limit: quota, used, adding, current_tier: tier } });
    }
  }

  private async checkStorages(storeId: string, ids: string[], field: string, unprocessable = false): Promise<void> {
    const usable = await new CategoriesRepo(this.db).usable(storeId, ids.filter(isUuid), 'clipart');
    const bad = ids.filter((i) => !usable.has(i));
    if (!bad.length) return;
    const fields = { [field]: [`not clipart categories of this store: ${bad.join(', ')}`] };
    throw unprocessable ? new AppError('unprocessable', 'The given data was invalid.', { fields }) : AppError.validation(fields);
  }

  /** PUT /cliparts/{id}: its categories; failures are 422 (decisions § Catalog). */
  async updateClipart(storeId: string, id: string, body: { storages?: unknown; name?: unknown }): Promise<ImageRow> {
    // 404 before validation: another store's clipart is not there.
    await this.get(storeId, id, { type: 'cliparts' });
    const errors: Record<string, string[]> = {};
    if (body.storages !== undefined && (!Array.isArray(body.storages) || body.storages.some((s) => typeof s !== 'string'))) errors.storages = ['must be an array of category ids'];
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length === 0 || body.name.length > 255)) errors.name = ['must be a string of 1 to 255 characters'];
    if (Object.keys(errors).length) throw new AppError('unprocessable', 'The given data was invalid.', { fields: errors });
    const storages = body.storages === undefined ? undefined : [...new Set(body.storages as string[])];
    if (storages) await this.checkStorages(storeId, storages, 'storages', true);
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      const repo = new ImagesRepo(tx);
      if (storages) await repo.setCategories(id, storages);
      await repo.renameClipart(storeId, id, typeof body.name === 'string' ? body.name : undefined, now);
    });
    return this.get(storeId, id, { type: 'cliparts' });
  }

  async delete(storeId: string, id: string, type?: ImageType): Promise<void> {
    const row = await this.get(storeId, id, type === undefined ? {} : { type });
    await this.repo().delete(storeId, row.id);
    const t = JSON.parse(row.thumbnails) as Thumbs;
    for (const k of [row.blob_key, t.small, t.medium, t.custom]) if (k) await this.blobs.delete(k).catch(() => undefined);
  }

  /** Whether an image id is taken (default assets are seeded once under fixed ids). */
  exists(id: string): Promise<boolean> {
    return this.repo().exists(id);
  }

  categoriesOf(ids: string[]) {
    return this.repo().categoriesOf(ids);
  }

  /** One page of the categories an image is in (a store's, or the defaults). */
  listCategoriesOf(imageId: string, storeId: string | null, query: ListQuery, ctx: PageContext) {
    return this.repo().listCategoriesOf(imageId, storeId, query, ctx);
  }

  async listCliparts(scope: { storeId: string } | 'global', query: ListQuery, ctx: PageContext) {
    return this.repo().listCliparts(scope, query, ctx);
  }

  async toClipart(r: { id: number; image_id: string; name: string; is_global: number; created_at: string | Date; blob_key: string; thumbnails: string }, storages: string[]): Promise<ClipartJson> {
    const t = JSON.parse(r.thumbnails) as Thumbs;
    return {
      id: Number(r.id),
      uuid: r.image_id,
      name: r.name,
      url: await this.blobs.url(r.blob_key),
      thumbnail_url: t.small ? await this.blobs.url(t.small) : null,
      storages,
      is_global: Number(r.is_global) === 1,
      created_at: iso(r.created_at),
    };
  }
}
