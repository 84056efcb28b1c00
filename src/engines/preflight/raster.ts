import sharp from 'sharp';
import { aspectDeviation, aspectSeverity, resolutionSeverity, round2, type ResolvedSpec } from './spec.js';
import type { FixType, PreflightIssue, RasterFileType, RasterSummary } from './types.js';

/**
 * Densities that encoders write when nobody chose one (libvips puts 72 into every JPEG,
 * cameras write 72, Windows tools 96). They say nothing about the intended print size, so
 * they are not used as one; any other recorded density is taken at its word.
 */
const PLACEHOLDER_PPI = new Set([72, 96]);

/** A declared print size within 2% of the trim (or trim + bleed) matches it. */
const DECLARED_SIZE_TOLERANCE = 0.02;

/** Largest image the upscale fixes will produce (a ×4 of a 12-megapixel photo fits). */
export const DEFAULT_MAX_OUTPUT_PIXELS = 200_000_000;

const GREY_SPACES = new Set(['b-w', 'grey16']);
const KEEP_SPACE = new Set(['cmyk', 'b-w', 'grey16', 'rgb16']);

export interface RasterAnalyzeOptions {
  /** refuse to decode images with more pixels than this (sharp's default when omitted) */
  maxInputPixels?: number;
  /** output cap of the upscale fixes, to choose a fix type that can actually run */
  maxOutputPixels?: number;
}

export function declaredPpi(density: number | undefined): number | null {
  if (density === undefined || !Number.isFinite(density) || density <= 0) return null;
  return PLACEHOLDER_PPI.has(Math.round(density)) ? null : density;
}

export interface RasterGeometry {
  declaredPpi: number | null;
  /** the image is taken to cover trim + bleed (its declared size or its shape says so) */
  includesBleed: boolean;
  /** how includesBleed was decided */
  bleedBasis: 'declared_size' | 'aspect' | 'no_bleed_required' | 'no_canvas';
  /** effective resolution on the product, unrounded */
  effectivePpi: number | null;
  ppiBasis: 'canvas' | 'declared_ppi' | null;
  /** deviation of the image's shape from the canvas (the nearer of trim and trim + bleed) */
  aspectDeviation: number | null;
  /** declared print size when it matches neither the trim nor trim + bleed */
  declaredSizeMismatch: { widthIn: number; heightIn: number } | null;
}

/**
 * How an image of this many pixels sits on the product. Shared with the fixes, so that a
 * fix and the re-check agree on where the trim is and what the effective resolution is.
 */
export function rasterGeometry(widthPx: number, heightPx: number, density: number | undefined, spec: ResolvedSpec): RasterGeometry {
  const declared = declaredPpi(density);
  if (!spec.canvas) {
    return {
      declaredPpi: declared,
      includesBleed: false,
      bleedBasis: 'no_canvas',
      effectivePpi: declared,
      ppiBasis: declared === null ? null : 'declared_ppi',
      aspectDeviation: null,
      declaredSizeMismatch: null,
    };
  }
  const { widthIn: cw, heightIn: ch } = spec.canvas;
  const b2 = 2 * spec.bleedIn;
  const imageAspect = widthPx / heightPx;
  const trimDev = aspectDeviation(imageAspect, cw / ch);
  const bleedDev = spec.bleedIn > 0 ? aspectDeviation(imageAspect, (cw + b2) / (ch + b2)) : Number.POSITIVE_INFINITY;

  let sizeMatch: 'trim' | 'bleed' | 'neither' | null = null;
  let declaredSizeMismatch: RasterGeometry['declaredSizeMismatch'] = null;
  if (declared !== null) {
    const w = widthPx / declared;
    const h = heightPx / declared;
    const dTrim = Math.max(Math.abs(w - cw) / cw, Math.abs(h - ch) / ch);
    const dBleed = spec.bleedIn > 0 ? Math.max(Math.abs(w - cw - b2) / (cw + b2), Math.abs(h - ch - b2) / (ch + b2)) : Number.POSITIVE_INFINITY;
    if (Math.min(dTrim, dBleed) <= DECLARED_SIZE_TOLERANCE) sizeMatch = dBleed < dTrim ? 'bleed' : 'trim';
    else {
      sizeMatch = 'neither';
      declaredSizeMismatch = { widthIn: w, heightIn: h };
    }
  }

  let includesBleed = false;
  let bleedBasis: RasterGeometry['bleedBasis'] = 'no_bleed_required';
  if (spec.bleedIn > 0) {
    if (sizeMatch === 'bleed' || sizeMatch === 'trim') {
      includesBleed = sizeMatch === 'bleed';
      bleedBasis = 'declared_size';
    } else {
      // Without a usable declared size only the shape can tell; a shape equally near both
      // (a square canvas) counts as trim only, since that is what most uploads are.
      includesBleed = bleedDev < trimDev;
      bleedBasis = 'aspect';
    }
  }
  const effectivePpi = includesBleed ? Math.min(widthPx / (cw + b2), heightPx / (ch + b2)) : Math.min(widthPx / cw, heightPx / ch);
  return {
    declaredPpi: declared,
    includesBleed,
    bleedBasis,
    effectivePpi,
    ppiBasis: 'canvas',
    aspectDeviation: Math.min(trimDev, bleedDev),
    declaredSizeMismatch,
  };
}

