import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/resource.js';

/** Template fields (catalog-reference § 11); `name` is ours (templates are listed and searched by it). */
const fields = {
  side_id: Type.String({ maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  project_id: Nullable(Type.String({ maxLength: 100 })),
  note: Nullable(Type.String({ maxLength: 10_000 })),
  layers: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
    maxItems: 2000,
    description:
      'Fabric.js objects, as a design\'s layers. Any layer may carry `locked: true` (the customizer lets the shopper neither move, edit nor delete it), text layers `placeholder: true`, and `field: {name, type: text|image|qr|barcode, fit?, min_font_size?, symbology?, …}`: a variable-data field that a design made from the template keeps and `POST /merge-jobs` fills (docs/variable-data.md)',
  }),
  viewport_width: Type.Number({ minimum: 0 }),
  viewport_height: Type.Number({ minimum: 0 }),
  preview_image_id: Nullable(Type.String({ maxLength: 100 })),
  template_image_id: Nullable(Type.String({ maxLength: 100 })),
};
const partial = Type.Partial(Type.Object(fields)).properties;

export const CreateTemplate = Type.Object({ ...partial, side_id: fields.side_id }, { additionalProperties: false });
export const UpdateTemplate = Type.Object(partial, { additionalProperties: false });

export const Template = Type.Object({
  id: Type.String(),
  side_id: Type.String(),
  name: Type.String(),
  project_id: Nullable(Type.String()),
  note: Nullable(Type.String()),
  layers: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  viewport_width: Nullable(Type.Number()),
  viewport_height: Nullable(Type.Number()),
  viewport: Nullable(Type.Object({ width: Type.Number(), height: Type.Number() })),
  preview_image_id: Nullable(Type.String()),
  template_image_id: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** A curated template (GET /templates/template-default): no side; its print size says what side it fits. */
export const DefaultTemplate = Type.Object({
  ...Template.properties,
  side_id: Type.Null(),
  print_size: Type.Object({ width: Type.Number(), height: Type.Number(), dimension_unit: Type.Literal('mm') }),
  is_default: Type.Literal(true),
  license: Type.String(),
});
export type DefaultTemplateJson = Static<typeof DefaultTemplate>;
