import sharp from 'sharp';
import { applyEdgeSoftness, encodeCutout, estimateForeground, type EncodedCutout } from './composite.js';
import { decodeImage, type DecodedImage, type DecodeOptions } from './decode.js';
import { borderBackground, colourKey, type BorderBackground } from './keying.js';
import { erode, findHoles, labelComponents } from './binary-mask.js';
import { getModel, warmup as warmupModel, U2NETP, type ModelSpec, type SegmentationModel, type SessionOptions, type WarmupReport } from './model.js';
import { resolveOptions, type BgRemovalOptions, type ResolvedOptions } from './options.js';
import { lumaOf, PROFILES, refineSaliency } from './refine.js';

/** Which technique produced the alpha. */
export type SegmentationMethod = 'model' | 'colour_key' | 'colour_key+model';

export interface AlphaResult {
  /** full-resolution alpha in 0..1, before edge softness */
  alpha: Float32Array;
  width: number;
  height: number;
  method: SegmentationMethod;
  /** the flat background colour when keying was used */
  keyColour: [number, number, number] | null;
  /** why: border flatness and the edge scores that decided (modelScore NaN: the model did not run) */
  decision: { flatness: number; modelScore: number; keyScore: number | null };
  /** wall time of the stages, ms */
  stages: { inferMs: number; refineMs: number; keyMs: number };
}

export interface CutoutResult extends EncodedCutout {
  method: SegmentationMethod;
  /** final 8-bit alpha (after edge softness and the input's own alpha) */
  alpha: Uint8Array;
  /** wall time per stage, ms (segmentMs = infer + refine + key + edge colours/softness) */
  timings: {
    decodeMs: number;
    segmentMs: number;
    inferMs: number;
    refineMs: number;
    keyMs: number;
    encodeMs: number;
    totalMs: number;
  };
}

export interface EngineContext extends DecodeOptions {
  /** the model session; defaults to the process-wide u2netp session */
  model?: SegmentationModel;
}

/**
 * The guided filter and cleanup run at this long side (the model sees 320² anyway); the
 * result is carried to full resolution by the fast guided filter. 512 scores the same as
 * 768 on the evaluation set enlarged 2× (person IoU 0.887 vs 0.888) at under half the cost.
 */
const WORK_LONG_SIDE = 512;

/** Border flatness from which keying is considered at all (share of border pixels). */
const FLAT_FOR_GRAPHICS = 0.8;
const FLAT_FOR_PHOTOS = 0.92;
/**
 * Edge score a key must reach to be used for artwork without asking the model (keys of the
 * evaluation set's logos and type score 0.17–0.83; a key that found nothing scores 0).
 */
const MIN_KEY_EDGE_SCORE = 0.06;

/**
 * Bytes in, cut-out PNG out. Decodes under the pixel cap, segments, applies edge softness,
 * removes the background's colour from edge pixels and encodes. Throws InvalidImageError,
 * ImageTooLargeError or ModelError.
 */
export async function removeBackground(
  input: Buffer,
  options: BgRemovalOptions = {},
  ctx: EngineContext = {},
): Promise<CutoutResult> {
  const opts = resolveOptions(options);
  const t0 = performance.now();
  const img = await decodeImage(input, ctx);
  const t1 = performance.now();
  const model = ctx.model ?? (await getModel());
  const { seg, alpha } = await segmentImage(img, opts, model);
  const { width: w, height: h } = img;
  const fg = estimateForeground(
    { rgb: img.rgb, width: w, height: h, alpha: seg.alpha, background: seg.keyColour },
    Math.max(3, Math.round(Math.min(w, h) / 128) + opts.edgeSoftness),
    opts.edgeSoftness > 3,
  );
  if (img.alpha && img.straightRgb) {
    // where the input was itself partly transparent, its own colours are the subject's
    for (let i = 0; i < img.alpha.length; i++) {
      if (img.alpha[i]! < 255) fg.set(img.straightRgb.subarray(i * 3, i * 3 + 3), i * 3);
    }
  }
  const t2 = performance.now();
  const encoded = await encodeCutout(fg, alpha, w, h, opts.outputBackground);
  const t3 = performance.now();
  const alpha8 = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) alpha8[i] = Math.round(alpha[i]! * 255);
  return {
    ...encoded,
    method: seg.method,
    alpha: alpha8,
    timings: { decodeMs: t1 - t0, segmentMs: t2 - t1, ...seg.stages, encodeMs: t3 - t2, totalMs: t3 - t0 },
  };
}

export interface EngineWarmupReport extends WarmupReport {
  /** two small end-to-end runs (a photo and a logo) that compile the JavaScript paths */
  pipelineMs: number;
  /** wall time of the whole warm-up */
  totalMs: number;
}

/**
 * Loads the model, runs its first inference and sends two small synthetic images through
 * the whole pipeline (model path and keying path), so the first real job pays none of it.
 * Call at worker start; the report's numbers are the first-call latency it saves.
 */
