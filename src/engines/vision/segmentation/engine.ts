import sharp from 'sharp';
import { applyEdgeSoftness, encodeCutout, estimateForeground, type EncodedCutout } from './composite.js';
import { decodeImage, type DecodedImage, type DecodeOptions } from './decode.js';
import { borderBackground, colourKey } from './keying.js';
import { cleanTexturedKey, combineKeyAndModel, edgeScore, keepMainSubject, looksLikeGraphics, plausibleCoverage } from './mask-choice.js';
import { getModel, warmup as warmupModel, U2NETP, type ModelSpec, type SegmentationModel, type SessionOptions, type WarmupReport } from './model.js';
import { resolveOptions, type BgRemovalOptions, type ResolvedOptions, type SubjectType } from './options.js';
import { findsFace, fusePersonSaliency, personMap, warmupPerson } from './person.js';
import { lumaOf, PROFILES, refineAtWork, refineSaliency, renderRefined, type RefinedWork } from './refine.js';
import { upsampleKey } from './upsample.js';

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
  /**
   * why: border flatness and the edge scores that decided (modelScore NaN: the model did not
   * run), whether the person model ran, and how well its map agreed with the saliency's
   * (person.ts: from 0.8 the saliency stands alone)
   */
  decision: { flatness: number; modelScore: number; keyScore: number | null; person?: boolean; personAgreement?: number };
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

/**
 * Above this long side (and unless `highDetailMode`), keying, the model's refinement and the
 * choice between them run on a copy reduced to it, and the alpha is carried to full size by
 * a guided upsampling (upsample.ts): at 2048² that is a quarter of the pixels for the
 * whole-image passes. The evaluation set at 2× (1024 px) is decided at full size.
 */
const DECIDE_LONG_SIDE = 1024;

/** Border flatness from which keying is considered at all (share of border pixels). */
const FLAT_FOR_GRAPHICS = 0.8;
const FLAT_FOR_PHOTOS = 0.92;
/**
 * Border noise (`BorderBackground.noise`, RGB distance) from which a backdrop counts as
 * textured — wood, paper, fabric — even if most of it is near one colour: the key may turn
 * its grain into partly opaque foreground. Plain backdrops, JPEG noise included, measure
 * 4–5; the evaluation set's paper 13, brick 21, wood 20+. Artwork on a textured backdrop is
 * keyed, the key cleaned of grain (`cleanTexturedKey`), and never taken on its own say-so:
 * the model runs and the better-scoring mask wins. Photographed subjects (and `auto` when the
 * key does not look like artwork) are not keyed there.
 */
const TEXTURED_NOISE = 12;
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
    true, // img.rgb is not read again
  );
  if (img.alpha && img.straightRgb) {
    // where the input was itself partly transparent, its own colours are the subject's
    for (let i = 0; i < img.alpha.length; i++) {
      if (img.alpha[i]! < 255) fg.set(img.straightRgb.subarray(i * 3, i * 3 + 3), i * 3);
    }
  }
  const t2 = performance.now();
  const alpha8 = new Uint8Array(alpha.length);
  const encoded = await encodeCutout(fg, alpha, w, h, opts.outputBackground, alpha8);
  const t3 = performance.now();
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
  /** loading the person model and the face detector, with one run each (0: not used with this model) */
  personMs: number;
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
  if (spec.fusePerson) await warmupPerson();
  const t3 = performance.now();
  return { ...report, pipelineMs: t2 - t1, personMs: t3 - t2, totalMs: t3 - t0 };
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
  // at the default softness the refined alpha is the final one: no copy unless it is capped below
  const alpha =
    opts.edgeSoftness === 3 && !img.alpha ? seg.alpha : applyEdgeSoftness(seg.alpha, img.width, img.height, opts.edgeSoftness);
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
 *  - a textured backdrop (TEXTURED_NOISE): artwork's key is cleaned of grain and always
 *    weighed against the model; photographed subjects are not keyed.
 *
 * Above DECIDE_LONG_SIDE (unless high-detail) all of this runs on a reduced copy.
 */
