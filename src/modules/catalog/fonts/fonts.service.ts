import type { Db } from '../../../platform/db/index.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { FetchError, type SafeFetcher } from '../../../platform/fetch/safe-fetch.js';
import { newId, isUuid } from '../../../platform/crypto/ids.js';
import { AppError } from '../../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../../platform/http/pagination.js';
import { describeFont, FontRejected, FontTooComplex, NotAFont, parseFont } from '../../../engines/fonts/parse-font.js';
import { DEFAULT_FONTS, defaultFontPath, matchDefaultFont, readDefaultFont } from '../../../engines/pdf/fonts/default-fonts.js';
import { pickFace, type FontFaceStyle } from '../../../engines/pdf/fonts/font-matching.js';
import { iso, nowIso } from '../../../platform/http/resource.js';
import { FontsRepo, type FontRow } from './fonts.repo.js';
import type { FontJson } from './fonts.schemas.js';

export interface FontMeta {
  name?: string | undefined;
  alias?: string | undefined;
  subset?: string | undefined;
  /** the shop's licence note; '' or null clears it */
  license?: string | null | undefined;
}

/** A licence note as stored: trimmed, empty is none. */
const licenceNote = (v: string | null | undefined): string | null => (v ?? '').trim() || null;

/** Fonts: registered by URL (safe fetcher) or uploaded, parsed with fontkit, kept as blobs. */
export class FontsService {
  private readonly repo: FontsRepo;
  constructor(
    db: Db,
    private readonly blobs: BlobStore,
    private readonly fetcher: SafeFetcher,
  ) {
    this.repo = new FontsRepo(db);
  }

  async toFont(r: FontRow): Promise<FontJson> {
    return {
      id: r.id,
      name: r.name,
      alias: r.alias,
      subset: r.subset,
      type: r.type,
      url: r.blob_key ? await this.blobs.url(r.blob_key) : null,
      source_url: r.source_url,
      family: r.family,
      style: r.style,
      weight: r.weight,
      glyph_count: r.glyph_count,
      coverage: JSON.parse(r.coverage) as string[],
      size_bytes: Number(r.size_bytes),
      is_default: r.store_id === null,
      license: r.license,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    };
  }

  list(storeId: string | null, query: ListQuery, ctx: PageContext): Promise<ListResult<FontRow>> {
    return this.repo.list(storeId, query, ctx);
  }

  count(storeId: string | null): Promise<number> {
    return this.repo.count(storeId);
  }

  async get(storeId: string, id: string): Promise<FontRow> {
    const row = isUuid(id) ? await this.repo.byId(storeId, id, true) : null;
    if (!row) throw AppError.notFound('Font');
    return row;
  }

  async register(storeId: string, body: FontMeta & { url: string }): Promise<FontRow> {
    let fetched;
    try {
      fetched = await this.fetcher.fetch(body.url);
    } catch (err) {
      if (err instanceof FetchError) throw AppError.field('url', `cannot be fetched: ${err.message}`);
      throw err;
    }
    return this.store(storeId, fetched.body, body, body.url, 'url');
  }

  async upload(storeId: string, file: Buffer, meta: FontMeta): Promise<FontRow> {
    return this.store(storeId, file, meta, null, 'file');
  }