export async function warmupEngine(spec: ModelSpec = U2NETP, session: SessionOptions = {}): Promise<EngineWarmupReport> {
  const t0 = performance.now();
  const report = await warmupModel(spec, session);
  const model = await getModel(spec, session);
  const t1 = performance.now();
  const disc = (fill: string, bg: string): Promise<Buffer> =>
    sharp({ create: { width: 384, height: 256, channels: 3, background: bg } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="384" height="256"><rect x="20" y="20" width="60" height="200" fill="#777"/><circle cx="192" cy="128" r="80" fill="${fill}"/></svg>`,
          ),
        },
      ])
      .jpeg()
      .toBuffer();
  await removeBackground(await disc('#c0392b', '#4a6a3a'), { subjectType: 'product' }, { model });
  await removeBackground(await disc('#1d3557', '#ffffff'), { subjectType: 'logo', outputBackground: 'white' }, { model });
  const t2 = performance.now();
  return { ...report, pipelineMs: t2 - t1, totalMs: t2 - t0 };
}

/**
 * The final alpha of a decoded image (edge softness applied, capped by the input's own
 * alpha) and how it was made. `removeBackground` without the encoding; the evaluation uses it.
 */
export async function segmentImage(
  img: DecodedImage,
  opts: ResolvedOptions,
  model: SegmentationModel,
): Promise<{ seg: AlphaResult; alpha: Float32Array }> {
  const seg = await computeAlpha(img, opts, model);
  const alpha = applyEdgeSoftness(seg.alpha, img.width, img.height, opts.edgeSoftness);
  if (img.alpha) for (let i = 0; i < alpha.length; i++) alpha[i] = Math.min(alpha[i]!, img.alpha[i]! / 255);
  return { seg, alpha };
}

/**
 * The alpha of a decoded image: colour keying from the borders, the model's saliency refined
 * against the image, or both, chosen per subject type and by how well each mask's outline
 * sits on the image's edges (`edgeScore`).
 *
 *  - logo, text: on a flat backdrop the key is tried first; if it scores well on its own
 *    (outline on real edges, a sane share of the image) it is used and the model never
 *    runs; otherwise the model runs and the better-scoring mask wins.
 *  - auto: on a flat backdrop, a key that falls into many pieces is artwork (as above).
 *  - product, person, hair_heavy, auto: the model; on a flat backdrop combined with the key
 *    (key edges and fine detail, the model deciding over shadows) when that scores as well.
 */
export async function computeAlpha(
  img: DecodedImage,
  opts: Pick<ResolvedOptions, 'subjectType' | 'highDetailMode'>,
  model: SegmentationModel,
): Promise<AlphaResult> {
  const { width: w, height: h } = img;
  const n = w * h;
  const type = opts.subjectType;
  const graphics = type === 'logo' || type === 'text';
  const stages = { inferMs: 0, refineMs: 0, keyMs: 0 };

  const tKey = performance.now();
  const bg = borderBackground(img.rgb, w, h);
  const flatEnough = bg.flatness >= (graphics ? FLAT_FOR_GRAPHICS : FLAT_FOR_PHOTOS);
  const keyed = flatEnough ? colourKey(img.rgb, w, h, bg) : null;
  const lumaFull = lumaOf(img.rgb, n);
  const keyScore = keyed ? edgeScore(keyed, lumaFull, w, h) : null;
  stages.keyMs = performance.now() - tKey;
  const keyResult = (modelScore: number): AlphaResult => ({
    width: w,
    height: h,
    stages,
    alpha: keyed!,
    method: 'colour_key',
    keyColour: bg.colour,
    decision: { flatness: bg.flatness, modelScore, keyScore },
  });
  if (keyed && keyScore !== null && (graphics || type === 'auto')) {
    const plausible = keyScore >= MIN_KEY_EDGE_SCORE && plausibleCoverage(keyed);
    if (plausible && (graphics || looksLikeGraphics(keyed, w, h))) return keyResult(Number.NaN);
  }

  const tInfer = performance.now();
  const scale = Math.min(1, WORK_LONG_SIDE / Math.max(w, h));
  const ww = Math.max(1, Math.round(w * scale));
  const wh = Math.max(1, Math.round(h * scale));
  const workRgb =
    scale === 1
      ? img.rgb
      : await sharp(img.rgb, { raw: { width: w, height: h, channels: 3 } })
          .resize(ww, wh, { fit: 'fill', kernel: 'linear' })
          .raw()
          .toBuffer();
  const saliency = await model.predict(workRgb, ww, wh);
  const tRefine = performance.now();
  stages.inferMs = tRefine - tInfer;
  const modelAlpha = refineSaliency(
    {
      saliency,
      size: model.spec.inputSize,
      workLuma: scale === 1 ? lumaFull : lumaOf(workRgb, ww * wh),
      workWidth: ww,
      workHeight: wh,
      fullRgb: img.rgb,
      fullLuma: lumaFull,
      width: w,
      height: h,
    },
    PROFILES[type],
    opts.highDetailMode,
  );
  const modelScore = edgeScore(modelAlpha, lumaFull, w, h);
  stages.refineMs = performance.now() - tRefine;
  const decision = { flatness: bg.flatness, modelScore, keyScore };
  const modelOnly: AlphaResult = { width: w, height: h, stages, alpha: modelAlpha, method: 'model', keyColour: null, decision };

  if (!keyed || keyScore === null) return modelOnly;
  if (graphics) return keyScore >= modelScore ? keyResult(modelScore) : modelOnly;

  const tCombine = performance.now();
  // With the subject type unknown, a backdrop-coloured region enclosed by the subject is
  // taken as a hole (the middle of a ring, a mug's handle) even if the model covers it.
  const combined = combineKeyAndModel(keyed, modelAlpha, img.rgb, w, h, bg, type !== 'auto');
  const combinedScore = edgeScore(combined, lumaFull, w, h);
  stages.keyMs += performance.now() - tCombine;
  if (combinedScore >= 0.8 * modelScore) {
    return {
      ...modelOnly,
      decision: { ...decision, keyScore: combinedScore },
      alpha: combined,
      method: 'colour_key+model',
      keyColour: bg.colour,
    };
  }
  return modelOnly;
}

/** A key that covers almost nothing or almost everything found no subject. */
function plausibleCoverage(alpha: Float32Array): boolean {
  let fg = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! >= 0.5) fg++;
  const share = fg / alpha.length;
  return share > 0.0005 && share < 0.9;
}

/**
 * Keyed alpha, except where a pixel looks like a shadow on the backdrop (the backdrop's own
 * hue, only darker): there the model decides. The model's solid interior is added, which
 * fills parts of the subject that match the backdrop colour.
 */
function combineKeyAndModel(
  keyed: Float32Array,
  modelAlpha: Float32Array,
  rgb: Uint8Array,
  w: number,
  h: number,
  bg: BorderBackground,
  fillEnclosed: boolean,
): Float32Array {
  const n = w * h;
  const [br, bgc, bb] = bg.colour;
  const bSum = br + bgc + bb + 1e-6;
  const cr = br / bSum;
  const cg = bgc / bSum;
  const modelBin = new Uint8Array(n);
  for (let i = 0; i < n; i++) modelBin[i] = modelAlpha[i]! >= 0.5 ? 1 : 0;
  const core = erode(modelBin, w, h, Math.max(2, Math.round(Math.min(w, h) * 0.006)));
  if (!fillEnclosed) {
    const keyBin = new Uint8Array(n);
    for (let i = 0; i < n; i++) keyBin[i] = keyed[i]! >= 0.5 ? 1 : 0;
    const holes = findHoles(keyBin, w, h);
    for (let i = 0; i < n; i++) if (holes.labels[i]) core[i] = 0;
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let a = keyed[i]!;
    if (a > 0) {
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      const sum = r + g + b;
      const ratio = sum / bSum;
      const chroma = Math.abs(r / (sum + 1e-6) - cr) + Math.abs(g / (sum + 1e-6) - cg);
      if (ratio > 0.2 && ratio < 0.99 && chroma < 0.04) a = Math.min(a, modelAlpha[i]!);
    }
    if (core[i] && modelAlpha[i]! > a) a = modelAlpha[i]!;
    out[i] = a;
  }
  return out;
}

/**
 * Type and logos on a flat backdrop key into many separate pieces (letters, marks); a
 * photographed subject keys into one or two (plus specks). Five or more pieces of at least
 * 0.3 % of the keyed area each: treat as graphics, where the model's blob only does harm.
 */
function looksLikeGraphics(keyed: Float32Array, w: number, h: number): boolean {
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = keyed[i]! >= 0.5 ? 1 : 0;
  const { areas, count } = labelComponents(bin, w, h);
  let total = 0;
  for (let l = 1; l <= count; l++) total += areas[l]!;
  let pieces = 0;
  for (let l = 1; l <= count; l++) if (areas[l]! >= total * 0.003) pieces++;
  return pieces >= 5;
}

/**
 * Mean luma gradient (Sobel magnitude, 0..~1) along the mask's outline: a mask whose edge
 * runs along real image edges scores high, a blob drawn across flat background scores ~0.
 */
export function edgeScore(alpha: Float32Array, luma: Float32Array, w: number, h: number): number {
  let sum = 0;
  let count = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const inside = alpha[i]! >= 0.5;
      if (!inside) continue;
      if (alpha[i - 1]! >= 0.5 && alpha[i + 1]! >= 0.5 && alpha[i - w]! >= 0.5 && alpha[i + w]! >= 0.5) continue;
      const gx =
        luma[i - w + 1]! + 2 * luma[i + 1]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - 1]! - luma[i + w - 1]!;
      const gy =
        luma[i + w - 1]! + 2 * luma[i + w]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - w]! - luma[i - w + 1]!;
      sum += Math.sqrt(gx * gx + gy * gy) / 4;
      count++;
    }
  }
  return count ? sum / count : 0;
}
