/**
 * Face matching for the studio: a file's face embedding against the reference embeddings of
 * an agency's subjects. The similarity of two descriptors is 1 − d²/2, d their Euclidean
 * distance: the dlib ResNet was trained for Euclidean distance (its authors' threshold,
 * d = 0.6, is similarity 0.82), and for unit-length vectors 1 − d²/2 is their cosine.
 *   similarity ≥ threshold                  → matched       (subjectId = best subject)
 *   threshold − REVIEW_BAND ≤ sim < thresh  → needs_review  (subjectId = best candidate)
 *   otherwise                               → unmatched     (subjectId = null)
 * A file without a readable face is `failed` (the caller refunds it).
 *
 * The default threshold and the band come from bench/face-match-eval.ts on a set of real
 * second photos (114 photos, 23 people and 32 distractors; docs/studio.md): at 0.82, 97.8 %
 * of same-person pairs match and 0.14 % of different-person pairs do; every same-person pair
 * of the set is at 0.79 or above, inside the band.
 */
import { embedFace, EMBEDDING_DIMENSIONS, EMBEDDING_MODEL } from './faces/detector.js';
import { VisionError } from './errors.js';

export const DEFAULT_MATCH_THRESHOLD = 0.83;
/** Width of the needs_review band below the threshold. */
export const REVIEW_BAND = 0.05;
export { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL };

export type MatchStatus = 'matched' | 'needs_review' | 'unmatched';

export interface ReferenceEmbedding<Id> {
  subjectId: Id;
  embedding: Float32Array;
}

export interface MatchResult<Id> {
  status: MatchStatus;
  /** The matched subject, or the candidate to review; null when unmatched. */
  subjectId: Id | null;
  /** Best similarity found (≤ 1; see descriptorSimilarity), rounded to 4 decimals; 0 when there are no references. */
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
  // Compare in integer ten-thousandths so 0.78 is inside the band of 0.83 despite float error.
  if (Math.round(similarity * 1e4) >= Math.round((threshold - REVIEW_BAND) * 1e4)) return 'needs_review';
  return 'unmatched';
}

/** Best reference for an embedding, classified against the threshold. */
export function matchEmbedding<Id>(
  embedding: Float32Array,
  references: readonly ReferenceEmbedding<Id>[],
  threshold = DEFAULT_MATCH_THRESHOLD,
): MatchResult<Id> {
  let best: ReferenceEmbedding<Id> | undefined;
  let bestSim = -Infinity;
  for (const ref of references) {
    const sim = descriptorSimilarity(embedding, ref.embedding);
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
