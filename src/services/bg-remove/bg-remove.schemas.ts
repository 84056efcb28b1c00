import { Type, type Static } from '@sinclair/typebox';
import { OUTPUT_BACKGROUNDS, SUBJECT_TYPES } from '../../engines/vision/segmentation/options.js';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const CreateBgRemoveBody = Type.Object({
  image_url: Type.String({ maxLength: 2048, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', description: 'http(s) URL of a JPEG, PNG or WebP image' }),
  subject_type: Type.Optional(literals(SUBJECT_TYPES)),
  edge_softness: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: '0 hard cut … 10 feathered (default 3)' })),
  high_detail_mode: Type.Optional(Type.Boolean({ description: 'refine edges at full resolution (default false)' })),
  output_background: Type.Optional(literals(OUTPUT_BACKGROUNDS)),
});
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
