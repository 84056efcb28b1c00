import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';
import { JOB_ERROR_CODE_DESCRIPTION } from '../jobs/file-job-view.js';

/** C/M/Y/K percentages of a rich black. */
export const RichBlack = Type.Object(
  {
    c: Type.Number({ minimum: 0, maximum: 100 }),
    m: Type.Number({ minimum: 0, maximum: 100 }),
    y: Type.Number({ minimum: 0, maximum: 100 }),
    k: Type.Number({ minimum: 0, maximum: 100 }),
  },
  {
    additionalProperties: false,
    description: 'CMYK only (a 400 for rgb): design black (#000000) fills whose smaller side is at least 36 pt (½ in) print as this mix, in percent, e.g. `{"c":60,"m":40,"y":40,"k":100}`; text and thin lines stay 100 K. Default null: every black is 100 K',
  },
);

export const CreatePdfBody = Type.Object(
  {
    crop_marks: Type.Optional(Type.Boolean({ default: false, description: 'Crop marks at the trim corners in a 0.25 in slug (MediaBox grows; TrimBox and BleedBox stay)' })),
    color_mode: Type.Optional(Type.Union([Type.Literal('rgb'), Type.Literal('cmyk')], { description: '`cmyk` converts every colour and image through the output profile (ICC); default `rgb`, or `cmyk` when `pdf_standard` is a PDF/X' })),
    pdf_standard: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('pdf_x4'), Type.Literal('pdf_x1a')], {
        description: '`pdf_x4` (default for `cmyk`: live transparency kept) or `pdf_x1a` (no transparency, PDF 1.3) write a PDF/X file with an OutputIntent embedding the output profile; `none` is the default for `rgb`. A PDF/X file is CMYK: `color_mode: rgb` with a PDF/X standard is a 400',
      }),
    ),
    output_profile: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'CMYK output profile (printing condition) id among those installed: `fogra39` (FOGRA39, ISO coated), `fogra29` (FOGRA29, ISO uncoated), `gracol2006` (CGATS TR 006), `swop` (CGATS TR 003); also Ghostscript\'s `gs_swop` and `ps_cmyk`. Left out: the default of the design\'s product, else the store\'s, else `swop`. An unknown id is a 400 naming the installed ones' })),
    allow_missing_glyphs: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Text with a character no font has (not the layer\'s font, not one of the shipped script fallbacks) would print as a box: by default the job fails with an `error` naming the page, layer and characters (`page 1, layers[2]: no font has "…" (U+10FFFD)`); `true` prints it anyway, with a MISSING_GLYPHS warning',
      }),
    ),
    black_overprint: Type.Optional(Type.Boolean({ description: 'CMYK only (a 400 for rgb); default true: 100 % black (#000000, opaque) text of any size, and lines or shapes at most 2 pt thin, overprint the colours under them instead of knocking them out; `false` knocks out' })),
    rich_black: Type.Optional(Nullable(RichBlack)),
    keep_artwork_rich_black: Type.Optional(Type.Boolean({ description: 'CMYK only (a 400 for rgb); default false: placed PDF artwork keeps the output profile\'s four-colour mix for its black and greys; by default its neutral RGB/grey colours print on K alone' })),
  },
  { additionalProperties: false },
);

const Box = Type.Array(Type.Number(), { minItems: 4, maxItems: 4, description: '[x0, y0, x1, y1] in PDF points, as pdfinfo -box prints them' });
const Warning = Type.Object({
  code: Type.String({ description: 'LOW_RESOLUTION, FONT_FALLBACK, MISSING_GLYPHS, UNSUPPORTED_FEATURE, OUTSIDE_SAFE_ZONE, RASTERIZED_ARTWORK or TRANSPARENCY_FLATTENED (PDF/X-1a)' }),
  page: Type.Integer({ description: '1-based page (one per design)' }),
  layer: Type.Optional(Type.String()),
  message: Type.String(),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const PdfJob = Type.Object({
  id: Type.String(),
  type: Type.Literal('pdf'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  design_id: Nullable(Type.String()),
  project_id: Nullable(Type.String()),
  design_ids: Type.Array(Type.String(), { description: 'The designs printed, one page each, in page order' }),
  crop_marks: Type.Boolean(),
  color_mode: Type.Union([Type.Literal('rgb'), Type.Literal('cmyk')]),
  pdf_standard: Type.Union([Type.Literal('none'), Type.Literal('pdf_x4'), Type.Literal('pdf_x1a')]),
  allow_missing_glyphs: Type.Boolean({ description: 'Whether text with characters no font has prints (with a MISSING_GLYPHS warning) instead of failing the job' }),
  black_overprint: Nullable(Type.Boolean({ description: 'Whether 100 K text and thin lines overprint; null for rgb' })),
  rich_black: Nullable(RichBlack),
  keep_artwork_rich_black: Nullable(Type.Boolean({ description: 'Whether placed PDF artwork kept its four-colour black; null for rgb' })),
  output_profile: Nullable(
    Type.Object(
      {
        id: Type.String(),
        description: Type.String({ description: "The ICC profile's description" }),
        output_condition_identifier: Type.String({ description: 'OutputConditionIdentifier written in a PDF/X OutputIntent' }),
      },
      { description: 'The CMYK profile colours were converted to (and a PDF/X file embeds); null for rgb' },
    ),
  ),
  pdf_url: Nullable(Type.String({ description: 'Link to the print-ready PDF, valid 24 hours from this answer' })),
  expires_at: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
  pages: Type.Array(Type.Object({ media_box: Box, bleed_box: Box, trim_box: Box }), { description: 'Page boxes of each page' }),
  warnings: Type.Array(Warning),
  error: Nullable(Type.String()),
  error_code: Nullable(Type.String({ description: JOB_ERROR_CODE_DESCRIPTION })),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
});

export const PdfJobEnvelope = Type.Object({ data: PdfJob, message: Type.String() });
