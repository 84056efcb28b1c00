import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';
import { SheetBody, Unit } from '../imposition/imposition.schemas.js';
import { JOB_ERROR_CODE_DESCRIPTION } from '../jobs/file-job-view.js';

export const CreateGangSheetBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          design_id: Type.String({ maxLength: 100 }),
          quantity: Type.Integer({ minimum: 1, maximum: 2000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, description: 'Designs of this store and how many of each (2,000 copies in all at most); each prints at its trim size' },
    ),
    roll: Type.Optional(
      Type.Object(
        {
          width: Type.Number({ exclusiveMinimum: 0, maximum: 5000 }),
          unit: Unit,
          max_length: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 5080, description: 'Longest piece in `unit` (default and limit: 200 in, the PDF page limit); a longer run is cut into pieces' })),
        },
        { additionalProperties: false, description: 'A roll of this width (DTF film: 22 in, 60 cm…); the file is as long as the nesting needs' },
      ),
    ),
    sheet: Type.Optional(SheetBody),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    unit: Type.Optional(Type.Union([Unit], { default: 'mm', description: 'Unit of spacing and margins' })),
    spacing: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Gap kept between neighbouring items (default 3 mm)' })),
    margins: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Unprinted edge on every side of the roll or sheet (default 5 mm)' })),
    rotate: Type.Optional(Type.Boolean({ default: true, description: 'Items may be turned 90° to nest tighter' })),
  },
  {
    additionalProperties: false,
    examples: [{ items: [{ design_id: '0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', quantity: 24 }, { design_id: '0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5c', quantity: 6 }], roll: { width: 22, unit: 'inch' }, spacing: 3, rotate: true }],
  },
);

export type CreateGangSheet = Static<typeof CreateGangSheetBody>;

export const GangSheetJob = Type.Object({
  id: Type.String(),
  type: Type.Literal('gang_sheet'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  name: Type.String(),
  items: Type.Array(Type.Object({ design_id: Type.String(), quantity: Type.Integer() })),
  options: Type.Record(Type.String(), Type.Unknown(), { description: 'The request with every default filled in' }),
  pdf_url: Nullable(Type.String({ description: 'The gang sheet file, valid 24 hours from this answer' })),
  expires_at: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
  length_used: Nullable(Type.Number({ description: "Roll: length of film used, margins included; sheets: whole sheets before the last plus the last one's used height. In `length_unit`" })),
  length_unit: Type.Union([Type.Literal('mm'), Type.Literal('cm'), Type.Literal('inch'), Type.Literal('pt')], { description: 'Unit of the roll or custom sheet (mm for presets)' }),
  utilisation: Nullable(Type.Number({ description: 'Printed area over the area used (0..1): width × length used on a roll, whole sheets otherwise (inside the margins)' })),
  report: Nullable(
    Type.Object({
      strategy: Type.String({ description: 'The nesting rule and ordering that won' }),
      sheets: Type.Array(Type.Object({ page: Type.Integer(), width: Type.Number(), height: Type.Number() }), { description: 'Each page of the file (a sheet, or a piece of roll), in `length_unit`' }),
      placed: Type.Integer({ description: 'Copies placed (all of them)' }),
      shelf_utilisation: Type.Number({ description: 'What a simple shelf packer would have reached, for comparison' }),
      items: Type.Array(Type.Object({ design_id: Type.String(), quantity: Type.Integer(), width_mm: Type.Number(), height_mm: Type.Number(), rotated: Type.Integer({ description: 'Copies placed turned 90°' }) })),
    }),
  ),
  error: Nullable(Type.String()),
  error_code: Nullable(Type.String({ description: JOB_ERROR_CODE_DESCRIPTION })),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
});

export const GangSheetJobEnvelope = Type.Object({ data: GangSheetJob, message: Type.String() });
