/**
 * The one way from a design to a printed page (print, merge, imposition, gang sheets,
 * mockups and proofs all come through here): designs read in one statement, without signed
 * links or the public design object; the page each one prints as; the store's fonts and
 * images for the engine; and the two places the engine's verdicts are translated, into 400
 * fields when a request is checked and into job failures when a job renders.
 */
import { AssetError, checkPageSpecs, GhostscriptError, LayerValidationError, pageBoxes, PageSpecError, renderPdf, type AssetResolver, type PageBackground, type PageSpec, type RenderOptions, type RenderResult } from '../../engines/pdf/index.js';
import { isUuid } from '../../platform/crypto/ids.js';
import type { Db } from '../../platform/db/index.js';
import { DocRepo, type DocRow } from '../documents/doc.repo.js';
import type { DocService } from '../documents/doc.service.js';
import { AppError, type FieldErrors } from '../../platform/http/errors.js';
import { iso } from '../../platform/http/resource.js';
import { JobFailure } from '../../platform/queue/registry.js';
import type { CatalogModule } from '../catalog/index.js';
import { lockedSidesProblem } from './design-rules.js';
import type { ProjectJson } from '../projects/projects.service.js';
import type { DesignJson } from './designs.service.js';
import { Snapshots, type LiveDesignPage, type SnapshotAssets, type SnapshotRow } from './snapshots.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DbOrTx } from '../../platform/db/index.js';

/** One design as a page: what the engine draws, and what callers key files and defaults on. */
export interface DesignPage {
  id: string;
  /** ISO time of the design's last save (mockup and proof files are keyed on it) */
  updatedAt: string;
  /** the design's product's default CMYK output profile, null when it sets none */
  outputProfile: string | null;
  /** the design's product's mockup template (POST /mockups uses it when the request names none); absent on frozen pages */
  mockupTemplateId?: string | null;
  spec: PageSpec;
  /** a page frozen with its order (snapshots.ts): the images and faces it prints with */
  frozen?: { assets: SnapshotAssets; designId: string; projectId: string; hash: string };
}

/** A page's trim and bleed boxes in points, as the print path lays them out (no crop-mark slug). */
export interface PageBox {
  id: string;
  trim: { x: number; y: number; w: number; h: number };
  bleed: { x: number; y: number; w: number; h: number };
}

/** A project's designs at request time: how many at most, and the 400s for none and for too many. */
export interface ProjectLimit {
  max: number;
  empty: string;
  /** absent: up to max + 1 pages come back and the caller judges */
  tooMany?: string;
}

/** CSS pixels per inch: a design saved without a viewport is laid out on the trim size at 96 px/in. */
const CSS_PX_PER_UNIT = { inch: 96, cm: 96 / 2.54, mm: 96 / 25.4 } as const;

interface SideSnapshot {
  width: number;
  height: number;
  dimension_unit: keyof typeof CSS_PX_PER_UNIT;
  bleed: PageSpec['bleed'];
  safe_zone: PageSpec['safeZone'];
  dpi: number;
  bg_type?: string;
  bg_color_value?: string | null;
  background_included?: boolean;
  side_image_id?: string | null;
  product_id?: string;
  name: string;
  mask?: PageSpec['mask'];
}

/**
 * One printed page from a stored design: the geometry of the side as it was when the design
 * was saved (`original_side`), the design's layers in its viewport (else its product's, else
 * the trim at 96 px/in), and the side's background (a colour, or the side image when the side
 * says it is printed: `background_included`).
 */
