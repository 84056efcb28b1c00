import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyze, deriveFixTypes, type IssueCode } from '../../../../src/engines/preflight/index.js';
import { FixError, applyFixes, type FixSpec } from '../../../../src/engines/prepress/index.js';
import { fixture } from '../preflight-fixtures.js';

/** Applies fixes to a fixture and re-checks the result against the same spec. */
async function fixAndRecheck(file: string, fixTypes?: string[], specPatch: Partial<FixSpec> = {}) {
  const f = fixture(file);
  const spec = { ...f.spec, ...specPatch };
  const before = await analyze(f.bytes, spec);
  const fixes = fixTypes ?? deriveFixTypes(before.issues, before.fileType!);
  const out = await applyFixes(f.bytes, before.fileType!, fixes, spec);
  const after = await analyze(out.file, spec);
  const meta = await sharp(out.file).metadata();
  return { f, before, out, after, meta, codes: after.issues.map((i) => i.code) };
}

const targeted: Record<string, IssueCode[]> = {
  upscale_resolution_2x: ['LOW_RESOLUTION'],
  upscale_resolution_4x: ['LOW_RESOLUTION'],
  add_bleed: ['MISSING_BLEED'],
  remove_transparency: ['TRANSPARENCY'],
  resize_to_spec: ['ASPECT_MISMATCH', 'SIZE_MISMATCH'],
  convert_color_mode: ['RGB_COLOR_MODE'],
};

async function rawOf(buf: Buffer) {
  return sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

describe('raster fixes: every derived fix resolves the issues it targets', () => {
  it.each([
    'raster-low-res-warning.jpg',
    'raster-low-res-error.png',
    'raster-low-res-product-type.jpg',
    'raster-declared-ppi.tif',
    'raster-rgb-needs-cmyk.jpg',
    'raster-alpha-used.png',
    'raster-aspect-error.jpg',
    'raster-aspect-warning.png',
    'raster-no-bleed.tif',
    'raster-size-mismatch.tif',
    'raster-multi.png',
  ])('%s', async (file) => {
    const { before, out, codes } = await fixAndRecheck(file);
    const fixes = deriveFixTypes(before.issues, before.fileType!);
    expect(fixes.length).toBeGreaterThan(0);
    expect(out.applied).toEqual(fixes);
    for (const fix of fixes) for (const code of targeted[fix] ?? []) expect(codes).not.toContain(code);
    expect(codes).toEqual([]);
  });
});

describe('upscale', () => {
  it('×2 doubles each side with Lanczos and records the new effective PPI', async () => {
    const { out, meta } = await fixAndRecheck('raster-low-res-warning.jpg', ['upscale_resolution_2x']);
    expect(out).toMatchObject({ fileType: 'jpeg', mime: 'image/jpeg' });
    expect([meta.width, meta.height, meta.density]).toEqual([960, 720, 240]);
  });

  it('×4 quadruples each side and invents nothing: scaled back down it is the original', async () => {
    const { f, meta, out } = await fixAndRecheck('raster-low-res-error.png', ['upscale_resolution_4x']);
    expect([meta.width, meta.height, meta.density]).toEqual([800, 600, 200]);
    const original = await rawOf(f.bytes);
    const back = await sharp(out.file).resize(200, 150, { kernel: 'lanczos3' }).removeAlpha().raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < back.length; i++) diff += Math.abs(back[i]! - original.data[i]!);
    expect(diff / back.length).toBeLessThan(2.5); // mean absolute error out of 255
  });

  it('keeps a recorded resolution’s print size: 150 PPI ×2 → 300 PPI', async () => {
    const { meta } = await fixAndRecheck('raster-declared-ppi.tif', ['upscale_resolution_2x']);
    expect([meta.width, meta.height, meta.density, meta.format]).toEqual([600, 450, 300, 'tiff']);
  });

  it('keeps CMYK and greyscale images in their colour space', async () => {
    const cmykOut = await fixAndRecheck('raster-cmyk.jpg', ['upscale_resolution_2x']);
    expect([cmykOut.meta.space, cmykOut.meta.channels, cmykOut.meta.width]).toEqual(['cmyk', 4, 1280]);
    const grey = await fixAndRecheck('raster-grey.png', ['upscale_resolution_2x']);
    expect([grey.meta.space, grey.meta.channels]).toEqual(['b-w', 1]);
  });

  it('keeps the alpha of a grey + alpha image, and CMYK values through the enlargement', async () => {
    const ga = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } } }).toColourspace('b-w').png().toBuffer();
    const up = await applyFixes(ga, 'png', ['upscale_resolution_2x'], {});
    expect(await sharp(up.file).metadata()).toMatchObject({ space: 'b-w', channels: 2, hasAlpha: true, width: 80 });
    const f = fixture('raster-cmyk.jpg');
    const cmykUp = await applyFixes(f.bytes, 'jpeg', ['upscale_resolution_2x'], f.spec);
    const cmykRaw = (b: Buffer, width: number) => sharp(b).pipelineColourspace('cmyk').resize(width, undefined, { kernel: 'lanczos3' }).toColourspace('cmyk').raw().toBuffer();
    const [a, b] = await Promise.all([cmykRaw(f.bytes, 640), cmykRaw(cmykUp.file, 640)]);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    // same ink values: resampling and JPEG cost ~3 levels; a round trip through sRGB costs ~15
    expect(diff / a.length).toBeLessThan(5);
  });

  it('applies ×4 once when both upscales are asked for, and refuses to pass the pixel cap', async () => {
    const f = fixture('raster-low-res-error.png');
    const both = await applyFixes(f.bytes, 'png', ['upscale_resolution_2x', 'upscale_resolution_4x'], f.spec);
    expect(both.applied).toEqual(['upscale_resolution_4x']);
    expect((await sharp(both.file).metadata()).width).toBe(800);
    const err = await applyFixes(f.bytes, 'png', ['upscale_resolution_4x'], f.spec, { maxOutputPixels: 100_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FixError);
    expect(err).toMatchObject({ code: 'pixel_cap', details: { width: 800, height: 600 } });
  });
});

