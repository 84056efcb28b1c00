import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { ModelError } from './errors.js';

/**
 * A U²-Net-family salient-object model in ONNX: RGB in (NCHW float, ImageNet normalisation
 * after scaling by the image maximum, as U²-Net was trained), a saliency map in 0..1 out
 * (the first output, the fused side output d0).
 */
export interface ModelSpec {
  name: string;
  /** absolute path, or relative to the repository root */
  file: string;
  /** hex SHA-256 of the file; checked at load so a swapped or truncated file never runs */
  sha256: string;
  inputSize: number;
  mean: [number, number, number];
  std: [number, number, number];
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** u2netp (4.6 MB, Apache-2.0): see models/README.md for its provenance. */
export const U2NETP: ModelSpec = {
  name: 'u2netp',
  file: 'models/u2netp.onnx',
  sha256: '309c8469258dda742793dce0ebea8e6dd393174f89934733ecc8b14c76f4ddd8',
  inputSize: 320,
  mean: [0.485, 0.456, 0.406],
  std: [0.229, 0.224, 0.225],
};

export interface SessionOptions {
  /** onnxruntime intra-op threads; 0 = its default (all cores) */
  threads?: number;
}

export interface ModelStats {
  model: string;
  /** reading, hashing and creating the session */
  loadMs: number;
  /** the first inference (graph optimisation and allocations happen here) */
  firstInferenceMs: number | null;
  inferences: number;
}

export function resolveModelPath(spec: ModelSpec): string {
  return path.isAbsolute(spec.file) ? spec.file : path.join(REPO_ROOT, spec.file);
}

export class SegmentationModel {
  readonly spec: ModelSpec;
  private readonly session: ort.InferenceSession;
  private readonly stats: ModelStats;

  private constructor(spec: ModelSpec, session: ort.InferenceSession, loadMs: number) {
    this.spec = spec;
    this.session = session;
    this.stats = { model: spec.name, loadMs, firstInferenceMs: null, inferences: 0 };
  }

  static async load(spec: ModelSpec, opts: SessionOptions = {}): Promise<SegmentationModel> {
    const t0 = performance.now();
    const file = resolveModelPath(spec);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      throw new ModelError(`segmentation model ${spec.name} not found at ${file}`, { cause: err });
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== spec.sha256) {
      throw new ModelError(`segmentation model ${spec.name} failed its checksum (got ${digest.slice(0, 12)}…)`);
    }
    let session: ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(bytes, {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        ...(opts.threads ? { intraOpNumThreads: opts.threads, interOpNumThreads: 1 } : {}),
      });
    } catch (err) {
      throw new ModelError(`segmentation model ${spec.name} could not be loaded`, { cause: err });
    }
    return new SegmentationModel(spec, session, performance.now() - t0);
  }

  getStats(): ModelStats {
    return { ...this.stats };
  }

  /**
   * Saliency of an RGB image (interleaved 8 bit), as a `size × size` map in 0..1 where
   * `size` is the model's input size. The image is squashed to the square, as in training.
   */
  async predict(rgb: Buffer, width: number, height: number): Promise<Float32Array> {
    const s = this.spec.inputSize;
    const small =
      width === s && height === s
        ? rgb
        : await sharp(rgb, { raw: { width, height, channels: 3 } })
            .resize(s, s, { fit: 'fill', kernel: 'linear' })
            .raw()
            .toBuffer();
    return this.predictSquare(small);
  }

  /** `rgb` is already `size × size` (interleaved 8 bit). */
  async predictSquare(rgb: Buffer | Uint8Array): Promise<Float32Array> {
    const s = this.spec.inputSize;
    const n = s * s;
    let max = 1;
    for (let i = 0; i < n * 3; i++) if (rgb[i]! > max) max = rgb[i]!;
    const { mean, std } = this.spec;
    const input = new Float32Array(3 * n);
    for (let c = 0; c < 3; c++) {
      const m = mean[c]!;
      const k = 1 / (max * std[c]!);
      const off = m / std[c]!;
      const plane = c * n;
      for (let i = 0; i < n; i++) input[plane + i] = rgb[i * 3 + c]! * k - off;
    }
    const t0 = performance.now();
    let out: Float32Array;
    try {
      const feeds = { [this.session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, s, s]) };
      const result = await this.session.run(feeds);
      const first = result[this.session.outputNames[0]!];
      if (!first || first.data.length !== n) throw new Error('unexpected output shape');
      out = Float32Array.from(first.data as Float32Array);
    } catch (err) {
      throw new ModelError(`segmentation model ${this.spec.name} failed to run`, { cause: err });
    }
    if (this.stats.firstInferenceMs === null) this.stats.firstInferenceMs = performance.now() - t0;
    this.stats.inferences++;
    for (let i = 0; i < n; i++) {
      const v = out[i]!;
      out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
    }
    return out;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

// One session per model file per process: creating one costs ~100 ms and ~30 MB, and a
// session is safe to share between concurrent runs.
const sessions = new Map<string, Promise<SegmentationModel>>();

/** The process-wide session for `spec`, created on first use. A failed load is not cached. */
export function getModel(spec: ModelSpec = U2NETP, opts: SessionOptions = {}): Promise<SegmentationModel> {
  const key = `${resolveModelPath(spec)}#${spec.sha256}`;
  let p = sessions.get(key);
  if (!p) {
    p = SegmentationModel.load(spec, opts);
    sessions.set(key, p);
    p.catch(() => sessions.delete(key));
  }
  return p;
}

export interface WarmupReport extends ModelStats {
  /** wall time of this warm-up call: the first-call latency a job would otherwise pay */
  warmupMs: number;
}

/**
 * Loads the model and runs one dummy inference, so the first real job does not pay for
 * session creation and graph optimisation. Call at worker start; safe to call again.
 */
export async function warmup(spec: ModelSpec = U2NETP, opts: SessionOptions = {}): Promise<WarmupReport> {
  const t0 = performance.now();
  const model = await getModel(spec, opts);
  if (model.getStats().inferences === 0) {
    const s = spec.inputSize;
    const dummy = new Uint8Array(s * s * 3);
    // a centred grey square on black: a realistic activation pattern, not all zeros
    for (let y = s / 4; y < (3 * s) / 4; y++) for (let x = s / 4; x < (3 * s) / 4; x++) dummy.fill(160, (y * s + x) * 3, (y * s + x) * 3 + 3);
    await model.predictSquare(dummy);
  }
  return { ...model.getStats(), warmupMs: performance.now() - t0 };
}

/** Drops the cached sessions (tests, shutdown). */
export async function releaseModels(): Promise<void> {
  const all = [...sessions.values()];
  sessions.clear();
  await Promise.all(all.map(async (p) => (await p.catch(() => null))?.release()));
}
