import sharp from 'sharp';
import { DEFAULT_MAX_OUTPUT_PIXELS, declaredPpi, rasterGeometry } from '../preflight/raster.js';
import { resolveSpec, round2, type ResolvedSpec } from '../preflight/spec.js';
import type { FixType, PreflightSpec, RasterFileType } from '../preflight/types.js';
import { withDensity } from './density.js';
import { FixError } from './errors.js';
import { lanczosEnlarge } from './lanczos.js';
import { tiffHeaderLength, writeTiffHeader, type TiffPhotometric } from './raw-tiff.js';

export interface FixSpec extends PreflightSpec {
  /** resolution resize_to_spec resamples to (the job's `options.targetDpi`) */
  targetDpi?: number;
}

export interface RasterFixOptions {
  /** largest image a fix may produce; default 200 megapixels */
  maxOutputPixels?: number;
  /** largest input decoded; default sharp's (≈ 268 megapixels) */
  maxInputPixels?: number;
  /** worker threads of the Lanczos enlargement; default the machine's parallelism */
  threads?: number;
}

export interface RasterFixResult {
  file: Buffer;
  fileType: RasterFileType;
  applied: FixType[];
  notes: string[];
}

const SHARP_DEFAULT_INPUT_PIXELS = 0x3fff * 0x3fff;
const WHITE = { r: 255, g: 255, b: 255 };
const GREY = new Set(['b-w', 'grey16']);

/** The image between steps: an open sharp pipeline plus what we know about its result. */
interface Working {
  img: sharp.Sharp;
  /** operations were queued on img: materialise before the next step (sharp reorders ops inside one pipeline) */
  dirty: boolean;
  width: number;
  height: number;
  /** libvips interpretation the output must keep (cmyk, b-w, srgb…) */
  space: string;
  hasAlpha: boolean;
  /** pixels per inch to write into the output; undefined keeps the format's default */
  density: number | undefined;
  /** the colour conversion fix ran: embed sharp's CMYK profile rather than keep the input's */
  convertedToCmyk: boolean;
  /** the input's own profile, carried through pixels computed outside sharp (CMYK only) */
  icc: Buffer | undefined;
}

/**
 * Raster fixes with sharp, in the order of `fixes` (FIX_ORDER). Every resampling uses Lanczos-3
 * (enlargement by lanczos.ts, reduction by libvips); nothing is invented. The density written into the output is the effective resolution on the
 * product, so that a re-check places the image exactly where the fix meant it to go.
 */
