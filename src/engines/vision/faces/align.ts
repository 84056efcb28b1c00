/**
 * Face alignment for the dlib descriptor: a similarity transform (rotation, uniform scale,
 * shift) that puts the eyes and the mouth of a face where dlib's 150×150 "face chip" has them
 * (dlib `get_face_chip_details(shape, 150, 0.25)`: its mean face shape with 25 % padding), then
 * bilinear sampling of the source pixels into that chip.
 *
 * The landmarks come from human's 468-point face mesh (MediaPipe topology); only five are used.
 */
import type { RgbImage } from '../../image/decode.js';

export type Point = readonly [number, number, number?] | readonly number[];

/** Chip side in pixels (what the dlib ResNet takes). */
export const CHIP_SIZE = 150;

/** A chip: its side, and where it puts the eye on the image's left, the other eye and the mouth centre. */
export interface ChipTemplate {
  size: number;
  points: ReadonlyArray<readonly [number, number]>;
}

/**
 * dlib's chip (150 px): the centres of the two eyes and of the mouth from dlib's mean face
 * shape (landmarks 36-41, 42-47, 48-59), placed with 25 % padding: (p + 0.25) / 1.5 × 150.
 */
export const DLIB_CHIP: ChipTemplate = {
  size: CHIP_SIZE,
  points: [
    [47.55, 46.6], // eye on the image's left (the subject's right eye)
    [100.48, 46.6], // eye on the image's right
    [74.01, 105.77], // mouth centre
  ],
};

/** MediaPipe face mesh indices: eye corners (33/133 subject's right, 362/263 left), mouth corners 61/291, lip middles 0/17. */
const RIGHT_EYE = [33, 133] as const;
const LEFT_EYE = [362, 263] as const;
const MOUTH = [61, 291, 0, 17] as const;

function mean(mesh: readonly Point[], idx: readonly number[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const i of idx) {
    const p = mesh[i];
    if (!p) throw new RangeError(`face mesh has no point ${i}`);
    x += p[0]!;
    y += p[1]!;
  }
  return [x / idx.length, y / idx.length];
}

/** The three alignment landmarks of a 468-point mesh, in the mesh's pixel coordinates. */
export function meshLandmarks(mesh: readonly Point[]): Array<[number, number]> {
  return [mean(mesh, RIGHT_EYE), mean(mesh, LEFT_EYE), mean(mesh, MOUTH)];
}

/** Least-squares similarity transform dst ≈ [a −b; b a]·src + [tx ty]. */
export function fitSimilarity(src: ReadonlyArray<readonly [number, number]>, dst: ReadonlyArray<readonly [number, number]>) {
  const n = src.length;
  let sx = 0, sy = 0, dx = 0, dy = 0;
  for (let i = 0; i < n; i++) {
    sx += src[i]![0];
    sy += src[i]![1];
    dx += dst[i]![0];
    dy += dst[i]![1];
  }
  sx /= n; sy /= n; dx /= n; dy /= n;
  let num1 = 0, num2 = 0, den = 0;
  for (let i = 0; i < n; i++) {
    const px = src[i]![0] - sx, py = src[i]![1] - sy;
    const qx = dst[i]![0] - dx, qy = dst[i]![1] - dy;
    num1 += px * qx + py * qy;
    num2 += px * qy - py * qx;
    den += px * px + py * py;
  }
  if (den === 0) throw new RangeError('degenerate landmarks');
  const a = num1 / den;
  const b = num2 / den;
  return { a, b, tx: dx - (a * sx - b * sy), ty: dy - (b * sx + a * sy) };
}

/**
 * The aligned RGB chip (float32, 0-255, row-major HWC, template.size square) of the face whose
 * mesh is given, in the pixel coordinates of `image`. Pixels outside the image are the edge pixel.
 */
export function alignedChip(image: RgbImage, mesh: readonly Point[], template: ChipTemplate = DLIB_CHIP): Float32Array {
  const size = template.size;
  // Map chip → source: invert the source → chip similarity.
  const { a, b, tx, ty } = fitSimilarity(meshLandmarks(mesh), template.points);
  const det = a * a + b * b;
  const ia = a / det, ib = -b / det; // inverse is [ia −ib; ib ia]
  const { data, width, height } = image;
  const out = new Float32Array(size * size * 3);
  const clampX = (v: number) => (v < 0 ? 0 : v > width - 1 ? width - 1 : v);
  const clampY = (v: number) => (v < 0 ? 0 : v > height - 1 ? height - 1 : v);
  let o = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Pixel centres: chip (x + 0.5, y + 0.5) ↔ source (u + 0.5, v + 0.5).
      const cx = x + 0.5 - tx, cy = y + 0.5 - ty;
      const u = clampX(ia * cx - ib * cy - 0.5);
      const v = clampY(ib * cx + ia * cy - 0.5);
      const x0 = Math.floor(u), y0 = Math.floor(v);
      const x1 = Math.min(x0 + 1, width - 1), y1 = Math.min(y0 + 1, height - 1);
      const fx = u - x0, fy = v - y0;
      const p00 = (y0 * width + x0) * 3, p01 = (y0 * width + x1) * 3;
      const p10 = (y1 * width + x0) * 3, p11 = (y1 * width + x1) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[p00 + c]! * (1 - fx) + data[p01 + c]! * fx;
        const bottom = data[p10 + c]! * (1 - fx) + data[p11 + c]! * fx;
        out[o++] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
}

/** The image with `pad` pixels added on every side, repeating its edge pixels. */
export function padEdges(image: RgbImage, pad: number): RgbImage {
  const { data, width, height } = image;
  const w = width + 2 * pad;
  const h = height + 2 * pad;
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - pad));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(width - 1, Math.max(0, x - pad));
      data.copy(out, (y * w + x) * 3, (sy * width + sx) * 3, (sy * width + sx) * 3 + 3);
    }
  }
  return { data: out, width: w, height: h };
}
