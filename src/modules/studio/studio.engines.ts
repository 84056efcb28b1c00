import { faceCrop, type FaceCropResult, type IcpType } from '../../engines/image/face-crop.js';
import { warmupFaces, embedFace, EMBEDDING_MODEL } from '../../engines/vision/faces/detector.js';
import { matchImage, type FileMatchResult, type ReferenceEmbedding } from '../../engines/vision/matching.js';
import { renderQrSheet, type QrSheet, type QrSheetOptions } from '../../engines/qr/card-sheet.js';
import type { InferenceTimer } from '../../platform/metrics/inference.js';

/**
 * The engines the studio services call, behind one small interface so tests and benches can
 * time or replace them. The face models are warmed once per process, lazily, on first use.
 */
export interface StudioEngines {
  faceCrop(image: Buffer, icpType: IcpType, opts: { enhance: boolean }): Promise<FaceCropResult>;
  embed(image: Buffer): Promise<Float32Array>;
  match(image: Buffer, refs: readonly ReferenceEmbedding<number>[], threshold: number): Promise<FileMatchResult<number>>;
  qrSheet(opts: QrSheetOptions): Promise<QrSheet>;
  readonly embeddingModel: string;
}

let warm: Promise<void> | undefined;
function warmFaces(): Promise<void> {
  warm ??= warmupFaces().catch((err: unknown) => {
    warm = undefined;
    throw err;
  });
  return warm;
}

export const realEngines: StudioEngines = {
  async faceCrop(image, icpType, opts) {
    await warmFaces();
    return faceCrop(image, icpType, { enhance: opts.enhance });
  },
  async embed(image) {
    await warmFaces();
    return (await embedFace(image)).embedding;
  },
  async match(image, refs, threshold) {
    await warmFaces();
    return matchImage(image, refs, threshold);
  },
  qrSheet: (opts) => renderQrSheet(opts),
  embeddingModel: EMBEDDING_MODEL,
};

/**
 * The same engines with their model calls timed (face crop runs detection, and ESRGAN when
 * enhancing; embed and match run detection and the embedding model). QR sheets are no model.
 */
export function timedEngines(engines: StudioEngines, time: InferenceTimer): StudioEngines {
  return {
    faceCrop: (image, icpType, opts) => time(opts.enhance ? 'face_crop_enhance' : 'face_crop', () => engines.faceCrop(image, icpType, opts)),
    embed: (image) => time('face_embedding', () => engines.embed(image)),
    match: (image, refs, threshold) => time('face_match', () => engines.match(image, refs, threshold)),
    qrSheet: (opts) => engines.qrSheet(opts),
    get embeddingModel() {
      return engines.embeddingModel;
    },
  };
}
