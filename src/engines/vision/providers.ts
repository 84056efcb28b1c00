/**
 * Background-removal providers: one interface, the local model and remote services behind it.
 * The job handler picks one from configuration and stores its `name` as the job's `provider`.
 * Every provider returns the same thing: a PNG of the input's size (RGBA for `transparent`,
 * RGB flattened on white for `white`), with `edge_softness` applied the same way.
 */
import sharp from 'sharp';
import { applyEdgeSoftness, encodeCutout, estimateForeground } from './segmentation/composite.js';
import { decodeImage, DEFAULT_MAX_PIXELS } from './segmentation/decode.js';
import { removeBackground, warmupEngine, type EngineWarmupReport, type SegmentationMethod } from './segmentation/engine.js';
import { ProviderError } from './segmentation/errors.js';
import { getModel, U2NETP, type ModelSpec, type SessionOptions } from './segmentation/model.js';
import { SegmentationThread } from './segmentation/thread.js';
import { resolveOptions, type BgRemovalOptions, type SubjectType } from './segmentation/options.js';

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

// ---------------------------------------------------------------------------------------

export interface RemoveBgOptions {
  apiKey: string;
  /** default https://api.remove.bg; tests point it at a local server */
  baseUrl?: string;
  /** per attempt; default 60 s */
  timeoutMs?: number;
  /** attempts for rate limits, 5xx and network failures; default 3 */
  maxAttempts?: number;
  /** remove.bg `size`; `auto` = the best the account's credits allow; default `auto` */
  size?: 'auto' | 'preview' | 'full';
  /** pixel cap for the input, checked before anything is sent; default 40 MP */
  maxPixels?: number;
  /** longest wait honoured from Retry-After, ms; default 10 s */
  maxRetryDelayMs?: number;
  /** for tests */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const REMOVE_BG_TYPE: Record<SubjectType, string> = {
  auto: 'auto',
  person: 'person',
  hair_heavy: 'person',
  product: 'product',
  logo: 'auto',
  text: 'auto',
};

/**
 * remove.bg's documented API: POST {base}/v1.0/removebg, `X-Api-Key`, multipart
 * `image_file`, `size`, `type`, `format`. 200 answers the image bytes; errors answer
 * `{errors:[{title, code, detail}]}` with 400 (bad input), 402 (no credits), 403 (bad key),
 * 429 (rate limit). The answer is checked before it is trusted: it must decode as a PNG with
 * alpha of the input's aspect ratio (a smaller one, when credits limit the size, is scaled
 * up). The alpha is then finished locally (edge softness, white flatten), so a job looks the
 * same whichever provider made it.
 */
export class RemoveBgProvider implements BgRemovalProvider {
  readonly name = 'remove.bg';
  private readonly cfg: Required<Omit<RemoveBgOptions, 'fetch' | 'sleep'>> & Pick<RemoveBgOptions, 'fetch' | 'sleep'>;

  constructor(cfg: RemoveBgOptions) {
    if (!cfg.apiKey) throw new Error('remove.bg provider needs an API key');
    this.cfg = {
      baseUrl: 'https://api.remove.bg',
      timeoutMs: 60_000,
      maxAttempts: 3,
      size: 'auto',
      maxPixels: DEFAULT_MAX_PIXELS,
      maxRetryDelayMs: 10_000,
      ...cfg,
    };
  }