describe('colour conversion', () => {
  it('JPEG: CMYK with an embedded profile and the density written', async () => {
    const { out, meta } = await fixAndRecheck('raster-rgb-needs-cmyk.jpg', ['convert_color_mode']);
    expect(out.fileType).toBe('jpeg');
    expect([meta.space, meta.channels, meta.density]).toEqual(['cmyk', 4, 200]);
    expect(meta.icc?.length ?? 0).toBeGreaterThan(1000);
  });

  it('TIFF stays TIFF; PNG, which cannot hold CMYK, becomes TIFF', async () => {
    const tif = await fixAndRecheck('raster-no-bleed.tif', ['convert_color_mode']);
    expect([tif.out.fileType, tif.meta.space, tif.meta.density]).toEqual(['tiff', 'cmyk', 100]);
    const png = await fixAndRecheck('raster-aspect-warning.png', ['convert_color_mode']);
    expect([png.out.fileType, png.out.mime, png.meta.format, png.meta.space]).toEqual(['tiff', 'image/tiff', 'tiff', 'cmyk']);
    expect(png.out.notes.join(' ')).toMatch(/TIFF/);
  });

  it('an image that is already CMYK is left alone', async () => {
    const f = fixture('raster-cmyk.jpg');
    const r = await applyFixes(f.bytes, 'jpeg', ['convert_color_mode'], f.spec);
    expect(r.applied).toEqual([]);
    expect(r.notes.join(' ')).toMatch(/already CMYK/);
  });
});

