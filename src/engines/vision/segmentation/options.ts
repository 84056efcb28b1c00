/**
 * Options of a background removal, in engine terms (camelCase). The HTTP layer speaks the
 * interface's snake_case; `fromApiOptions` is the one place that maps between the two.
 */
export const SUBJECT_TYPES = ['auto', 'person', 'product', 'logo', 'text', 'hair_heavy'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const OUTPUT_BACKGROUNDS = ['transparent', 'white'] as const;
export type OutputBackground = (typeof OUTPUT_BACKGROUNDS)[number];

export interface BgRemovalOptions {
  /** default `auto` */
  subjectType?: SubjectType;
  /** 0 (hard cut) … 10 (soft feather); integer; default 3 */
  edgeSoftness?: number;
  /** refine the edges at full resolution instead of at a working resolution; default false */
  highDetailMode?: boolean;
  /** `transparent` → PNG with alpha; `white` → flattened onto white; default `transparent` */
  outputBackground?: OutputBackground;
}

export type ResolvedOptions = Required<BgRemovalOptions>;

export const DEFAULT_OPTIONS: ResolvedOptions = {
  subjectType: 'auto',
  edgeSoftness: 3,
  highDetailMode: false,
  outputBackground: 'transparent',
};

/**
 * Fills defaults and rejects values outside the contract. The route validates the request
 * first; this guards engine callers that skip it (CLI, benches, other services).
 */
export function resolveOptions(opts: BgRemovalOptions = {}): ResolvedOptions {
  const r: ResolvedOptions = {
    subjectType: opts.subjectType ?? DEFAULT_OPTIONS.subjectType,
    edgeSoftness: opts.edgeSoftness ?? DEFAULT_OPTIONS.edgeSoftness,
    highDetailMode: opts.highDetailMode ?? DEFAULT_OPTIONS.highDetailMode,
    outputBackground: opts.outputBackground ?? DEFAULT_OPTIONS.outputBackground,
  };
  if (!(SUBJECT_TYPES as readonly string[]).includes(r.subjectType)) {
    throw new RangeError(`subjectType must be one of ${SUBJECT_TYPES.join(', ')}`);
  }
  if (!Number.isInteger(r.edgeSoftness) || r.edgeSoftness < 0 || r.edgeSoftness > 10) {
    throw new RangeError('edgeSoftness must be an integer from 0 to 10');
  }
  if (typeof r.highDetailMode !== 'boolean') throw new RangeError('highDetailMode must be a boolean');
  if (!(OUTPUT_BACKGROUNDS as readonly string[]).includes(r.outputBackground)) {
    throw new RangeError(`outputBackground must be one of ${OUTPUT_BACKGROUNDS.join(', ')}`);
  }
  return r;
}

/** The request body's fields as the interface spells them. */
export interface ApiBgRemovalOptions {
  subject_type?: SubjectType;
  edge_softness?: number;
  high_detail_mode?: boolean;
  output_background?: OutputBackground;
}

export function fromApiOptions(body: ApiBgRemovalOptions): ResolvedOptions {
  return resolveOptions({
    ...(body.subject_type !== undefined && { subjectType: body.subject_type }),
    ...(body.edge_softness !== undefined && { edgeSoftness: body.edge_softness }),
    ...(body.high_detail_mode !== undefined && { highDetailMode: body.high_detail_mode }),
    ...(body.output_background !== undefined && { outputBackground: body.output_background }),
  });
}