/** The upscale that brings ratio r to the requirement, limited by the output pixel cap. */
export function upscaleFixFor(ratio: number, pixels: number, maxOutputPixels: number): FixType | null {
  const fits = (k: number) => pixels * k * k <= maxOutputPixels;
  if (ratio >= 0.5 && fits(2)) return 'upscale_resolution_2x';
  if (fits(4)) return 'upscale_resolution_4x';
  return fits(2) ? 'upscale_resolution_2x' : null;
}

export class UnreadableImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableImageError';
  }
}

export async function analyzeRaster(
  file: Buffer,
  fileType: RasterFileType,
  spec: ResolvedSpec,
  options: RasterAnalyzeOptions = {},
): Promise<{ issues: PreflightIssue[]; summary: RasterSummary; notes: string[] }> {
  const input = { failOn: 'error' as const, ...(options.maxInputPixels ? { limitInputPixels: options.maxInputPixels } : {}) };
  let meta: sharp.Metadata;
  let band: BandStats;
  try {
    meta = await sharp(file, input).metadata();
    // decoding every pixel proves the file is whole; the alpha band (or the first) comes back
    band = await readBand(file, input, meta);
  } catch (err) {
    throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
  }
  const widthPx = meta.width;
  const heightPx = meta.height;
  if (!widthPx || !heightPx) throw new UnreadableImageError('image has no dimensions');
  const notes: string[] = [];
  if ((meta.pages ?? 1) > 1) notes.push(`the file holds ${meta.pages} images; the first one was checked`);
  if (meta.format && normalizeFormat(meta.format) !== fileType) notes.push(`sharp reads this file as ${meta.format}`);

  const geo = rasterGeometry(widthPx, heightPx, meta.density, spec);
  const issues: PreflightIssue[] = [];
  const space = meta.space ?? 'srgb';
  const maxOut = options.maxOutputPixels ?? DEFAULT_MAX_OUTPUT_PIXELS;

  if (spec.required && geo.effectivePpi === null) notes.push('resolution not checked: no canvas size was given and the file records no resolution');
  if (spec.bleedIn > 0 && !spec.canvas) notes.push('bleed not checked: no canvas size was given');
  if (spec.required && geo.effectivePpi !== null) {
    const effective = Math.round(geo.effectivePpi);
    const ratio = effective / spec.required.ppi;
    const severity = resolutionSeverity(ratio);
    if (severity) {
      issues.push({
        code: 'LOW_RESOLUTION',
        severity,
        message: `Effective resolution is ${effective} PPI; ${round2(spec.required.ppi)} PPI is required`,
        fixType: upscaleFixFor(ratio, widthPx * heightPx, maxOut),
        details: {
          effectivePpi: effective,
          requiredPpi: spec.required.ppi,
          requiredFrom: spec.required.source,
          widthPx,
          heightPx,
          basis: geo.ppiBasis,
        },
      });
    }
  }

  if (spec.cmyk && space !== 'cmyk' && !GREY_SPACES.has(space)) {
    issues.push({
      code: 'RGB_COLOR_MODE',
      severity: 'error',
      message: `Image colour space is ${space}; CMYK is required`,
      fixType: 'convert_color_mode',
      details: { colorMode: space, requiredColorMode: 'cmyk' },
    });
  }

  if (meta.hasAlpha && band.min < band.full) {
    issues.push({
      code: 'TRANSPARENCY',
      severity: 'warning',
      message: 'Image has transparent pixels; they print as paper white',
      fixType: 'remove_transparency',
      details: {
        minAlpha: round2(band.min / band.full),
        meanAlpha: round2(band.mean / band.full),
        transparentPercent: round2((band.belowFull / band.count) * 100),
      },
    });
  }

  if (spec.canvas && geo.aspectDeviation !== null) {
    const severity = aspectSeverity(geo.aspectDeviation);
    const canvasAspect = spec.canvas.widthIn / spec.canvas.heightIn;
    if (severity) {
      issues.push({
        code: 'ASPECT_MISMATCH',
        severity,
        message: `Image shape ${round2(widthPx / heightPx)}:1 differs from the product's ${round2(canvasAspect)}:1 by ${round2(geo.aspectDeviation * 100)}%`,
        fixType: 'resize_to_spec',
        details: {
          widthPx,
          heightPx,
          imageAspect: round2(widthPx / heightPx),
          canvasAspect: round2(canvasAspect),
          deviationPercent: round2(geo.aspectDeviation * 100),
        },
      });
    } else {
      // Only meaningful when the shape fits: a wrong shape is resized to the spec, which also
      // decides size and bleed.
      if (geo.declaredSizeMismatch && geo.declaredPpi !== null) {
        issues.push({
          code: 'SIZE_MISMATCH',
          severity: 'warning',
          message: `File is set up for ${round2(geo.declaredSizeMismatch.widthIn)}×${round2(geo.declaredSizeMismatch.heightIn)} in at ${round2(geo.declaredPpi)} PPI; the product is ${round2(spec.canvas.widthIn)}×${round2(spec.canvas.heightIn)} in`,
          fixType: 'resize_to_spec',
          details: {
            declaredPpi: round2(geo.declaredPpi),
            declaredWidthInches: round2(geo.declaredSizeMismatch.widthIn),
            declaredHeightInches: round2(geo.declaredSizeMismatch.heightIn),
            canvasWidthInches: spec.canvas.widthIn,
            canvasHeightInches: spec.canvas.heightIn,
            bleedMm: spec.bleedMm,
          },
        });
      }
      if (spec.bleedIn > 0 && !geo.includesBleed) {
        issues.push({
          code: 'MISSING_BLEED',
          severity: 'warning',
          message: `Image covers the trim only; ${round2(spec.bleedMm)} mm bleed is required on every side`,
          fixType: 'add_bleed',
          details: { requiredBleedMm: spec.bleedMm, foundBleedMm: 0, basis: geo.bleedBasis },
        });
      }
    }
  }

  return {
    issues,
    notes,
    summary: {
      kind: 'raster',
      widthPx,
      heightPx,
      colorSpace: space,
      channels: meta.channels ?? 0,
      hasAlpha: meta.hasAlpha ?? false,
      declaredPpi: geo.declaredPpi === null ? null : round2(geo.declaredPpi),
      effectivePpi: geo.effectivePpi === null ? null : round2(geo.effectivePpi),
      includesBleed: geo.includesBleed,
    },
  };
}

