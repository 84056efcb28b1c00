import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withDensity } from '../../../../src/engines/prepress/density.js';

const base = () => sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 200, b: 30 } } });

describe('withDensity', () => {
  it('writes a JFIF density into a JPEG that has none, keeping the pixels', async () => {
    const jpg = await base().jpeg().toBuffer();
    const out = withDensity(jpg, 'jpeg', 300);
    expect(await sharp(out).metadata()).toMatchObject({ density: 300, width: 32, space: 'srgb' });
    expect(await sharp(out).raw().toBuffer()).toEqual(await sharp(jpg).raw().toBuffer());
  });

  it('replaces an existing JFIF segment instead of adding a second one', async () => {
    const once = withDensity(await base().jpeg().toBuffer(), 'jpeg', 150);
    const twice = withDensity(once, 'jpeg', 240);
    expect(twice.length).toBe(once.length);
    expect((await sharp(twice).metadata()).density).toBe(240);
  });

  it('keeps a CMYK JPEG CMYK', async () => {
    const cmyk = await base().toColourspace('cmyk').jpeg().toBuffer();
    expect(await sharp(withDensity(cmyk, 'jpeg', 200)).metadata()).toMatchObject({ space: 'cmyk', channels: 4, density: 200 });
  });

  it('writes pHYs into a PNG, replacing an old one', async () => {
    const png = await base().png().toBuffer();
    const a = withDensity(png, 'png', 300);
    expect(Math.round((await sharp(a).metadata()).density ?? 0)).toBe(300);
    const b = withDensity(a, 'png', 150);
    expect(b.length).toBe(a.length);
    expect(Math.round((await sharp(b).metadata()).density ?? 0)).toBe(150);
    expect(await sharp(b).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
  });
});