describe('transparency, bleed, sharpening, resize', () => {
  it('flattens transparent pixels onto white', async () => {
    const { out, meta } = await fixAndRecheck('raster-alpha-used.png', ['remove_transparency']);
    expect(meta.hasAlpha).toBe(false);
    const { data, info } = await sharp(out.file).raw().toBuffer({ resolveWithObject: true });
    const centre = (240 * info.width + 320) * info.channels;
    expect([...data.subarray(centre, centre + 3)]).toEqual([255, 255, 255]);
  });

  it('mirrors the edges outward by the bleed and records the resolution', async () => {
    const { f, out, meta } = await fixAndRecheck('raster-no-bleed.tif', ['add_bleed']);
    const px = Math.round((3 / 25.4) * 100); // 12
    expect([meta.width, meta.height, meta.density]).toEqual([400 + 2 * px, 300 + 2 * px, 100]);
    const src = await rawOf(f.bytes);
    const dst = await rawOf(out.file);
    const at = (img: typeof src, x: number, y: number) => [...img.data.subarray((y * img.info.width + x) * 3, (y * img.info.width + x) * 3 + 3)];
    for (const k of [0, 5, 11]) {
      expect(at(dst, px - 1 - k, px + 50)).toEqual(at(src, k, 50)); // left edge, mirrored
      expect(at(dst, px + 120, px - 1 - k)).toEqual(at(src, 120, k)); // top edge
    }
    expect(at(dst, px + 7, px + 9)).toEqual(at(src, 7, 9)); // inside untouched
  });

  it('does not add bleed to an image that already covers it', async () => {
    const f = fixture('raster-bleed-by-shape.jpg');
    const r = await applyFixes(f.bytes, 'jpeg', ['add_bleed'], f.spec);
    expect(r.applied).toEqual([]);
    expect((await sharp(r.file).metadata()).width).toBe(847);
  });

  it('sharpens edges: the Laplacian estimate rises, the size does not change', async () => {
    const f = fixture('raster-ok.jpg');
    const soft = await sharp(f.bytes).blur(1.5).png().toBuffer();
    const r = await applyFixes(soft, 'png', ['sharpen_edges'], f.spec);
    const [a, b] = await Promise.all([sharp(soft).stats(), sharp(r.file).stats()]);
    expect(b.sharpness).toBeGreaterThan(a.sharpness * 1.2);
    expect((await sharp(r.file).metadata()).width).toBe(640);
  });

  it('resizes to the spec at targetDpi, covering the bleed from the image itself when no add_bleed follows', async () => {
    const f = fixture('raster-aspect-error.jpg');
    const r = await applyFixes(f.bytes, 'jpeg', ['resize_to_spec'], { ...f.spec, targetDpi: 300 });
    expect(await sharp(r.file).metadata()).toMatchObject({ width: 1200, height: 900, density: 300 });
    const withBleed = { ...f.spec, productProfile: { requiredDpi: 100, bleedMm: 3 }, targetDpi: 100 };
    const r2 = await applyFixes(f.bytes, 'jpeg', ['resize_to_spec'], withBleed);
    expect(await sharp(r2.file).metadata()).toMatchObject({ width: 424, height: 324, density: 100 });
    expect((await analyze(r2.file, withBleed)).issues).toEqual([]);
  });
});

describe('errors', () => {
  it.each([
    ['resize_to_spec without a canvas', 'raster-ok.jpg', ['resize_to_spec'], {}, 'missing_spec'],
    ['add_bleed without bleedMm', 'raster-ok.jpg', ['add_bleed'], { canvasWidthInches: 4, canvasHeightInches: 3 }, 'missing_spec'],
    ['a PDF-only fix on a raster', 'raster-ok.jpg', ['full_prepress'], {}, 'not_applicable'],
    ['an unknown fix', 'raster-ok.jpg', ['make_it_pop'], {}, 'not_applicable'],
    ['a truncated file', 'raster-truncated.jpg', ['sharpen_edges'], {}, 'unreadable'],
    ['a file that is not an image', 'not-a-print-file.txt', ['sharpen_edges'], {}, 'unreadable'],
    ['a bad targetDpi', 'raster-ok.jpg', ['resize_to_spec'], { canvasWidthInches: 4, canvasHeightInches: 3, targetDpi: 0 }, 'invalid_spec'],
    ['half a canvas', 'raster-ok.jpg', ['resize_to_spec'], { canvasWidthInches: 4 }, 'invalid_spec'],
  ])('%s → FixError %s', async (_name, file, fixes, spec, code) => {
    const f = fixture(file);
    const err = await applyFixes(f.bytes, 'jpeg', fixes, spec as FixSpec).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FixError);
    expect((err as FixError).code).toBe(code);
  });
});