  async remove(input: Buffer, options: BgRemovalOptions = {}): Promise<BgRemovalResult> {
    const opts = resolveOptions(options);
    // Decoding first rejects what remove.bg would reject, without spending a credit, and
    // gives the size the answer must match.
    const img = await decodeImage(input, { maxPixels: this.cfg.maxPixels });
    // The answer is at most the input's size: a PNG of it cannot exceed its raw RGBA by much.
    const answerCap = img.width * img.height * 4 + 1_048_576;
    const answer = await this.request(input, `image/${img.format}`, opts.subjectType, answerCap);
    const { rgb, alpha } = await this.readAnswer(answer, img.width, img.height);

    const { width: w, height: h } = img;
    // remove.bg already de-mixes edge colours; when its answer was scaled up, its colours are
    // soft, so take the input's pixels and de-mix them here instead.
    let fg = rgb;
    if (!fg) {
      fg = estimateForeground({ rgb: img.rgb, width: w, height: h, alpha, background: null }, 4, opts.edgeSoftness > 3);
      if (img.alpha && img.straightRgb) {
        for (let i = 0; i < img.alpha.length; i++) {
          if (img.alpha[i]! < 255) fg.set(img.straightRgb.subarray(i * 3, i * 3 + 3), i * 3);
        }
      }
    }
    const finalAlpha = applyEdgeSoftness(alpha, w, h, opts.edgeSoftness);
    if (img.alpha) for (let i = 0; i < finalAlpha.length; i++) finalAlpha[i] = Math.min(finalAlpha[i]!, img.alpha[i]! / 255);
    const out = await encodeCutout(fg, finalAlpha, w, h, opts.outputBackground);
    return { ...out, provider: this.name, method: null };
  }

  private async request(input: Buffer, mime: string, subjectType: SubjectType, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }> {
    const url = `${this.cfg.baseUrl.replace(/\/+$/, '')}/v1.0/removebg`;
    const doFetch = this.cfg.fetch ?? fetch;
    const sleep = this.cfg.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const file = new Blob([new Uint8Array(input)], { type: mime });
    let last: ProviderError | null = null;
    for (let attempt = 1; attempt <= this.cfg.maxAttempts; attempt++) {
      const form = new FormData();
      form.append('image_file', file, `image.${mime.slice(6)}`);
      form.append('size', this.cfg.size);
      form.append('type', REMOVE_BG_TYPE[subjectType]);
      form.append('format', 'png');
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          // Accept: application/json would make remove.bg answer base64 JSON; errors are JSON anyway
          headers: { 'X-Api-Key': this.cfg.apiKey, Accept: 'image/png' },
          body: form,
          // A redirect would re-send the image and the API key wherever it points: refused.
          redirect: 'error',
          signal: AbortSignal.timeout(this.cfg.timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        if (/redirect/i.test(String((err as { cause?: { message?: string } }).cause?.message ?? ''))) {
          throw new ProviderError(this.name, 'remove.bg answered with a redirect, which is not followed', { status: 0, retryable: false });
        }
        last = new ProviderError(this.name, timedOut ? 'remove.bg did not answer in time' : 'remove.bg could not be reached', {
          status: 0,
          retryable: true,
          cause: err,
        });
        if (attempt < this.cfg.maxAttempts) await sleep(backoff(attempt));
        continue;
      }
      const bytes = await readCapped(res, res.status === 200 ? maxBytes : 65_536);
      if (!bytes) {
        throw new ProviderError(this.name, `remove.bg answered more than ${maxBytes} bytes`, { status: res.status, retryable: false });
      }
      if (res.status === 200) return { bytes, contentType: res.headers.get('content-type') ?? '' };
      last = this.errorFrom(res.status, bytes);
      if (!last.retryable || attempt === this.cfg.maxAttempts) break;
      const retryAfter = Number(res.headers.get('retry-after'));
      const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : backoff(attempt);
      await sleep(Math.min(wait, this.cfg.maxRetryDelayMs));
    }
    throw last ?? new ProviderError(this.name, 'remove.bg request failed', { status: 0, retryable: true });
  }

