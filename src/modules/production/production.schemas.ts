import { Type, type Static } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';
import { Nullable } from '../../platform/http/resource.js';
import { CreateImpositionBody, SheetBody } from '../imposition/imposition.schemas.js';
import { CreateGangSheetBody } from '../gang-sheets/gang-sheets.schemas.js';

const imp = CreateImpositionBody.properties;
const gang = CreateGangSheetBody.properties;
const Length = Type.Number({ minimum: 0, maximum: 5000 });

/** The imposition options a batch may set (the source is the batch's orders). */
const BatchImposition = Type.Object(
  {
    sheet: SheetBody,
    layout: imp.layout,
    unit: imp.unit,
    margins: imp.margins,
    gutter: Type.Optional(
      Type.Union([Length, Type.Object({ x: Length, y: Length }, { additionalProperties: false })], {
        description: "Space between neighbouring trims (across, down). Default: twice the bleed across, and twice the bleed plus 3 mm down, so that each slot's label fits below it (`slot_labels`)",
      }),
    ),
    bleed: imp.bleed,
    rotate: imp.rotate,
    order: Type.Optional(
      Type.Union([Type.Literal('sequential'), Type.Literal('cut_and_stack'), Type.Literal('step_and_repeat')], {
        default: 'sequential',
        description: '`sequential` (the default): the orders fill the sheets in reading order, oldest first, one position per order page, so positions are stable',
      }),
    ),
    sides: imp.sides,
    marks: imp.marks,
    slot_labels: Type.Optional(Type.Boolean({ default: true, description: "Print each position's order code and line in the gutter below (or above) its slot, outside every printed area" })),
  },
  { additionalProperties: false },
);

const BatchGang = Type.Object(
  { roll: gang.roll, sheet: Type.Optional(SheetBody), unit: gang.unit, spacing: gang.spacing, margins: gang.margins, rotate: gang.rotate },
  { additionalProperties: false, description: 'Give `roll` or `sheet`' },
);

export const CreateBatchBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'Printed in the slug line; default `Batch <date>`' })),
    kind: Type.Union([Type.Literal('imposition'), Type.Literal('gang_sheet')]),
    product_id: Type.Optional(Type.String({ maxLength: 100, description: "The store's approved orders with frozen pages of this product (only those pages print)" })),
    project_ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 500, uniqueItems: true, description: 'These orders (each must be approved), every frozen page of each' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 500, description: 'With product_id: at most this many orders, oldest first' })),
    imposition: Type.Optional(BatchImposition),
    gang_sheet: Type.Optional(BatchGang),
  },
  {
    additionalProperties: false,
    examples: [{ kind: 'imposition', product_id: '0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', imposition: { sheet: { preset: 'sra3' }, margins: 10 } }],
  },
);
export type CreateBatch = Static<typeof CreateBatchBody>;

const Mm = Type.Number({ description: 'millimetres' });

export const Position = Type.Object({
  slot: Type.Integer({ description: '1-based slot on this sheet side' }),
  x: Mm,
  y: Mm,
  w: Mm,
  h: Mm,
  rotated: Type.Boolean(),
  project_id: Type.String(),
  project_code: Type.String(),
  line_item_id: Nullable(Type.String({ description: "The shop's order line (external_ref.line_item_id)" })),
  snapshot_id: Type.String({ description: 'The frozen page printed here' }),
  page: Type.Integer({ description: '1-based page of the order' }),
});

export const BatchSheet = Type.Object({
  sheet: Type.Integer(),
  side: Type.Union([Type.Literal('front'), Type.Literal('back'), Type.Literal('both')]),
  page: Type.Integer({ description: '1-based page of the file' }),
  positions: Type.Array(Position, { description: "Where each trim lands (from the page's lower-left corner, in mm) and which order it is" }),
});

export const BatchOrder = Type.Object({
  project_id: Type.String(),
  project_code: Type.String(),
  line_item_id: Nullable(Type.String()),
  quantity: Type.Integer(),
  pages: Type.Integer({ description: 'Frozen pages of the order in the batch' }),
});

const BatchFields = {
  id: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('imposition'), Type.Literal('gang_sheet')]),
  status: Type.Union([Type.Literal('in_production'), Type.Literal('printed')]),
  job_id: Type.String({ description: 'The imposition or gang_sheet job (GET /jobs/{id})' }),
  options: Type.Record(Type.String(), Type.Unknown(), { description: 'The job options with every default filled in' }),
  project_count: Type.Integer(),
  run_length: Type.Integer({
    description:
      'Imposition: how many times to print the sheets, the largest order quantity (each order page is one position, so smaller orders get overs). Gang sheet: 1 (every copy of every order is on the sheet)',
  }),
  created_at: Type.String(),
  updated_at: Type.String(),
};
export const BatchSummary = Type.Object(BatchFields);

export const Batch = Type.Object({
  ...BatchFields,
  job_status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  error: Nullable(Type.String()),
  pdf_url: Nullable(Type.String({ description: 'The sheets, valid 24 hours from this answer' })),
  utilisation: Nullable(Type.Number({ description: 'Gang sheet: printed area over the area used (0..1)' })),
  orders: Type.Array(BatchOrder, { description: 'The orders, oldest first' }),
  sheets: Type.Array(BatchSheet, { description: 'Once the job completed: every sheet side and its positions (an imposition lists its first 200 sides)' }),
});
export type BatchJson = Static<typeof Batch>;
export type BatchSummaryJson = Static<typeof BatchSummary>;

export const BatchEnvelope = Type.Object({ data: Batch, message: Type.String() });
export const BatchListQuery = Type.Object({
  ...listQuerySchema(['created_date'] as const, null).properties,
  status: Type.Optional(Type.Union([Type.Literal('in_production'), Type.Literal('printed')])),
});
export const BatchListEnvelope = listEnvelope(BatchSummary);
