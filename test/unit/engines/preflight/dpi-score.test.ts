import { describe, expect, it } from 'vitest';
import { MIN_PPI, PreflightSpecError, dpiScore, starBand, type ProductType } from '../../../../src/engines/preflight/index.js';

describe('dpiScore', () => {
  it('reproduces the decisions.md example: 4000×3000 px on 30×20 in photo_on_canvas → 133 / 100 / 4 / Good', () => {
    expect(dpiScore({ widthPx: 4000, heightPx: 3000, canvasWidthInches: 30, canvasHeightInches: 20, productType: 'photo_on_canvas' })).toEqual({
      stars: 4,
      label: 'Good',
      effectivePpi: 133,
      minPpi: 100,
      productType: 'photo_on_canvas',
    });
  });

  it('takes the smaller of the two axes', () => {
    expect(dpiScore({ widthPx: 3000, heightPx: 4000, canvasWidthInches: 10, canvasHeightInches: 10, productType: 'poster' }).effectivePpi).toBe(300);
  });

  it('has the minimum PPI of every product type', () => {
    const expected: Record<ProductType, number> = {
      photo_on_canvas: 100,
      stock_canvas: 100,
      wallpaper: 100,
      poster: 150,
      framed_print: 150,
      wrapping_paper: 150,
    };
    expect(MIN_PPI).toEqual(expected);
    for (const [productType, min] of Object.entries(expected)) {
      expect(dpiScore({ widthPx: min * 10, heightPx: min * 10, canvasWidthInches: 10, canvasHeightInches: 10, productType: productType as ProductType }).minPpi).toBe(min);
    }
  });

  it.each([
    [300, 5, 'Excellent'], // r = 2.0
    [299, 4, 'Good'],
    [188, 4, 'Good'], // r = 1.253
    [187, 3, 'Fair'], // r = 1.247
    [150, 3, 'Fair'], // r = 1.0
    [149, 2, 'Poor'],
    [75, 2, 'Poor'], // r = 0.5
    [74, 1, 'Very poor'],
    [1, 1, 'Very poor'],
  ])('poster at %i PPI → %i stars (%s)', (ppi, stars, label) => {
    expect(dpiScore({ widthPx: ppi * 10, heightPx: ppi * 10, canvasWidthInches: 10, canvasHeightInches: 10, productType: 'poster' })).toMatchObject({ stars, label, effectivePpi: ppi });
  });

  it('bands the rounded PPI it reports, so stars never contradict the number shown', () => {
    // 1496 / 10 = 149.6 → 150 PPI → r = 1.0 → Fair (on the raw 149.6 it would be Poor)
    expect(dpiScore({ widthPx: 1496, heightPx: 2000, canvasWidthInches: 10, canvasHeightInches: 10, productType: 'poster' })).toMatchObject({ effectivePpi: 150, stars: 3 });
  });

  it('starBand is exposed for the same bands', () => {
    expect(starBand(2)).toEqual({ stars: 5, label: 'Excellent' });
    expect(starBand(0.4999)).toEqual({ stars: 1, label: 'Very poor' });
  });

  it.each([
    [{ widthPx: 0 }, 'widthPx'],
    [{ heightPx: 10.5 }, 'heightPx'],
    [{ canvasWidthInches: -1 }, 'canvasWidthInches'],
    [{ canvasHeightInches: Number.NaN }, 'canvasHeightInches'],
    [{ productType: 'mug' }, 'productType'],
  ])('rejects %o', (patch, field) => {
    const input = { widthPx: 100, heightPx: 100, canvasWidthInches: 1, canvasHeightInches: 1, productType: 'poster', ...patch };
    expect(() => dpiScore(input as never)).toThrow(PreflightSpecError);
    try {
      dpiScore(input as never);
    } catch (err) {
      expect((err as PreflightSpecError).field).toBe(field);
    }
  });
});