export function pageSpecOf(doc: Record<string, unknown>, product: Record<string, unknown> | undefined): PageSpec {
  const side = doc.original_side as SideSnapshot;
  const unit = side.dimension_unit;
  const vw = (doc.viewport_width as number | null | undefined) ?? (product?.viewport_width as number | null | undefined) ?? side.width * CSS_PX_PER_UNIT[unit];
  const vh = (doc.viewport_height as number | null | undefined) ?? (product?.viewport_height as number | null | undefined) ?? side.height * CSS_PX_PER_UNIT[unit];
  let background: PageBackground | null = null;
  if (side.bg_type === 'color' && side.bg_color_value) background = { color: side.bg_color_value };
  else if (side.bg_type === 'image' && side.background_included && side.side_image_id) background = { image: { imageId: side.side_image_id }, fit: 'cover' };
  return {
    width: side.width,
    height: side.height,
    dimensionUnit: unit,
    bleed: side.bleed,
    safeZone: side.safe_zone,
    mask: side.mask ?? null,
    dpi: side.dpi,
    viewportWidth: vw,
    viewportHeight: vh,
    background,
    layers: (Object.hasOwn(doc, 'layers') ? doc.layers : []) as PageSpec['layers'],
    label: side.name,
  };
}

/**
 * Images and fonts of one store for the PDF engine: image layers by `image_id` or by the
 * `src` link this API handed out; fonts the store registered (CSS face matching), else the
 * default catalogue. Anything else is unavailable (the engine names the layer).
 */
export function storeAssets(catalog: CatalogModule, storeId: string): AssetResolver {
  return {
    async image(ref) {
      const found = ref.imageId ? await catalog.images.bytes(storeId, ref.imageId).catch(() => null) : ref.src ? await catalog.images.bytesByUrl(storeId, ref.src) : null;
      if (!found) throw new Error('not an image of this store');
      return found.body;
    },
    async font(q) {
      const f = await catalog.fonts.fontBytes(storeId, q.family, q.weight, q.style);
      return f ? { bytes: f.bytes, weight: f.weight, style: f.style } : null;
    },
  };
}

/** Trim and bleed boxes of pages in points. */
export function pageBoxesOf(pages: readonly DesignPage[]): PageBox[] {
  return pages.map((p) => {
    const b = pageBoxes(p.spec, false);
    return { id: p.id, trim: { x: b.trimBox.x, y: b.trimBox.y, w: b.trimBox.width, h: b.trimBox.height }, bleed: { x: b.bleedBox.x, y: b.bleedBox.y, w: b.bleedBox.width, h: b.bleedBox.height } };
  });
}

/**
 * The engine's issues (paths `pages[i]…`, or `sides[i]…` from the merge engine) as 400 fields
 * named after the design: `name(i)` is the field of page i (`designs.<id>`), the rest of the
 * path follows it.
 */
export function pageIssueFields(issues: ReadonlyArray<{ path: string; message: string }>, name: (index: number) => string): FieldErrors {
  const fields: FieldErrors = {};
  for (const i of issues) {
    const m = /^(?:sides|pages)\[(\d+)\]\.?(.*)$/.exec(i.path);
    const key = m ? `${name(Number(m[1]))}${m[2] ? `.${m[2]}` : ''}` : i.path;
    (fields[key] ??= []).push(i.message);
  }
  return fields;
}

/** The fields of pages named `<field>.<design id>` (`designs.<id>.layers[2]`). */
export const byDesignId = (pages: readonly { id: string }[], field = 'designs') => (i: number) => `${field}.${pages[i]?.id ?? i}`;

/**
 * An engine error that is the input's fault (an image gone, a page or layer it cannot lay
 * out, a CMYK conversion that failed) as the job's failure; null for anything else (a
 * Ghostscript timeout, an infrastructure error: the job is retried).
 */
export function pageJobFailure(err: unknown): JobFailure | null {
  if (err instanceof AssetError || err instanceof PageSpecError || err instanceof LayerValidationError) return new JobFailure(err.message, { code: err.code });
  if (err instanceof GhostscriptError && err.code !== 'ghostscript_timeout' && err.code !== 'ghostscript_aborted') return new JobFailure(`CMYK conversion failed: ${err.message}`, { code: err.code, stderr: err.stderr.slice(-2000) });
  return null;
}

/** Whether an engine error is the design's problem (a 422 for a request that renders now, as mockups and proofs do). */
export function isPageProblem(err: unknown): err is AssetError | PageSpecError | LayerValidationError {
  return err instanceof AssetError || err instanceof PageSpecError || err instanceof LayerValidationError;
}

export interface DesignPagesDeps {
  db: Db;
  catalog: CatalogModule;
  designs: DocService<DesignJson>;
  projects: DocService<ProjectJson>;
  blobs: BlobStore;
}

