import type { Static } from '@sinclair/typebox';
import type { DbOrTx } from '../../../platform/db/index.js';
import { outputProfileProblem } from '../../../engines/pdf/colour/output-profiles.js';
import { AppError } from '../../../platform/http/errors.js';
import { isUuid } from '../../../platform/crypto/ids.js';
import type { DocKind } from '../../documents/doc.service.js';
import { DocRepo, type DocRow } from '../../documents/doc.repo.js';
import { iso, withDefaults } from '../../../platform/http/resource.js';
import { BuiltMemo } from '../../../platform/db/built-memo.js';
import { embeddingPage } from '../images/embedding-page.js';
import { CategoriesRepo } from '../categories/categories.repo.js';
import { ImagesRepo } from '../images/images.repo.js';
import { embedded, type EmbeddedImages, type ImagesService } from '../images/images.service.js';
import { MockupsRepo } from '../../mockups/mockups.repo.js';
import type { Product } from './products.schemas.js';
import { normaliseRules } from './design-rules.js';
import { normaliseSpotInks, type StoredSpotInk } from './spot-inks.js';

export type ProductJson = Static<typeof Product>;

const DEFAULTS = {
  description: null,
  dynamic_side: false,
  viewport_width: null,
  viewport_height: null,
  scale: null,
  dpi: 72,
  dimension_unit: 'cm',
  status: 'publish',
  allowed_file_types: ['jpg', 'png', 'pdf'],
  enable_design: true,
  enable_upload: true,
  enable_pod: false,
  max_file_upload: 1,
  min_jpg_dpi: 0,
  upload_max_filesize: null,
  metadata: [],
  product_image_id: null,
  category_ids: [],
  type_id: 'simple',
  parent_id: null,
  output_profile: null,
  external_ids: [],
  requires_proof: false,
  print_profile: null,
  media: null,
  binding: 'none',
  spot_inks: [],
  mockup_template_id: null,
  design_rules: null,
};

async function checkRefs(storeId: string, doc: Record<string, unknown>, body: Record<string, unknown>, existing: Record<string, unknown> | null, db: DbOrTx): Promise<void> {
  const errors: Record<string, string[]> = {};
  doc.spot_inks = normaliseSpotInks(doc.spot_inks as StoredSpotInk[], errors);
  doc.design_rules = normaliseRules(doc.design_rules as Parameters<typeof normaliseRules>[0], 'design_rules', errors, true);
  // checked when set: a template deleted since (which counts as none) does not block other changes
  const template = body.mockup_template_id as string | null | undefined;
  if (template && template !== existing?.mockup_template_id && (!isUuid(template) || !(await new MockupsRepo(db).byId(storeId, template, true)))) {
    errors.mockup_template_id = ['is not a mockup template of this store'];
  }
  const imageId = doc.product_image_id as string | null;
  if (imageId && (!isUuid(imageId) || !(await new ImagesRepo(db).byId(storeId, imageId)))) errors.product_image_id = ['is not an image of this store'];
  const cats = [...new Set(doc.category_ids as string[])];
  const usable = await new CategoriesRepo(db).usable(storeId, cats.filter(isUuid), 'product');
  const bad = cats.filter((c) => !usable.has(c));
  if (bad.length) errors.category_ids = [`not product categories of this store: ${bad.join(', ')}`];
  const parent = doc.parent_id as string | null;
  const profile = doc.output_profile as string | null;
  const profileProblem = profile === null ? null : outputProfileProblem(profile);
  if (profileProblem) errors.output_profile = [profileProblem];
  if (parent && (!isUuid(parent) || !(await new DocRepo(db, 'catalog_products').byId(storeId, parent)))) errors.parent_id = ['is not a product of this store'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const withProductDefaults = withDefaults(DEFAULTS);

/** A product's JSON, its image taken from `embeds` (fetched for the whole page; designs embed products too). */
export function productJson(row: DocRow, doc: Record<string, unknown>, embeds: EmbeddedImages): ProductJson {
  return Object.assign(withProductDefaults(doc), {
    product_image: doc.product_image_id ? embedded(embeds, doc.product_image_id) : null,
    id: row.id,
    name: row.name,
    status: row.status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }) as unknown as ProductJson;
}

/** `images` embeds the product image (with fresh links) in every response. */
export const productKind = (images: ImagesService): DocKind<ProductJson> => {
  const built = new BuiltMemo<object>();
  return {
    table: 'catalog_products',
    topic: 'products',
    noun: 'Product',
    async prepare(storeId, body, existing, db) {
      const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as Record<string, unknown>;
      doc.category_ids = [...new Set(doc.category_ids as string[])];
      await checkRefs(storeId, doc, body as Record<string, unknown>, (existing as Record<string, unknown> | null | undefined) ?? null, db);
      return { name: doc.name as string, status: doc.status as string, parentId: (doc.parent_id as string | null) ?? null, doc };
    },
    async toJson(row, doc, db) {
      return productJson(row, doc, await images.embedMany(row.store_id, [doc.product_image_id], db));
    },
    keepsBuilt: true,
    toJsonPage: (rows, db, _include, reuse) => embeddingPage(rows, images, db, ['product_image_id'], productJson, reuse ? built : undefined),
  };
};
