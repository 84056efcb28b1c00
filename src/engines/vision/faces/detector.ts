/**
 * Face detection and face embeddings with @vladmandic/human (MIT) on the shared tfjs WASM
 * runtime. Models (all inside npm packages, loaded from disk):
 *   blazeface  – face detector (MediaPipe BlazeFace, Apache-2.0), from @vladmandic/human
 *   facemesh   – 468-point face mesh (Apache-2.0); gives a tight face box and the landmarks
 *                of the aligned chip
 *   dlib ResNet – 128-d face descriptor (public domain), from @vladmandic/face-api, on a chip
 *                aligned like dlib's (./align.ts); matched by cosine similarity. On a set of real
 *                second photos it beat human's faceres (bench/face-match-eval.ts, docs/studio.md).
 *
 * human's default `exports` entry for Node (`human.node.js`) requires @tensorflow/tfjs-node,
 * and its `dist/human.node-wasm` subpaths are declared without the leading "./" so Node's
 * exports resolution rejects them; we therefore load the WASM build by its file path.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import { decodeRgb, type RgbImage } from '../../image/decode.js';
import { NoFaceError } from '../errors.js';
import { exclusive, getTf, nodeRequire, packageDir, wasmDir } from '../tfjs/runtime.js';
import { alignedChip, DLIB_CHIP, padEdges, type ChipTemplate } from './align.js';
import { DLIB_DESCRIPTOR_DIMENSIONS, DlibResnet } from './dlib-resnet.js';

export interface FaceBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Face {
  /** Tight box of the face (brow to chin, cheek to cheek) in upright source pixels, clipped to the image. */
  box: FaceBox;
  /** Detector confidence × mesh confidence, 0..1. */
  score: number;
  /** Descriptor (128-d for the dlib ResNet), present when embeddings were asked for. */
  embedding?: Float32Array;
}

export interface DetectedFaces {
  /** Upright source size (EXIF orientation applied): the coordinate space of every box. */
  width: number;
  height: number;
  faces: Face[];
}

export interface DetectOptions {
  /** Compute a descriptor per face (adds one descriptor pass per face). */
  embeddings?: boolean;
}

/** Detection runs on a copy whose long side is at most this; boxes are mapped back. */
export const DETECT_MAX_SIDE = 1280;
/** Faces below this overall score are ignored. */
export const MIN_FACE_SCORE = 0.5;
/** When no face is found, detection runs once more with this border (× the long side) around the image. */
const PAD_RETRY = 0.3;
/** Id stored with every embedding: a change of model makes stored embeddings stale (re-embedded on use). */
export const EMBEDDING_MODEL = 'dlib-resnet-v1/face-api-1.7.15';
export const EMBEDDING_DIMENSIONS = DLIB_DESCRIPTOR_DIMENSIONS;

/** A descriptor model run on an aligned chip cut by Folio (mesh landmarks → template). */
export interface ChipDescriptor {
  template: ChipTemplate;
  describe(chip: Float32Array): Promise<Float32Array>;
}

/**
 * Which descriptor a face engine computes. The default (neither `human` nor `chip`) is the
 * dlib ResNet on a dlib chip. `human` runs a faceres-type model (human's description slot,
 * `modelUrl` its model.json) on human's own face crop instead; `chip` runs any other model on
 * Folio's aligned chip. The face-match bench compares them.
 */
export interface DescriptorSpec {
  id: string;
  human?: { modelUrl: string };
  chip?: ChipDescriptor;
}

export const DLIB_DESCRIPTOR: DescriptorSpec = { id: EMBEDDING_MODEL };

type HumanCtor = new (config?: Partial<Config>) => Human;

function buildConfig(modelBasePath: string, descriptor: DescriptorSpec['human'] | undefined): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: wasmDir(),
    modelBasePath,
    debug: false,
    async: false,
    warmup: 'none',
    cacheModels: false,
    // Still photos, not video: no result caching between calls.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        enabled: true,
        modelPath: 'blazeface.json',
        // Roll correction lowered the mesh score of a profile face (camera.png: 0.99 → 0.55);
        // the dlib chip is aligned from the mesh landmarks instead.
        rotation: false,
        maxDetected: 20,
        minConfidence: 0.3,
        minSize: 0,
        iouThreshold: 0.1,
        skipFrames: 0,
        skipTime: 0,
        mask: false,
        return: false,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      attention: { enabled: false },
      iris: { enabled: false },
      description: { enabled: descriptor !== undefined, modelPath: descriptor?.modelUrl ?? 'faceres.json', minConfidence: 0, skipFrames: 0, skipTime: 0 },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    } as Config['face'],
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