/** A frozen page as the engine reads it. */
export function frozenPage(r: SnapshotRow): DesignPage {
  const page = JSON.parse(r.page) as { spec: PageSpec; outputProfile: string | null };
  return { id: r.id, updatedAt: iso(r.created_at), outputProfile: page.outputProfile, spec: page.spec, frozen: { assets: JSON.parse(r.assets) as SnapshotAssets, designId: r.design_id, projectId: r.project_id, hash: r.hash } };
}

/** Designs of a store as pages, at request time (live designs, checked) and at job time (deleted ones too). */
export class DesignPages {
  readonly snapshots: Snapshots;
  constructor(private readonly deps: DesignPagesDeps) {
    this.snapshots = new Snapshots({ catalog: deps.catalog, blobs: deps.blobs });
  }

  /** The store's live designs by id, in the order asked (404 for one that is not the store's). */
  async byIds(storeId: string, ids: readonly string[]): Promise<DesignPage[]> {
    const found = await this.read(storeId, ids, false);
    return ids.map((id, i) => {
      const page = found[i];
      if (!page) throw new AppError('not_found', `Can't find design with id: ${id}`);
      return page;
    });
  }

  /** A project's live designs, oldest first (404 for a project that is not the store's). */
  async ofProject(storeId: string, projectId: string, limit: ProjectLimit): Promise<{ projectId: string; pages: DesignPage[] }> {
    const project = await this.deps.projects.row(storeId, projectId);
    // an order received prints what was frozen then, not the designs as they are now
    const version = (JSON.parse(project.doc) as { snapshot_version?: number | null }).snapshot_version;
    if (typeof version === 'number') return { projectId: project.id, pages: (await this.snapshots.ofProject(this.deps.db, storeId, project.id, version)).map(frozenPage) };
    const rows = await this.deps.designs.all(storeId, { links: { project_id: project.id } }, limit.max + 1);
    if (rows.length === 0) throw AppError.field('project_id', limit.empty);
    if (limit.tooMany !== undefined && rows.length > limit.max) throw AppError.field('project_id', limit.tooMany);
    const locked = await lockedSidesProblem(this.deps.catalog, storeId, rows);
    if (locked) throw AppError.field('project_id', locked);
    return { projectId: project.id, pages: await this.pagesOf(storeId, rows) };
  }

  /** The designs a job was asked for, as they are now (deleted ones too); a design gone fails the job. */
  async forJob(storeId: string, ids: readonly string[], gone = (id: string): Error => new JobFailure(`design ${id} no longer exists`)): Promise<DesignPage[]> {
    const found = await this.read(storeId, ids, true);
    return ids.map((id, i) => {
      const page = found[i];
      if (!page) throw gone(id);
      return page;
    });
  }

  /** A 400 for pages the engine would refuse (`name(i)`: the field of page i), not a failed job later. */
  check(pages: readonly DesignPage[], name: (index: number) => string = byDesignId(pages)): void {
    const issues = checkPageSpecs(pages.map((p) => p.spec));
    if (issues.length) throw AppError.validation(pageIssueFields(issues, name));
  }

  assets(storeId: string): AssetResolver {
    return storeAssets(this.deps.catalog, storeId);
  }

  /** The assets of these pages: the store's, and the frozen copies of frozen pages (snapshots.ts). */
  assetsOf(storeId: string, pages: readonly DesignPage[]): AssetResolver {
    const frozen = pages.filter((p) => p.frozen);
    if (frozen.length === 0) return this.assets(storeId);
    return this.snapshots.resolver(
      frozen.map((p) => p.frozen!.assets),
      this.assets(storeId),
      frozen.length === pages.length,
    );
  }

