import type { Static } from '@sinclair/typebox';
import type { DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { normaliseRules } from '../products/design-rules.js';
import { isUuid } from '../../../platform/crypto/ids.js';
import type { DocKind } from '../../documents/doc.service.js';
import { DocRepo, type DocRow } from '../../documents/doc.repo.js';
import { iso, withDefaults } from '../../../platform/http/resource.js';
import { BuiltMemo } from '../../../platform/db/built-memo.js';
import { embeddingPage } from '../images/embedding-page.js';
import { ImagesRepo } from '../images/images.repo.js';
import { embedded, type EmbeddedImages, type ImagesService } from '../images/images.service.js';
import type { Side } from './sides.schemas.js';
import { checkMask } from './side-mask.js';

export type SideJson = Static<typeof Side>;
type Edges = { top: number; right: number; bottom: number; left: number };
const ZERO: Edges = { top: 0, right: 0, bottom: 0, left: 0 };

const DEFAULTS = {
  scale: 1,
  side_image_id: null,
  bg_type: 'image',
  bg_color_value: null,
  img_overlay_id: null,
  background_included: false,
  show_overlay: false,
  include_overlay: false,
  side_image_size: null,
  design_area: null,
  show_cut_line: false,
  show_safe_zone: false,
  cut_line_margin: null,
  safe_zone_margin: null,
  status: 'publish',
  bleed: ZERO,
  safe_zone: ZERO,
  dpi: 300,
  design_rules: null,
  mask: null,
};

/** Print geometry: bleed is never negative; the safe zone lies inside the trim box. */
export function geometryErrors(doc: { width: number; height: number; bleed: Edges; safe_zone: Edges }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(doc.bleed)) if (v < 0) (errors[`bleed.${k}`] ??= []).push('must not be negative');
  for (const [k, v] of Object.entries(doc.safe_zone)) if (v < 0) (errors[`safe_zone.${k}`] ??= []).push('must not be negative (the safe zone is inset from the trim)');
  if (doc.safe_zone.left + doc.safe_zone.right >= doc.width) (errors.safe_zone ??= []).push('left + right must be less than the trim width');
  if (doc.safe_zone.top + doc.safe_zone.bottom >= doc.height) (errors.safe_zone ??= []).push('top + bottom must be less than the trim height');
  return errors;
}

async function checkImage(storeId: string, id: unknown, field: string, errors: Record<string, string[]>, db: DbOrTx, noSvg: boolean): Promise<void> {
  if (id === null || id === undefined) return;
  const img = isUuid(id as string) ? await new ImagesRepo(db).byId(storeId, id as string, true) : null;
  if (!img) errors[field] = ['is not an image of this store'];
  else if (noSvg && img.mime_type === 'image/svg+xml') errors[field] = ['Side image can not svg'];
}

const withSideDefaults = withDefaults({ ...DEFAULTS, dimension_unit: 'cm' });

/** A side's JSON, its images taken from `embeds` (fetched for the whole page; designs embed sides too). */
export function sideJson(row: DocRow, doc: Record<string, unknown>, embeds: EmbeddedImages): SideJson {
  return Object.assign(withSideDefaults(doc), {
    side_image: embedded(embeds, doc.side_image_id),
    img_overlay: embedded(embeds, doc.img_overlay_id),
    id: row.id,
    product_id: row.parent_id!,
    name: row.name,
    status: row.status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }) as unknown as SideJson;
}

/** `images` embeds the side image and overlay (with fresh links) in every response. */
export const sideKind = (images: ImagesService): DocKind<SideJson> => {
  const built = new BuiltMemo<object>();
  return {
    table: 'catalog_sides',
    topic: 'sides',
    noun: 'Side',
    async prepare(storeId, body, existing, db) {
      const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as unknown as Record<string, unknown> & { width: number; height: number; bleed: Edges; safe_zone: Edges };
      const errors = geometryErrors(doc);
      doc.design_rules = normaliseRules(doc.design_rules as Parameters<typeof normaliseRules>[0], 'design_rules', errors, false);
      const product = isUuid(doc.product_id as string) ? await new DocRepo(db, 'catalog_products').byId(storeId, doc.product_id as string) : null;
      if (!product) errors.product_id = ['is not a product of this store'];
      // The unit is the product's at the time of writing (kept, so a snapshot reads the same).
      const unit = product ? ((JSON.parse(product.doc) as { dimension_unit?: string }).dimension_unit ?? 'cm') : 'cm';
      if (!Object.keys(errors).some((k) => k === 'safe_zone' || k.startsWith('bleed.'))) checkMask(doc, unit, errors);
      await checkImage(storeId, doc.side_image_id, 'side_image_id', errors, db, true);
      await checkImage(storeId, doc.img_overlay_id, 'img_overlay_id', errors, db, false);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      doc.dimension_unit = unit;
      return { name: doc.name as string, status: doc.status as string, parentId: doc.product_id as string, doc };
    },
    async toJson(row, doc, db) {
      return sideJson(row, doc, await images.embedMany(row.store_id, [doc.side_image_id, doc.img_overlay_id], db));
    },
    keepsBuilt: true,
    toJsonPage: (rows, db, _include, reuse) => embeddingPage(rows, images, db, ['side_image_id', 'img_overlay_id'], sideJson, reuse ? built : undefined),
  };
};
