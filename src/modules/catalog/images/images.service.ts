import type { Db, DbOrTx } from '../../../platform/db/index.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { newId, isUuid } from '../../../platform/crypto/ids.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Actor } from '../../../platform/http/auth.js';
import { paginate, type ListQuery, type ListResult, type PageContext } from '../../../platform/http/pagination.js';
import { processUpload, UploadRejected, RASTER_TYPES, type ProcessedUpload } from '../../../engines/image/upload.js';
import type { Plans } from '../../plans/plans.js';
import { iso, nowIso } from '../shared/http.js';
import { CategoriesRepo } from '../categories/categories.repo.js';
import { ImagesRepo, type ImageRow, type ImageType } from './images.repo.js';
import type { ImageJson, ClipartJson } from './images.schemas.js';

const SPEC = { sortable: { created_date: 'catalog_images.created_at', id: 'catalog_images.id', name: 'catalog_images.name' }, idColumn: 'catalog_images.id', searchColumn: 'catalog_images.name' };
const CLIPART_SPEC = { sortable: { created_date: 'catalog_cliparts.created_at', id: 'catalog_cliparts.id', name: 'catalog_cliparts.name' }, idColumn: 'catalog_cliparts.id', searchColumn: 'catalog_cliparts.name' };
export const CLIPART_TYPES = [...RASTER_TYPES, 'image/svg+xml'];

type Thumbs = { small: string | null; medium: string | null; custom: string | null };

export interface UploadInput {
  filename: string;
  body: Buffer;
  type: ImageType;
  customWidth?: number | undefined;
  name?: string | undefined;
  storages?: string[];
  license?: string | null;
}

/** Images and cliparts: uploads through the image engine, blobs, links, quota. */
export class ImagesService {
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

  /** The Image JSON of a usable image id, or null (designs and sides embed theirs). */
  async embed(storeId: string, id: unknown, db: DbOrTx = this.db): Promise<ImageJson | null> {
    const row = typeof id === 'string' ? await this.usable(storeId, id, db) : null;
    return row ? this.toImage(row) : null;
  }

  async toImage(r: ImageRow): Promise<ImageJson> {
    const t = JSON.parse(r.thumbnails) as Thumbs;
    const link = (k: string | null) => (k ? this.blobs.url(k) : Promise.resolve(null));
    const [url, small, medium, custom] = await Promise.all([this.blobs.url(r.blob_key), link(t.small), link(t.medium), link(t.custom)]);
    return {
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
    };
  }

  async toImages(rows: ImageRow[]): Promise<ImageJson[]> {
    return Promise.all(rows.map((r) => this.toImage(r)));
  }

  list(storeId: string | null, type: ImageType | undefined, query: ListQuery, ctx: PageContext, categoryId?: string): Promise<ListResult<ImageRow>> {
    return paginate(this.repo().listQuery(storeId, type, categoryId), SPEC, query, ctx);
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

  private async process(input: UploadInput): Promise<ProcessedUpload> {
    try {
      return await processUpload(input.body, { customWidth: input.customWidth, maxPixels: this.maxPixels, ...(input.type === 'cliparts' ? { accept: CLIPART_TYPES } : {}) });
    } catch (err) {
      if (!(err instanceof UploadRejected)) throw err;
      if (err.kind === 'unsupported_type') throw new AppError('unsupported_media_type', err.message);
      throw AppError.field('file', err.message);
    }
  }

  /** Stores an upload: original and thumbnails to blobs, then the row (and a Clipart record for cliparts). */
  async upload(actor: Actor | null, storeId: string | null, input: UploadInput, fixedId?: string): Promise<ImageRow> {
    const p = await this.process(input);
    if (input.type === 'cliparts' && storeId && actor) await this.checkQuota(actor, storeId, p.body.length);
    const storages = [...new Set(input.storages ?? [])];
    if (storeId && storages.length) await this.checkStorages(storeId, storages, 'storages');
    const id = fixedId ?? newId();
    const prefix = `catalog/${storeId ?? 'default'}/images/${id}`;
    const key = `${prefix}/original.${p.ext}`;
    await this.blobs.put(key, p.body, { contentType: p.mime });
    const thumbs: Thumbs = { small: null, medium: null, custom: null };
    for (const size of ['small', 'medium', 'custom'] as const) {
      const t = p.thumbnails[size];
      if (!t) continue;
      thumbs[size] = `${prefix}/${size}.webp`;
      await this.blobs.put(thumbs[size], t.body, { contentType: 'image/webp' });
    }
    const now = nowIso();
    const name = (input.name ?? input.filename).slice(0, 255) || 'upload';
    const row: ImageRow = { id, store_id: storeId, type: input.type, name, blob_key: key, mime_type: p.mime, size_bytes: p.body.length, width: p.width, height: p.height, thumbnails: JSON.stringify(thumbs), license: input.license ?? null, created_at: now, updated_at: now };
    await this.db.transaction().execute(async (tx) => {
      const repo = new ImagesRepo(tx);
      if (storeId === null) {
        await repo.upsertDefault(row);
      } else {
        await repo.insert(row);
      }
      if (input.type === 'cliparts') {
        await repo.insertClipart({ image_id: id, store_id: storeId, name, is_global: storeId === null ? 1 : 0, created_at: now });
        if (storages.length) await repo.setCategories(id, storages);
      }
    });
    return row;
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
    const row = await this.get(storeId, id, { type: 'cliparts' });
    const errors: Record<string, string[]> = {};
    if (body.storages !== undefined && (!Array.isArray(body.storages) || body.storages.some((s) => typeof s !== 'string'))) errors.storages = ['must be an array of category ids'];
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length === 0 || body.name.length > 255)) errors.name = ['must be a string of 1 to 255 characters'];
    if (Object.keys(errors).length) throw new AppError('unprocessable', 'The given data was invalid.', { fields: errors });
    const storages = body.storages === undefined ? undefined : [...new Set(body.storages as string[])];
    if (storages) await this.checkStorages(storeId, storages, 'storages', true);
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      if (storages) await new ImagesRepo(tx).setCategories(id, storages);
      const patch = { updated_at: now, ...(typeof body.name === 'string' ? { name: body.name } : {}) };
      await tx.updateTable('catalog_images').set(patch).where('id', '=', id).where('store_id', '=', storeId).execute();
      if (typeof body.name === 'string') await tx.updateTable('catalog_cliparts').set({ name: body.name }).where('image_id', '=', id).execute();
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

  categoryQuery(imageId: string, storeId: string | null) {
    return this.repo().categoryQuery(imageId, storeId);
  }

  async listCliparts(scope: { storeId: string } | 'global', query: ListQuery, ctx: PageContext) {
    return paginate(this.repo().clipartQuery(scope), CLIPART_SPEC, query, ctx);
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
