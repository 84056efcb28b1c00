/**
 * The keying and subject heuristics on small generated fixtures (issue 20), each scored
 * against the alpha it was drawn with:
 *  - a logo on a grained wood backdrop is not force-keyed (the grain would become partly
 *    opaque foreground): the key is cleaned of grain and weighed against the model;
 *  - a white glyph knocked out of a solid disc on a white page stays opaque, while the
 *    counters of type and the hole of a ring stay holes;
 *  - a product photo with a second, separate salient thing keeps only the product, while a
 *    logo's separate parts are all kept (and `auto`, which may be a logo, keeps them too).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../../../../src/engines/vision/segmentation/decode.js';
import { computeAlpha } from '../../../../src/engines/vision/segmentation/engine.js';
import { getModel, type SegmentationModel } from '../../../../src/engines/vision/segmentation/model.js';
import type { SubjectType } from '../../../../src/engines/vision/segmentation/options.js';
import { score } from '../../../fixtures/bgremove/evaluate.js';

const W = 384;
const H = 384;
let model: SegmentationModel;
beforeAll(async () => {
  model = await getModel();
});

async function truthOf(svg: string): Promise<Float32Array> {
  const a = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
  return Float32Array.from(a, (v) => v / 255);
}

/** Wood: soft grain bands, a few dark grain lines, sensor noise (deterministic). */
function woodPlate(): Buffer {
  const b = Buffer.alloc(W * H * 3);
  let s = 5;
  const rnd = (): number => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const g =
        9 * Math.sin(y * 0.35 + 4 * Math.sin(x * 0.015) + 2 * Math.sin(y * 0.05)) +
        5 * Math.sin(y * 1.3 + x * 0.02) -
        45 * Math.max(0, Math.sin(y * 0.11 + 3 * Math.sin(x * 0.012))) ** 16;
      for (let c = 0; c < 3; c++) {
        b[(y * W + x) * 3 + c] = Math.max(0, Math.min(255, [196, 150, 100][c]! + g * [1, 0.85, 0.7][c]! + (rnd() - 0.5) * 10));
      }
    }
  }
  return b;
}

async function compose(plate: Buffer, svg: string): Promise<Buffer> {
  return sharp(plate, { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function run(bytes: Buffer, truth: Float32Array, subjectType: SubjectType) {
  const r = await computeAlpha(await decodeImage(bytes), { subjectType, highDetailMode: false }, model);
  return { method: r.method, ...score(r.alpha, truth) };
}

const svg = (body: string): string => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`;
const white = Buffer.alloc(W * H * 3, 255);

describe('textured backdrops', () => {
  it('a logo on wood: the grain stays background', async () => {
    const logo = svg('<circle cx="150" cy="170" r="80" fill="#1d3557"/><rect x="250" y="110" width="70" height="120" rx="10" fill="#c0392b"/>');
    const r = await run(await compose(woodPlate(), logo), await truthOf(logo), 'logo');
    expect(r.iou).toBeGreaterThan(0.98);
    expect(r.mae).toBeLessThan(0.005); // force-keyed, the grain came out at |Δα| 0.023
  });
});

describe('knockouts', () => {
  const disc = svg(
    '<circle cx="192" cy="192" r="140" fill="#0b6e4f"/><text x="192" y="250" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="160" fill="#ffffff">K</text>',
  );
  const discTruth = svg('<circle cx="192" cy="192" r="140" fill="#000"/>');

  it('a white glyph inside a solid disc on white stays opaque (logo and auto)', async () => {
    const bytes = await compose(white, disc);
    const truth = await truthOf(discTruth);
    for (const type of ['logo', 'auto'] as const) {
      const r = await run(bytes, truth, type);
      expect(r.iou, type).toBeGreaterThan(0.99); // punched out, the K cost 12 % of the disc
    }
  });

  it('the counters of type and the hole of a ring stay holes', async () => {
    const word = svg('<text x="192" y="230" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="110" fill="#1a1a1a">Bag</text>');
    const ring = svg('<path fill-rule="evenodd" fill="#c0392b" d="M192,40 a150,150 0 1 0 0.1,0 z M192,90 a100,100 0 1 1 -0.1,0 z"/>');
    for (const [art, type] of [
      [word, 'text'],
      [word, 'logo'],
      [ring, 'logo'],
      [ring, 'auto'],
    ] as const) {
      const r = await run(await compose(white, art), await truthOf(art), type);
      expect(r.iou, `${type}`).toBeGreaterThan(0.97);
    }
  });
});

describe('one subject', () => {
  const product = '<circle cx="200" cy="210" r="105" fill="#d62828"/><circle cx="170" cy="180" r="30" fill="#f77f7f"/>';
  const distractor = '<rect x="12" y="12" width="80" height="80" fill="#ffd60a"/>';

  it('a product photo keeps the product, not a second thing that does not touch it', async () => {
    const plate = await sharp('test/fixtures/bgremove/sources/backgrounds/gravel.jpg').resize(W, H).removeAlpha().raw().toBuffer();
    const truth = await truthOf(svg(product));
    const r = await run(await compose(plate, svg(product + distractor)), truth, 'product');
    expect(r.iou).toBeGreaterThan(0.97); // with the yellow square kept: 0.84
    const onWhite = await run(await compose(white, svg(product + distractor)), truth, 'product');
    expect(onWhite.iou).toBeGreaterThan(0.97);
  });

  // (`auto` on wood is left to the model, which misses the yellow square: IoU 0.80 before and after)
  it('a logo keeps all its separate parts: on white as logo and auto, on wood as logo', async () => {
    const logo = svg(`${product}${distractor}<rect x="290" y="330" width="80" height="30" fill="#264653"/>`);
    const truth = await truthOf(logo);
    for (const [plate, type] of [
      [white, 'logo'],
      [white, 'auto'],
      [woodPlate(), 'logo'],
    ] as const) {
      const r = await run(await compose(plate, logo), truth, type);
      expect(r.iou, type).toBeGreaterThan(0.95);
    }
  });
});
