import { PRODUCT_TYPES, PreflightSpecError, type ProductType } from './types.js';

/** Minimum effective PPI per product type (decisions.md § Preflight). */
export const MIN_PPI: Readonly<Record<ProductType, number>> = {
  photo_on_canvas: 100,
  stock_canvas: 100,
  wallpaper: 100,
  poster: 150,
  framed_print: 150,
  wrapping_paper: 150,
};

export interface DpiScoreInput {
  widthPx: number;
  heightPx: number;
  canvasWidthInches: number;
  canvasHeightInches: number;
  productType: ProductType;
}

/** The `DPI score` object of the interface. */
export interface DpiScore {
  stars: 1 | 2 | 3 | 4 | 5;
  label: StarLabel;
  effectivePpi: number;
  minPpi: number;
  productType: ProductType;
}

export type StarLabel = 'Excellent' | 'Good' | 'Fair' | 'Poor' | 'Very poor';

/** Star bands on r = effective / minimum, highest first. */
const BANDS: ReadonlyArray<{ atLeast: number; stars: DpiScore['stars']; label: StarLabel }> = [
  { atLeast: 2.0, stars: 5, label: 'Excellent' },
  { atLeast: 1.25, stars: 4, label: 'Good' },
  { atLeast: 1.0, stars: 3, label: 'Fair' },
  { atLeast: 0.5, stars: 2, label: 'Poor' },
];

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'string' && (PRODUCT_TYPES as readonly string[]).includes(value);
}

/** Stars and label for a ratio effective/minimum. */
export function starBand(ratio: number): { stars: DpiScore['stars']; label: StarLabel } {
  for (const band of BANDS) if (ratio >= band.atLeast) return { stars: band.stars, label: band.label };
  return { stars: 1, label: 'Very poor' };
}

/**
 * decisions.md: effective PPI = min(widthPx/canvasWidthInches, heightPx/canvasHeightInches),
 * rounded; the ratio is taken on that rounded value, so the stars always agree with the
 * number the client is shown. 4000×3000 px on 30×20 in photo_on_canvas → 133 / 100 / 4 / Good.
 */
export function dpiScore(input: DpiScoreInput): DpiScore {
  positiveInteger(input.widthPx, 'widthPx');
  positiveInteger(input.heightPx, 'heightPx');
  positiveNumber(input.canvasWidthInches, 'canvasWidthInches');
  positiveNumber(input.canvasHeightInches, 'canvasHeightInches');
  if (!isProductType(input.productType)) throw new PreflightSpecError(`productType must be one of ${PRODUCT_TYPES.join(', ')}`, 'productType');

  const effectivePpi = Math.round(Math.min(input.widthPx / input.canvasWidthInches, input.heightPx / input.canvasHeightInches));
  const minPpi = MIN_PPI[input.productType];
  const { stars, label } = starBand(effectivePpi / minPpi);
  return { stars, label, effectivePpi, minPpi, productType: input.productType };
}

function positiveInteger(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new PreflightSpecError(`${field} must be a positive integer`, field);
}

function positiveNumber(value: number, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new PreflightSpecError(`${field} must be a positive number`, field);
}
