import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';
import { JOB_ERROR_CODE_DESCRIPTION } from '../jobs/file-job-view.js';

export const Unit = Type.Union([Type.Literal('mm'), Type.Literal('cm'), Type.Literal('inch'), Type.Literal('pt')]);

const Length = Type.Number({ minimum: 0, maximum: 5000 });
const EdgesBody = Type.Union([Length, Type.Object({ top: Length, right: Length, bottom: Length, left: Length }, { additionalProperties: false })], {
  description: 'One length for every side, or each side',
});

export const SheetBody = Type.Union(
  [
    Type.Object(
      {
        preset: Type.Union([Type.Literal('sra3'), Type.Literal('a3_plus'), Type.Literal('12x18'), Type.Literal('13x19')], { description: '`sra3` 320 × 450 mm, `a3_plus` 329 × 483 mm, `12x18` and `13x19` inches' }),
        orientation: Type.Optional(Type.Union([Type.Literal('auto'), Type.Literal('portrait'), Type.Literal('landscape')], { default: 'auto', description: '`auto` tries the sheet both ways round and keeps the better fit' })),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        width: Type.Number({ exclusiveMinimum: 0, maximum: 5000 }),
        height: Type.Number({ exclusiveMinimum: 0, maximum: 5000 }),
        unit: Unit,
        orientation: Type.Optional(Type.Union([Type.Literal('auto'), Type.Literal('portrait'), Type.Literal('landscape')], { default: 'auto' })),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'The press sheet: a preset or a custom size (at most 200 in a side)' },
);

const Marks = Type.Object(
  {
    crop: Type.Optional(Type.Boolean({ default: true, description: "Crop marks at each item's trim corners, wherever they clear every item's printed area, and a booklet's fold marks at the spine. Every mark but the colour bar is in the registration colour /Separation /All, so it prints on every plate, spot plates included" })),
    registration: Type.Optional(Type.Boolean({ default: true, description: 'Registration targets in the side and top margins' })),
    color_bar: Type.Optional(Type.Boolean({ default: true, description: 'C, M, Y, K, overprints and K tints along the top margin' })),
    slug: Type.Optional(Type.Boolean({ default: true, description: 'Job name, sheet n of m, side and date along the bottom margin' })),
  },
  { additionalProperties: false },
);

const Booklet = Type.Object(
  {
    binding: Type.Union([Type.Literal('saddle_stitch'), Type.Literal('perfect_bound')], {
      description: '`saddle_stitch`: all sheets nested in one section (pages padded to a multiple of 4 with blanks at the end); `perfect_bound`: folded sections of `signature_pages`, gathered in order',
    }),
    signature_pages: Type.Optional(Type.Integer({ minimum: 4, maximum: 64, multipleOf: 4, description: 'Pages per folded section (perfect binding; default 16)' })),
    creep: Type.Optional(Type.Number({ minimum: 0, maximum: 5, default: 0, description: 'Creep compensation in `unit`: each sheet further inside a section moves its pages this much more towards the spine (about the paper thickness)' })),
  },
  { additionalProperties: false },
);

export const CreateImpositionBody = Type.Object(
  {
    pdf_job_id: Type.Optional(Type.String({ maxLength: 100, description: "A completed print-ready PDF job of this store: its file's pages are imposed" })),
    design_ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 500, uniqueItems: true, description: 'Designs of this store, rendered one page each in this order' })),
    project_id: Type.Optional(Type.String({ maxLength: 100, description: "A project's designs, oldest first" })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'Job name printed in the slug line' })),
    sheet: SheetBody,
    layout: Type.Optional(
      Type.Union([Type.Literal('auto'), Type.Object({ rows: Type.Integer({ minimum: 1, maximum: 100 }), cols: Type.Integer({ minimum: 1, maximum: 100 }) }, { additionalProperties: false })], {
        description: '`auto` (the default): as many items as fit (rotated when `rotate` allows and it fits more); or exactly rows × cols (422 when they do not fit)',
      }),
    ),
    unit: Type.Optional(Type.Union([Unit], { default: 'mm', description: 'Unit of margins, gutter and creep' })),
    margins: Type.Optional(EdgesBody),
    gutter: Type.Optional(
      Type.Union([Length, Type.Object({ x: Length, y: Length }, { additionalProperties: false })], { description: 'Space between neighbouring trims (across, down); default twice the bleed when bleed is kept, else 0' }),
    ),
    bleed: Type.Optional(Type.Union([Type.Literal('keep'), Type.Literal('trim')], { default: 'keep', description: '`keep`: each item prints its bleed (at most half the gutter towards a neighbour); `trim`: items are cut at their trim' })),
    rotate: Type.Optional(Type.Boolean({ description: 'Auto layout may turn items 90° when that fits more (default true)' })),
    order: Type.Optional(
      Type.Union([Type.Literal('step_and_repeat'), Type.Literal('cut_and_stack'), Type.Literal('sequential')], {
        description: '`step_and_repeat`: each sheet repeats one item; `cut_and_stack`: after cutting, stacking the piles gives the pages in order; `sequential`: items fill the sheets in reading order. Default: step_and_repeat for one item, else cut_and_stack',
      }),
    ),
    copies: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: 'step_and_repeat: copies of each item (default: one sheet full); cut_and_stack / sequential: sets of all items (default 1)' })),
    sides: Type.Optional(
      Type.Union([Type.Literal('simplex'), Type.Literal('sheetwise'), Type.Literal('work_and_turn'), Type.Literal('work_and_tumble')], {
        description: '`simplex` (the default) prints one side. Two-sided printing takes the pages in pairs (front, back). `sheetwise`: a front plate and a back plate; `work_and_turn` / `work_and_tumble`: one plate with the fronts on one half and the backs on the other, printed, turned (over the side edge) or tumbled (over the head) and printed again. Backs land exactly behind their fronts',
      }),
    ),
    marks: Type.Optional(Marks),
    booklet: Type.Optional(Booklet),
  },
  {
    additionalProperties: false,
    examples: [{ pdf_job_id: '0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', name: 'Business cards — Acme', sheet: { preset: 'sra3' }, layout: 'auto', margins: 10, gutter: 6, sides: 'sheetwise' }],
  },
);

