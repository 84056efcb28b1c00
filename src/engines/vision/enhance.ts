/**
 * ESRGAN super-resolution for the studio's `enhance` option: the ×4 "slim" RDN model of
 * @upscalerjs/esrgan-slim (MIT; weights inside the npm package, loaded from disk) on the shared
 * tfjs WASM runtime. Callers downscale the ×4 result to their output size, so the model's
 * reconstructed detail survives as real sharpness (not an unsharp mask's edge halo).
 *
 * We run the model directly rather than through the `upscaler` package: its Node entry
 * requires @tensorflow/tfjs-node and loads weights by file:// URL through tfjs-node's file
 * system handler, its browser entry is ESM without file extensions (Node cannot import it)
 * and decodes images through the DOM, and it pins @tensorflow/tfjs ~4.11 while
 * @vladmandic/human needs 4.22. Tiling is unnecessary because callers bound the input
 * (SR_MAX_INPUT_PIXELS; at that size the activations take ~25 MB per layer).
 */
import path from 'node:path';
import type * as Tfjs from '@tensorflow/tfjs';
import type { RgbImage } from '../image/decode.js';
import { diskModelHandler } from './tfjs/model-loader.js';
import { exclusive, getTf, packageDir } from './tfjs/runtime.js';

export const SR_SCALE = 4;
/** Largest input the model is given (≈ 310 × 310): 1.5–3 s on one WASM thread here. */
export const SR_MAX_INPUT_PIXELS = 96_000;

let modelPromise: Promise<Tfjs.LayersModel> | undefined;

async function loadModel(): Promise<Tfjs.LayersModel> {
  const tf = await getTf();
  const modelJson = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models', `x${SR_SCALE}`, 'model.json');
  return tf.loadLayersModel(diskModelHandler(modelJson));
}

function getModel(): Promise<Tfjs.LayersModel> {
  modelPromise ??= loadModel().catch((err: unknown) => {
    modelPromise = undefined;
    throw err;
  });
  return modelPromise;
}

/** Loads the model and runs it once on a small input. */
export async function warmupEnhance(): Promise<void> {
  await superResolve({ data: Buffer.alloc(32 * 32 * 3, 128), width: 32, height: 32 });
}

/** Upscales packed RGB ×4 with ESRGAN. Input must be at most SR_MAX_INPUT_PIXELS. */
export async function superResolve(image: RgbImage): Promise<RgbImage> {
  const { width, height, data } = image;
  if (width * height > SR_MAX_INPUT_PIXELS) {
    throw new RangeError(`super-resolution input ${width}×${height} exceeds ${SR_MAX_INPUT_PIXELS} pixels`);
  }
  if (data.length !== width * height * 3) throw new RangeError('input is not packed RGB of the given size');
  const tf = await getTf();
  const model = await getModel();
  const out = await exclusive(async () => {
    const y = tf.tidy(() => {
      const x = tf.tensor4d(Float32Array.from(data), [1, height, width, 3]);
      // The slim RDN models take and return 0..255.
      return (model.predict(x) as Tfjs.Tensor4D).clipByValue(0, 255).round().toInt();
    });
    try {
      return await y.data();
    } finally {
      y.dispose();
    }
  });
  return { data: Buffer.from(Uint8Array.from(out as Int32Array)), width: width * SR_SCALE, height: height * SR_SCALE };
}
