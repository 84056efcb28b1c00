import type { Static } from '@sinclair/typebox';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { CatalogModule, ProductJson, SideJson } from '../catalog/index.js';
import type { DocKind, DocService } from '../../platform/docs/doc.service.js';
import { iso } from '../../platform/http/resource.js';
import type { ProjectJson } from '../projects/projects.service.js';
import type { DesignAssets } from './design-assets.js';
import type { Design } from './designs.schemas.js';

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
  const withImages = async (storeId: string, side: SideSnapshot, db: DbOrTx): Promise<SideJson> => ({
    ...side,
    side_image: await catalog.images.embed(storeId, side.side_image_id, db),
    img_overlay: await catalog.images.embed(storeId, side.img_overlay_id, db),
  });
  return {
    table: 'designs',
    topic: 'designs',
    noun: 'Design',
    async precheck(storeId, body) {
      if (body.layers !== undefined) await assets.check(storeId, body.layers);
    },
    async prepare(storeId, body, existing, db) {
      const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      if (!existing || (body.side_id !== undefined && body.side_id !== existing.side_id)) {
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
    async toJson(row, doc, db) {
      const d = { ...DEFAULTS, ...doc } as Record<string, unknown>;
      const storeId = row.store_id;
      const vw = d.viewport_width as number | null;
      const vh = d.viewport_height as number | null;
      const live = await catalog.sides.getIncludingDeleted(storeId, row.parent_id, db);
      const product: ProductJson | null = await catalog.products.getIncludingDeleted(storeId, row.product_id, db);
      const project = row.project_id ? await projects.getIncludingDeleted(storeId, row.project_id, db) : null;
      return {
        ...d,
        id: row.id,
        side_id: row.parent_id!,
        product_id: row.product_id ?? null,
        project_id: row.project_id ?? null,
        name: row.name,
        status: row.status,
        viewport: vw !== null && vh !== null ? { width: vw, height: vh } : null,
        preview_image: await catalog.images.embed(storeId, d.preview_image_id, db),
        design_image: await catalog.images.embed(storeId, d.design_image_id, db),
        side: live ? { ...live, ratio: live.height > 0 ? live.width / live.height : 0 } : null,
        product,
        project,
        original_side: await withImages(storeId, d.original_side as SideSnapshot, db),
        original_output_options: d.original_output_options,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
      } as DesignJson;
    },
  };
};
