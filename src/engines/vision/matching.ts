/**
 * Face matching for the studio: a file's face embedding against the reference embeddings of
 * an agency's subjects. The raw similarity of two descriptors is 1 − d²/2, d their Euclidean
 * distance: the dlib ResNet was trained for Euclidean distance (its authors' threshold,
 * d = 0.6, is 0.82), and for unit-length vectors 1 − d²/2 is their cosine.
 *
 * A match job reports and compares a calibrated score, not the raw similarity: a monotone
 * piecewise-linear map (SCORE_KNOTS) that puts the operating point chosen on the curve (raw
 * RAW_MATCH_THRESHOLD, review band RAW_REVIEW_BAND) at the interface contract's default 0.85
 * and its 0.10 review band, so that a caller's threshold keeps its documented meaning.
 *   score ≥ threshold                  → matched       (subjectId = best subject)
 *   threshold − REVIEW_BAND ≤ score    → needs_review  (subjectId = best candidate)
 *   otherwise                          → unmatched     (subjectId = null)
 * A file without a readable face is `failed` (the caller refunds it).
 *
 * The raw operating point comes from bench/face-match-eval.ts on a set of real second photos
 * (114 photos, 23 people and 32 distractors; docs/studio.md): at raw 0.83, 97.1 % of
 * same-person pairs match and 0.03 % of different-person pairs do; every same-person pair of
 * the set is at raw 0.79 or above, inside the band. A re-calibration changes the two RAW_
 * numbers; the contract's numbers stay.
 */
import { embedFace, EMBEDDING_DIMENSIONS, EMBEDDING_MODEL } from './faces/detector.js';
import { VisionError } from './errors.js';

/** The operating point chosen on the curve, in raw similarity (1 − d²/2). */
export const RAW_MATCH_THRESHOLD = 0.83;
/** Width of the needs_review band chosen on the curve, in raw similarity. */
export const RAW_REVIEW_BAND = 0.05;
/** The contract's default threshold (interface: 0.85), on the calibrated score. */
export const DEFAULT_MATCH_THRESHOLD = 0.85;
/** Width of the needs_review band below the threshold (contract: 0.10), on the calibrated score. */
export const REVIEW_BAND = 0.1;
export { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL };

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * Knots [raw, score] of the calibration, increasing in both: 0 → 0, the raw band's start → the
 * contract's band start, the raw threshold → the contract's default, 1 → 1.
 */
export const SCORE_KNOTS: ReadonlyArray<readonly [raw: number, score: number]> = [
  [0, 0],
  [round4(RAW_MATCH_THRESHOLD - RAW_REVIEW_BAND), round4(DEFAULT_MATCH_THRESHOLD - REVIEW_BAND)],
  [RAW_MATCH_THRESHOLD, DEFAULT_MATCH_THRESHOLD],
  [1, 1],
];

/** Piecewise-linear through knots (increasing x), clamped to the first and last y outside them; exact at every knot. */
function interpolate(knots: ReadonlyArray<readonly [number, number]>, x: number, xi: 0 | 1): number {
  const yi = xi === 0 ? 1 : 0;
  const first = knots[0]!;
  const last = knots[knots.length - 1]!;
  if (!(x > first[xi])) return first[yi]; // also NaN
  if (x >= last[xi]) return last[yi];
  let i = 0;
  while (x >= knots[i + 1]![xi]) i++;
  const a = knots[i]!;
  const b = knots[i + 1]!;
  return a[yi] + ((x - a[xi]) * (b[yi] - a[yi])) / (b[xi] - a[xi]);
}

/** The calibrated match score (0-1) of a raw similarity 1 − d²/2 (SCORE_KNOTS; below 0 → 0). */
export function calibratedScore(raw: number): number {
  return interpolate(SCORE_KNOTS, raw, 0);
}

/** The raw similarity a calibrated score stands for (the inverse of calibratedScore on 0-1). */
export function rawForScore(score: number): number {
  return interpolate(SCORE_KNOTS, score, 1);
}

/** The calibrated match score of two descriptors: what a match job reports and compares with its threshold. */
export function matchScore(a: Float32Array, b: Float32Array): number {
  return calibratedScore(descriptorSimilarity(a, b));
}

export type MatchStatus = 'matched' | 'needs_review' | 'unmatched';

export interface ReferenceEmbedding<Id> {
  subjectId: Id;
  embedding: Float32Array;
}

export interface MatchResult<Id> {
  status: MatchStatus;
  /** The matched subject, or the candidate to review; null when unmatched. */
  subjectId: Id | null;
  /** Best calibrated score found (0-1; see matchScore), rounded to 4 decimals; 0 when there are no references. */
  similarity: number;
}

export type FileMatchResult<Id> = MatchResult<Id> | { status: 'failed'; reason: string; code: VisionError['code'] };

export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`embedding lengths differ: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** 1 − d²/2 for the Euclidean distance d of two descriptors: 1 for equal ones, their cosine when both are unit length. */
export function descriptorSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`embedding lengths differ: ${a.length} vs ${b.length}`);
  let d2 = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    d2 += d * d;
  }
  return 1 - d2 / 2;
}

export function classifySimilarity(similarity: number, threshold = DEFAULT_MATCH_THRESHOLD): MatchStatus {
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`threshold ${threshold} is outside (0, 1]`);
  if (similarity >= threshold) return 'matched';
  // Compare in integer ten-thousandths so 0.75 is inside the band of 0.85 despite float error.
  if (Math.round(similarity * 1e4) >= Math.round((threshold - REVIEW_BAND) * 1e4)) return 'needs_review';
  return 'unmatched';
}

/** Best reference for an embedding by calibrated score, classified against the threshold. */
export function matchEmbedding<Id>(
  embedding: Float32Array,
  references: readonly ReferenceEmbedding<Id>[],
  threshold = DEFAULT_MATCH_THRESHOLD,
): MatchResult<Id> {
  let best: ReferenceEmbedding<Id> | undefined;
  let bestSim = -Infinity;
  for (const ref of references) {
    const sim = matchScore(embedding, ref.embedding);
    if (sim > bestSim) {
      bestSim = sim;
      best = ref;
    }
  }
  if (!best) return { status: 'unmatched', subjectId: null, similarity: 0 };
  const similarity = Math.round(bestSim * 1e4) / 1e4;
  const status = classifySimilarity(similarity, threshold);
  return { status, subjectId: status === 'unmatched' ? null : best.subjectId, similarity };
}

/** Embeds the file's primary face and matches it; an unreadable image or no face → failed. */
export async function matchImage<Id>(
  image: Buffer,
  references: readonly ReferenceEmbedding<Id>[],
  threshold = DEFAULT_MATCH_THRESHOLD,
): Promise<FileMatchResult<Id>> {
  try {
    const { embedding } = await embedFace(image);
    return matchEmbedding(embedding, references, threshold);
  } catch (err) {
    if (err instanceof VisionError) return { status: 'failed', reason: err.message, code: err.code };
    throw err;
  }
}

/** Embeddings as bytes for storage (little-endian float32), and back. */
export function embeddingToBytes(embedding: Float32Array): Buffer {
  const out = Buffer.alloc(embedding.length * 4);
  for (let i = 0; i < embedding.length; i++) out.writeFloatLE(embedding[i]!, i * 4);
  return out;
}

export function embeddingFromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new RangeError('embedding bytes are not a whole number of float32');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
