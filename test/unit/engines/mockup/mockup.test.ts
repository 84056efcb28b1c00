import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  LruCache,
  MockupRenderer,
  checkSpec,
  composite,
  prepareTemplate,
  project,
  squareToQuad,
  type MockupSpec,
  type Point,
  type Raster,
  type TemplateLayers,
} from '../../../../src/engines/mockup/index.js';
import type { PageSpec } from '../../../../src/engines/pdf/index.js';
import { defaultMockupFiles, MOCKUP_ASSETS } from '../../../../src/modules/mockups/mockups.defaults.js';

const W = 400;
const H = 300;
const PHOTO_GREY = 90;
const grey = (v: number, w = W, h = H) => sharp({ create: { width: w, height: h, channels: 3, background: { r: v, g: v, b: v } } }).png().toBuffer();
/** A photo with texture (a gradient), so "untouched" means something. */
async function texturedPhoto(): Promise<{ png: Buffer; raw: Buffer }> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) raw.set([x % 256, y % 256, (x + y) % 256], (y * W + x) * 3);
  return { png: await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer(), raw };
}

/** A design raster: three vertical bands, red, green, blue (opaque, premultiplied = straight). */
function bands(width = 300, height = 200): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const band = Math.min(2, Math.floor((3 * x) / width));
      data.set(band === 0 ? [255, 0, 0, 255] : band === 1 ? [0, 255, 0, 255] : [0, 0, 255, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

const at = (rgb: Buffer, w: number, x: number, y: number) => [...rgb.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)];
const changed = (rgb: Buffer, photo: Buffer, i: number) => rgb[i * 3] !== photo[i * 3] || rgb[i * 3 + 1] !== photo[i * 3 + 1] || rgb[i * 3 + 2] !== photo[i * 3 + 2];

function inside(p: Point, quad: Point[], tol: number): boolean {
  // every edge: the point is on the inner side, or within `tol` px of the edge
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (cross / Math.hypot(b[0] - a[0], b[1] - a[1]) < -tol) return false;
  }
  return true;
}

/** A perspective quad (a poster on a wall seen from the left). */
const QUAD: [Point, Point, Point, Point] = [
  [120, 40],
  [310, 70],
  [305, 240],
  [125, 280],
];

