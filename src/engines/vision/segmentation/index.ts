/**
 * Background removal (segmentation) engine: bytes + options in, cut-out PNG out. Pure: no
 * HTTP, no SQL, no network. The job handler calls `removeBackground` (or a provider from
 * `../providers.js`) and stores `err.message` of a `SegmentationError` as `error_message`.
 */
export { removeBackground, segmentImage, computeAlpha, warmupEngine } from './engine.js';
export { edgeScore } from './mask-choice.js';
export type { AlphaResult, CutoutResult, EngineContext, EngineWarmupReport, SegmentationMethod } from './engine.js';
export { decodeImage, DEFAULT_MAX_PIXELS, ACCEPTED_FORMATS } from './decode.js';
export type { DecodedImage, DecodeOptions } from './decode.js';
export { getModel, warmup, releaseModels, SegmentationModel, U2NETP } from './model.js';
export type { ModelSpec, ModelStats, SessionOptions, WarmupReport } from './model.js';
export {
  DEFAULT_OPTIONS,
  OUTPUT_BACKGROUNDS,
  SUBJECT_TYPES,
  fromApiOptions,
  resolveOptions,
} from './options.js';
export type {
  ApiBgRemovalOptions,
  BgRemovalOptions,
  OutputBackground,
  ResolvedOptions,
  SubjectType,
} from './options.js';
export {
  ImageTooLargeError,
  InvalidImageError,
  ModelError,
  ProviderError,
  SegmentationError,
} from './errors.js';
export type { SegmentationErrorCode } from './errors.js';
