import { MIN_PPI, isProductType } from './dpi-score.js';
import { FILE_TYPES, PRODUCT_TYPES, PreflightSpecError, type FileType, type PreflightSpec, type ProductType, type Severity } from './types.js';

export const MM_PER_INCH = 25.4;
export const PT_PER_INCH = 72;

/** The spec in the units the checks use, validated once. */
export interface ResolvedSpec {
  /** trim size, inches */
  canvas: { widthIn: number; heightIn: number } | null;
  /** bleed per side, inches (0 when none is required) */
  bleedIn: number;
  bleedMm: number;
  required: { ppi: number; source: 'requiredDpi' | 'productType' } | null;
  cmyk: boolean;
  productType: ProductType | null;
  declaredFileType: FileType | null;
}

/**
 * Shortfall bands follow the DPI score's stars so the report and the score never disagree:
 * r ≥ 1 (Fair or better) passes, 0.5 ≤ r < 1 (Poor) is a warning, r < 0.5 (Very poor) an error.
 */
export function resolutionSeverity(ratio: number): Severity | null {
  if (ratio >= 1) return null;
  return ratio >= 0.5 ? 'warning' : 'error';
}

/** Aspect within 1% is the same shape (pixel rounding, bleed); beyond 5% visible content is cropped. */
export const ASPECT_TOLERANCE = 0.01;
export const ASPECT_ERROR_ABOVE = 0.05;

export function aspectSeverity(deviation: number): Severity | null {
  if (deviation <= ASPECT_TOLERANCE) return null;
  return deviation > ASPECT_ERROR_ABOVE ? 'error' : 'warning';
}

/** Relative difference of two aspect ratios, symmetric: |a/b − 1| taken the larger way round. */
export function aspectDeviation(a: number, b: number): number {
  return Math.max(a / b, b / a) - 1;
}

export function resolveSpec(spec: PreflightSpec = {}): ResolvedSpec {
  const w = spec.canvasWidthInches;
  const h = spec.canvasHeightInches;
  if ((w === undefined) !== (h === undefined)) {
    throw new PreflightSpecError('canvasWidthInches and canvasHeightInches go together', w === undefined ? 'canvasWidthInches' : 'canvasHeightInches');
  }
  if (w !== undefined) positive(w, 'canvasWidthInches');
  if (h !== undefined) positive(h, 'canvasHeightInches');
  if (spec.productType !== undefined && !isProductType(spec.productType)) {
    throw new PreflightSpecError(`productType must be one of ${PRODUCT_TYPES.join(', ')}`, 'productType');
  }
  if (spec.fileType !== undefined && !(FILE_TYPES as readonly string[]).includes(spec.fileType)) {
    throw new PreflightSpecError(`fileType must be one of ${FILE_TYPES.join(', ')}`, 'fileType');
  }
  const profile = spec.productProfile ?? {};
  if (profile.requiredDpi !== undefined) positive(profile.requiredDpi, 'productProfile.requiredDpi');
  const bleedMm = profile.bleedMm ?? 0;
  if (typeof bleedMm !== 'number' || !Number.isFinite(bleedMm) || bleedMm < 0) {
    throw new PreflightSpecError('productProfile.bleedMm must be a number ≥ 0', 'productProfile.bleedMm');
  }
  const productType = spec.productType ?? null;
  const required =
    profile.requiredDpi !== undefined
      ? { ppi: profile.requiredDpi, source: 'requiredDpi' as const }
      : productType
        ? { ppi: MIN_PPI[productType], source: 'productType' as const }
        : null;
  return {
    canvas: w !== undefined && h !== undefined ? { widthIn: w, heightIn: h } : null,
    bleedIn: bleedMm / MM_PER_INCH,
    bleedMm,
    required,
    cmyk: typeof profile.requiredColorMode === 'string' && profile.requiredColorMode.trim().toLowerCase() === 'cmyk',
    productType,
    declaredFileType: spec.fileType ?? null,
  };
}

function positive(value: unknown, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new PreflightSpecError(`${field} must be a positive number`, field);
}

/** Rounds for display in details: measurements keep two decimals, enough to explain a tolerance. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