  /** A project's live designs as pages to freeze (outside the transaction that freezes them). */
  async toFreeze(storeId: string, projectId: string, max: number): Promise<LiveDesignPage[]> {
    const rows = await this.deps.designs.all(storeId, { links: { project_id: projectId } }, max + 1);
    const locked = await lockedSidesProblem(this.deps.catalog, storeId, rows);
    if (locked) throw new AppError('unprocessable', locked, { fields: { to: [locked] } });
    const pages = await this.pagesOf(storeId, rows);
    return rows.map((r, i) => ({ designId: r.id, name: r.name, productId: r.product_id ?? null, designUpdatedAt: iso(r.updated_at), page: { spec: pages[i]!.spec, outputProfile: pages[i]!.outputProfile } }));
  }

  /** Whether the designs frozen from still read as they did (same ids, same saves), through `db` (the freezing transaction). */
  async unchangedSince(db: DbOrTx, storeId: string, projectId: string, pages: readonly LiveDesignPage[]): Promise<boolean> {
    const rows = await db.selectFrom('designs').select(['id', 'updated_at']).where('store_id', '=', storeId).where('project_id', '=', projectId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
    return rows.length === pages.length && rows.every((r, i) => r.id === pages[i]!.designId && iso(r.updated_at) === pages[i]!.designUpdatedAt);
  }

  /** The job's designs rendered, one page each, with the store's assets; the input's problems fail the job. */
  async render(storeId: string, ids: readonly string[], options: RenderOptions): Promise<RenderResult> {
    const pages = await this.forJob(storeId, ids);
    try {
      return await renderPdf(
        pages.map((p) => p.spec),
        this.assetsOf(storeId, pages),
        options,
      );
    } catch (err) {
      throw pageJobFailure(err) ?? err;
    }
  }

  /** Production input (impositions, gang sheets): the job's designs as one RGB file, a page each, no crop marks. */
  async renderRgb(storeId: string, ids: readonly string[], title: string, signal: AbortSignal): Promise<Uint8Array> {
    return (await this.render(storeId, ids, { cropMarks: false, colorMode: 'rgb', pdfStandard: 'none', title, signal })).pdf;
  }

  /** Pages of designs by id, null where the store has none (soft-deleted ones count when `includingDeleted`). */
  private async read(storeId: string, ids: readonly string[], includingDeleted: boolean): Promise<Array<DesignPage | null>> {
    const valid = ids.filter((id) => isUuid(id));
    const rows = await DocRepo.byIdsIncludingDeleted(this.deps.db, storeId, { designs: valid });
    const live = [...rows.values()].filter((r) => includingDeleted || r.deleted_at === null || r.deleted_at === undefined);
    const pages = new Map((await this.pagesOf(storeId, live)).map((p) => [p.id.toLowerCase(), p]));
    // ids that are no design may be frozen pages of the store's orders
    const rest = valid.filter((id) => !pages.has(id.toLowerCase()));
    for (const r of await this.snapshots.byIds(this.deps.db, storeId, rest)) pages.set(r.id.toLowerCase(), frozenPage(r));
    return ids.map((id) => pages.get(id.toLowerCase()) ?? null);
  }

  /** Rows as pages: their products (deleted ones too: a design keeps what it referenced) in one statement. */
  private async pagesOf(storeId: string, rows: readonly DocRow[]): Promise<DesignPage[]> {
    const docs = rows.map((r) => JSON.parse(r.doc) as Record<string, unknown>);
    const productIdOf = (r: DocRow, d: Record<string, unknown>) => (r.product_id ?? d.product_id ?? (d.original_side as SideSnapshot | undefined)?.product_id) as string | null | undefined;
    const productIds = rows.map((r, i) => productIdOf(r, docs[i]!)).filter((id): id is string => typeof id === 'string' && isUuid(id));
    const products = await DocRepo.byIdsIncludingDeleted(this.deps.db, storeId, { catalog_products: productIds });
    return rows.map((r, i) => {
      const d = docs[i]!;
      const productRow = products.get(`catalog_products:${productIdOf(r, d)}`);
      const product = productRow ? (JSON.parse(productRow.doc) as Record<string, unknown>) : undefined;
      return {
        id: r.id,
        updatedAt: iso(r.updated_at),
        outputProfile: (product?.output_profile as string | null | undefined) ?? null,
        mockupTemplateId: (product?.mockup_template_id as string | null | undefined) ?? null,
        spec: pageSpecOf(d, product),
      };
    });
  }
}
