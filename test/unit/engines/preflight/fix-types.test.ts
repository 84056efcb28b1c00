import { describe, expect, it } from 'vitest';
import {
  FIX_TYPES,
  FIX_TYPE_FILE_KINDS,
  FixTypesError,
  applicableFixTypes,
  deriveFixTypes,
  inapplicableFixTypes,
  normalizeFixTypes,
  type FixType,
} from '../../../../src/engines/preflight/index.js';
import { estimateTokenCost, fixJobTokenCost } from '../../../../src/modules/preflight/preflight.prices.js';

const issues = (...fixTypes: Array<FixType | null>) => fixTypes.map((fixType) => ({ fixType }));

describe('fix-type applicability', () => {
  it('covers every fix type', () => {
    expect(Object.keys(FIX_TYPE_FILE_KINDS).sort()).toEqual([...FIX_TYPES].sort());
  });

  it('rasters take the seven fixes of the interface table; PDFs add_bleed, convert_color_mode and full_prepress', () => {
    expect(applicableFixTypes('jpeg').sort()).toEqual(
      ['add_bleed', 'convert_color_mode', 'remove_transparency', 'resize_to_spec', 'sharpen_edges', 'upscale_resolution_2x', 'upscale_resolution_4x'].sort(),
    );
    expect(applicableFixTypes('png')).toEqual(applicableFixTypes('tiff'));
    expect(applicableFixTypes('pdf').sort()).toEqual(['add_bleed', 'convert_color_mode', 'full_prepress']);
  });

  it('names what does not apply or does not exist', () => {
    expect(inapplicableFixTypes('pdf', ['add_bleed', 'upscale_resolution_2x', 'make_it_pop'])).toEqual(['upscale_resolution_2x', 'make_it_pop']);
    expect(inapplicableFixTypes('png', ['full_prepress'])).toEqual(['full_prepress']);
    expect(inapplicableFixTypes('tiff', ['sharpen_edges', 'add_bleed'])).toEqual([]);
  });

  it('normalizes to unique values in run order and refuses empty or inapplicable lists', () => {
    expect(normalizeFixTypes('jpeg', ['add_bleed', 'remove_transparency', 'add_bleed'])).toEqual(['remove_transparency', 'add_bleed']);
    expect(normalizeFixTypes('pdf', ['add_bleed', 'full_prepress'])).toEqual(['full_prepress', 'add_bleed']);
    expect(() => normalizeFixTypes('pdf', [])).toThrow(FixTypesError);
    expect(() => normalizeFixTypes('pdf', ['sharpen_edges'])).toThrow(/sharpen_edges/);
  });
});

describe('token cost', () => {
  it('raster jobs cost 200 whatever the fixes', () => {
    expect(fixJobTokenCost('jpeg', ['sharpen_edges'])).toBe(200);
    expect(fixJobTokenCost('tiff', ['upscale_resolution_4x', 'add_bleed', 'convert_color_mode', 'remove_transparency'])).toBe(200);
  });

  it('a PDF job with add_bleed only costs 150, with any prepress fix 300', () => {
    expect(fixJobTokenCost('pdf', ['add_bleed'])).toBe(150);
    expect(fixJobTokenCost('pdf', ['add_bleed', 'add_bleed'])).toBe(150);
    expect(fixJobTokenCost('pdf', ['convert_color_mode'])).toBe(300);
    expect(fixJobTokenCost('pdf', ['full_prepress'])).toBe(300);
    expect(fixJobTokenCost('pdf', ['add_bleed', 'full_prepress'])).toBe(300);
  });

  it('estimatedTokenCost has min = max', () => {
    expect(estimateTokenCost('pdf', ['add_bleed'])).toEqual({ min: 150, max: 150 });
    expect(estimateTokenCost('png', ['remove_transparency'])).toEqual({ min: 200, max: 200 });
  });

  it('refuses to price a job that cannot run', () => {
    expect(() => fixJobTokenCost('pdf', [])).toThrow(FixTypesError);
    expect(() => fixJobTokenCost('jpeg', ['full_prepress'])).toThrow(FixTypesError);
  });
});

describe('deriveFixTypes', () => {
  it('takes the fix types of the issues, once each, in run order, skipping nulls', () => {
    expect(deriveFixTypes(issues('add_bleed', 'convert_color_mode', null, 'remove_transparency', 'add_bleed'), 'png')).toEqual([
      'remove_transparency',
      'convert_color_mode',
      'add_bleed',
    ]);
  });

  it('drops fixes another one already does', () => {
    expect(deriveFixTypes(issues('upscale_resolution_4x', 'resize_to_spec'), 'jpeg')).toEqual(['resize_to_spec']);
    expect(deriveFixTypes(issues('upscale_resolution_2x', 'upscale_resolution_4x'), 'jpeg')).toEqual(['upscale_resolution_4x']);
    expect(deriveFixTypes(issues('convert_color_mode', 'full_prepress', 'add_bleed'), 'pdf')).toEqual(['full_prepress', 'add_bleed']);
    expect(deriveFixTypes(issues('convert_color_mode'), 'pdf')).toEqual(['convert_color_mode']);
  });

  it('leaves out fix types that do not apply to the file type', () => {
    expect(deriveFixTypes(issues('full_prepress', 'remove_transparency'), 'pdf')).toEqual(['full_prepress']);
    expect(deriveFixTypes(issues(null, null), 'pdf')).toEqual([]);
  });
});