describe('perspective quad', () => {
  it('the design lands inside the quad, its corners within 2 px of the quad’s, each band where the homography puts it', async () => {
    const spec: MockupSpec = { width: W, height: H, print_area: { type: 'quad', corners: QUAD }, fit: 'fill' };
    const photo = await grey(PHOTO_GREY);
    const prep = await prepareTemplate(spec, { photo }, W);
    const rgb = composite(prep, bands());
    const drawn: Point[] = [];
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (changed(rgb, prep.photo, y * W + x)) drawn.push([x + 0.5, y + 0.5]);
    expect(drawn.length).toBeGreaterThan(20_000);
    // nothing outside the print area (half a pixel of tolerance for pixel centres on the edge)
    expect(drawn.filter((p) => !inside(p, QUAD, 0.75))).toEqual([]);
    // each corner of the quad has a drawn pixel within 2 px
    for (const c of QUAD) {
      const nearest = Math.min(...drawn.map((p) => Math.hypot(p[0] - c[0], p[1] - c[1])));
      expect(nearest).toBeLessThanOrEqual(2);
    }
    // the middle of each band, projected into the photo, has the band's colour
    const m = squareToQuad(QUAD);
    for (const [u, colour] of [
      [1 / 6, [255, 0, 0]],
      [0.5, [0, 255, 0]],
      [5 / 6, [0, 0, 255]],
    ] as const) {
      for (const v of [0.1, 0.5, 0.9]) {
        const [x, y] = project(m, u, v);
        expect(at(rgb, W, Math.floor(x), Math.floor(y))).toEqual(colour);
      }
    }
  });

  it('through the print engine: a design of colour bands rendered and rasterised lands in the quad', async () => {
    const page: PageSpec = {
      width: 90,
      height: 60,
      dimensionUnit: 'mm',
      bleed: { top: 2, right: 2, bottom: 2, left: 2 },
      safeZone: { top: 0, right: 0, bottom: 0, left: 0 },
      dpi: 300,
      viewportWidth: 900,
      viewportHeight: 600,
      background: { color: '#ffffff' },
      layers: [
        { type: 'rect', left: -20, top: -20, width: 320, height: 640, fill: '#ff0000' },
        { type: 'rect', left: 300, top: -20, width: 300, height: 640, fill: '#00ff00' },
        { type: 'rect', left: 600, top: -20, width: 320, height: 640, fill: '#0000ff' },
      ],
    } as PageSpec;
    const assets = { image: async () => Promise.reject(new Error('no images')), font: async () => null };
    const renderer = new MockupRenderer();
    const spec: MockupSpec = { width: W, height: H, print_area: { type: 'quad', corners: QUAD }, fit: 'fill' };
    const layers = async (): Promise<TemplateLayers> => ({ photo: await grey(PHOTO_GREY) });
    const out = await renderer.mockup({ key: 't', spec, layers }, { key: 'd', page, assets }, W, 'png');
    expect([out.width, out.height]).toEqual([W, H]);
    const { data: rgb } = await sharp(out.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const m = squareToQuad(QUAD);
    for (const [u, colour] of [
      [1 / 6, [255, 0, 0]],
      [0.5, [0, 255, 0]],
      [5 / 6, [0, 0, 255]],
    ] as const) {
      const [x, y] = project(m, u, 0.5);
      const px = at(rgb, W, Math.floor(x), Math.floor(y));
      px.forEach((c, i) => expect(Math.abs(c - colour[i]!)).toBeLessThanOrEqual(2));
    }
    let outside = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (!inside([x + 0.5, y + 0.5], QUAD, 0.75) && at(rgb, W, x, y).some((c) => c !== PHOTO_GREY)) outside++;
    expect(outside).toBe(0);
    for (const c of QUAD) {
      let nearest = Infinity;
      for (let y = Math.max(0, c[1] - 4); y < Math.min(H, c[1] + 4); y++)
        for (let x = Math.max(0, c[0] - 4); x < Math.min(W, c[0] + 4); x++) if (at(rgb, W, x, y).some((v) => v !== PHOTO_GREY)) nearest = Math.min(nearest, Math.hypot(x + 0.5 - c[0], y + 0.5 - c[1]));
      expect(nearest).toBeLessThanOrEqual(2);
    }
    // a second mockup of the same design and template reuses the page, raster and template
    await renderer.mockup({ key: 't', spec, layers }, { key: 'd', page, assets }, W, 'png');
    expect(renderer.pages.hits).toBe(1);
    expect(renderer.rasters.hits).toBe(1);
    expect(renderer.templates.hits).toBe(1);
  });
});

describe('layers', () => {
  const spec: MockupSpec = { width: W, height: H, print_area: { type: 'quad', corners: [[100, 50], [300, 50], [300, 250], [100, 250]] }, fit: 'fill' };

  it('shading multiplies the design by the map: 255 keeps it, 128 halves it, 64 quarters it', async () => {
    const shadeRaw = Buffer.alloc(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) shadeRaw[y * W + x] = y < 150 ? 255 : x < 200 ? 128 : 64;
    const shading = await sharp(shadeRaw, { raw: { width: W, height: H, channels: 1 } }).png().toBuffer();
    const prep = await prepareTemplate(spec, { photo: await grey(PHOTO_GREY), shading }, W);
    const white: Raster = { width: 100, height: 100, data: new Uint8Array(100 * 100 * 4).fill(255) };
    const rgb = composite(prep, white);
    expect(at(rgb, W, 150, 100)).toEqual([255, 255, 255]);
    expect(at(rgb, W, 150, 200)).toEqual([128, 128, 128]);
    expect(at(rgb, W, 250, 200)).toEqual([64, 64, 64]);
    // the photo itself is not shaded
    expect(at(rgb, W, 50, 200)).toEqual([PHOTO_GREY, PHOTO_GREY, PHOTO_GREY]);
    const red = composite(prep, bands(90, 90));
    expect(at(red, W, 120, 200)).toEqual([128, 0, 0]);
  });

  it('highlight screens: black leaves the design, mid grey lifts it, white makes it white', async () => {
    const hiRaw = Buffer.alloc(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) hiRaw[y * W + x] = x < 150 ? 0 : x < 250 ? 128 : 255;
    const highlight = await sharp(hiRaw, { raw: { width: W, height: H, channels: 1 } }).png().toBuffer();
    const prep = await prepareTemplate(spec, { photo: await grey(PHOTO_GREY), highlight }, W);
    const black: Raster = { width: 10, height: 10, data: new Uint8Array(400).map((_, i) => (i % 4 === 3 ? 255 : 0)) };
    const rgb = composite(prep, black);
    expect(at(rgb, W, 120, 150)).toEqual([0, 0, 0]);
    expect(at(rgb, W, 200, 150)).toEqual([128, 128, 128]);
    expect(at(rgb, W, 280, 150)).toEqual([255, 255, 255]);
  });

  it('nothing is drawn outside the mask; inside it the design shows; grey mask edges blend', async () => {
    const { png: photo, raw } = await texturedPhoto();
    const mask = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#000"/><circle cx="200" cy="150" r="80" fill="#fff"/></svg>`)).png().toBuffer();
    const prep = await prepareTemplate(spec, { photo, mask }, W);
    expect(Buffer.compare(prep.photo, raw)).toBe(0);
    const rgb = composite(prep, bands());
    const maskRaw = await sharp(mask).greyscale().extractChannel(0).raw().toBuffer();
    let inMask = 0;
    for (let i = 0; i < W * H; i++) {
      if (maskRaw[i] === 0) expect(changed(rgb, raw, i), `pixel ${i % W},${Math.floor(i / W)}`).toBe(false);
      else if (maskRaw[i] === 255 && changed(rgb, raw, i)) inMask++;
    }
    expect(inMask).toBeGreaterThan(Math.PI * 75 * 75);
    expect(at(rgb, W, 200, 150)).toEqual([0, 255, 0]);
  });

  it('displacement: a map of white moves the design by the full shift, mid grey not at all', async () => {
    const photo = await grey(PHOTO_GREY);
    const disp = await grey(255);
    const none = await grey(128);
    const shifted = composite(await prepareTemplate({ ...spec, displacement: { x: 10, y: -6 } }, { photo, displacement: disp }, W), bands());
    const still = composite(await prepareTemplate({ ...spec, displacement: { x: 10, y: -6 } }, { photo, displacement: none }, W), bands());
    const firstDrawn = (rgb: Buffer, y: number) => [...Array(W).keys()].find((x) => at(rgb, W, x, y)[0] !== PHOTO_GREY);
    const topDrawn = (rgb: Buffer, x: number) => [...Array(H).keys()].find((y) => at(rgb, W, x, y)[0] !== PHOTO_GREY || at(rgb, W, x, y)[2] !== PHOTO_GREY);
    expect(firstDrawn(still, 150)).toBe(100);
    expect(firstDrawn(shifted, 150)).toBe(110);
    expect(topDrawn(still, 200)).toBe(50);
    expect(topDrawn(shifted, 200)).toBe(44);
  });

  it('fit: contain letterboxes a wide design in a square area, cover crops it', async () => {
    const photo = await grey(PHOTO_GREY);
    const contain = composite(await prepareTemplate({ ...spec, aspect: 1, fit: 'contain' }, { photo }, W), bands(300, 100));
    // a 3:1 design in a 200 × 200 area: 67 px tall, centred
    expect(at(contain, W, 200, 60)).toEqual([PHOTO_GREY, PHOTO_GREY, PHOTO_GREY]);
    expect(at(contain, W, 200, 150)).toEqual([0, 255, 0]);
    expect(at(contain, W, 105, 150)).toEqual([255, 0, 0]);
    const cover = composite(await prepareTemplate({ ...spec, aspect: 1, fit: 'cover' }, { photo }, W), bands(300, 100));
    // only the middle third (green) shows
    expect(at(cover, W, 105, 60)).toEqual([0, 255, 0]);
    expect(at(cover, W, 295, 240)).toEqual([0, 255, 0]);
  });
});

describe('curved surface (mesh) and the curated templates', () => {
  const defaults = defaultMockupFiles();
  const load = (key: string) => {
    const t = defaults.find((d) => d.key === key)!;
    const layers = Object.fromEntries(Object.entries(t.layers).map(([n, f]) => [n, readFileSync(path.join(MOCKUP_ASSETS, key, f))])) as TemplateLayers;
    return { t, layers };
  };

  it('four curated templates ship, each with a valid spec and a CC0 licence', () => {
    expect(defaults.map((d) => d.key)).toEqual(['business-card', 'mug', 'poster-wall', 't-shirt']);
    for (const d of defaults) {
      expect(checkSpec(d.spec)).toEqual([]);
      expect(d.license).toMatch(/CC0/);
    }
    expect(defaults.find((d) => d.key === 'mug')!.spec.print_area.type).toBe('mesh');
    expect(defaults.find((d) => d.key === 't-shirt')!.spec.displacement).toBeTruthy();
  });

  it('mug: the design follows the mesh; its corners land within 2 px of the mesh corners; sides darker than the front', async () => {
    const { t, layers } = load('mug');
    const area = t.spec.print_area as { type: 'mesh'; columns: number; rows: number; points: Point[] };
    // no shading or mask, to see the geometry alone
    const prep = await prepareTemplate({ ...t.spec, fit: 'fill' }, { photo: layers.photo }, t.spec.width);
    const white: Raster = { width: 200, height: 100, data: new Uint8Array(200 * 100 * 4).fill(255) };
    const marked = composite(prep, { ...white, data: white.data.map((v, i) => (i % 4 === 1 ? 0 : v)) }); // magenta design
    const isMagenta = (x: number, y: number) => {
      const [r, g, b] = at(marked, prep.width, x, y);
      return r! > 250 && g! < 5 && b! > 250;
    };
    const c1 = area.columns + 1;
    const corners = [area.points[0]!, area.points[area.columns]!, area.points[c1 * area.rows + area.columns]!, area.points[c1 * area.rows]!];
    for (const c of corners) {
      let nearest = Infinity;
      for (let y = Math.floor(c[1]) - 4; y <= c[1] + 4; y++) for (let x = Math.floor(c[0]) - 4; x <= c[0] + 4; x++) if (isMagenta(x, y)) nearest = Math.min(nearest, Math.hypot(x + 0.5 - c[0], y + 0.5 - c[1]));
      expect(nearest).toBeLessThanOrEqual(2);
    }
    // the top edge bows down in the middle (the rim's ellipse): the first drawn row at the centre is lower than at the sides
    const top = (x: number) => [...Array(prep.height).keys()].find((y) => isMagenta(x, y))!;
    const mid = Math.round(area.points[Math.floor(area.columns / 2)]![0]);
    expect(top(mid)).toBeGreaterThan(top(Math.round(corners[0]![0]) + 3) + 10);
    // with the template's shading: the sides of the cylinder are darker than its front
    const shaded = composite(await prepareTemplate({ ...t.spec, fit: 'fill' }, { photo: layers.photo, shading: layers.shading! }, t.spec.width), white);
    const y = Math.round((area.points[0]![1] + area.points[c1]![1]) / 2);
    const lum = (x: number) => at(shaded, prep.width, x, y).reduce((a, b) => a + b, 0) / 3;
    expect(lum(Math.round(corners[1]![0]) - 3)).toBeLessThan(lum(mid) - 40);
  });

  it('every curated template renders at 1,000 px', async () => {
    const renderer = new MockupRenderer();
    const page = {
      width: 100,
      height: 100,
      dimensionUnit: 'mm',
      bleed: { top: 0, right: 0, bottom: 0, left: 0 },
      safeZone: { top: 0, right: 0, bottom: 0, left: 0 },
      dpi: 300,
      viewportWidth: 300,
      viewportHeight: 300,
      background: { color: '#ff8800' },
      layers: [],
    } as PageSpec;
    const assets = { image: async () => Promise.reject(new Error('no images')), font: async () => null };
    for (const d of defaults) {
      const { layers } = load(d.key);
      const out = await renderer.mockup({ key: d.key, spec: d.spec, layers: async () => layers }, { key: 'orange', page, assets }, 1000, 'jpeg');
      expect(out.width).toBe(1000);
      expect((await sharp(out.image).metadata()).width).toBe(1000);
    }
  });
});

describe('template spec', () => {
  const base = { width: 400, height: 300 };
  it('accepts a clockwise convex quad and a complete mesh', () => {
    expect(checkSpec({ ...base, print_area: { type: 'quad', corners: QUAD } })).toEqual([]);
    expect(checkSpec({ ...base, print_area: { type: 'mesh', columns: 2, rows: 1, points: [[0, 0], [50, 0], [100, 0], [0, 50], [50, 50], [100, 50]] } })).toEqual([]);
  });
  it('names what is wrong', () => {
    const paths = (s: unknown) => checkSpec(s).map((i) => i.path);
    expect(paths({ ...base, print_area: { type: 'quad', corners: [QUAD[0], QUAD[3], QUAD[2], QUAD[1]] } })).toEqual(['print_area.corners']); // counter-clockwise
    expect(paths({ ...base, print_area: { type: 'quad', corners: [[0, 0], [100, 0], [20, 20], [0, 100]] } })).toEqual(['print_area.corners']); // concave
    expect(paths({ ...base, print_area: { type: 'mesh', columns: 2, rows: 1, points: [[0, 0]] } })).toEqual(['print_area.points']);
    expect(paths({ ...base, print_area: { type: 'blob' } })).toEqual(['print_area.type']);
    expect(paths({ width: 5, height: 300, print_area: {} })).toEqual(['width']);
    expect(paths({ ...base, print_area: { type: 'quad', corners: QUAD }, fit: 'squash', displacement: { x: 900, y: 0 }, extra: 1 })).toEqual(['fit', 'displacement.x', 'extra']);
  });
});

describe('render cache', () => {
  it('shares a value being computed, evicts the least recently used past its budget', async () => {
    const c = new LruCache<number>(10, () => 4);
    let calls = 0;
    const make = (v: number) => async () => {
      calls++;
      return v;
    };
    expect(await Promise.all([c.get('a', make(1)), c.get('a', make(1))])).toEqual([1, 1]);
    expect(calls).toBe(1);
    await c.get('b', make(2));
    await c.get('a', make(1)); // a is now the most recent
    await c.get('c', make(3)); // 12 bytes: b goes
    expect(c.size).toBe(2);
    await c.get('a', make(1));
    expect(calls).toBe(3);
    await c.get('b', make(2));
    expect(calls).toBe(4);
    await expect(c.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.get('x', make(9))).toBe(9);
  });
});
