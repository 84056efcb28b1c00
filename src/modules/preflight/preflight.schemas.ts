import { Type, type Static } from '@sinclair/typebox';
import { FILE_TYPES, FIX_TYPES, PRODUCT_TYPES } from '../../engines/preflight/index.js';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';
import { HttpUrl } from '../../platform/http/http-url.js';

/** Request and response shapes of /services/preflight (interface § Preflight: camelCase). */

const literals = <T extends string>(values: readonly T[], opts: Record<string, unknown> = {}) => Type.Union(values.map((v) => Type.Literal(v)), opts);

export const ProductType = literals(PRODUCT_TYPES, { description: 'product type; sets the minimum PPI' });
export const FileType = literals(FILE_TYPES);
const PositiveNumber = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: 100_000, description });

export const DpiScoreBody = Type.Object({
  widthPx: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'image width, pixels' }),
  heightPx: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'image height, pixels' }),
  canvasWidthInches: PositiveNumber('printed width, inches'),
  canvasHeightInches: PositiveNumber('printed height, inches'),
  productType: ProductType,
});
export type DpiScoreBody = Static<typeof DpiScoreBody>;

export const DpiScoreSchema = Type.Object({
  stars: Type.Integer({ minimum: 1, maximum: 5 }),
  label: Type.String({ description: 'Excellent, Good, Fair, Poor or Very poor' }),
  effectivePpi: Type.Number({ description: 'min(widthPx/canvasWidthInches, heightPx/canvasHeightInches), rounded' }),
  minPpi: Type.Number(),
  productType: ProductType,
});
export const DpiScoreEnvelope = Type.Object({ data: DpiScoreSchema, message: Type.String() });

export const ProductProfile = Type.Object({
  requiredDpi: Type.Optional(PositiveNumber('minimum effective resolution, PPI')),
  requiredColorMode: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: '`cmyk` is checked; other values are accepted and not checked' })),
  bleedMm: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'bleed required on every side, mm' })),
});

export const CheckBody = Type.Object({
  designId: Type.String({ minLength: 1, maxLength: 200 }),
  fileUrl: HttpUrl({ description: 'http(s) URL of a JPEG, PNG, TIFF or PDF' }),
  fileType: Type.Optional(FileType),
  productProfile: Type.Optional(ProductProfile),
  canvasWidthInches: Type.Optional(PositiveNumber('trim width, inches (with canvasHeightInches)')),
  canvasHeightInches: Type.Optional(PositiveNumber('trim height, inches (with canvasWidthInches)')),
  productType: Type.Optional(ProductType),
});
export type CheckBody = Static<typeof CheckBody>;

/** What a file was checked against: the check request minus designId and fileUrl. */
export const SpecSchema = Type.Object({
  fileType: Type.Optional(FileType),
  productProfile: Type.Optional(ProductProfile),
  canvasWidthInches: Type.Optional(Type.Number()),
  canvasHeightInches: Type.Optional(Type.Number()),
  productType: Type.Optional(ProductType),
});

export const IssueSchema = Type.Object({
  code: Type.String(),
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
  message: Type.String(),
  fixType: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
});

