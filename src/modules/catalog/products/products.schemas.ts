import { Type } from '@sinclair/typebox';
import { StatusSchema } from '../../documents/doc.routes.js';
import { Nullable } from '../../../platform/http/resource.js';
import { Image } from '../images/images.schemas.js';
import { ProductDesignRules, ProductDesignRulesInput } from './design-rules.js';
import { SpotInks, SpotInksInput } from './spot-inks.js';

export const DimensionUnit = Type.Union([Type.Literal('inch'), Type.Literal('cm'), Type.Literal('mm')]);
const FileType = Type.Union(['jpg', 'png', 'ai', 'pdf', 'svg', 'ps'].map((t) => Type.Literal(t)));

/** How an order's print file of this product is made (docs/orders.md § Print files); null: PDF/X-4 without crop marks. */
export const PrintProfile = Type.Object(
  {
    pdf_standard: Type.Union([Type.Literal('pdf_x4'), Type.Literal('pdf_x1a')], { description: 'PDF/X-4 (live transparency) or PDF/X-1a (flattened)' }),
    crop_marks: Type.Boolean({ description: 'Crop marks outside the bleed (off when the file is imposed later)' }),
  },
  { additionalProperties: false, examples: [{ pdf_standard: 'pdf_x4', crop_marks: false }] },
);

const MOCKUP_TEMPLATE =
  "The mockup template this product's designs are shown on when a mockup request (POST /mockups) names none: the store's own or a default one (another is a 400). A deleted template counts as none. null: none";

/** Reference-system product fields (catalog-reference § 6), all optional except name on create. */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({ maxLength: 10_000 }),
  dynamic_side: Type.Boolean(),
  viewport_width: Type.Number({ minimum: 0 }),
  viewport_height: Type.Number({ minimum: 0 }),
  scale: Type.Number({ exclusiveMinimum: 0 }),
  dpi: Type.Integer({ minimum: 1, maximum: 4800 }),
  dimension_unit: DimensionUnit,
  status: StatusSchema,
  allowed_file_types: Type.Array(FileType, { maxItems: 6 }),
  enable_design: Type.Boolean(),
  enable_upload: Type.Boolean(),
  enable_pod: Type.Boolean(),
  max_file_upload: Type.Integer({ minimum: 0 }),
  min_jpg_dpi: Type.Integer({ minimum: 0 }),
  upload_max_filesize: Type.Integer({ minimum: 0 }),
  metadata: Type.Array(Type.Unknown(), { maxItems: 200 }),
  product_image_id: Nullable(Type.String({ maxLength: 100 })),
  category_ids: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
  type_id: Type.Union([Type.Literal('simple'), Type.Literal('variant'), Type.Literal('variant_option')]),
  parent_id: Nullable(Type.String({ maxLength: 100 })),
  external_ids: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
    maxItems: 100,
    uniqueItems: true,
    examples: [['gid://shopify/Product/8123456789', 'gid://shopify/ProductVariant/44123456789']],
    description: "The shop's products or variants this product is (a Shopify product or variant GID, a WooCommerce product id, a Medusa variant id): kept for the shop connectors and your integration ([integrations](integrations.md))",
  }),
  requires_proof: Type.Boolean({ description: "An order of this product waits for the customer's approval of a proof before its print file is made (docs/orders.md § Proofs)" }),
  print_profile: Nullable(PrintProfile),
  media: Nullable(Type.String({ minLength: 1, maxLength: 120, examples: ['350gsm silk'], description: 'Stock printed on: named in the job ticket (JDF MediaIntent)' })),
  binding: Type.Union([Type.Literal('none'), Type.Literal('saddle_stitch'), Type.Literal('perfect_bound')], { description: 'Binding named in the job ticket' }),
  output_profile: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "Default CMYK output profile for print and merge jobs of this product's designs that name none (before the store's default): `fogra39`, `fogra29`, `gracol2006`, `swop` (or another installed id; unknown is a 400); null: the store's default",
    }),
  ),
  spot_inks: SpotInksInput,
  design_rules: ProductDesignRulesInput,
  mockup_template_id: Nullable(Type.String({ maxLength: 100, description: MOCKUP_TEMPLATE, examples: ['0b5c8a0e-6c44-5d0c-9a0e-4f1f7f3e2b11'] })),
};
const partial = Type.Partial(Type.Object(fields)).properties;

export const CreateProduct = Type.Object({ ...partial, name: fields.name }, { additionalProperties: false });
export const UpdateProduct = Type.Object(partial, { additionalProperties: false });

export const Product = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  dynamic_side: Type.Boolean(),
  viewport_width: Nullable(Type.Number()),
  viewport_height: Nullable(Type.Number()),
  scale: Nullable(Type.Number()),
  dpi: Type.Integer(),
  dimension_unit: DimensionUnit,
  status: StatusSchema,
  allowed_file_types: Type.Array(Type.String()),
  enable_design: Type.Boolean(),
  enable_upload: Type.Boolean(),
  enable_pod: Type.Boolean(),
  max_file_upload: Type.Integer(),
  min_jpg_dpi: Type.Integer(),
  upload_max_filesize: Nullable(Type.Integer()),
  metadata: Type.Array(Type.Unknown()),
  product_image_id: Nullable(Type.String()),
  product_image: Nullable(Image),
  category_ids: Type.Array(Type.String()),
  type_id: Type.String(),
  parent_id: Nullable(Type.String()),
  output_profile: Nullable(Type.String({ description: "Default CMYK output profile of this product's print files; null: the store's default" })),
  external_ids: Type.Array(Type.String()),
  requires_proof: Type.Boolean(),
  print_profile: Nullable(PrintProfile),
  media: Nullable(Type.String()),
  binding: Type.String(),
  spot_inks: SpotInks,
  design_rules: ProductDesignRules,
  mockup_template_id: Nullable(Type.String({ description: MOCKUP_TEMPLATE })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
