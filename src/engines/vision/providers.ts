/**
 * Background-removal providers: one interface, and the local model behind it (the remote
 * remove.bg client speaks HTTP, so it lives in src/modules/bg-remove/remove-bg.provider.ts).
 * The job handler picks one from configuration and stores its `name` as the job's `provider`.
 * Every provider returns the same thing: a PNG of the input's size (RGBA for `transparent`,
 * RGB flattened on white for `white`), with `edge_softness` applied the same way.
 */
import { DEFAULT_MAX_PIXELS } from './segmentation/decode.js';
import { removeBackground, warmupEngine, type EngineWarmupReport, type SegmentationMethod } from './segmentation/engine.js';
import { getModel, U2NETP, type ModelSpec, type SessionOptions } from './segmentation/model.js';
import { SegmentationThread } from './segmentation/thread.js';
import { resolveOptions, type BgRemovalOptions } from './segmentation/options.js';

export interface BgRemovalResult {
  png: Buffer;
  width: number;
  height: number;
  mime: 'image/png';
  /** the provider's name, for the job's `provider` field */
  provider: string;
  /** how the local engine made the alpha; null for remote providers */
  method: SegmentationMethod | null;
}

export interface BgRemovalProvider {
  readonly name: string;
  remove(input: Buffer, opts?: BgRemovalOptions): Promise<BgRemovalResult>;
  /** load models and compile hot paths before the first job (local providers); log the report */
  warmup?(): Promise<object>;
  /** releases threads and sessions (shutdown) */
  close?(): Promise<void>;
}

// ---------------------------------------------------------------------------------------

export interface LocalProviderOptions {
  /** pixel cap checked from the header before decoding; default 40 MP */
  maxPixels?: number;
  /** another U²-Net-family model the operator installed; default u2netp */
  model?: ModelSpec;
  session?: SessionOptions;
  /**
   * run the engine on its own worker thread (default true), so its JavaScript stages do
   * not hold the caller's event loop; false runs it inline (benchmarks, a dedicated worker)
   */
  thread?: boolean;
}

/** The vendored u2netp model on this machine's CPU (see segmentation/). */
export class LocalU2netProvider implements BgRemovalProvider {
  readonly name: string;
  private readonly opts: LocalProviderOptions;
  private readonly thread: SegmentationThread | null;

  constructor(opts: LocalProviderOptions = {}) {
    this.opts = opts;
    this.name = `local-${(opts.model ?? U2NETP).name}`;
    this.thread =
      opts.thread === false
        ? null
        : new SegmentationThread({ ...(opts.model && { spec: opts.model }), ...(opts.session && { session: opts.session }) });
  }

  /**
   * Load the model, run its first inference and two small images through the pipeline;
   * call when the worker starts and log the report (the first-call latency it saves).
   */
  warmup(): Promise<EngineWarmupReport> {
    if (this.thread) return this.thread.warmup();
    return warmupEngine(this.opts.model ?? U2NETP, this.opts.session);
  }

  async remove(input: Buffer, opts: BgRemovalOptions = {}): Promise<BgRemovalResult> {
    const maxPixels = this.opts.maxPixels ?? DEFAULT_MAX_PIXELS;
    if (this.thread) {
      const options = resolveOptions(opts); // reject bad options here, with the caller's stack
      const r = await this.thread.remove(input, options, maxPixels);
      return { png: r.png, width: r.width, height: r.height, mime: r.mime, provider: this.name, method: r.method };
    }
    const model = await getModel(this.opts.model ?? U2NETP, this.opts.session);
    const r = await removeBackground(input, opts, { model, maxPixels });
    return { png: r.png, width: r.width, height: r.height, mime: r.mime, provider: this.name, method: r.method };
  }

  /** Stops the worker thread (shutdown, tests). */
  async close(): Promise<void> {
    await this.thread?.close();
  }
}