export type CreateImposition = Static<typeof CreateImpositionBody>;

const Mm = Type.Number({ description: 'millimetres' });

export const ImpositionReport = Type.Object({
  sheets: Type.Integer({ description: 'Press sheets to print' }),
  pages: Type.Integer({ description: 'Pages in the file: one per sheet side (one per sheet for work and turn / tumble)' }),
  sheet: Type.Object({ width: Mm, height: Mm }, { description: 'The sheet as laid out (after orientation)' }),
  item: Type.Object({ width: Mm, height: Mm, bleed: Mm }, { description: 'Trim size and bleed of the source pages' }),
  layout: Nullable(Type.Object({ rows: Type.Integer(), cols: Type.Integer(), rotated: Type.Boolean() })),
  per_sheet: Type.Integer({ description: 'Items per sheet (a booklet: 4 pages)' }),
  blanks: Type.Integer({ description: 'Empty slots or blank pages added' }),
  source_pages: Type.Integer(),
  order: Nullable(Type.Union([Type.Literal('step_and_repeat'), Type.Literal('cut_and_stack'), Type.Literal('sequential')], { description: 'The order used (the default resolved); null for a booklet' })),
  gutter: Nullable(Type.Object({ x: Mm, y: Mm }, { description: 'The gutter used (the default resolved); null for a booklet' })),
  sides: Type.Array(
    Type.Object({
      page: Type.Integer({ description: '1-based page of the imposed file' }),
      sheet: Type.Integer(),
      side: Type.Union([Type.Literal('front'), Type.Literal('back'), Type.Literal('both')]),
      signature: Type.Optional(Type.Integer()),
      slots: Type.Array(
        Type.Object({
          source_page: Nullable(Type.Integer({ description: '1-based source page, null for a blank slot' })),
          x: Mm,
          y: Mm,
          width: Mm,
          height: Mm,
          rotation: Type.Integer({ description: 'Degrees counter-clockwise' }),
          creep: Type.Optional(Type.Number({ description: "Booklets: how far creep moved this page towards the spine, in millimetres (0 on a section's outer sheet); `x` already includes it" })),
        }),
        { description: "Where each item's trim lands (from the sheet's lower-left corner; a booklet page's creep included)" },
      ),
    }),
    { description: 'Every side of every sheet: the first 200, and no more sides than hold 10,000 slots between them (the first side always)' },
  ),
});

export const ImpositionJob = Type.Object({
  id: Type.String(),
  type: Type.Literal('imposition'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  name: Type.String(),
  pdf_job_id: Nullable(Type.String()),
  design_ids: Type.Array(Type.String(), { description: 'The designs rendered (empty when imposing a PDF job)' }),
  project_id: Nullable(Type.String()),
  mode: Type.Union([Type.Literal('flat'), Type.Literal('booklet')]),
  options: Type.Record(Type.String(), Type.Unknown(), { description: 'The request with every default filled in' }),
  pdf_url: Nullable(Type.String({ description: 'The imposed file, valid 24 hours from this answer' })),
  expires_at: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
  report: Nullable(ImpositionReport),
  error: Nullable(Type.String()),
  error_code: Nullable(Type.String({ description: JOB_ERROR_CODE_DESCRIPTION })),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
});

export const ImpositionJobEnvelope = Type.Object({ data: ImpositionJob, message: Type.String() });
