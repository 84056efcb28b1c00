import { Type } from '@sinclair/typebox';
import { ICP_TYPES } from '../../engines/image/face-crop.js';
import { QR_LAYOUTS, MAX_SUBJECTS } from '../../engines/qr/card-sheet.js';
import { DEFAULT_MATCH_THRESHOLD, REVIEW_BAND } from '../../engines/vision/matching.js';
import { MAX_SYNC_URLS, MAX_UPLOAD_FILES } from './studio.kinds.js';
import { HttpUrl } from '../../platform/http/http-url.js';

/** A string enum as a plain JSON-schema `enum`, so a wrong value reads "must be one of: …". */
const literalUnion = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const IcpTypeSchema = literalUnion(ICP_TYPES);
export const AGENCY_TYPES = ['school', 'sports', 'corporate', 'yearbook', 'childcare', 'designer'] as const;
const Url = HttpUrl();
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const FaceCropBody = Type.Object(
  {
    image_url: Type.Optional(Url),
    image_urls: Type.Optional(Type.Array(Url, { minItems: 1, maxItems: MAX_SYNC_URLS })),
    image_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "Addition: the id of an image of one of the caller's stores, instead of a URL; another account's image is 404" })),
    icp_type: IcpTypeSchema,
    enhance: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const TaskParams = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 64 }) });

export const QrBody = Type.Object(
  {
    job_id: Type.String({ minLength: 1, maxLength: 100 }),
    school_name: Type.Optional(Type.String({ maxLength: 200 })),
    layout: Type.Optional(literalUnion(QR_LAYOUTS)),
    page_size: Type.Optional(literalUnion(['letter', 'a4'] as const)),
    logo_url: Type.Optional(Url),
    subjects: Type.Array(
      Type.Object({
        student_id: Type.String({ minLength: 1, maxLength: 100 }),
        name: Type.String({ minLength: 1, maxLength: 200 }),
        class_name: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      { minItems: 1, maxItems: MAX_SUBJECTS },
    ),
  },
  { additionalProperties: false },
);

export const AgencyBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), agency_type: literalUnion(AGENCY_TYPES) }, { additionalProperties: false });
export const AgencyParams = Type.Object({ agencyId: Id });
export const AgencyJobParams = Type.Object({ agencyId: Id, jobId: Id });

export const StudioJobBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), icp_type: IcpTypeSchema, status: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })) },
  { additionalProperties: false },
);

const SubjectInput = Type.Object(
  {
    student_id: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    class_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    reference_photo_url: Type.Optional(Type.Union([Url, Type.Null()])),
  },
  { additionalProperties: false },
);
/** One subject, or `{subjects: [...]}` (bulk, up to 2000). */
export const SubjectsBody = Type.Union([SubjectInput, Type.Object({ subjects: Type.Array(SubjectInput, { minItems: 1, maxItems: MAX_SUBJECTS }) }, { additionalProperties: false })]);

export const ReferencesBody = Type.Object({ agency_id: Id }, { additionalProperties: false });

export const MatchBody = Type.Object(
  {
    agency_id: Id,
    job_id: Type.Optional(Id),
    file_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 })),
    threshold: Type.Optional(
      Type.Number({ minimum: 0.5, maximum: 0.99, description: `Match score (calibrated face similarity, 0-1) a file must reach to be matched; default ${DEFAULT_MATCH_THRESHOLD.toFixed(2)}, needs_review from ${REVIEW_BAND.toFixed(2)} below` }),
    ),
  },
  { additionalProperties: false },
);
export const MatchParams = Type.Object({ matchJobId: Id });
export const ReviewBody = Type.Object(
  {
    file_id: Id,
    subject_id: Type.Union([Id, Type.Null()], { description: "who the photo shows: the job's candidate (confirmed), another subject of the agency (reassigned), or null (nobody of the agency: rejected)" }),
  },
  { additionalProperties: false },
);

// Multipart forms (documented for OpenAPI; the parts are read from the stream by the handler).
const photo = Type.String({ format: 'binary', description: 'a JPEG, PNG, WebP, TIFF or GIF photo (at most 100 megapixels)' });
const photos = (maxItems: number) => Type.Array(photo, { minItems: 1, maxItems, description: 'one part per file; the parts may also be named file, files[] or files' });
export const FaceCropUploadBody = Type.Object({
  'file[]': photos(MAX_UPLOAD_FILES),
  icp_type: IcpTypeSchema,
  enhance: Type.Optional(Type.String({ enum: ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], description: 'super-resolution before the crop (6 tokens an image instead of 2)' })),
});
export const JobFilesBody = Type.Object({ 'file[]': photos(MAX_UPLOAD_FILES) });
