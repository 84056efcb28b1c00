import { describe, expect, it } from 'vitest';
import { alignedChip, DLIB_CHIP, fitSimilarity, meshLandmarks, padEdges } from '../../../../src/engines/vision/faces/align.js';

/** A 468-point mesh whose alignment landmarks are the given eye and mouth centres. */
function meshWith(rightEye: [number, number], leftEye: [number, number], mouth: [number, number]): number[][] {
  const mesh = Array.from({ length: 468 }, () => [0, 0]);
  for (const i of [33, 133]) mesh[i] = [...rightEye];
  for (const i of [362, 263]) mesh[i] = [...leftEye];
  for (const i of [61, 291, 0, 17]) mesh[i] = [...mouth];
  return mesh;
}

describe('face alignment', () => {
  it('fits the similarity transform that produced the points', () => {
    const angle = 0.3, scale = 1.7, tx = 12, ty = -5;
    const a = scale * Math.cos(angle), b = scale * Math.sin(angle);
    const src: Array<[number, number]> = [[10, 20], [60, 25], [35, 80]];
    const dst = src.map(([x, y]) => [a * x - b * y + tx, b * x + a * y + ty] as [number, number]);
    const t = fitSimilarity(src, dst);
    expect(t.a).toBeCloseTo(a, 6);
    expect(t.b).toBeCloseTo(b, 6);
    expect(t.tx).toBeCloseTo(tx, 6);
    expect(t.ty).toBeCloseTo(ty, 6);
    expect(() => fitSimilarity([[1, 1], [1, 1]], [[0, 0], [1, 1]])).toThrow(RangeError);
  });

  it('averages the mesh points of each landmark', () => {
    expect(meshLandmarks(meshWith([10, 20], [30, 20], [20, 40]))).toEqual([[10, 20], [30, 20], [20, 40]]);
    expect(() => meshLandmarks([[0, 0]])).toThrow(RangeError);
  });

  it("puts a face's eyes and mouth where dlib's chip has them, upright even when the face is tilted", () => {
    // A 200×200 image: black, with a white dot at each landmark of a face rolled by 30°.
    const W = 200;
    const data = Buffer.alloc(W * W * 3);
    const rot = (x: number, y: number): [number, number] => {
      const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
      return [100 + c * (x - 100) - s * (y - 100), 100 + s * (x - 100) + c * (y - 100)];
    };
    const points = [rot(80, 90), rot(120, 90), rot(100, 135)];
    for (const [x, y] of points) {
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) data.fill(255, ((Math.round(y) + dy) * W + Math.round(x) + dx) * 3, ((Math.round(y) + dy) * W + Math.round(x) + dx) * 3 + 3);
    }
    const chip = alignedChip({ data, width: W, height: W }, meshWith(points[0]!, points[1]!, points[2]!));
    expect(chip.length).toBe(150 * 150 * 3);
    const at = (x: number, y: number) => chip[(Math.round(y) * 150 + Math.round(x)) * 3]!;
    for (const [x, y] of DLIB_CHIP.points) expect(at(x, y)).toBeGreaterThan(200);
    // Between the eyes there is nothing.
    expect(at(74, 46.6)).toBeLessThan(20);
  });

  it('pads an image by repeating its edge pixels', () => {
    const img = { data: Buffer.from([1, 2, 3, 4, 5, 6]), width: 2, height: 1 };
    const out = padEdges(img, 1);
    expect(out.width).toBe(4);
    expect(out.height).toBe(3);
    const row = [1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6];
    expect([...out.data]).toEqual([...row, ...row, ...row]);
  });
});
