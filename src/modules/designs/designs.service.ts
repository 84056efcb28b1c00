import type { Static } from '@sinclair/typebox';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { embedded, productJson, sideJson, type CatalogModule, type EmbeddedImages, type ProductJson, type SideJson } from '../catalog/index.js';
import { isUuid } from '../../platform/crypto/ids.js';
import { DocRepo, type DocRow, type DocTable } from '../documents/doc.repo.js';
import type { DocKind, DocService, Include } from '../documents/doc.service.js';
import { iso } from '../../platform/http/resource.js';
import { BuiltMemo, parsedDoc, rowInputs } from '../../platform/db/built-memo.js';
import type { ProjectJson } from '../projects/projects.service.js';
import type { DesignAssets } from './design-assets.js';
import { ruleProblems } from './design-rules.js';
import { DESIGN_EMBEDS, type Design } from './designs.schemas.js';

export type DesignJson = Static<typeof Design>;

const DEFAULTS = {
  project_id: null,
  note: null,
  is_uploader: false,
  status: 'processing',
  layers: [],
  viewport_width: null,
  viewport_height: null,
  preview_image_id: null,
  design_image_id: null,
};

/** A field of a stored design, or its default when the document predates it. */
const field = <K extends keyof typeof DEFAULTS>(doc: Record<string, unknown>, k: K): unknown => (Object.hasOwn(doc, k) ? doc[k] : DEFAULTS[k]);

type DesignEmbed = (typeof DESIGN_EMBEDS)[number];

/** The side as a design keeps it: without embedded images (their links expire; re-embedded on read). */
type SideSnapshot = Omit<SideJson, 'side_image' | 'img_overlay'>;

export interface DesignKindDeps {
  catalog: CatalogModule;
  projects: DocService<ProjectJson>;
  assets: DesignAssets;
}

/**
 * Designs: one per print side. Saving a design against a side takes a snapshot of it
 * (`original_side`, `original_output_options`), so later edits or deletion of the product
 * do not change an order; the snapshot is retaken only when the design moves to another side.
 */