/** Tight face box from the mesh (falls back to human's box when the mesh is missing). */
function tightBox(face: FaceResult): [number, number, number, number] {
  if (face.mesh.length > 0) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const p of face.mesh) {
      x0 = Math.min(x0, p[0]);
      y0 = Math.min(y0, p[1]);
      x1 = Math.max(x1, p[0]);
      y1 = Math.max(y1, p[1]);
    }
    return [x0, y0, x1 - x0, y1 - y0];
  }
  return face.box;
}

/** A box in the pixels detection ran on (the decoded copy, plus `pad` on every side) → source pixels. */
function toSourceBox([x, y, w, h]: [number, number, number, number], pad: number, scale: number, width: number, height: number): FaceBox {
  const x0 = Math.max(0, (x - pad) / scale);
  const y0 = Math.max(0, (y - pad) / scale);
  const x1 = Math.min(width, (x + w - pad) / scale);
  const y1 = Math.min(height, (y + h - pad) / scale);
  const r = (v: number) => Math.round(v * 10) / 10;
  return { x: r(x0), y: r(y0), w: r(Math.max(0, x1 - x0)), h: r(Math.max(0, y1 - y0)) };
}

/** Face detection (blazeface + mesh) and one descriptor model, loaded lazily, shared per process. */
export class FaceEngine {
  private humanPromise: Promise<Human> | undefined;
  private dlibPromise: Promise<DlibResnet> | undefined;
  private config: Partial<Config> | undefined;

  constructor(readonly descriptor: DescriptorSpec = DLIB_DESCRIPTOR) {}

  /** human merges the config passed to each detect() into its own: pass a complete one every time. */
  private humanConfig(): Partial<Config> {
    // Models ship inside the npm package; the file:// router in tfjs/model-loader reads them.
    this.config ??= buildConfig(pathToFileURL(path.join(packageDir('@vladmandic/human'), 'models')).href + '/', this.descriptor.human);
    return this.config;
  }

  private async createHuman(): Promise<Human> {
    await getTf();
    const dist = path.dirname(nodeRequire.resolve('@vladmandic/human'));
    const { Human: HumanClass } = nodeRequire(path.join(dist, 'human.node-wasm.js')) as { Human: HumanCtor };
    const human = new HumanClass(this.humanConfig());
    await human.init();
    await human.load();
    const want = ['blazeface', 'facemesh', ...(this.descriptor.human ? ['faceres'] : [])];
    for (const name of want) {
      if (!(human.models.models as Record<string, unknown>)[name]) throw new Error(`human model ${name} failed to load`);
    }
    return human;
  }

  private human(): Promise<Human> {
    this.humanPromise ??= this.createHuman().catch((err: unknown) => {
      this.humanPromise = undefined;
      throw err;
    });
    return this.humanPromise;
  }

  /** The descriptor run on aligned chips, unless human computes them (loads the dlib ResNet by default). */
  private async chipDescriptor(): Promise<ChipDescriptor | undefined> {
    if (this.descriptor.human) return undefined;
    if (this.descriptor.chip) return this.descriptor.chip;
    this.dlibPromise ??= DlibResnet.load().catch((err: unknown) => {
      this.dlibPromise = undefined;
      throw err;
    });
    const dlib = await this.dlibPromise;
    return { template: DLIB_CHIP, describe: (chip) => dlib.describe(chip) };
  }

  /** Loads the runtime and the models, and runs one detection so first requests are not slow. */
  async warmup(): Promise<void> {
    const tf = await getTf();
    const human = await this.human();
    await this.chipDescriptor();
    await exclusive(async () => {
      const blank = tf.zeros([1, 128, 128, 3], 'int32') as unknown as Parameters<Human['detect']>[0];
      await human.detect(blank, this.humanConfig());
      (blank as unknown as { dispose(): void }).dispose();
    });
  }