  private errorFrom(status: number, body: Buffer): ProviderError {
    let code: string | null = null;
    let text: string | null = null;
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { errors?: { title?: string; code?: string; detail?: string }[] };
      const first = parsed.errors?.[0];
      if (first) {
        code = typeof first.code === 'string' ? first.code : null;
        text = [first.title, first.detail].filter((s) => typeof s === 'string' && s).join(': ') || null;
      }
    } catch {
      // not JSON: keep the status only (never echo an unknown body into error_message)
    }
    const what =
      status === 400
        ? 'remove.bg could not process the image'
        : status === 402
          ? 'remove.bg account has no credits left'
          : status === 403
            ? 'remove.bg rejected the API key'
            : status === 429
              ? 'remove.bg rate limit reached'
              : `remove.bg answered ${status}`;
    return new ProviderError(this.name, text ? `${what} (${truncate(text, 200)})` : what, {
      status,
      providerCode: code,
      retryable: status === 429 || status >= 500,
    });
  }

  /** The answer must be a PNG with alpha, of the input's size or its aspect ratio. */
  private async readAnswer(
    answer: { bytes: Buffer; contentType: string },
    width: number,
    height: number,
  ): Promise<{ rgb: Uint8Array | null; alpha: Float32Array }> {
    const invalid = (why: string): ProviderError =>
      new ProviderError(this.name, `remove.bg answered with an unusable image: ${why}`, { status: 200, retryable: false });
    if (!/^image\/png\b/i.test(answer.contentType)) throw invalid(`content type ${truncate(answer.contentType || 'none', 60)}`);
    let meta: sharp.Metadata;
    try {
      meta = await sharp(answer.bytes, { limitInputPixels: Math.max(width * height * 4, 1) }).metadata();
    } catch (err) {
      throw invalid(err instanceof Error && /pixel/i.test(err.message) ? 'larger than the input' : 'not a readable image');
    }
    if (meta.format !== 'png') throw invalid(`format ${meta.format ?? 'unknown'}`);
    const rw = meta.width ?? 0;
    const rh = meta.height ?? 0;
    if (!meta.hasAlpha) throw invalid('no transparency');
    if (rw <= 0 || rh <= 0 || rw > width || rh > height) throw invalid(`${rw}×${rh} for a ${width}×${height} input`);
    if (Math.abs(rw / rh - width / height) > 0.01 * (width / height) + 2 / Math.min(rw, rh)) {
      throw invalid(`aspect ratio ${rw}×${rh} differs from the input's ${width}×${height}`);
    }
    const same = rw === width && rh === height;
    let data: Buffer;
    try {
      let pipeline = sharp(answer.bytes).toColourspace('srgb').ensureAlpha();
      if (!same) pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
      data = await pipeline.raw().toBuffer();
    } catch {
      throw invalid('corrupt image data');
    }
    const n = width * height;
    if (data.length !== n * 4) throw invalid('unexpected pixel layout');
    const alpha = new Float32Array(n);
    const rgb = same ? new Uint8Array(n * 3) : null;
    for (let i = 0; i < n; i++) {
      alpha[i] = data[i * 4 + 3]! / 255;
      if (rgb) {
        rgb[i * 3] = data[i * 4]!;
        rgb[i * 3 + 1] = data[i * 4 + 1]!;
        rgb[i * 3 + 2] = data[i * 4 + 2]!;
      }
    }
    return { rgb, alpha };
  }
}

/** The body, or null when it is longer than `maxBytes` (reading stops there). */
async function readCapped(res: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

function backoff(attempt: number): number {
  return Math.min(8000, 500 * 2 ** (attempt - 1));
}

function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

// ---------------------------------------------------------------------------------------

export type ProviderConfig =
  | ({ kind: 'local' } & LocalProviderOptions)
  | ({ kind: 'remove.bg' } & RemoveBgOptions);

/** Builds the provider a configuration names (for the composition root). */
export function createBgRemovalProvider(cfg: ProviderConfig): BgRemovalProvider {
  switch (cfg.kind) {
    case 'local':
      return new LocalU2netProvider(cfg);
    case 'remove.bg':
      return new RemoveBgProvider(cfg);
  }
}