export const designKind = (deps: DesignKindDeps): DocKind<DesignJson> => {
  const { catalog, projects, assets } = deps;
  /**
   * A page of designs of one store in at most two statements: the sides, products and
   * projects they name (deleted ones too: a design keeps what it referenced), then every
   * image any of them embeds.
   */
  const page = async (rows: readonly DocRow[], db: DbOrTx, include?: Include, built?: BuiltMemo<object>): Promise<DesignJson[]> => {
    const storeId = rows[0]!.store_id;
    const parse = (r: DocRow, table: DocTable) => (built ? parsedDoc(built, r, table) : (JSON.parse(r.doc) as Record<string, unknown>));
    const parsed = rows.map((r) => parse(r, 'designs'));
    const wants = (e: DesignEmbed) => include === undefined || include.has(e);
    const ids = (e: DesignEmbed, f: (r: DocRow) => string | null | undefined) =>
      wants(e) ? rows.map(f).filter((id): id is string => typeof id === 'string' && isUuid(id)) : [];
    const refs = await DocRepo.byIdsIncludingDeleted(db, storeId, { catalog_sides: ids('side', (r) => r.parent_id), catalog_products: ids('product', (r) => r.product_id), projects: ids('project', (r) => r.project_id) });
    const ref = (t: DocTable, id: string | null | undefined) => (id ? refs.get(`${t}:${id}`) : undefined);
    const refDoc = new Map([...refs].map(([k, r]) => [k, parse(r, r.t)]));
    const imageIds: unknown[] = [];
    for (const d of parsed) {
      imageIds.push(field(d, 'preview_image_id'), field(d, 'design_image_id'));
      const snap = d.original_side as SideSnapshot | undefined;
      if (wants('original_side')) imageIds.push(snap?.side_image_id, snap?.img_overlay_id);
    }
    for (const [k, d] of refDoc) imageIds.push(...(k.startsWith('catalog_sides:') ? [d.side_image_id, d.img_overlay_id] : [d.product_image_id]));
    const embeds = await catalog.images.embedMany(storeId, imageIds, db, built !== undefined);
    const projectJson = new Map<string, ProjectJson>();
    for (const [k, r] of refs) {
      if (r.t !== 'projects') continue;
      const kept = built?.known(k, rowInputs(r)) as ProjectJson | undefined;
      const json = kept ?? (await projects.kind.toJson(r, refDoc.get(k)!, db));
      projectJson.set(r.id, kept ?? (built ? (built.keep(k, rowInputs(r), json) as ProjectJson) : json));
    }
    // designs on one side share its JSON (and its product's): built once per page
    const sides = new Map<string, SideJson & { ratio: number }>();
    const products = new Map<string, ProductJson>();
    // with `built`, kept between answers while the row and its images read the same
    const keptOr = <T extends object>(key: string, inputs: () => unknown[], build: () => T): T => (built ? (built.get(key, inputs(), build) as T) : build());
    const liveSide = (r: DocRow) => {
      let j = sides.get(r.id);
      if (!j) {
        const k = `catalog_sides:${r.id}`;
        const doc = refDoc.get(k)!;
        const build = () => {
          const side = sideJson(r, doc, embeds);
          return Object.assign(side, { ratio: side.height > 0 ? side.width / side.height : 0 });
        };
        sides.set(r.id, (j = keptOr(k, () => [...rowInputs(r), embedded(embeds, doc.side_image_id), embedded(embeds, doc.img_overlay_id)], build)));
      }
      return j;
    };
    const liveProduct = (r: DocRow) => {
      let j = products.get(r.id);
      if (!j) {
        const k = `catalog_products:${r.id}`;
        const doc = refDoc.get(k)!;
        products.set(r.id, (j = keptOr(k, () => [...rowInputs(r), embedded(embeds, doc.product_image_id)], () => productJson(r, doc, embeds))));
      }
      return j;
    };
    const includeKey = include === undefined ? '*' : [...include].sort().join(',');
    // a fresh literal per design, in the schema's order (no keys added to the parsed document)
    return rows.map((row, i): DesignJson => {
      const d = parsed[i]!;
      const previewId = field(d, 'preview_image_id') as string | null;
      const designImageId = field(d, 'design_image_id') as string | null;
      const sideRow = ref('catalog_sides', row.parent_id);
      const productRow = ref('catalog_products', row.product_id);
      const side = sideRow && wants('side') ? liveSide(sideRow) : null;
      const product = productRow && wants('product') ? liveProduct(productRow) : null;
      const project = (row.project_id && projectJson.get(row.project_id)) || null;
      const snap = d.original_side as SideSnapshot | undefined;
      const inputs = () => [
        ...rowInputs(row),
        includeKey,
        embedded(embeds, previewId),
        embedded(embeds, designImageId),
        embedded(embeds, snap?.side_image_id),
        embedded(embeds, snap?.img_overlay_id),
        side,
        product,
        project,
      ];
      return keptOr(`designs:${row.id}`, inputs, () => designJson(row, d, embeds, side, product, project, include));
    });
  };
  /** One design's JSON, in the schema's order; the embeds `include` leaves out are absent. */
  const designJson = (row: DocRow, d: Record<string, unknown>, embeds: EmbeddedImages, side: SideJson | null, product: ProductJson | null, project: ProjectJson | null, include: Include): DesignJson => {
    const wants = (e: DesignEmbed) => include === undefined || include.has(e);
    const vw = field(d, 'viewport_width') as number | null;
    const vh = field(d, 'viewport_height') as number | null;
    const previewId = field(d, 'preview_image_id') as string | null;
    const designImageId = field(d, 'design_image_id') as string | null;
    const snap = d.original_side as SideSnapshot | undefined;
    const json = {
      id: row.id,
      side_id: row.parent_id!,
      product_id: row.product_id ?? null,
      project_id: row.project_id ?? null,
      name: row.name,
      note: field(d, 'note') as string | null,
      is_uploader: field(d, 'is_uploader') as boolean,
      status: row.status as DesignJson['status'],
      layers: field(d, 'layers') as DesignJson['layers'],
      viewport_width: vw,
      viewport_height: vh,
      viewport: vw !== null && vh !== null ? { width: vw, height: vh } : null,
      preview_image_id: previewId,
      design_image_id: designImageId,
      preview_image: embedded(embeds, previewId),
      design_image: embedded(embeds, designImageId),
      side,
      product,
      project,
      // a new object: the parsed document may be kept between answers and is never changed
      original_side: wants('original_side') ? { ...snap, side_image: embedded(embeds, snap?.side_image_id), img_overlay: embedded(embeds, snap?.img_overlay_id) } : undefined,
      original_output_options: d.original_output_options,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    } as DesignJson;
    // left out by ?include=: absent, not null (null says the design has no such object)
    if (include !== undefined) for (const e of DESIGN_EMBEDS) if (!include.has(e)) delete (json as Partial<DesignJson>)[e];
    return json;
  };
  /** Designs' parsed documents, sides, products, projects and JSON kept between list answers */
  const built = new BuiltMemo<object>(4096);
  return {
    table: 'designs',
    topic: 'designs',
    noun: 'Design',
    embeds: DESIGN_EMBEDS,
    async precheck(storeId, body) {
      if (body.layers !== undefined) await assets.check(storeId, body.layers);
    },
    async prepare(storeId, body, existing, db) {
      const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      const sideChanged = !existing || (body.side_id !== undefined && body.side_id !== existing.side_id);
      if (sideChanged) {
        const row = await catalog.sides.rowOrNull(storeId, doc.side_id, db);
        if (!row) errors.side_id = ['is not a side of this store'];
        else {
          const { side_image: _i, img_overlay: _o, ...side } = await catalog.sides.json(row, db);
          doc.original_side = side;
          doc.original_output_options = { dpi: side.dpi, dimension_unit: side.dimension_unit };
          doc.product_id = side.product_id;
          if (body.name === undefined && !existing) doc.name = side.name;
        }
      }
      if (!errors.side_id && (sideChanged || body.layers !== undefined)) Object.assign(errors, await ruleProblems(catalog, storeId, doc, db));
      if (doc.project_id !== null && !(await projects.rowOrNull(storeId, doc.project_id, db))) errors.project_id = ['is not a project of this store'];
      for (const f of ['preview_image_id', 'design_image_id'] as const) {
        if (doc[f] !== null && !(await catalog.images.usable(storeId, doc[f] as string, db))) errors[f] = ['is not an image of this store'];
      }
      if (Object.keys(errors).length) throw AppError.validation(errors);
      return {
        name: (doc.name as string | undefined) ?? 'Design',
        status: doc.status as string,
        parentId: doc.side_id as string,
        doc,
        links: { product_id: (doc.product_id as string | null) ?? null, project_id: doc.project_id as string | null },
      };
    },
    async toJson(row, _doc, db) {
      return (await page([row], db))[0]!;
    },
    keepsBuilt: true,
    toJsonPage: (rows, db, include, reuse) => page(rows, db, include, reuse ? built : undefined),
  };
};
