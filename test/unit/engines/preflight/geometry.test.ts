import { describe, expect, it } from 'vitest';
import { PreflightSpecError, analyze } from '../../../../src/engines/preflight/index.js';
import { declaredPpi, rasterGeometry, upscaleFixFor } from '../../../../src/engines/preflight/raster.js';
import { resolveSpec } from '../../../../src/engines/preflight/spec.js';

const spec43 = (bleedMm = 0) => resolveSpec({ canvasWidthInches: 4, canvasHeightInches: 3, productProfile: { bleedMm } });

describe('raster geometry', () => {
  it('treats 72 and 96 PPI as placeholders and anything else as a real resolution', () => {
    expect(declaredPpi(72)).toBeNull();
    expect(declaredPpi(96.0001)).toBeNull();
    expect(declaredPpi(undefined)).toBeNull();
    expect(declaredPpi(0)).toBeNull();
    expect(declaredPpi(300)).toBe(300);
    expect(declaredPpi(71)).toBe(71);
  });

  it('decides bleed from a declared size before the shape', () => {
    // 424×324 at 100 PPI = 4.24×3.24 in = trim + 2×3 mm
    expect(rasterGeometry(424, 324, 100, spec43(3))).toMatchObject({ includesBleed: true, bleedBasis: 'declared_size' });
    // same pixels recorded at 72 (placeholder): the shape is nearer trim + bleed → still bleed
    expect(rasterGeometry(424, 324, 72, spec43(3))).toMatchObject({ includesBleed: true, bleedBasis: 'aspect' });
    // 400×300 at 100 PPI is the trim exactly
    expect(rasterGeometry(400, 300, 100, spec43(3))).toMatchObject({ includesBleed: false, bleedBasis: 'declared_size' });
  });

  it('counts a square image on a square canvas as trim only (its shape cannot tell)', () => {
    const g = rasterGeometry(1000, 1000, undefined, resolveSpec({ canvasWidthInches: 10, canvasHeightInches: 10, productProfile: { bleedMm: 3 } }));
    expect(g).toMatchObject({ includesBleed: false, bleedBasis: 'aspect', effectivePpi: 100 });
  });

  it('measures PPI over trim + bleed when the image includes the bleed', () => {
    const g = rasterGeometry(424, 324, 100, spec43(3));
    expect(g.effectivePpi).toBeCloseTo(Math.min(424 / (4 + 6 / 25.4), 324 / (3 + 6 / 25.4)), 6);
  });

  it('reports a declared size that matches neither trim nor trim + bleed', () => {
    expect(rasterGeometry(600, 450, 300, spec43()).declaredSizeMismatch).toEqual({ widthIn: 2, heightIn: 1.5 });
    expect(rasterGeometry(600, 450, 150, spec43()).declaredSizeMismatch).toBeNull();
  });

  it('picks the upscale that reaches the requirement within the pixel cap', () => {
    expect(upscaleFixFor(0.8, 1_000_000, 200_000_000)).toBe('upscale_resolution_2x');
    expect(upscaleFixFor(0.3, 1_000_000, 200_000_000)).toBe('upscale_resolution_4x');
    expect(upscaleFixFor(0.3, 20_000_000, 200_000_000)).toBe('upscale_resolution_2x'); // ×4 would be 320 MP
    expect(upscaleFixFor(0.3, 60_000_000, 200_000_000)).toBeNull();
  });
});

describe('spec validation', () => {
  it.each([
    [{ canvasWidthInches: 4 }, 'canvasHeightInches'],
    [{ canvasWidthInches: 0, canvasHeightInches: 3 }, 'canvasWidthInches'],
    [{ productType: 'mug' }, 'productType'],
    [{ fileType: 'gif' }, 'fileType'],
    [{ productProfile: { requiredDpi: -1 } }, 'productProfile.requiredDpi'],
    [{ productProfile: { bleedMm: -3 } }, 'productProfile.bleedMm'],
  ])('analyze rejects %o naming %s', async (spec, field) => {
    const err = await analyze(Buffer.from('x'), spec as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PreflightSpecError);
    expect((err as PreflightSpecError).field).toBe(field);
  });

  it('matches the colour mode case-insensitively and ignores other modes', () => {
    expect(resolveSpec({ productProfile: { requiredColorMode: ' CMYK ' } }).cmyk).toBe(true);
    expect(resolveSpec({ productProfile: { requiredColorMode: 'rgb' } }).cmyk).toBe(false);
  });
});