  /**
   * Stores a font only after the whole file passed the check print files depend on
   * (parse-font.ts: every table the renderer reads, every glyph, one subset, in a sandbox
   * thread under a time and memory budget): a damaged font is 422 naming what failed, a
   * font past a budget 422 (time, memory) or 413 (declared unpacked size), never a 500.
   */
  private async store(storeId: string, body: Buffer, meta: FontMeta, sourceUrl: string | null, field: 'file' | 'url'): Promise<FontRow> {
    // a multipart upload's fields skip the JSON schema: the same limit as PUT's
    if ((meta.license?.length ?? 0) > 2000) throw AppError.field('license', 'must NOT have more than 2000 characters');
    let parsed;
    try {
      parsed = await parseFont(body);
    } catch (err) {
      if (err instanceof NotAFont) throw new AppError('unsupported_media_type', err.message);
      if (err instanceof FontTooComplex && err.limit === 'size') throw new AppError('payload_too_large', err.message, { details: { code: err.code, limit: err.limit, value: err.value } });
      if (err instanceof FontRejected || err instanceof FontTooComplex) throw new AppError('unprocessable', err.message, { fields: { [field]: [err.message] } });
      throw err;
    }
    const id = newId();
    const key = `catalog/${storeId}/fonts/${id}.${parsed.type}`;
    await this.blobs.put(key, body, { contentType: `font/${parsed.type}` });
    const now = nowIso();
    const row: FontRow = {
      id,
      store_id: storeId,
      name: meta.name || parsed.family,
      alias: meta.alias || parsed.family,
      subset: meta.subset || (parsed.coverage.includes('Latin-1 Supplement') ? 'latin,latin-ext' : 'latin'),
      type: parsed.type,
      source_url: sourceUrl,
      family: parsed.family,
      style: parsed.style,
      weight: parsed.weight,
      glyph_count: parsed.glyphCount,
      coverage: JSON.stringify(parsed.coverage),
      blob_key: key,
      size_bytes: body.length,
      license: licenceNote(meta.license),
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    return row;
  }

  async update(storeId: string, id: string, patch: FontMeta): Promise<FontRow> {
    const row = isUuid(id) ? await this.repo.byId(storeId, id) : null;
    if (!row) throw AppError.notFound('Font');
    const { license, ...rest } = patch;
    await this.repo.update(storeId, id, { ...rest, ...(license !== undefined ? { license: licenceNote(license) } : {}), updated_at: nowIso() });
    return (await this.repo.byId(storeId, id))!;
  }

  async delete(storeId: string, id: string): Promise<void> {
    const row = isUuid(id) ? await this.repo.byId(storeId, id) : null;
    if (!row) throw AppError.notFound('Font');
    await this.repo.delete(storeId, id);
    if (row.blob_key) await this.blobs.delete(row.blob_key).catch(() => undefined);
  }

  /**
   * The bytes of the face a design's text names: the store's own fonts first (matched by
   * family, name or alias, then CSS weight/style matching), then the default catalogue.
   * Null when neither has the family (the PDF engine then falls back to its default).
   */
  async fontBytes(storeId: string, family: string, weight = 400, style: FontFaceStyle = 'normal'): Promise<{ family: string; weight: number; style: FontFaceStyle; bytes: Uint8Array } | null> {
    const own = await this.repo.byFamily(storeId, family);
    if (own.length) {
      const faces = own.map((r) => ({ weight: r.weight, style: r.style as FontFaceStyle, row: r }));
      const face = pickFace(faces, weight, style) ?? faces[0]!;
      return { family: face.row.family, weight: face.weight, style: face.style, bytes: await this.blobs.get(face.row.blob_key!) };
    }
    const d = matchDefaultFont(family, weight, style);
    return d ? { family: d.family, weight: d.weight, style: d.style, bytes: await readDefaultFont(d.path) } : null;
  }

  /** The store's own faces of a family (by family, name or alias), with their bytes: what an order's snapshot keeps. */
  async ownFaces(storeId: string, family: string): Promise<Array<{ family: string; weight: number; style: FontFaceStyle; bytes: Uint8Array }>> {
    const own = await this.repo.byFamily(storeId, family);
    return Promise.all(own.filter((r) => r.blob_key).map(async (r) => ({ family: r.family, weight: r.weight, style: r.style as FontFaceStyle, bytes: await this.blobs.get(r.blob_key!) })));
  }

  /** Whether the store registered a font of this family (by family, name or alias). */
  async hasFamily(storeId: string, family: string): Promise<boolean> {
    return (await this.repo.byFamily(storeId, family)).length > 0;
  }

  /** Fonts the given families resolve to (store fonts, else default ones), for `…/fonts` routes. */
  async resolveFamilies(storeId: string, families: string[]): Promise<FontRow[]> {
    const out: FontRow[] = [];
    for (const f of families) {
      const own = await this.repo.byFamily(storeId, f);
      if (own.length) out.push(...own);
      else out.push(...(await this.repo.byFamily(null, f)));
    }
    return out;
  }

  /** Seeds the default font catalogue (one record per face, fixed ids so reseeding is a no-op). */
  async seedDefaults(idFor: (key: string) => string): Promise<void> {
    const now = nowIso();
    for (const fam of DEFAULT_FONTS) {
      for (const face of fam.faces) {
        const bytes = Buffer.from(await readDefaultFont(defaultFontPath(fam, face)));
        const parsed = await describeFont(bytes);
        await this.repo.insert({
          id: idFor(`font:${fam.family}:${face.weight}:${face.style}`),
          store_id: null,
          name: fam.family,
          alias: `${fam.family} ${face.weight}${face.style === 'italic' ? ' Italic' : ''}`,
          subset: 'latin',
          type: 'ttf',
          source_url: `npm:${fam.package}/${face.file}`,
          family: fam.family,
          style: face.style,
          weight: face.weight,
          glyph_count: parsed.glyphCount,
          coverage: JSON.stringify(parsed.coverage),
          blob_key: null,
          size_bytes: bytes.length,
          license: `${fam.license} (${fam.package})`,
          created_at: now,
          updated_at: now,
        });
      }
    }
  }
}
