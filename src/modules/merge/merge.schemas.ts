import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';
import { CreatePdfBody, PdfJob } from '../print/index.js';
import { JOB_ERROR_CODE_DESCRIPTION } from '../jobs/file-job-view.js';

/** Largest data set of one merge job. */
export const MAX_RECORDS = 10_000;
/** Longest cell, JSON or CSV (characters): a text field lays its value out up to a dozen times. */
export const MAX_CELL_CHARS = 10_000;
/** Columns of a data set (a CSV header, or the keys the JSON records name between them). */
export const MAX_COLUMNS = 200;
/** Longest column name (a JSON key or a CSV header cell). */
export const MAX_COLUMN_NAME_CHARS = 200;
/**
 * Object keys in one JSON body (about records × columns): what it costs to parse, check and
 * validate, well under 100 ms of the event loop: 10,000 records of 25 columns. A wider data
 * set comes as CSV, which is parsed in steps.
 */
export const MAX_JSON_KEYS = 250_000;
/** Entries of `mapping` (a design reads far fewer fields). */
export const MAX_MAPPING = 200;
/** Largest CSV (a string field or a `file` part). */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
/** Largest JSON body of POST /merge-jobs (records or a csv string), above the service-wide FOLIO_BODY_LIMIT_BYTES. */
export const MAX_JSON_BYTES = 32 * 1024 * 1024;

const Cell = Type.Union([Type.String({ maxLength: MAX_CELL_CHARS }), Type.Number(), Type.Boolean(), Type.Null()]);

export const Numbering = Type.Object(
  {
    start: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 1, description: 'The first number (default 1)' })),
    step: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Added for each following record (default 1)' })),
    padding: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, default: 0, description: 'Zero-pad `{{n}}` to this many digits (`5` → `00042`); 0: no padding' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'How many numbered copies to print when no data set is sent (raffle tickets); ignored with records or a CSV' })),
  },
  { additionalProperties: false, description: 'Sequential numbering: `{{n}}` in a text field is the record number start, start + step, …, zero-padded' },
);

export const CreateMergeBody = Type.Object(
  {
    design_id: Type.Optional(Type.String({ maxLength: 100, description: 'The design (template) whose field layers are filled: one page per record' })),
    project_id: Type.Optional(Type.String({ maxLength: 100, description: "Or a project: its designs (oldest first) are the sides, one page per record and side" })),
    records: Type.Optional(Type.Array(Type.Record(Type.String({ maxLength: MAX_COLUMN_NAME_CHARS }), Cell, { maxProperties: MAX_COLUMNS }), { maxItems: MAX_RECORDS, description: `The data set as JSON rows (column → value); numbers and booleans are printed as text, null is no value. At most ${MAX_COLUMNS} columns between all records, a string cell at most ${MAX_CELL_CHARS} characters` })),
    csv: Type.Optional(
      Type.String({
        maxLength: MAX_CSV_BYTES,
        description: `Or the data set as CSV text: a header row, then one record per row; \`,\` or \`;\` delimited (detected from the header), UTF-8 with or without BOM, quoted fields may hold delimiters and line breaks. At most ${MAX_COLUMNS} columns and ${MAX_CELL_CHARS} characters a cell (as a JSON cell): 422 naming the cell otherwise`,
      }),
    ),
    mapping: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: MAX_COLUMN_NAME_CHARS }), {
        maxProperties: MAX_MAPPING,
        description: 'Field (or `{{token}}`) name → data column, for columns not named like the fields; `n` (when the data has no column of that name) is the record number',
      }),
    ),
    numbering: Type.Optional(Numbering),
    output: Type.Optional(Type.Union([Type.Literal('pdf'), Type.Literal('zip')], { default: 'pdf', description: '`pdf`: one file, a page per record and side, in order; `zip`: one PDF per record' })),
    on_error: Type.Optional(
      Type.Union([Type.Literal('skip'), Type.Literal('fail')], { default: 'skip', description: 'A bad record (missing value, text that cannot fit with fit `fail`, an image that cannot be fetched, a value a barcode cannot encode, a CSV row with the wrong number of columns): `skip` leaves it out and lists it in the report; `fail` fails the job naming it' }),
    ),
    crop_marks: Type.Optional(Type.Boolean({ default: false, description: 'Crop marks at the trim corners in a 0.25 in slug, as for the PDF job' })),
    color_mode: CreatePdfBody.properties.color_mode,
    pdf_standard: CreatePdfBody.properties.pdf_standard,
    output_profile: CreatePdfBody.properties.output_profile,
    allow_missing_glyphs: CreatePdfBody.properties.allow_missing_glyphs,
    black_overprint: CreatePdfBody.properties.black_overprint,
    rich_black: CreatePdfBody.properties.rich_black,
    keep_artwork_rich_black: CreatePdfBody.properties.keep_artwork_rich_black,
  },
  {
    additionalProperties: false,
    examples: [
      {
        design_id: '0b5f3c1e-8a4f-4c1e-9a7e-2f1d3c4b5a69',
        records: [
          { name: 'Ada Lovelace', title: 'Analyst', url: 'https://example.com/ada' },
          { name: 'Grace Hopper', title: 'Rear Admiral', url: 'https://example.com/grace' },
        ],
        output: 'pdf',
        on_error: 'skip',
      },
    ],
  },
);

const Issue = Type.Object({
  field: Type.Optional(Type.String()),
  code: Type.Union(['missing_value', 'text_overflow', 'image_unavailable', 'invalid_code', 'bad_row'].map((c) => Type.Literal(c)), {
    description: 'missing_value, text_overflow (fit fail), image_unavailable, invalid_code (a barcode cannot encode the value) or bad_row (the CSV row has the wrong number of columns)',
  }),
  message: Type.String(),
});

