/**
 * The person model: MediaPipe Selfie Segmentation (Apache-2.0, models/selfie.json + .bin, a
 * TensorFlow.js graph model; provenance in models/README.md) on the process's tfjs WASM
 * runtime. It knows what a person is — hair, a dark coat at the frame's edge, the body behind
 * a more salient cat — where u2netp only knows what stands out; the engine fuses the two
 * (`fusePersonSaliency`) for `person`, `hair_heavy`, and `auto` when a face is found.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GraphModel, Tensor } from '@tensorflow/tfjs';
import sharp from 'sharp';
import { detectFaces, warmupFaces } from '../faces/detector.js';
import { diskModelHandler } from '../tfjs/model-loader.js';
import { exclusive, getTf } from '../tfjs/runtime.js';
import { ModelError } from './errors.js';
import { resizeBilinear } from './mask-ops.js';
import { resolveModelPath } from './model.js';

export const SELFIE = {
  name: 'mediapipe-selfie',
  file: 'models/selfie.json',
  /** SHA-256 of selfie.json and of its weights selfie.bin, checked at load */
  sha256: {
    'selfie.json': '8b7f5f95c0159a83a7240b1298a67012cfffd0396bfa653bdf452913610e9a88',
    'selfie.bin': '8f57aaa72dc068a50bd37c232d2e073e107912241e459002e1480876676f382a',
  } as Record<string, string>,
  /** RGB in 0..1, NHWC [1, 256, 256, 3]; out [1, 256, 256, 1], person probability */
  inputSize: 256,
};

let loading: Promise<GraphModel> | undefined;

async function load(): Promise<GraphModel> {
  const json = resolveModelPath({ file: SELFIE.file });
  for (const [name, want] of Object.entries(SELFIE.sha256)) {
    const file = path.join(path.dirname(json), name);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      throw new ModelError(`person model ${SELFIE.name} not found at ${file}`, { cause: err });
    }
    const got = createHash('sha256').update(bytes).digest('hex');
    if (got !== want) throw new ModelError(`person model ${SELFIE.name}: ${name} failed its checksum (got ${got.slice(0, 12)}…)`);
  }
  const tf = await getTf();
  try {
    return await tf.loadGraphModel(diskModelHandler(json));
  } catch (err) {
    throw new ModelError(`person model ${SELFIE.name} could not be loaded: ${(err as Error).message}`, { cause: err });
  }
}

