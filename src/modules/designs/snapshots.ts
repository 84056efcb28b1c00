/**
 * An order's designs frozen when it is received (docs/orders.md § Locked designs): each
 * design's page as the print engine reads it (side geometry, viewport, background, layers)
 * and every image and font face it uses, copied into content-addressed blobs
 * (`snapshots/<store>/<sha256>`), so neither a later edit of the design nor a deleted or
 * replaced image or font changes what the order prints. A snapshot row's id is a page id:
 * print, proof and production jobs take it where they take a design id (pages.ts).
 */
import { createHash } from 'node:crypto';
import { pickFace, type AssetResolver, type FontFaceStyle, type PageSpec } from '../../engines/pdf/index.js';
import { familyCandidates } from '../../engines/pdf/fonts/font-registry.js';
import { newId } from '../../platform/crypto/ids.js';
import type { DbOrTx } from '../../platform/db/index.js';
import type { DesignSnapshotsTable } from '../../platform/db/schema-orders.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { iso, nowIso } from '../../platform/http/resource.js';
import type { CatalogModule } from '../catalog/index.js';

/** The assets a frozen page uses: images by the reference its layers give, font faces by the family names they ask for. */
export interface SnapshotAssets {
  /** `id:<image uuid>` or `src:<url>` → the copied bytes */
  images: Record<string, { key: string; sha256: string }>;
  /** the store's own faces of each family name the page asks for (lower case); an empty list: the store had none (the engine's defaults apply) */
  fonts: Record<string, Array<{ weight: number; style: FontFaceStyle; family: string; key: string; sha256: string }>>;
}

/** What a snapshot row holds besides its assets: the page and what callers key defaults on. */
export interface FrozenPage {
  spec: PageSpec;
  outputProfile: string | null;
}

/** A frozen page's row (migrations/0017-orders.ts). */
export type SnapshotRow = DesignSnapshotsTable;

/** A design about to be frozen: its page and the product it prints on. */
export interface LiveDesignPage {
  designId: string;
  name: string;
  productId: string | null;
  designUpdatedAt: string;
  page: FrozenPage;
}

const imageKey = (ref: { imageId?: string | undefined; src?: string | undefined }) => (ref.imageId ? `id:${ref.imageId.toLowerCase()}` : ref.src ? `src:${ref.src}` : null);

/** Image references and font family names anywhere in a page: layers, groups, clip paths, per-character styles, background. */
export function pageRefs(spec: PageSpec): { images: Array<{ imageId?: string; src?: string }>; families: string[] } {
  const images: Array<{ imageId?: string; src?: string }> = [];
  const families = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o.type === 'image') {
      if (typeof o.image_id === 'string') images.push({ imageId: o.image_id });
      else if (typeof o.src === 'string') images.push({ src: o.src });
    }
    if (typeof o.fontFamily === 'string') for (const name of familyCandidates(o.fontFamily)) families.add(name.toLowerCase());
    for (const child of Object.values(o)) if (child && typeof child === 'object') visit(child);
  };
  visit(spec.layers);
  const bg = spec.background?.image;
  if (bg) images.push({ ...(bg.imageId ? { imageId: bg.imageId } : {}), ...(bg.src ? { src: bg.src } : {}) });
  return { images, families: [...families] };
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Freezes pages and reads frozen ones back. */
export class Snapshots {
  constructor(private readonly deps: { catalog: CatalogModule; blobs: BlobStore }) {}

  private async keep(storeId: string, bytes: Uint8Array, contentType: string): Promise<{ key: string; sha256: string }> {
    const sum = sha256(bytes);
    const key = `snapshots/${storeId}/${sum}`;
    if (!(await this.deps.blobs.head(key))) await this.deps.blobs.put(key, bytes, { contentType });
    return { key, sha256: sum };
  }