interface BandStats {
  min: number;
  mean: number;
  /** samples below full scale (not fully opaque, for an alpha band) */
  belowFull: number;
  count: number;
  full: number;
}

/**
 * Decodes the whole image and returns one band: the alpha band when there is one, else the
 * first. sharp's stats() would do, but it also computes entropy and a Laplacian "sharpness"
 * over every band, five times the cost of the decode. ICC transforms are skipped (ignoreIcc,
 * CMYK kept as CMYK): band values are all that is read, and a 24 MP CMYK TIFF would spend
 * seconds in lcms otherwise.
 */
async function readBand(file: Buffer, input: sharp.SharpOptions, meta: sharp.Metadata): Promise<BandStats> {
  let s = sharp(file, { ...input, ignoreIcc: true });
  // keep the input's own interpretation and depth (no CMYK→sRGB, no 16→8 bit on the way)
  if (meta.space && KEEP_SPACE.has(meta.space)) s = s.pipelineColourspace(meta.space).toColourspace(meta.space);
  const bandIndex = meta.hasAlpha ? Math.max(0, (meta.channels ?? 1) - 1) : 0;
  // sharp accepts bands 0–4 at run time (CMYK + alpha is band 4); its types stop at 3
  const wide = meta.depth === 'ushort';
  const { data } = await s
    .extractChannel(bandIndex as 0 | 1 | 2 | 3)
    .raw({ depth: wide ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const samples = wide ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength >> 1) : data;
  const full = wide ? 65535 : 255;
  let min = full;
  let sum = 0;
  let below = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    sum += v;
    if (v < full) {
      below++;
      if (v < min) min = v;
    }
  }
  return { min, mean: samples.length ? sum / samples.length : full, belowFull: below, count: samples.length || 1, full };
}

function normalizeFormat(format: string): string {
  return format === 'jpg' ? 'jpeg' : format === 'tif' ? 'tiff' : format;
}
