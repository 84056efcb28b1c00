/**
 * The remote background-removal provider (remove.bg over HTTPS) and the factory that picks a
 * provider from configuration. It lives in the module, not in engines/: it speaks HTTP to a
 * third party (engines stay pure processing); the local engine is `engines/vision/providers.ts`.
 */
import sharp from 'sharp';
import { applyEdgeSoftness, encodeCutout, estimateForeground } from '../../engines/vision/segmentation/composite.js';
import { decodeImage, DEFAULT_MAX_PIXELS } from '../../engines/vision/segmentation/decode.js';
import { ProviderError } from '../../engines/vision/segmentation/errors.js';
import { resolveOptions, type BgRemovalOptions, type SubjectType } from '../../engines/vision/segmentation/options.js';
import { LocalU2netProvider, type BgRemovalProvider, type BgRemovalResult, type LocalProviderOptions } from '../../engines/vision/providers.js';

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
