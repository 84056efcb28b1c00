/**
 * Face detection and face embeddings with @vladmandic/human (MIT) on the shared tfjs WASM
 * runtime. Models (all inside the npm package, loaded from disk):
 *   blazeface  – face detector (MediaPipe BlazeFace, Apache-2.0)
 *   facemesh   – 468-point face mesh; gives a tight face box and aligned crops
 *   faceres    – 1024-d face descriptor (HSE FaceRes) used for matching by cosine similarity
 *
 * human's default `exports` entry for Node (`human.node.js`) requires @tensorflow/tfjs-node,
 * and its `dist/human.node-wasm` subpaths are declared without the leading "./" so Node's
 * exports resolution rejects them; we therefore load the WASM build by its file path.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import { decodeRgb } from '../../image/decode.js';
import { NoFaceError } from '../errors.js';
import { exclusive, getTf, nodeRequire, packageDir, wasmDir } from '../tfjs/runtime.js';

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
  /** 1024-d descriptor, present when embeddings were asked for. */
  embedding?: Float32Array;
}

export interface DetectedFaces {
  /** Upright source size (EXIF orientation applied): the coordinate space of every box. */
  width: number;
  height: number;
  faces: Face[];
}

export interface DetectOptions {
  /** Compute a descriptor per face (adds one faceres pass per face). */
  embeddings?: boolean;
}

/** Detection runs on a copy whose long side is at most this; boxes are mapped back. */
export const DETECT_MAX_SIDE = 1280;
/** Faces below this overall score are ignored. */
export const MIN_FACE_SCORE = 0.5;
export const EMBEDDING_MODEL = 'human-3.3.6/faceres';
export const EMBEDDING_DIMENSIONS = 1024;

type HumanCtor = new (config?: Partial<Config>) => Human;

function buildConfig(embeddings: boolean, modelBasePath: string): Partial<Config> {
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
        // Roll correction lowered the mesh score of a profile face (camera.png: 0.99 → 0.55)
        // and same-person similarities on our fixtures (messi5 at 0.6 scale: 0.72 → 0.48).
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
      description: { enabled: embeddings, modelPath: 'faceres.json', minConfidence: 0, skipFrames: 0, skipTime: 0 },
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

let configs: Record<'plain' | 'embeddings', Partial<Config>> | undefined;

/** human merges the config passed to each detect() into its own: pass a complete one every time. */
function humanConfig(embeddings: boolean): Partial<Config> {
  if (!configs) {
    // Models ship inside the npm package; the file:// router in tfjs/model-loader reads them.
    const base = pathToFileURL(path.join(packageDir('@vladmandic/human'), 'models')).href + '/';
    configs = { plain: buildConfig(false, base), embeddings: buildConfig(true, base) };
  }
  return embeddings ? configs.embeddings : configs.plain;
}

let humanPromise: Promise<Human> | undefined;

async function createHuman(): Promise<Human> {
  await getTf();
  const dist = path.dirname(nodeRequire.resolve('@vladmandic/human'));
  const { Human: HumanClass } = nodeRequire(path.join(dist, 'human.node-wasm.js')) as { Human: HumanCtor };
  const human = new HumanClass(humanConfig(true));
  await human.init();
  await human.load();
  for (const name of ['blazeface', 'facemesh', 'faceres']) {
    if (!(human.models.models as Record<string, unknown>)[name]) throw new Error(`human model ${name} failed to load`);
  }
  return human;
}

function getHuman(): Promise<Human> {
  humanPromise ??= createHuman().catch((err: unknown) => {
    humanPromise = undefined;
    throw err;
  });
  return humanPromise;
}

/** Loads the runtime and the face models, and runs one detection so first requests are not slow. */
export async function warmupFaces(): Promise<void> {
  const tf = await getTf();
  const human = await getHuman();
  await exclusive(async () => {
    const blank = tf.zeros([1, 128, 128, 3], 'int32') as unknown as Parameters<Human['detect']>[0];
    await human.detect(blank, humanConfig(true));
    (blank as unknown as { dispose(): void }).dispose();
  });
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

function toSourceBox([x, y, w, h]: [number, number, number, number], scale: number, width: number, height: number): FaceBox {
  const x0 = Math.max(0, x / scale);
  const y0 = Math.max(0, y / scale);
  const x1 = Math.min(width, (x + w) / scale);
  const y1 = Math.min(height, (y + h) / scale);
  const r = (v: number) => Math.round(v * 10) / 10;
  return { x: r(x0), y: r(y0), w: r(Math.max(0, x1 - x0)), h: r(Math.max(0, y1 - y0)) };
}

/** Every face in the image with score ≥ MIN_FACE_SCORE, largest first. */
export async function detectFaces(image: Buffer, options: DetectOptions = {}): Promise<DetectedFaces> {
  const embeddings = options.embeddings ?? false;
  const decoded = await decodeRgb(image, DETECT_MAX_SIDE);
  const tf = await getTf();
  const human = await getHuman();
  const results = await exclusive(async () => {
    const input = tf.tensor4d(new Int32Array(decoded.data), [1, decoded.height, decoded.width, 3], 'int32');
    try {
      const res = await human.detect(input as unknown as Parameters<Human['detect']>[0], humanConfig(embeddings));
      if ('error' in res && res.error) throw new Error(`face detection failed: ${res.error}`);
      return res.face;
    } finally {
      input.dispose();
    }
  });
  const faces: Face[] = [];
  for (const f of results) {
    if (f.score < MIN_FACE_SCORE) continue;
    const box = toSourceBox(tightBox(f), decoded.scale, decoded.sourceWidth, decoded.sourceHeight);
    if (box.w < 4 || box.h < 4) continue;
    const face: Face = { box, score: Math.round(f.score * 1000) / 1000 };
    if (embeddings) {
      if (!f.embedding || f.embedding.length !== EMBEDDING_DIMENSIONS) continue;
      face.embedding = Float32Array.from(f.embedding);
    }
    faces.push(face);
  }
  faces.sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h);
  return { width: decoded.sourceWidth, height: decoded.sourceHeight, faces };
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

/** Descriptor of the primary face; throws NoFaceError when there is none. */
export async function embedFace(image: Buffer): Promise<{ embedding: Float32Array; box: FaceBox; score: number }> {
  const detected = await detectFaces(image, { embeddings: true });
  const face = primaryFace(detected.faces, detected.width, detected.height);
  if (!face?.embedding) throw new NoFaceError();
  return { embedding: face.embedding, box: face.box, score: face.score };
}
