import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { processUpload, UploadRejected } from '../../../../src/engines/image/upload.js';
import { sanitizeSvg } from '../../../../src/engines/image/svg-sanitize.js';
import { geometryErrors } from '../../../../src/modules/catalog/sides/sides.service.js';
import { pngHeaderOnly } from '../../../integration/catalog/helpers.js';

describe('sanitizeSvg', () => {
  it('keeps shapes and fragment references, drops scripts, handlers and external references', () => {
    const out = sanitizeSvg(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <style>@import url(http://evil.test/a.css); rect { fill: red }</style>
      <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
      <a href="javascript:alert(1)"><rect width="10" height="10" fill="url(#g)" onclick="x()"/></a>
      <use xlink:href="#g"/><use href="https://evil.test/sprite.svg#icon"/>
      <image href="file:///etc/passwd"/><script>alert(1)</script></svg>`)).toString();
    expect(out).toContain('fill="url(#g)"');
    expect(out).toMatch(/<use[^>]+href="#g"/);
    for (const bad of ['evil.test', 'javascript:', 'onclick', '<script', 'file:///', '@import']) expect(out).not.toContain(bad);
  });

  it('refuses a document with nothing safe left', () => {
    expect(() => sanitizeSvg(Buffer.from('<script>alert(1)</script>'))).toThrow();
  });
});

describe('processUpload', () => {
  it('reads the type from the bytes and makes thumbnails no wider than the original', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#345' } }).jpeg().toBuffer();
    const p = await processUpload(jpeg, { customWidth: 1000 });
    expect(p).toMatchObject({ mime: 'image/jpeg', width: 400, height: 200 });
    expect(p.thumbnails.small?.width).toBe(150);
    expect(p.thumbnails.medium?.width).toBe(400);
    expect(p.thumbnails.custom?.width).toBe(400);
  });

  it('refuses unknown bytes and too many pixels before decoding', async () => {
    await expect(processUpload(Buffer.from('hello'))).rejects.toMatchObject({ kind: 'unsupported_type' });
    const err = await processUpload(pngHeaderOnly(20000, 10000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadRejected);
    expect((err as UploadRejected).kind).toBe('too_many_pixels');
  });
});

describe('print side geometry', () => {
  const base = { width: 100, height: 50, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 5, right: 5, bottom: 5, left: 5 } };
  it('accepts a safe zone inside the trim and a non-negative bleed', () => {
    expect(geometryErrors(base)).toEqual({});
  });
  it('rejects negative bleed and a safe zone reaching past the trim', () => {
    expect(Object.keys(geometryErrors({ ...base, bleed: { ...base.bleed, left: -0.5 } }))).toEqual(['bleed.left']);
    expect(Object.keys(geometryErrors({ ...base, safe_zone: { top: 25, right: 0, bottom: 25, left: 0 } }))).toEqual(['safe_zone']);
    expect(Object.keys(geometryErrors({ ...base, safe_zone: { ...base.safe_zone, right: -1 } }))).toEqual(['safe_zone.right']);
  });
});