export async function applyRasterFixes(
  file: Buffer,
  fileType: RasterFileType,
  fixes: readonly FixType[],
  fixSpec: FixSpec,
  options: RasterFixOptions = {},
): Promise<RasterFixResult> {
  const spec = resolveSpec(fixSpec);
  const maxOut = options.maxOutputPixels ?? DEFAULT_MAX_OUTPUT_PIXELS;
  const limitInputPixels = Math.max(options.maxInputPixels ?? SHARP_DEFAULT_INPUT_PIXELS, maxOut);
  const open = (buf: Buffer, space: string) => {
    const s = sharp(buf, { limitInputPixels, failOn: 'error' });
    return space === 'cmyk' ? s.pipelineColourspace('cmyk') : s;
  };

  let meta: sharp.Metadata;
  try {
    meta = await sharp(file, { limitInputPixels, failOn: 'error' }).metadata();
  } catch (err) {
    throw new FixError('unreadable', `image cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!meta.width || !meta.height) throw new FixError('unreadable', 'image has no dimensions');
  const space = meta.space ?? 'srgb';
  const w: Working = {
    img: open(file, space),
    dirty: false,
    width: meta.width,
    height: meta.height,
    space,
    hasAlpha: meta.hasAlpha ?? false,
    density: meta.density,
    convertedToCmyk: false,
    icc: space === 'cmyk' ? meta.icc : undefined,
  };
  const applied: FixType[] = [];
  const notes: string[] = [];
  if (meta.depth === 'ushort') notes.push('the image had 16 bits per channel; the corrected file has 8');

  // the first pipeline that runs decodes the input: its failure means the file is damaged
  let inputDecoded = false;
  const render = async <T>(make: () => Promise<T>): Promise<T> => {
    try {
      const r = await make();
      inputDecoded = true;
      return r;
    } catch (err) {
      if (err instanceof FixError) throw err;
      const msg = err instanceof Error ? err.message : String(err);
      throw inputDecoded ? new FixError('tool_failed', `image processing failed: ${msg}`) : new FixError('unreadable', `image cannot be decoded: ${msg}`);
    }
  };

  /** run() returns 'clean' when it left a freshly opened image with nothing queued */
  const step = async (fix: FixType, run: () => void | 'clean' | Promise<void | 'clean'>) => {
    if (w.dirty) {
      const tiff = await render(() => finishColour(w).tiff({ compression: 'none' }).toBuffer());
      w.img = open(tiff, w.space);
      w.dirty = false;
    }
    w.dirty = (await run()) !== 'clean';
    applied.push(fix);
  };
  /** Lanczos-3 enlargement outside sharp (whose lanczos3 enlarges bicubically), back in as a TIFF. */
  const enlarge = async (tw: number, th: number): Promise<void> => {
    const photometric: TiffPhotometric = w.space === 'cmyk' ? 'cmyk' : GREY.has(w.space) ? 'grey' : 'rgb';
    // raw output in b-w drops the alpha band; grey + alpha is read as sRGB (g, g, g, a) instead
    const greyAlpha = photometric === 'grey' && w.hasAlpha;
    const raw = await render(() => (greyAlpha ? w.img : finishColour(w)).raw().toBuffer({ resolveWithObject: true }));
    const { width, height } = raw.info;
    const data = greyAlpha ? pickBands(raw.data, raw.info.channels, [0, raw.info.channels - 1]) : raw.data;
    const channels = greyAlpha ? 2 : raw.info.channels;
    const icc = w.space === 'cmyk' && !w.convertedToCmyk ? w.icc : undefined;
    const headerLength = tiffHeaderLength(channels, photometric, icc);
    const out = await lanczosEnlarge(data, width, height, channels, tw, th, { outputOffset: headerLength, ...(options.threads !== undefined ? { threads: options.threads } : {}) });
    writeTiffHeader(out, tw, th, channels, photometric, icc);
    w.img = open(out, w.space);
    w.width = tw;
    w.height = th;
  };
  const capCheck = (fix: FixType, width: number, height: number) => {
    if (width * height > maxOut) {
      throw new FixError('pixel_cap', `${fix} would make a ${width}×${height} image, over the ${maxOut}-pixel limit`, { width, height, maxOutputPixels: maxOut });
    }
  };

  const upscale = fixes.includes('upscale_resolution_4x') ? 4 : fixes.includes('upscale_resolution_2x') ? 2 : 0;
  if (fixes.includes('upscale_resolution_2x') && fixes.includes('upscale_resolution_4x')) notes.push('upscale_resolution_2x and _4x were both asked for; the image was upscaled ×4 once');

  for (const fix of fixes) {
    switch (fix) {
      case 'remove_transparency':
        if (!w.hasAlpha) {
          notes.push('remove_transparency: the image has no alpha channel');
          break;
        }
        await step(fix, () => {
          w.img = w.img.flatten({ background: WHITE });
          w.hasAlpha = false;
        });
        break;

      case 'resize_to_spec': {
        const canvas = spec.canvas;
        if (!canvas) throw new FixError('missing_spec', 'resize_to_spec needs canvasWidthInches and canvasHeightInches');
        const geo = rasterGeometry(w.width, w.height, w.density, spec);
        const target = fixSpec.targetDpi ?? Math.max(spec.required?.ppi ?? 0, Math.round(geo.effectivePpi ?? 0));
        if (!(target > 0)) throw new FixError('missing_spec', 'resize_to_spec needs a target resolution');
        // the image's own pixels cover the bleed unless the mirrored-bleed fix follows
        const bleed = spec.bleedIn > 0 && !fixes.includes('add_bleed') ? 2 * spec.bleedIn : 0;
        const tw = Math.max(1, Math.round((canvas.widthIn + bleed) * target));
        const th = Math.max(1, Math.round((canvas.heightIn + bleed) * target));
        capCheck(fix, tw, th);
        await step(fix, async () => {
          const scale = Math.max(tw / w.width, th / w.height);
          if (scale > 1) {
            // enlarge to cover with Lanczos, then cut the centred target out of it
            const uw = Math.max(tw, Math.round(w.width * scale));
            const uh = Math.max(th, Math.round(w.height * scale));
            capCheck(fix, uw, uh);
            await enlarge(uw, uh);
            w.img = w.img.extract({ left: Math.floor((uw - tw) / 2), top: Math.floor((uh - th) / 2), width: tw, height: th });
          } else {
            // shrinking: libvips' Lanczos-3 reduction
            w.img = w.img.resize(tw, th, { fit: 'cover', position: 'centre', kernel: sharp.kernel.lanczos3 });
          }
          w.width = tw;
          w.height = th;
          w.density = target;
        });
        notes.push(`resize_to_spec: ${tw}×${th} px at ${round2(target)} PPI${bleed ? ' including bleed' : ''}`);
        if (upscale) notes.push('upscale skipped: resize_to_spec already resampled to the target resolution');
        break;
      }

      case 'upscale_resolution_2x':
      case 'upscale_resolution_4x': {
        if (fixes.includes('resize_to_spec') || (upscale === 4 && fix === 'upscale_resolution_2x')) break;
        const tw = w.width * upscale;
        const th = w.height * upscale;
        capCheck(fix, tw, th);
        await step(fix, async () => {
          w.density = upscaledDensity(w, upscale);
          await enlarge(tw, th);
          return 'clean' as const;
        });
        break;
      }

      case 'sharpen_edges':
        // unsharp mask on the luminance, strong on edges (m2) and gentle in flat areas (m1), so noise is not boosted
        await step(fix, () => {
          w.img = w.img.sharpen({ sigma: 1, m1: 0.5, m2: 3 });
        });
        break;

      case 'convert_color_mode':
        if (w.space === 'cmyk') {
          notes.push('convert_color_mode: the image is already CMYK');
          break;
        }
        await step(fix, () => {
          w.space = 'cmyk';
          w.convertedToCmyk = true;
        });
        break;

      case 'add_bleed': {
        if (!(spec.bleedIn > 0)) throw new FixError('missing_spec', 'add_bleed needs productProfile.bleedMm');
        const geo = rasterGeometry(w.width, w.height, w.density, spec);
        if (geo.includesBleed) {
          notes.push('add_bleed: the image already covers the bleed');
          break;
        }
        const ppi = spec.canvas ? Math.min(w.width / spec.canvas.widthIn, w.height / spec.canvas.heightIn) : geo.declaredPpi;
        if (ppi === null) throw new FixError('missing_spec', 'add_bleed needs the canvas size or a file that records its resolution');
        const px = Math.max(1, Math.round(spec.bleedIn * ppi));
        if (px >= Math.min(w.width, w.height)) throw new FixError('not_applicable', `the bleed (${px} px) is larger than the image`);
        capCheck(fix, w.width + 2 * px, w.height + 2 * px);
        await step(fix, () => {
          w.img = w.img.extend({ top: px, bottom: px, left: px, right: px, extendWith: 'mirror' });
          w.width += 2 * px;
          w.height += 2 * px;
          w.density = ppi;
        });
        notes.push(`add_bleed: ${px} px mirrored on every side`);
        break;
      }

      default:
        throw new FixError('not_applicable', `${fix} does not apply to a raster image`);
    }
  }

  const outType: RasterFileType = w.space === 'cmyk' && fileType === 'png' ? 'tiff' : fileType;
  if (outType !== fileType) notes.push('PNG cannot hold CMYK: the corrected file is a TIFF');
  const out = await render(() => encode(w, outType, outputDensity(w, spec)));
  return { file: out, fileType: outType, applied, notes };
}

/** After a ×k upscale the image keeps its print size: a recorded resolution is multiplied by k. */
function upscaledDensity(w: Working, k: number): number | undefined {
  return declaredPpi(w.density) !== null ? (w.density as number) * k : undefined;
}

/**
 * The resolution written into every corrected file: the one the file records (as the fixes
 * left it) or, when it records none or only a placeholder, its effective resolution on the
 * canvas, so the file states its print size; 72 when neither is known.
 */
function outputDensity(w: Working, spec: ResolvedSpec): number {
  const declared = declaredPpi(w.density);
  if (declared !== null) return declared;
  if (spec.canvas) return rasterGeometry(w.width, w.height, undefined, spec).effectivePpi ?? 72;
  return 72;
}

function pickBands(data: Buffer, channels: number, bands: number[]): Buffer {
  const n = data.length / channels;
  const out = Buffer.alloc(n * bands.length);
  for (let i = 0; i < n; i++) for (let b = 0; b < bands.length; b++) out[i * bands.length + b] = data[i * channels + bands[b]!]!;
  return out;
}

function finishColour(w: Working): sharp.Sharp {
  if (w.space === 'cmyk') {
    const s = w.img.toColourspace('cmyk');
    // sharp's CMYK profile for converted pixels; an input that was CMYK keeps its own profile
    return w.convertedToCmyk ? s.withIccProfile('cmyk') : s.keepIccProfile();
  }
  if (GREY.has(w.space)) return w.img.toColourspace('b-w');
  return w.img;
}

async function encode(w: Working, type: RasterFileType, density: number): Promise<Buffer> {
  const s = finishColour(w);
  if (type === 'tiff') {
    return s.tiff({ compression: 'lzw', predictor: 'horizontal', xres: density / 25.4, yres: density / 25.4, resolutionUnit: 'inch' }).toBuffer();
  }
  if (type === 'jpeg') {
    // print quality: no chroma subsampling, little quantisation
    return withDensity(await s.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer(), 'jpeg', density);
  }
  return withDensity(await s.png({ compressionLevel: 6 }).toBuffer(), 'png', density);
}
