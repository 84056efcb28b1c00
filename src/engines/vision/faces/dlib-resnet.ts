/**
 * The dlib ResNet face descriptor (Davis King's `dlib_face_recognition_resnet_model_v1`,
 * weights released into the public domain) as converted to TensorFlow.js by face-api.js and
 * shipped in the npm package @vladmandic/face-api (MIT): `model/face_recognition_model.bin`
 * with its weights manifest. A ResNet-34-like net over a 150×150 aligned face chip giving a
 * 128-d descriptor.
 *
 * We run the forward pass ourselves on the process's tfjs runtime (face-api's own build would
 * bring its own backend set-up); the graph is face-api's `FaceRecognitionNet`:
 * conv 7×7/2 → max-pool 3×3/2 → residual stages 32, 64, 128, 256 → global mean → fully connected.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tensor, Tensor4D } from '@tensorflow/tfjs';
import { CHIP_SIZE } from './align.js';
import { readWeightShards } from '../tfjs/model-loader.js';
import { getTf, packageDir, type Tf } from '../tfjs/runtime.js';

export const DLIB_DESCRIPTOR_DIMENSIONS = 128;
/** Per-channel means face-api subtracts before scaling by 1/255. */
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

type Weights = Record<string, Tensor>;

interface ManifestGroup {
  paths: string[];
  weights: Parameters<Tf['io']['decodeWeights']>[1];
}

/** Folder holding face_recognition_model.bin and its manifest (inside the npm package). */
export function dlibModelDir(): string {
  return path.join(packageDir('@vladmandic/face-api'), 'model');
}

async function loadWeights(tf: Tf, dir: string): Promise<Weights> {
  const manifestPath = path.join(dir, 'face_recognition_model-weights_manifest.json');
  const groups = JSON.parse(await readFile(manifestPath, 'utf8')) as ManifestGroup[];
  const { weightSpecs, weightData } = await readWeightShards(manifestPath, groups);
  return tf.io.decodeWeights(weightData, weightSpecs) as Weights;
}

function checkWeights(w: Weights): void {
  const need = ['conv32_down/conv/filters', 'conv256_down_out/conv2/scale/biases', 'fc'];
  for (const name of need) if (!w[name]) throw new Error(`dlib ResNet weights lack ${name}`);
  const fc = w.fc!;
  if (fc.shape.length !== 2 || fc.shape[1] !== DLIB_DESCRIPTOR_DIMENSIONS) throw new Error(`dlib ResNet fc has shape ${fc.shape.join('×')}`);
}

export class DlibResnet {
  private constructor(
    private readonly tf: Tf,
    private readonly w: Weights,
  ) {}

  static async load(dir = dlibModelDir()): Promise<DlibResnet> {
    const tf = await getTf();
    const weights = await loadWeights(tf, dir);
    checkWeights(weights);
    return new DlibResnet(tf, weights);
  }

  private get(name: string): Tensor {
    const t = this.w[name];
    if (!t) throw new Error(`dlib ResNet weight ${name} missing`);
    return t;
  }

  private conv(x: Tensor4D, prefix: string, stride: 1 | 2, relu: boolean, padding: 'same' | 'valid'): Tensor4D {
    const tf = this.tf;
    let out: Tensor = tf.conv2d(x, this.get(`${prefix}/conv/filters`) as Tensor4D, stride, padding);
    out = tf.add(out, this.get(`${prefix}/conv/bias`));
    out = tf.add(tf.mul(out, this.get(`${prefix}/scale/weights`)), this.get(`${prefix}/scale/biases`));
    return (relu ? tf.relu(out) : out) as Tensor4D;
  }

  private residual(x: Tensor4D, prefix: string): Tensor4D {
    const out = this.conv(this.conv(x, `${prefix}/conv1`, 1, true, 'same'), `${prefix}/conv2`, 1, false, 'same');
    return this.tf.relu(this.tf.add(out, x)) as Tensor4D;
  }

  private residualDown(x: Tensor4D, prefix: string): Tensor4D {
    const tf = this.tf;
    let out = this.conv(this.conv(x, `${prefix}/conv1`, 2, true, 'valid'), `${prefix}/conv2`, 1, false, 'same');
    let pooled = tf.avgPool(x, 2, 2, 'valid');
    if (pooled.shape[1] !== out.shape[1] || pooled.shape[2] !== out.shape[2]) {
      // face-api pads the strided branch by one row and column of zeros to the pooled size.
      out = tf.pad(out, [[0, 0], [0, pooled.shape[1] - out.shape[1]], [0, pooled.shape[2] - out.shape[2]], [0, 0]]);
    }
    if (pooled.shape[3] !== out.shape[3]) pooled = tf.pad(pooled, [[0, 0], [0, 0], [0, 0], [0, out.shape[3] - pooled.shape[3]]]);
    return tf.relu(tf.add(pooled, out)) as Tensor4D;
  }

  /** 128-d descriptor of a 150×150 RGB chip (float32 0-255, HWC). */
  async describe(chip: Float32Array): Promise<Float32Array> {
    const tf = this.tf;
    if (chip.length !== CHIP_SIZE * CHIP_SIZE * 3) throw new RangeError(`chip must be ${CHIP_SIZE}×${CHIP_SIZE}×3`);
    const result = tf.tidy(() => {
      const input = tf.tensor4d(chip, [1, CHIP_SIZE, CHIP_SIZE, 3]);
      let out = tf.div(tf.sub(input, tf.tensor1d([...MEAN_RGB])), 255) as Tensor4D;
      out = this.conv(out, 'conv32_down', 2, true, 'valid');
      out = tf.maxPool(out, 3, 2, 'valid');
      for (const name of ['conv32_1', 'conv32_2', 'conv32_3']) out = this.residual(out, name);
      out = this.residualDown(out, 'conv64_down');
      for (const name of ['conv64_1', 'conv64_2', 'conv64_3']) out = this.residual(out, name);
      out = this.residualDown(out, 'conv128_down');
      for (const name of ['conv128_1', 'conv128_2']) out = this.residual(out, name);
      out = this.residualDown(out, 'conv256_down');
      for (const name of ['conv256_1', 'conv256_2']) out = this.residual(out, name);
      out = this.residualDown(out, 'conv256_down_out');
      return tf.matMul(tf.mean(out, [1, 2]), this.get('fc'));
    });
    try {
      return Float32Array.from(await result.data());
    } finally {
      result.dispose();
    }
  }
}