export async function computeAlpha(
  img: DecodedImage,
  opts: Pick<ResolvedOptions, 'subjectType' | 'highDetailMode'>,
  model: SegmentationModel,
): Promise<AlphaResult> {
  const { width: w, height: h } = img;
  const long = Math.max(w, h);
  if (opts.highDetailMode || long <= DECIDE_LONG_SIDE) return (await computeAlphaAt(img, opts, model)).result;
  // Above DECIDE_LONG_SIDE everything is decided on a reduced copy (any linear resampling
  // keeps I = α·F + (1−α)·B true, so the key there is as exact as at full size). The model's
  // mask is then rendered at full size from its guided-filter coefficients, as it would have
  // been anyway; a key (alone or combined) is carried up by a guided upsampling.
  const scale = DECIDE_LONG_SIDE / long;
  const sw = Math.max(1, Math.round(w * scale));
  const sh = Math.max(1, Math.round(h * scale));
  const smallRgb = await sharp(img.rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(sw, sh, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const { result: small, work } = await computeAlphaAt({ ...img, width: sw, height: sh, rgb: smallRgb, alpha: null, straightRgb: null }, opts, model, true);
  const t0 = performance.now();
  const stages = { ...small.stages };
  if (small.method === 'model' && work) {
    const alpha = renderRefined(work, img.rgb, w, h, PROFILES[opts.subjectType]);
    stages.refineMs += performance.now() - t0;
    return { ...small, alpha, width: w, height: h, stages };
  }
  const alpha = upsampleKey({
    alpha: small.alpha,
    smallRgb,
    sw,
    sh,
    fullRgb: img.rgb,
    w,
    h,
    colour: small.keyColour ?? [255, 255, 255], // set whenever the method involves the key
    eps: 1e-5,
  });
  stages.keyMs += performance.now() - t0;
  return { ...small, alpha, width: w, height: h, stages };
}

async function computeAlphaAt(
  img: DecodedImage,
  opts: Pick<ResolvedOptions, 'subjectType' | 'highDetailMode'>,
  model: SegmentationModel,
  /** the caller renders the model's mask itself (at full size): without a key to weigh it against, it is not rendered here */
  deferModelRender = false,
): Promise<{ result: AlphaResult; work: RefinedWork | null }> {
  const { width: w, height: h } = img;
  const n = w * h;
  const type = opts.subjectType;
  const graphics = type === 'logo' || type === 'text';
  const stages = { inferMs: 0, refineMs: 0, keyMs: 0 };

  const tKey = performance.now();
  const bg = borderBackground(img.rgb, w, h);
  const textured = bg.noise >= TEXTURED_NOISE;
  const flatEnough = bg.flatness >= (graphics ? FLAT_FOR_GRAPHICS : FLAT_FOR_PHOTOS) && (graphics || type === 'auto' || !textured);
  // The model's working copy: when the key cannot settle the image on its own (below), the
  // model runs anyway, and sharp makes the copy on its thread pool while the key is computed.
  const scale = Math.min(1, WORK_LONG_SIDE / Math.max(w, h));
  const ww = Math.max(1, Math.round(w * scale));
  const wh = Math.max(1, Math.round(h * scale));
  const makeWorkRgb = (): Promise<Buffer> =>
    scale === 1
      ? Promise.resolve(img.rgb)
      : sharp(img.rgb, { raw: { width: w, height: h, channels: 3 } })
          .resize(ww, wh, { fit: 'fill', kernel: 'linear' })
          .raw()
          .toBuffer();
  const keyMaySuffice = flatEnough && !textured && (graphics || type === 'auto');
  const workRgbEarly = keyMaySuffice ? null : makeWorkRgb();
  workRgbEarly?.catch(() => undefined); // a failure surfaces where it is awaited, not as an unhandled rejection
  const keyed = flatEnough ? colourKey(img.rgb, w, h, bg, { fillKnockouts: type !== 'text' }) : null;
  if (keyed && textured) cleanTexturedKey(keyed, w, h, 0.01);
  // full-size luma only where something reads it (the model's own path at 2048² does not)
  let lumaCache: Float32Array | null = null;
  const lumaFull = (): Float32Array => (lumaCache ??= lumaOf(img.rgb, n));
  const keyScore = keyed ? edgeScore(keyed, lumaFull(), w, h) : null;
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
  if (keyed && keyScore !== null && keyMaySuffice) {
    const plausible = keyScore >= MIN_KEY_EDGE_SCORE && plausibleCoverage(keyed);
    if (plausible && (graphics || looksLikeGraphics(keyed, w, h))) return { result: keyResult(Number.NaN), work: null };
  }

  const tInfer = performance.now();
  const workRgb = await (workRgbEarly ?? makeWorkRgb());
  const { saliency, person, personAgreement } = await saliencyOf(model, type, workRgb, ww, wh);
  const tRefine = performance.now();
  stages.inferMs = tRefine - tInfer;
  const refineInput = {
      saliency,
      size: model.spec.inputSize,
      workLuma: scale === 1 ? lumaFull() : lumaOf(workRgb, ww * wh),
      workWidth: ww,
      workHeight: wh,
      fullRgb: img.rgb,
      get fullLuma() {
        return lumaFull();
      },
      width: w,
      height: h,
  };
  let work: RefinedWork | null = null;
  let modelAlpha: Float32Array;
  const profile = PROFILES[type];
  if (opts.highDetailMode) modelAlpha = refineSaliency(refineInput, profile, true);
  else {
    work = refineAtWork(refineInput, profile);
    if (deferModelRender && !keyed) {
      // only its score is needed here, for the record: at the working resolution
      const alphaWork = renderRefined(work, refineInput.workLuma, ww, wh, profile);
      const modelScore = edgeScore(alphaWork, refineInput.workLuma, ww, wh);
      stages.refineMs = performance.now() - tRefine;
      const decision = { flatness: bg.flatness, modelScore, keyScore, person, ...(personAgreement !== null && { personAgreement }) };
      return { result: { width: ww, height: wh, stages, alpha: alphaWork, method: 'model', keyColour: null, decision }, work };
    }
    modelAlpha = renderRefined(work, lumaFull(), w, h, profile);
  }
  const modelScore = edgeScore(modelAlpha, lumaFull(), w, h);
  stages.refineMs = performance.now() - tRefine;
  const decision = { flatness: bg.flatness, modelScore, keyScore, person, ...(personAgreement !== null && { personAgreement }) };
  const modelOnly: AlphaResult = { width: w, height: h, stages, alpha: modelAlpha, method: 'model', keyColour: null, decision };

  if (!keyed || keyScore === null) return { result: modelOnly, work };
  // a cleaned key on texture keeps artwork the model misses (a yellow mark on pine scores low
  // on luma edges): it wins unless clearly worse
  if (graphics || (textured && looksLikeGraphics(keyed, w, h))) {
    return { result: keyScore >= (textured ? 0.8 : 1) * modelScore ? keyResult(modelScore) : modelOnly, work };
  }
  if (textured) return { result: modelOnly, work }; // a photographed subject on texture: no key

  const tCombine = performance.now();
  // With the subject type unknown, a backdrop-coloured region enclosed by the subject is
  // taken as a hole (the middle of a ring, a mug's handle) even if the model covers it.
  const combined = combineKeyAndModel(keyed, modelAlpha, img.rgb, w, h, bg, type !== 'auto');
  // A product is one subject (refine.ts holds the model's mask to one; the key may add more)
  if (type === 'product') keepMainSubject(combined, w, h, PROFILES[type].keepFrac);
  const combinedScore = edgeScore(combined, lumaFull(), w, h);
  stages.keyMs += performance.now() - tCombine;
  if (combinedScore >= 0.8 * modelScore) {
    const result: AlphaResult = {
      ...modelOnly,
      decision: { ...decision, keyScore: combinedScore },
      alpha: combined,
      method: 'colour_key+model',
      keyColour: bg.colour,
    };
    return { result, work };
  }
  return { result: modelOnly, work };
}

/**
 * The model's saliency of the working copy; for people, fused with the person model's map
 * (person.ts): always for `person`, for `auto` and `hair_heavy` when a face is found (the
 * detector runs while the saliency model does, on its own threads). Only models that ask for
 * it (`fusePerson`: u2netp) are fused.
 */
async function saliencyOf(
  model: SegmentationModel,
  type: SubjectType,
  rgb: Uint8Array,
  w: number,
  h: number,
): Promise<{ saliency: Float32Array; person: boolean; personAgreement: number | null }> {
  const candidate = model.spec.fusePerson === true && (type === 'person' || type === 'auto' || type === 'hair_heavy');
  const [saliency, person] = await Promise.all([
    model.predict(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), w, h),
    candidate && type !== 'person' ? findsFace(rgb, w, h) : Promise.resolve(candidate),
  ]);
  const personAgreement = person ? fusePersonSaliency(saliency, await personMap(rgb, w, h, saliency, model.spec.inputSize)) : null;
  return { saliency, person, personAgreement };
}