  /** Every face in the image with score ≥ MIN_FACE_SCORE, largest first. */
  async detect(image: Buffer, options: DetectOptions = {}): Promise<DetectedFaces> {
    const embeddings = options.embeddings ?? false;
    const decoded = await decodeRgb(image, DETECT_MAX_SIDE);
    const tf = await getTf();
    const human = await this.human();
    const chipper = embeddings ? await this.chipDescriptor() : undefined;
    const run = async (img: RgbImage): Promise<FaceResult[]> => {
      const input = tf.tensor4d(new Int32Array(img.data), [1, img.height, img.width, 3], 'int32');
      try {
        const res = await human.detect(input as unknown as Parameters<Human['detect']>[0], this.humanConfig());
        if ('error' in res && res.error) throw new Error(`face detection failed: ${res.error}`);
        return res.face.filter((f) => f.score >= MIN_FACE_SCORE);
      } finally {
        input.dispose();
      }
    };
    return exclusive(async () => {
      let img: RgbImage = decoded;
      let pad = 0;
      let results = await run(img);
      if (results.length === 0) {
        // A tight face crop (a face that fills the frame) escapes the detector, whose anchors
        // want some context around a face: look again with a border around the image.
        pad = Math.round(PAD_RETRY * Math.max(decoded.width, decoded.height));
        img = padEdges(decoded, pad);
        results = await run(img);
      }
      const faces: Face[] = [];
      for (const f of results) {
        const box = toSourceBox(tightBox(f), pad, decoded.scale, decoded.sourceWidth, decoded.sourceHeight);
        if (box.w < 4 || box.h < 4) continue;
        const face: Face = { box, score: Math.round(f.score * 1000) / 1000 };
        if (embeddings) {
          if (chipper) {
            // The chip is cut from the image detection ran on, in whose pixels the mesh is.
            if (f.mesh.length < 468) continue;
            face.embedding = await chipper.describe(alignedChip(img, f.mesh, chipper.template));
          } else {
            if (!f.embedding || f.embedding.length === 0) continue;
            face.embedding = Float32Array.from(f.embedding);
          }
        }
        faces.push(face);
      }
      faces.sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h);
      return { width: decoded.sourceWidth, height: decoded.sourceHeight, faces };
    });
  }

  /** Descriptor of the primary face; throws NoFaceError when there is none. */
  async embed(image: Buffer): Promise<{ embedding: Float32Array; box: FaceBox; score: number }> {
    const detected = await this.detect(image, { embeddings: true });
    const face = primaryFace(detected.faces, detected.width, detected.height);
    if (!face?.embedding) throw new NoFaceError();
    return { embedding: face.embedding, box: face.box, score: face.score };
  }
}

/** The process's face engine (dlib descriptor). */
export const faceEngine = new FaceEngine();

export function warmupFaces(): Promise<void> {
  return faceEngine.warmup();
}

export function detectFaces(image: Buffer, options: DetectOptions = {}): Promise<DetectedFaces> {
  return faceEngine.detect(image, options);
}

export function embedFace(image: Buffer): Promise<{ embedding: Float32Array; box: FaceBox; score: number }> {
  return faceEngine.embed(image);
}

/**
 * The face a studio photo is about: the largest face, weighted towards the centre, so a big
 * face at the edge of a group shot does not beat a slightly smaller one in the middle.
 */
export function primaryFace<F extends { box: FaceBox }>(faces: readonly F[], width: number, height: number): F | undefined {
  let best: F | undefined;
  let bestScore = -Infinity;
  const halfDiag = Math.hypot(width / 2, height / 2) || 1;
  for (const f of faces) {
    const cx = f.box.x + f.box.w / 2;
    const cy = f.box.y + f.box.h / 2;
    const off = Math.hypot(cx - width / 2, cy - height / 2) / halfDiag; // 0 centre … 1 corner
    const s = f.box.w * f.box.h * (1 - 0.5 * off);
    if (s > bestScore) {
      bestScore = s;
      best = f;
    }
  }
  return best;
}