/** The process-wide selfie model, loaded on first use; a failed load is not cached. */
export function getPersonModel(): Promise<GraphModel> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * The person probability of an RGB image (interleaved 8 bit) as an `outWidth × outHeight`
 * map in 0..1 (the image squashed to the model's square and back).
 */
export async function personSaliency(rgb: Uint8Array, width: number, height: number, outWidth: number, outHeight = outWidth): Promise<Float32Array> {
  const s = SELFIE.inputSize;
  const small = await sharp(rgb, { raw: { width, height, channels: 3 } }).resize(s, s, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const input = new Float32Array(s * s * 3);
  for (let i = 0; i < input.length; i++) input[i] = small[i]! / 255;
  const model = await getPersonModel();
  const tf = await getTf();
  const map = await exclusive(async () => {
    const x = tf.tensor4d(input, [1, s, s, 3]);
    let y: Tensor | undefined;
    try {
      y = model.execute(x) as Tensor;
      return (await y.data()) as Float32Array;
    } catch (err) {
      throw new ModelError(`person model ${SELFIE.name} failed to run: ${(err as Error).message}`, { cause: err });
    } finally {
      x.dispose();
      y?.dispose();
    }
  });
  if (map.length !== s * s) throw new ModelError(`person model ${SELFIE.name} answered ${map.length} values, not ${s * s}`);
  return outWidth === s && outHeight === s ? Float32Array.from(map) : resizeBilinear(map, s, s, outWidth, outHeight);
}

/** Loads the person model and the face detector and runs each once (worker start). */
export async function warmupPerson(): Promise<void> {
  const grey = new Uint8Array(64 * 64 * 3).fill(128);
  await personSaliency(grey, 64, 64, 64);
  await warmupFaces();
}

/**
 * Whether a face is in the image (the face detector of faces/, on a JPEG of the working
 * copy): `auto` and `hair_heavy` use the person model only then, as hair_heavy is also fur,
 * plants and twigs, which the person model drops (eval h04, a twig on grass: 0.21 → 0).
 */
export async function findsFace(rgb: Uint8Array, w: number, h: number): Promise<boolean> {
  const jpeg = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  return (await detectFaces(jpeg)).faces.length > 0;
}

/**
 * Where a person's box fills less than this share of the map, the selfie model runs a second
 * time on a crop around them: it was trained on people filling the frame, and on a full-body
 * figure in a wide photo its first answer is coarse (eval p10, a footballer's box 0.20 of the
 * frame: 0.57 → 0.78 IoU). Not above: on a half-figure (p03, 0.55) the crop's answer bled
 * into the building behind (0.94 → 0.84 at a threshold of 0.6).
 */
const CROP_BELOW = 0.35;
/** the crop's margin around the subject's box, as a share of the box's size per side */
const CROP_PAD = 0.15;

/**
 * The person map for a saliency map `u` (`size × size`, of the same squashed image): the
 * selfie model on the whole image, and again on a crop around the subject (where u and the
 * first answer agree) when the subject is small. Outside the crop the first answer counts half.
 */
export async function personMap(rgb: Uint8Array, w: number, h: number, u: Float32Array, size: number): Promise<Float32Array> {
  const s = await personSaliency(rgb, w, h, size);
  let x0 = size;
  let y0 = size;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      if (u[i]! + s[i]! <= 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return s;
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  if (bw * bh > CROP_BELOW * size * size) return s;
  const gx0 = Math.max(0, Math.floor(x0 - bw * CROP_PAD));
  const gy0 = Math.max(0, Math.floor(y0 - bh * CROP_PAD));
  const gx1 = Math.min(size, Math.ceil(x1 + 1 + bw * CROP_PAD));
  const gy1 = Math.min(size, Math.ceil(y1 + 1 + bh * CROP_PAD));
  const ix0 = Math.floor((gx0 * w) / size);
  const iy0 = Math.floor((gy0 * h) / size);
  const ix1 = Math.max(ix0 + 1, Math.ceil((gx1 * w) / size));
  const iy1 = Math.max(iy0 + 1, Math.ceil((gy1 * h) / size));
  const crop = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .extract({ left: ix0, top: iy0, width: ix1 - ix0, height: iy1 - iy0 })
    .raw()
    .toBuffer();
  const cw = gx1 - gx0;
  const m = await personSaliency(crop, ix1 - ix0, iy1 - iy0, cw, gy1 - gy0);
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      out[i] = x >= gx0 && x < gx1 && y >= gy0 && y < gy1 ? m[(y - gy0) * cw + (x - gx0)]! : s[i]! * 0.5;
    }
  }
  return out;
}

/**
 * Where the two maps agree this well (IoU of their ≥ 0.5 regions), u2netp found the person
 * and its outline is kept as it is: the person map is coarser (256², a soft edge) and bleeds
 * into low-contrast backdrops (eval p06, a stone wall: 0.99 → 0.88 IoU when fused anyway).
 */
const AGREE = 0.8;

/**
 * Saliency and person map into one, in place in `u`; returns the maps' agreement. Where they
 * agree (≥ AGREE) u2netp's map stands. Otherwise u2netp went for something else or missed part
 * of the person: where the person map is sure there is no person (< 0.1) the lower of the two
 * wins (a squirrel or a cat's face u2netp found more salient goes), where it is sure there is
 * one (> 0.9) the higher (the coat at the frame's edge, the body behind the cat), and u2netp's
 * map in between, which keeps its edges. Chosen on the evaluation set against max, mean,
 * geometric mean and other thresholds, scoring IoU, |Δα| and the edge band's |Δα| (halos);
 * figures in docs/background-removal.md.
 */
export function fusePersonSaliency(u: Float32Array, s: Float32Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < u.length; i++) {
    const a = u[i]! > 0.5;
    const b = s[i]! > 0.5;
    if (a && b) inter++;
    if (a || b) union++;
  }
  const agreement = union ? inter / union : 1;
  if (agreement >= AGREE) return agreement;
  for (let i = 0; i < u.length; i++) {
    const b = s[i]!;
    if (b < 0.1) u[i] = Math.min(u[i]!, b);
    else if (b > 0.9) u[i] = Math.max(u[i]!, b);
  }
  return agreement;
}
