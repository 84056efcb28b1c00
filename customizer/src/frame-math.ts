/**
 * The arithmetic of arranging and framing, on plain rectangles in design coordinates (no
 * Fabric), so unit tests check it directly: align, distribute (align.ts), fit and fill an
 * image in its frame (images.ts).
 */
import type { Rect } from './geometry.js';

export type AlignMode = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

export function union(rects: Rect[]): Rect {
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.left + r.width));
  const bottom = Math.max(...rects.map((r) => r.top + r.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** How far each rect moves to line up with `ref` on one edge or centre. */
export function alignDeltas(rects: Rect[], mode: AlignMode, ref: Rect): Array<{ dx: number; dy: number }> {
  return rects.map((r) => {
    switch (mode) {
      case 'left': return { dx: ref.left - r.left, dy: 0 };
      case 'center': return { dx: ref.left + ref.width / 2 - (r.left + r.width / 2), dy: 0 };
      case 'right': return { dx: ref.left + ref.width - (r.left + r.width), dy: 0 };
      case 'top': return { dx: 0, dy: ref.top - r.top };
      case 'middle': return { dx: 0, dy: ref.top + ref.height / 2 - (r.top + r.height / 2) };
      case 'bottom': return { dx: 0, dy: ref.top + ref.height - (r.top + r.height) };
    }
  });
}

/** Moves so the gaps between neighbours (in order along the axis) are equal; the outermost two stay. */
export function distributeDeltas(rects: Rect[], axis: 'x' | 'y'): Array<{ dx: number; dy: number }> {
  const out = rects.map(() => ({ dx: 0, dy: 0 }));
  if (rects.length < 3) return out;
  const start = (r: Rect) => (axis === 'x' ? r.left : r.top);
  const size = (r: Rect) => (axis === 'x' ? r.width : r.height);
  const order = rects.map((r, i) => i).sort((a, b) => start(rects[a]!) + size(rects[a]!) / 2 - (start(rects[b]!) + size(rects[b]!) / 2));
  const first = rects[order[0]!]!;
  const last = rects[order[order.length - 1]!]!;
  const span = start(last) + size(last) - start(first);
  const gap = (span - order.reduce((s, i) => s + size(rects[i]!), 0)) / (order.length - 1);
  let pos = start(first);
  for (const i of order) {
    const d = pos - start(rects[i]!);
    out[i] = axis === 'x' ? { dx: d, dy: 0 } : { dx: 0, dy: d };
    pos += size(rects[i]!) + gap;
  }
  return out;
}

export interface Frame {
  width: number;
  height: number;
}

export interface Crop {
  width: number;
  height: number;
  cropX: number;
  cropY: number;
  scale: number;
}

/** Shows all of a natural-size picture inside the frame (letterboxed). */
export function fitCrop(natural: Frame, frame: Frame): Crop {
  const scale = Math.min(frame.width / natural.width, frame.height / natural.height);
  return { width: natural.width, height: natural.height, cropX: 0, cropY: 0, scale };
}

/** Fills the frame, cropping the overflow; `fx`, `fy` (0..1) say where the crop sits (0.5: centred). */
export function fillCrop(natural: Frame, frame: Frame, fx = 0.5, fy = 0.5): Crop {
  const scale = Math.max(frame.width / natural.width, frame.height / natural.height);
  const width = Math.min(natural.width, frame.width / scale);
  const height = Math.min(natural.height, frame.height / scale);
  return { width, height, cropX: (natural.width - width) * fx, cropY: (natural.height - height) * fy, scale };
}

