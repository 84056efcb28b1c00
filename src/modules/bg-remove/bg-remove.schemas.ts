import { Type, type Static } from '@sinclair/typebox';
import { OUTPUT_BACKGROUNDS, SUBJECT_TYPES } from '../../engines/vision/segmentation/options.js';
import { HttpUrl } from '../../platform/http/http-url.js';
import { Image } from '../catalog/images/images.schemas.js';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const ImageUrl = HttpUrl({
  description: "http(s) URL of a JPEG, PNG or WebP image. Folio's own signed file links (`/v1/files/…`, e.g. an uploaded image's `url`) are read directly; any other URL is fetched by the safe fetcher.",
});
const ImageId = Type.String({ maxLength: 100, description: "Addition: the id of an image of one of the caller's stores (`POST /images`), instead of `image_url`; another account's image is 404" });
const options = {
  subject_type: Type.Optional(literals(SUBJECT_TYPES)),
  edge_softness: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: '0 hard cut … 10 feathered (default 3)' })),
  high_detail_mode: Type.Optional(Type.Boolean({ description: 'refine edges at full resolution (default false)' })),
  output_background: Type.Optional(literals(OUTPUT_BACKGROUNDS)),
};

/**
 * `image_url` (the interface) or, as an addition, `image_id`: one of the two is required. One
 * object, so a bad field is named alone; the alternatives are `anyOf` two `required` lists.
 */
export const CreateBgRemoveBody = Type.Object(
  { image_url: Type.Optional(ImageUrl), image_id: Type.Optional(ImageId), ...options },
  {
    // Inside allOf, so typed clients keep the object's fields (openapi-typescript intersects allOf).
    allOf: [{ anyOf: [{ required: ['image_url'] }, { required: ['image_id'] }] }],
    examples: [{ image_url: 'https://cdn.example.com/photos/plant.jpg', subject_type: 'product', edge_softness: 3, high_detail_mode: false, output_background: 'transparent' }],
  },
);
export type CreateBgRemoveBody = Static<typeof CreateBgRemoveBody>;

const common = {
  job_id: Type.String(),
  status: literals(['pending', 'processing', 'completed', 'failed'] as const),
  subject_type: literals(SUBJECT_TYPES),
  edge_softness: Type.Integer(),
  high_detail_mode: Type.Boolean(),
  output_background: literals(OUTPUT_BACKGROUNDS),
  output_url: Type.Union([Type.String({ description: 'presigned link valid 24 hours' }), Type.Null()]),
  tokens_deducted: Type.Integer(),
  wallet_transaction_id: Type.Union([Type.String(), Type.Null()]),
  provider: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
};

/** The creation answer (202): exactly the interface's fields. */
export const BgRemoveCreated = Type.Object(common);
/** The read answer: the full field set. */
export const BgRemoveJob = Type.Object({
  ...common,
  completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  error_message: Type.Union([Type.String(), Type.Null()]),
});
export const JobParams = Type.Object({ jobId: Type.String({ maxLength: 64 }) });

/**
 * From the editor (`POST /images/{id}/remove-background`, public token): the job as a browser
 * may see it. No cost, balance, charge or wallet field: the store's owner pays, the shopper
 * never learns what or how much.
 */
export const EditorBgRemoveJob = Type.Object(
  {
    job_id: Type.String(),
    status: literals(['processing', 'completed', 'failed'] as const),
    image: Type.Union([Image, Type.Null()], { description: 'Once completed: the cut-out, a transparent PNG kept as an image of the store (type designs); null before' }),
    error_message: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed (the image could not be read or cut out); null otherwise' }),
  },
  { examples: [{ job_id: '01934b7e-5c1a-7d3e-9f00-4a2b1c0d9e8f', status: 'processing', image: null, error_message: null }] },
);
export type EditorBgRemoveJob = Static<typeof EditorBgRemoveJob>;
export const EditorBgRemoveEnvelope = Type.Object({ data: EditorBgRemoveJob, message: Type.String() });
export const EditorImageParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'An image of the store (`POST /images`): JPEG, PNG or WebP' }) });
export const EditorJobParams = Type.Object({ id: EditorImageParams.properties.id, jobId: Type.String({ maxLength: 64, description: 'The job_id the POST answered' }) });