export const ReportSchema = Type.Object({
  reportId: Type.String(),
  designId: Type.String(),
  fileUrl: Type.Union([Type.String(), Type.Null()], { description: 'the URL checked; for a report on an approved corrected file, a link valid 24 hours' }),
  fileType: Type.Union([FileType, Type.Null()], { description: 'as detected from the content' }),
  status: Type.Union([Type.Literal('passed'), Type.Literal('warnings'), Type.Literal('failed')]),
  issues: Type.Array(IssueSchema),
  notes: Type.Array(Type.String()),
  summary: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  spec: SpecSchema,
  sourceJobId: Type.Union([Type.String(), Type.Null()], { description: 'the AI fix job whose approved file this report checked' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export const ReportEnvelope = Type.Object({ data: ReportSchema, message: Type.String() });
export const ReportListQuery = listQuerySchema(['created_date'] as const, 'the report\'s `designId`');
export const ReportListEnvelope = listEnvelope(ReportSchema);
export const ReportParams = Type.Object({ reportId: Type.String({ maxLength: 100 }) });

export const AiJobBody = Type.Object({
  preflightReportId: Type.String({ minLength: 1, maxLength: 100 }),
  options: Type.Optional(
    Type.Object({
      fixTypes: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 16, description: `any of ${FIX_TYPES.join(', ')}; derived from the report's issues when omitted` })),
      targetDpi: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 2400 })),
      pdfStandard: Type.Optional(Type.Union([Type.Literal('pdf_x1a'), Type.Literal('pdf_x4')], {
        description: 'full_prepress output: pdf_x1a (PDF/X-1a:2001, transparency flattened; the default) or pdf_x4 (PDF/X-4, transparency kept live)',
      })),
    }),
  ),
});
export type AiJobBody = Static<typeof AiJobBody>;

const Cost = Type.Object({ min: Type.Integer(), max: Type.Integer() });
const Charged = {
  tokensDeducted: Type.Integer(),
  walletTransactionId: Type.Union([Type.String(), Type.Null()]),
  tokens_deducted: Type.Integer(),
  wallet_transaction_id: Type.Union([Type.String(), Type.Null()]),
};

export const AiJobCreated = Type.Object({
  data: Type.Object({
    jobId: Type.String(),
    status: Type.Literal('analyzing'),
    estimatedTokenCost: Cost,
    preflightReportId: Type.String(),
    fixTypes: Type.Array(Type.String()),
    ...Charged,
    createdAt: Type.String({ format: 'date-time' }),
  }),
  message: Type.String(),
});

export const AiJobSchema = Type.Object({
  jobId: Type.String(),
  status: Type.Union([Type.Literal('analyzing'), Type.Literal('applying'), Type.Literal('completed'), Type.Literal('failed')]),
  preflightReportId: Type.String(),
  fixTypes: Type.Array(Type.String()),
  targetDpi: Type.Union([Type.Number(), Type.Null()]),
  pdfStandard: Type.Union([Type.Literal('pdf_x1a'), Type.Literal('pdf_x4'), Type.Null()], { description: 'the PDF/X standard full_prepress writes; null when the job has no full_prepress' }),
  estimatedTokenCost: Cost,
  correctedFileUrl: Type.Union([Type.String(), Type.Null()], { description: 'link valid 24 hours; null until completed and after reject' }),
  correctedFileType: Type.Union([FileType, Type.Null()]),
  appliedFixes: Type.Array(Type.String()),
  notes: Type.Array(Type.String()),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  ...Charged,
  tokensRefunded: Type.Integer(),
  refundTransactionId: Type.Union([Type.String(), Type.Null()]),
  review: Type.Union([Type.Literal('approved'), Type.Literal('rejected'), Type.Null()]),
  resolvedReportId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AiJobView = Static<typeof AiJobSchema>;
export const AiJobEnvelope = Type.Object({ data: AiJobSchema, message: Type.String() });
export const AiJobParams = Type.Object({ jobId: Type.String({ maxLength: 100 }) });

export const ApproveEnvelope = Type.Object({
  data: Type.Object({
    jobId: Type.String(),
    review: Type.Literal('approved'),
    resolvedReportId: Type.String(),
    approvedFileUrl: Type.String({ description: 'a link to the approved corrected file, valid 24 hours' }),
    imageId: Type.Union([Type.String(), Type.Null()], {
      description:
        'the catalog Image the approved file became, in the store the job was created for (the X-Service-Store-Sid sent with the JWT at POST /services/preflight/ai-jobs); listed by GET /images of that store. null when the job was created with the JWT alone: preflight belongs to the account, images to a store, and the job names none (the file stays at approvedFileUrl).',
    }),
  }),
  message: Type.String(),
});
export const RejectEnvelope = Type.Object({
  data: Type.Object({ jobId: Type.String(), review: Type.Literal('rejected') }),
  message: Type.String(),
});
