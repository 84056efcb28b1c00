import { Type } from '@sinclair/typebox';
import { includeSchema, withOptionalEmbeds } from '../documents/doc.routes.js';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';
import { Nullable } from '../../platform/http/resource.js';
import { sharedInAnswer } from '../../platform/http/serializer.js';
import { Image } from '../catalog/images/images.schemas.js';
import { Product } from '../catalog/products/products.schemas.js';
import { Side } from '../catalog/sides/sides.schemas.js';
import { DimensionUnit } from '../catalog/products/products.schemas.js';
import { Project } from '../projects/projects.schemas.js';

/** Design statuses (catalog-reference § 10, DS). */
export const DesignStatus = Type.Union([Type.Literal('accepted'), Type.Literal('processing'), Type.Literal('declined'), Type.Literal('trashed')]);

const Layer = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'A Fabric.js object as `canvas.toJSON().objects` writes it: textbox, i-text, text, image, rect, circle, ellipse, line, polygon, polyline, path, triangle, group (Fabric 6 class names such as `Textbox` too). Image layers name their asset by `src` (an Image `url` this API returned) or `image_id`; text layers name a font family of the store or a default font. Any layer may carry `locked: true` (the customizer lets the shopper neither move, edit nor delete it; print unaffected), text layers `placeholder: true` (highlighted until replaced), and `field: {name, type: text|image|qr|barcode, fit?, min_font_size?, symbology?, …}` making it a variable-data field that `POST /merge-jobs` fills (docs/variable-data.md).',
  examples: [{ type: 'textbox', left: 40, top: 60, width: 320, text: 'Ada Lovelace', fontFamily: 'Roboto', fontSize: 28, fill: '#1a1a1a', textAlign: 'left' }],
});

/** Design fields (catalog-reference § 10). `name` is ours (lists search it); default: the side's name. */
const fields = {
  side_id: Type.String({ maxLength: 100 }),
  project_id: Nullable(Type.String({ maxLength: 100 })),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  note: Nullable(Type.String({ maxLength: 10_000 })),
  is_uploader: Type.Boolean(),
  status: DesignStatus,
  layers: Type.Array(Layer, { maxItems: 5000 }),
  viewport_width: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
  viewport_height: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
  preview_image_id: Nullable(Type.String({ maxLength: 100 })),
  design_image_id: Nullable(Type.String({ maxLength: 100 })),
};
const partial = Type.Partial(Type.Object(fields)).properties;

export const CreateDesign = Type.Object({ ...partial, side_id: fields.side_id }, { additionalProperties: false });
export const UpdateDesign = Type.Object(partial, { additionalProperties: false });

/** The live side as designs embed it: the side plus its aspect ratio (width / height). */
const InlineSide = Type.Intersect([Side, Type.Object({ ratio: Type.Number() })]);

export const Design = Type.Object({
  id: Type.String(),
  side_id: Type.String(),
  product_id: Nullable(Type.String()),
  project_id: Nullable(Type.String()),
  name: Type.String(),
  note: Nullable(Type.String()),
  is_uploader: Type.Boolean(),
  status: DesignStatus,
  layers: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  viewport_width: Nullable(Type.Number()),
  viewport_height: Nullable(Type.Number()),
  viewport: Nullable(Type.Object({ width: Type.Number(), height: Type.Number() })),
  preview_image_id: Nullable(Type.String()),
  design_image_id: Nullable(Type.String()),
  preview_image: Nullable(Image),
  design_image: Nullable(Image),
  side: Nullable(InlineSide),
  product: Nullable(Product),
  project: Nullable(Project),
  original_side: Side,
  original_output_options: Type.Object({ dpi: Type.Integer(), dimension_unit: DimensionUnit }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** What `?include=` chooses among on design reads: the embedded side, product and project, and the side snapshot. */
export const DESIGN_EMBEDS = ['side', 'product', 'project', 'original_side'] as const;

/** A list of designs (of the store, a product or a project): the list parameters, `status` and `include`. */
export const DesignListQuery = Type.Intersect([listQuerySchema(['created_date', 'id', 'name']), Type.Object({ status: Type.Optional(DesignStatus), include: Type.Optional(includeSchema(DESIGN_EMBEDS)) })]);

/**
 * A design as the lists answer it: the embeds present unless `include` leaves them out. The
 * designs of a page share their side, product and project, so each is written once per answer
 * (a single read has nothing to share and writes them inline).
 */
const DesignListItem = (() => {
  const item = withOptionalEmbeds(Design, DESIGN_EMBEDS);
  for (const k of ['side', 'product', 'project'] as const) item.properties[k] = sharedInAnswer({ ...item.properties[k]! });
  return sharedInAnswer(item);
})();

/** A page of designs. */
export const DesignListEnvelope = listEnvelope(DesignListItem);