  /** Copies what each page uses into the snapshot blobs (outside any transaction: blobs are content-addressed, a rolled-back lock leaves only unreferenced copies). */
  async collect(storeId: string, pages: readonly LiveDesignPage[]): Promise<SnapshotAssets[]> {
    const { catalog } = this.deps;
    const faces = new Map<string, SnapshotAssets['fonts'][string]>();
    const images = new Map<string, { key: string; sha256: string }>();
    const out: SnapshotAssets[] = [];
    for (const p of pages) {
      const refs = pageRefs(p.page.spec);
      const assets: SnapshotAssets = { images: {}, fonts: {} };
      for (const ref of refs.images) {
        const k = imageKey(ref);
        if (!k) continue;
        let kept = images.get(k);
        if (!kept) {
          const found = ref.imageId ? await catalog.images.bytes(storeId, ref.imageId).catch(() => null) : await catalog.images.bytesByUrl(storeId, ref.src!);
          // an image already gone fails the order's print file as it would have failed the design's
          if (!found) continue;
          kept = await this.keep(storeId, found.body, found.mime);
          images.set(k, kept);
        }
        assets.images[k] = kept;
      }
      for (const name of refs.families) {
        let list = faces.get(name);
        if (!list) {
          list = [];
          for (const f of await catalog.fonts.ownFaces(storeId, name)) list.push({ weight: f.weight, style: f.style, family: f.family, ...(await this.keep(storeId, f.bytes, 'font/sfnt')) });
          faces.set(name, list);
        }
        assets.fonts[name] = list;
      }
      out.push(assets);
    }
    return out;
  }

  /** The rows of one lock, ids given now (the print file's job names them before the transaction that writes them). */
  build(storeId: string, projectId: string, version: number, pages: readonly LiveDesignPage[], assets: readonly SnapshotAssets[]): SnapshotRow[] {
    const now = nowIso();
    return pages.map((p, i) => {
      const page = JSON.stringify(p.page);
      const assetText = JSON.stringify(assets[i]!);
      const hash = createHash('sha256').update(page).update('\0').update(assetText).digest('hex');
      return { id: newId(), store_id: storeId, project_id: projectId, version, position: i, design_id: p.designId, product_id: p.productId, name: p.name, page, assets: assetText, hash, design_updated_at: p.designUpdatedAt, created_at: now };
    });
  }

  /** Writes the rows of one lock (in the caller's transaction). */
  async insert(tx: DbOrTx, rows: readonly SnapshotRow[]): Promise<void> {
    if (rows.length) await tx.insertInto('design_snapshots').values([...rows]).execute();
  }

  /** The frozen pages of a project's lock `version`, in order. */
  async ofProject(db: DbOrTx, storeId: string, projectId: string, version: number): Promise<SnapshotRow[]> {
    return (await db.selectFrom('design_snapshots').selectAll().where('store_id', '=', storeId).where('project_id', '=', projectId).where('version', '=', version).orderBy('position').execute()) as SnapshotRow[];
  }

  /** Frozen pages of the store by id (any version). */
  async byIds(db: DbOrTx, storeId: string, ids: readonly string[]): Promise<SnapshotRow[]> {
    if (ids.length === 0) return [];
    return (await db.selectFrom('design_snapshots').selectAll().where('store_id', '=', storeId).where('id', 'in', [...ids]).execute()) as SnapshotRow[];
  }

  /**
   * The assets of a job whose pages include frozen ones: their images and faces from the
   * snapshot blobs; anything a frozen page does not name comes from `live` (a job mixing
   * designs and snapshots), and a family a frozen page recorded as not the store's is null
   * (the engine's default fonts, as when it was frozen).
   */
  resolver(assets: readonly SnapshotAssets[], live: AssetResolver, onlyFrozen: boolean): AssetResolver {
    const images = new Map<string, string>();
    const fonts = new Map<string, SnapshotAssets['fonts'][string]>();
    for (const a of assets) {
      for (const [k, v] of Object.entries(a.images)) images.set(k, v.key);
      for (const [k, v] of Object.entries(a.fonts)) if (!fonts.has(k) || v.length > 0) fonts.set(k, v);
    }
    const blobs = this.deps.blobs;
    return {
      async image(ref) {
        const k = imageKey(ref);
        const key = k ? images.get(k) : undefined;
        if (key) return blobs.get(key);
        if (onlyFrozen) throw new Error('not an image of this order');
        return live.image(ref);
      },
      async font(q) {
        const recorded = fonts.get(q.family.trim().toLowerCase());
        if (recorded === undefined) return onlyFrozen || !live.font ? null : live.font(q);
        if (recorded.length === 0) return null;
        const face = pickFace(recorded, q.weight, q.style) ?? recorded[0]!;
        return { bytes: await blobs.get(face.key), weight: face.weight, style: face.style };
      },
    };
  }
}

/** A snapshot row's public summary (GET /projects/{id}/snapshot). */
export function snapshotView(r: SnapshotRow): { id: string; design_id: string; product_id: string | null; name: string; position: number; hash: string; design_updated_at: string; created_at: string } {
  return { id: r.id, design_id: r.design_id, product_id: r.product_id, name: r.name, position: r.position, hash: r.hash, design_updated_at: iso(r.design_updated_at)!, created_at: iso(r.created_at)! };
}