export const RecordReport = Type.Object({
  record: Type.Integer({ description: '1-based record: the JSON index + 1, or the CSV data row (1 = the first row after the header)' }),
  status: Type.Union([Type.Literal('merged'), Type.Literal('skipped')]),
  pages: Nullable(Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description: 'First and last page of the record (in its own file for zip)' })),
  file: Nullable(Type.String({ description: "zip: the record's file in the archive" })),
  shrunk: Type.Array(Type.Object({ field: Type.String(), from: Type.Number(), to: Type.Number() }), { description: 'Text shrunk to fit its box: font size (design px) before and after' }),
  overflow: Type.Array(
    Type.Object({ field: Type.String(), box: Type.Array(Type.Number()), needed: Type.Array(Type.Number()) }),
    { description: 'Text that does not fit its box even at `min_font_size` (or with fit `wrap`): printed overflowing; box and needed size in design px [width, height]' },
  ),
  errors: Type.Array(Issue, { description: 'Why the record was skipped' }),
});

const Warning = Type.Object({
  code: Type.String(),
  page: Type.Integer(),
  layer: Type.Optional(Type.String()),
  message: Type.String(),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const MergeJob = Type.Object({
  id: Type.String(),
  type: Type.Literal('merge'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  design_id: Nullable(Type.String()),
  project_id: Nullable(Type.String()),
  design_ids: Type.Array(Type.String(), { description: 'The sides, in page order within each record' }),
  output: Type.Union([Type.Literal('pdf'), Type.Literal('zip')]),
  on_error: Type.Union([Type.Literal('skip'), Type.Literal('fail')]),
  crop_marks: Type.Boolean(),
  color_mode: Type.Union([Type.Literal('rgb'), Type.Literal('cmyk')]),
  pdf_standard: Type.Union([Type.Literal('none'), Type.Literal('pdf_x4'), Type.Literal('pdf_x1a')]),
  output_profile: Nullable(Type.String({ description: 'The CMYK output profile id colours were converted through (and a PDF/X file embeds); null for rgb' })),
  allow_missing_glyphs: Type.Boolean({ description: 'Whether text with characters no font has (from the design or a record) prints, with a MISSING_GLYPHS warning, instead of failing the job' }),
  black_overprint: PdfJob.properties.black_overprint,
  rich_black: PdfJob.properties.rich_black,
  keep_artwork_rich_black: PdfJob.properties.keep_artwork_rich_black,
  progress: Type.Object(
    { current: Type.Integer(), total: Type.Integer(), percentage: Type.Integer({ minimum: 0, maximum: 100 }) },
    { description: 'Records done (merged or skipped) out of the data set; updated about once a second while the job runs' },
  ),
  pdf_url: Nullable(Type.String({ description: 'output pdf: link to the merged PDF, valid 24 hours from this answer' })),
  zip_url: Nullable(Type.String({ description: 'output zip: link to the ZIP of one PDF per record, valid 24 hours from this answer' })),
  expires_at: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
  pages: Nullable(Type.Integer({ description: 'Pages printed (all files together)' })),
  report: Nullable(
    Type.Object({
      records: Type.Integer({ description: 'Records in the data set' }),
      merged: Type.Integer(),
      skipped: Type.Integer(),
      shrunk: Type.Integer({ description: 'Records with text shrunk to fit' }),
      overflowed: Type.Integer({ description: 'Records with text overflowing its box' }),
      details: Type.Array(RecordReport, { description: 'Every record with something to say: skipped, shrunk or overflowing (a record merged as designed is not listed)' }),
    }),
  ),
  warnings: Type.Array(Warning, { description: 'Print warnings (font fallback, low resolution, …), each once' }),
  error: Nullable(Type.String({ description: 'Why the job failed: with on_error `fail`, the first bad record and its problem; without allow_missing_glyphs, the page, layer and characters no font has' })),
  error_code: Nullable(Type.String({ description: JOB_ERROR_CODE_DESCRIPTION })),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
});

export const MergeJobEnvelope = Type.Object({ data: MergeJob, message: Type.String() });

/** The same request as multipart/form-data: the CSV as a `file` part, objects as JSON text. */
export const CreateMergeUpload = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'The data set as a CSV file (UTF-8 with or without BOM, `,` or `;` delimited, header row first)' }),
    design_id: Type.Optional(Type.String()),
    project_id: Type.Optional(Type.String()),
    mapping: Type.Optional(Type.String({ description: 'The mapping as JSON text: `{"name":"Full name"}`' })),
    numbering: Type.Optional(Type.String({ description: 'Numbering as JSON text: `{"start":1000,"padding":6}`' })),
    output: Type.Optional(Type.Union([Type.Literal('pdf'), Type.Literal('zip')])),
    on_error: Type.Optional(Type.Union([Type.Literal('skip'), Type.Literal('fail')])),
    crop_marks: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    color_mode: Type.Optional(Type.Union([Type.Literal('rgb'), Type.Literal('cmyk')])),
    pdf_standard: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('pdf_x4'), Type.Literal('pdf_x1a')])),
    output_profile: Type.Optional(Type.String()),
    allow_missing_glyphs: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    black_overprint: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    rich_black: Type.Optional(Type.String({ description: 'The rich black as JSON text: `{"c":60,"m":40,"y":40,"k":100}`' })),
    keep_artwork_rich_black: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
