import { Type } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';

const Point = Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[x, y] in photo pixels, origin top-left', examples: [[300, 206]] });
const PT = (x: number, y: number) => [x, y];

export const PrintArea = Type.Union(
  [
    Type.Object(
      {
        type: Type.Literal('quad'),
        corners: Type.Array(Point, { minItems: 4, maxItems: 4, description: "the design's top-left, top-right, bottom-right and bottom-left corners (perspective)" }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        type: Type.Literal('mesh'),
        columns: Type.Integer({ minimum: 1, maximum: 4096 }),
        rows: Type.Integer({ minimum: 1, maximum: 4096 }),
        points: Type.Array(Point, { description: '(rows + 1) × (columns + 1) points, row by row from the design’s top-left (curved surfaces)' }),
      },
      { additionalProperties: false },
    ),
  ],
  { examples: [{ type: 'quad', corners: [PT(300, 206), PT(898, 164), PT(925, 551), PT(327, 593)] }] },
);

const Fit = Type.Union([Type.Literal('contain'), Type.Literal('cover'), Type.Literal('fill')], { description: 'how a design of another shape than `aspect` is placed' });
const Displacement = Type.Union([Type.Object({ x: Type.Number({ minimum: -200, maximum: 200 }), y: Type.Number({ minimum: -200, maximum: 200 }) }, { additionalProperties: false }), Type.Null()], {
  description: 'largest shift (photo px) the displacement layer gives the design',
});

export const LayerInfo = Type.Union([
  Type.Object({ url: Type.String({ format: 'uri' }), mime_type: Type.String(), width: Type.Integer(), height: Type.Integer(), size_bytes: Type.Integer() }),
  Type.Null(),
]);

export const MockupTemplate = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String({ examples: ['Business card on a desk'] }),
  description: Type.Union([Type.String(), Type.Null()]),
  is_default: Type.Boolean(),
  width: Type.Integer({ description: 'photo width in px: the coordinates’ space', examples: [1200] }),
  height: Type.Integer({ examples: [800] }),
  print_area: PrintArea,
  aspect: Type.Union([Type.Number(), Type.Null()], { description: 'width / height of the print area on the product' }),
  fit: Fit,
  displacement: Displacement,
  layers: Type.Object(
    { photo: LayerInfo, shading: LayerInfo, highlight: LayerInfo, mask: LayerInfo, displacement: LayerInfo },
    {
      description: 'the layer images (signed links); absent layers are null',
      examples: [
        {
          photo: { url: 'https://folio.example.com/v1/files/mockups/templates/photo.jpg?sig=3f9a', mime_type: 'image/jpeg', width: 1200, height: 800, size_bytes: 22118 },
          shading: { url: 'https://folio.example.com/v1/files/mockups/templates/shading.png?sig=3f9a', mime_type: 'image/png', width: 300, height: 200, size_bytes: 1710 },
          highlight: null,
          mask: { url: 'https://folio.example.com/v1/files/mockups/templates/mask.png?sig=3f9a', mime_type: 'image/png', width: 1200, height: 800, size_bytes: 10877 },
          displacement: null,
        },
      ],
    },
  ),
  license: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const MockupTemplateEnvelope = Type.Object({ data: MockupTemplate, message: Type.String() });
export const MockupTemplateListEnvelope = listEnvelope(MockupTemplate);
export const MockupTemplateListQuery = listQuerySchema(['created_date', 'id', 'name']);

const binary = Type.String({ format: 'binary' });
/** The multipart form of POST /mockup-templates (documented; parts are read from the stream). */
export const MockupTemplateUploadBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  spec: Type.String({
    description: 'JSON: {print_area, aspect?, fit?, displacement?} (width and height default to the photo’s)',
    examples: ['{"print_area":{"type":"quad","corners":[[300,206],[898,164],[925,551],[327,593]]},"aspect":1.545,"fit":"cover"}'],
  }),
  photo: binary,
  shading: Type.Optional(binary),
  highlight: Type.Optional(binary),
  mask: Type.Optional(binary),
  displacement: Type.Optional(binary),
});

export const UpdateMockupTemplateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    print_area: Type.Optional(PrintArea),
    aspect: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0.01, maximum: 100 }), Type.Null()])),
    fit: Type.Optional(Fit),
    displacement: Type.Optional(Displacement),
  },
  { additionalProperties: false, examples: [{ name: 'Card on oak', fit: 'contain' }] },
);

const Format = Type.Union([Type.Literal('png'), Type.Literal('jpeg'), Type.Literal('webp')]);

export const CreateMockupBody = Type.Object(
  {
    design_id: Type.Optional(Type.String({ maxLength: 100, description: 'the design to show (or project_id)' })),
    project_id: Type.Optional(Type.String({ maxLength: 100, description: "a project: each of its designs (or design_id)" })),
    template_id: Type.Optional(Type.String({ maxLength: 100, description: 'a mockup template (the store’s or a default one); without template_id and template_ids, the design’s product’s `mockup_template_id`' })),
    template_ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 10, uniqueItems: true, description: 'several templates at once (a job)' })),
    width: Type.Optional(Type.Integer({ minimum: 64, maximum: 2000, default: 1000, description: 'image width in px; up to 1,000 a single mockup answers at once' })),
    format: Type.Optional(Format),
  },
  { additionalProperties: false, examples: [{ design_id: '2b1f6a53-5a8e-4c77-9d3e-0f4e1f6b2a10', template_id: '0b5c8a0e-6c44-5d0c-9a0e-4f1f7f3e2b11', width: 800, format: 'jpeg' }] },
);

export const MockupImage = Type.Object({
  url: Type.String({ format: 'uri', description: 'signed link, valid 24 hours' }),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Format,
  design_id: Type.String(),
  template_id: Type.String(),
});
export const MockupImageEnvelope = Type.Object({ data: MockupImage, message: Type.String() });

export const MockupJob = Type.Object({
  id: Type.String(),
  type: Type.Literal('mockup'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  design_id: Type.Union([Type.String(), Type.Null()]),
  project_id: Type.Union([Type.String(), Type.Null()]),
  design_ids: Type.Array(Type.String()),
  template_ids: Type.Array(Type.String()),
  width: Type.Integer(),
  format: Format,
  /** one image per design and template, once completed */
  mockups: Type.Array(MockupImage),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  completed_at: Type.Union([Type.String(), Type.Null()]),
});
export const MockupJobEnvelope = Type.Object({ data: MockupJob, message: Type.String() });

export const ProofLineSchema = Type.Union([Type.Literal('trim'), Type.Literal('bleed'), Type.Literal('safe')]);
export const CreateProofBody = Type.Object(
  {
    width: Type.Optional(Type.Integer({ minimum: 64, maximum: 2000, default: 1000 })),
    lines: Type.Optional(Type.Array(ProofLineSchema, { maxItems: 3, uniqueItems: true, description: 'trim (solid magenta), bleed (dashed red; the image then shows the bleed), safe (dashed green)' })),
    watermark: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Null()])),
    format: Type.Optional(Type.Union([Type.Literal('png'), Type.Literal('jpeg')])),
  },
  { additionalProperties: false, examples: [{ width: 800, lines: ['trim', 'safe'], watermark: 'PROOF' }] },
);
export const ProofImage = Type.Object({ url: Type.String({ format: 'uri' }), width: Type.Integer(), height: Type.Integer(), format: Type.Union([Type.Literal('png'), Type.Literal('jpeg')]) });
export const ProofEnvelope = Type.Object({ data: ProofImage, message: Type.String() });
