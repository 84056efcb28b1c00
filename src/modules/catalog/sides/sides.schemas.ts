import { Type } from '@sinclair/typebox';
import { StatusSchema } from '../../documents/doc.routes.js';
import { Nullable } from '../../../platform/http/resource.js';
import { Image } from '../images/images.schemas.js';
import { DimensionUnit } from '../products/products.schemas.js';
import { SideDesignRules, SideDesignRulesInput } from '../products/design-rules.js';
import { SideMaskSchema } from './side-mask.js';

const Edges = Type.Object(
  { top: Type.Number(), right: Type.Number(), bottom: Type.Number(), left: Type.Number() },
  { additionalProperties: false, description: "Edges in the product's dimension_unit" },
);
const Size = Type.Object({ width: Type.Number(), height: Type.Number() });
const Area = Type.Object({ width: Type.Number(), height: Type.Number(), top: Type.Number(), left: Type.Number() });
const XY = Type.Object({ x: Type.Number(), y: Type.Number() });
const BgType = Type.Union([Type.Literal('color'), Type.Literal('image'), Type.Literal('transparent')]);

/** Reference-system side fields (catalog-reference § 7) plus print geometry (decisions § Catalog). */
const fields = {
  product_id: Type.String({ maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  scale: Type.Number({ exclusiveMinimum: 0 }),
  side_image_id: Nullable(Type.String({ maxLength: 100 })),
  bg_type: BgType,
  bg_color_value: Nullable(Type.String({ maxLength: 100 })),
  img_overlay_id: Nullable(Type.String({ maxLength: 100 })),
  background_included: Type.Boolean(),
  show_overlay: Type.Boolean(),
  include_overlay: Type.Boolean(),
  side_image_size: Size,
  design_area: Area,
  show_cut_line: Type.Boolean(),
  show_safe_zone: Type.Boolean(),
  cut_line_margin: XY,
  safe_zone_margin: XY,
  status: StatusSchema,
  /** trim size */
  width: Type.Number({ exclusiveMinimum: 0 }),
  height: Type.Number({ exclusiveMinimum: 0 }),
  bleed: Edges,
  safe_zone: Edges,
  dpi: Type.Integer({ minimum: 1, maximum: 4800 }),
  design_rules: SideDesignRulesInput,
  mask: SideMaskSchema,
};
const partial = Type.Partial(Type.Object(fields)).properties;

export const CreateSide = Type.Object({ ...partial, product_id: fields.product_id, name: fields.name, width: fields.width, height: fields.height }, { additionalProperties: false });
export const UpdateSide = Type.Object(partial, { additionalProperties: false });

export const Side = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  name: Type.String(),
  scale: Type.Number(),
  side_image_id: Nullable(Type.String()),
  side_image: Nullable(Image),
  bg_type: BgType,
  bg_color_value: Nullable(Type.String()),
  img_overlay_id: Nullable(Type.String()),
  img_overlay: Nullable(Image),
  background_included: Type.Boolean(),
  show_overlay: Type.Boolean(),
  include_overlay: Type.Boolean(),
  side_image_size: Nullable(Size),
  design_area: Nullable(Area),
  show_cut_line: Type.Boolean(),
  show_safe_zone: Type.Boolean(),
  cut_line_margin: Nullable(XY),
  safe_zone_margin: Nullable(XY),
  status: StatusSchema,
  dimension_unit: DimensionUnit,
  width: Type.Number(),
  height: Type.Number(),
  bleed: Edges,
  safe_zone: Edges,
  dpi: Type.Integer(),
  design_rules: SideDesignRules,
  mask: SideMaskSchema,
  created_at: Type.String(),
  updated_at: Type.String(),
});
