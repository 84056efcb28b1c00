import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { ModelError } from './errors.js';

/**
 * A salient-object / matting model in ONNX: RGB in (NCHW float, `size × size`, scaled by the
 * image maximum or by 255, then (x − mean) / std), one map out (the first output unless
 * named: for U²-Net the fused side output d0). The vendored u2netp is one; an operator's own
 * (ISNet, BiRefNet, U²-Net full…) is described by a JSON (model-description.ts).
 */
export interface ModelSpec {
  name: string;
  /** absolute path, or relative to the repository root */
  file: string;
  /** hex SHA-256 of the file; checked at load so a swapped or truncated file never runs (null: not checked) */
  sha256: string | null;
  inputSize: number;
  mean: [number, number, number];
  std: [number, number, number];
  /** what the 8-bit values are divided by before mean/std: the image's maximum (U²-Net's training), or 255; default max */
  scale?: 'max' | '255';
  /** the input and output to use; default the model's first */
  inputName?: string;
  outputName?: string;
  /** `sigmoid`: the output is logits; default none */
  activation?: 'none' | 'sigmoid';
  /** `min_max`: rescale the output to span 0..1 (as rembg does); default clip to 0..1 */
  normalise?: 'clip' | 'min_max';
  /**
   * fuse the person model's map into this one for people (person.ts): true for u2netp, which
   * knows salience but not people; an operator's model (ISNet, BiRefNet) is used as it is
   */
  fusePerson?: boolean;
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
  fusePerson: true,
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

export function resolveModelPath(spec: Pick<ModelSpec, 'file'>): string {
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
    const digest = spec.sha256 === null ? null : createHash('sha256').update(bytes).digest('hex');
    if (digest !== null && digest !== spec.sha256) {
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
      throw new ModelError(`segmentation model ${spec.name} could not be loaded: ${(err as Error).message}`, { cause: err });
    }
    for (const [field, name, names] of [
      ['input.name', spec.inputName, session.inputNames],
      ['output.name', spec.outputName, session.outputNames],
    ] as const) {
      if (name !== undefined && !names.includes(name)) {
        await session.release();
        throw new ModelError(`segmentation model ${spec.name}: ${field} "${name}" is not in the model (it has ${names.join(', ')})`);
      }
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
    let max = 255;
    if (this.spec.scale !== '255') {
      max = 1;
      for (let i = 0; i < n * 3; i++) if (rgb[i]! > max) max = rgb[i]!;
    }
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
      const outName = this.spec.outputName ?? this.session.outputNames[0]!;
      const feeds = { [this.spec.inputName ?? this.session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, s, s]) };
      const result = await this.session.run(feeds, [outName]);
      const first = result[outName];
      if (!first || first.data.length !== n) {
        throw new Error(`output ${outName} has shape [${first?.dims.join(', ') ?? ''}], not [1, 1, ${s}, ${s}] (input.size ${s})`);
      }
      out = Float32Array.from(first.data as Float32Array);
    } catch (err) {
      throw new ModelError(`segmentation model ${this.spec.name} failed to run: ${(err as Error).message}`, { cause: err });
    }
    if (this.stats.firstInferenceMs === null) this.stats.firstInferenceMs = performance.now() - t0;
    this.stats.inferences++;
    toUnitRange(out, this.spec.activation ?? 'none', this.spec.normalise ?? 'clip');
    return out;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/** The model's raw output to 0..1, in place, as its description says. */
export function toUnitRange(out: Float32Array, activation: 'none' | 'sigmoid', normalise: 'clip' | 'min_max'): void {
  const n = out.length;
  if (activation === 'sigmoid') for (let i = 0; i < n; i++) out[i] = 1 / (1 + Math.exp(-out[i]!));
  if (normalise === 'min_max') {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = out[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    // a flat map (nothing found) stays as it is rather than being blown up to all-foreground
    const k = hi - lo > 1e-6 ? 1 / (hi - lo) : 0;
    for (let i = 0; i < n; i++) out[i] = k === 0 ? Math.min(1, Math.max(0, out[i]!)) : (out[i]! - lo) * k;
    return;
  }
  for (let i = 0; i < n; i++) {
    const v = out[i]!;
    out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
  }
}

// One session per model file per process: creating one costs ~100 ms and ~30 MB, and a
// session is safe to share between concurrent runs.
const sessions = new Map<string, Promise<SegmentationModel>>();

/** The process-wide session for `spec`, created on first use. A failed load is not cached. */
export function getModel(spec: ModelSpec = U2NETP, opts: SessionOptions = {}): Promise<SegmentationModel> {
  const key = JSON.stringify({ ...spec, file: resolveModelPath(spec) });
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
