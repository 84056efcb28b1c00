/**
 * The default mockup templates (assets/mockups, rendered by scripts/mockups/render-scenes.ts)
 * through the real engine: the layers line up with the photo and the print area. A solid-colour
 * design shows its colour inside the mask and the print area, the photo is untouched outside the
 * mask; the mask and the spec's print area cover the same pixels (the T-shirt's mask is the
 * fabric: there the print area lies within it). The mockups are written to
 * test-artifacts/default-mockups/ to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composite, prepareTemplate, type Raster, type TemplateLayers } from '../../../../src/engines/mockup/index.js';
import { defaultMockupFiles, MOCKUP_ASSETS } from '../../../../src/modules/mockups/mockups.defaults.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts/default-mockups');

function solid(width: number, height: number, rgb: [number, number, number]): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...rgb, 255], i * 4);
  return { width, height, data };
}

/** A design to look at: colour fields, circles and a frame (no text, no fonts needed). */
async function poster(width: number, height: number): Promise<Raster> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f3057"/><stop offset="1" stop-color="#00587a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.28}" fill="#e94560"/>
    <circle cx="${width * 0.62}" cy="${height * 0.55}" r="${Math.min(width, height) * 0.22}" fill="#f5a623" fill-opacity="0.85"/>
    <rect x="${width * 0.06}" y="${height * 0.06}" width="${width * 0.88}" height="${height * 0.88}" fill="none" stroke="#ffffff" stroke-width="${Math.min(width, height) * 0.025}"/>
    <rect x="${width * 0.1}" y="${height * 0.8}" width="${width * 0.5}" height="${height * 0.05}" fill="#ffffff"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('default mockup templates through the engine', () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const t of defaultMockupFiles()) {
    it(`${t.key}: the design shows inside the mask and the print area, the photo is untouched outside`, async () => {
      const layers = Object.fromEntries(Object.entries(t.layers).map(([n, f]) => [n, readFileSync(path.join(MOCKUP_ASSETS, t.key, f))])) as TemplateLayers;
      const prep = await prepareTemplate(t.spec, layers, t.spec.width);
      const aspect = t.spec.aspect ?? 1;
      const dh = 400;
      const dw = Math.round(dh * aspect);
      const out = composite(prep, solid(dw, dh, [20, 90, 230]));
      const { uv, mask, width: W } = prep;
      expect(mask).not.toBeNull();
      let inMaskArea = 0;
      let blue = 0;
      let maskWhite = 0;
      let maskInArea = 0;
      let area = 0;
      let areaInMask = 0;
      let outsideChanged = 0;
      for (let y = 0; y < prep.height; y++)
        for (let x = 0; x < W; x++) {
          const i = y * W + x;
          const m = mask![i]!;
          const ux = x - uv.x0;
          const uy = y - uv.y0;
          const inArea = ux >= 0 && uy >= 0 && ux < uv.w && uy < uv.h && !Number.isNaN(uv.u[uy * uv.w + ux]!);
          if (inArea) {
            area++;
            if (m > 127) areaInMask++;
          }
          if (m > 250) {
            maskWhite++;
            if (inArea) maskInArea++;
          }
          const [r, g, b] = [out[i * 3]!, out[i * 3 + 1]!, out[i * 3 + 2]!];
          if (m > 250 && inArea) {
            inMaskArea++;
            if (b > r + 60 && b > g + 30) blue++;
          }
          if (m === 0 && (r !== prep.photo[i * 3] || g !== prep.photo[i * 3 + 1] || b !== prep.photo[i * 3 + 2])) outsideChanged++;
        }
      expect(outsideChanged).toBe(0);
      expect(inMaskArea).toBeGreaterThan(20_000);
      // the design's colour, shaded and lit, where it is printed (a highlight may whiten a little)
      expect(blue / inMaskArea).toBeGreaterThan(0.95);
      // the print area lies on the product (within the mask)
      expect(areaInMask / area).toBeGreaterThan(0.97);
      // and the mask is the print area (the T-shirt's is the whole fabric)
      if (t.key !== 't-shirt') expect(maskInArea / maskWhite).toBeGreaterThan(0.97);
      await sharp(out, { raw: { width: W, height: prep.height, channels: 3 } }).png().toFile(path.join(ARTIFACTS, `${t.key}-solid.png`));
      const shown = composite(prep, await poster(dw * 2, dh * 2));
      await sharp(shown, { raw: { width: W, height: prep.height, channels: 3 } }).png().toFile(path.join(ARTIFACTS, `${t.key}.png`));
      await sharp(prep.photo, { raw: { width: W, height: prep.height, channels: 3 } }).png().toFile(path.join(ARTIFACTS, `${t.key}-photo.png`));
    }, 60_000);
  }
});
