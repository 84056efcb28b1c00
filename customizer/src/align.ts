/**
 * Align and distribute. One object aligns to the trim box; several align to their common
 * bounding box, and three or more can be spread so the gaps between them are equal. The math
 * is on plain rectangles (design coordinates); `arrange` applies it to the selection.
 */
import { ActiveSelection, type FabricObject } from 'fabric';
import type { Rect } from './geometry.js';
import type { SideCanvas } from './side-canvas.js';

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

/** Aligns or distributes the side's selection; answers whether anything moved. */
export function arrange(side: SideCanvas, what: { align?: AlignMode; distribute?: 'x' | 'y' }): boolean {
  const c = side.canvas;
  const objs = c.getActiveObjects().filter((o) => !o.lockMovementX);
  if (objs.length === 0) return false;
  // take the objects out of the selection group, so their coordinates are the design's
  c.discardActiveObject();
  const rects = objs.map((o) => o.getBoundingRect());
  const deltas = what.distribute ? distributeDeltas(rects, what.distribute) : alignDeltas(rects, what.align!, objs.length === 1 ? side.layout.trim : union(rects));
  let moved = false;
  side.batch(() => {
    objs.forEach((o: FabricObject, i) => {
      const { dx, dy } = deltas[i]!;
      if (Math.abs(dx) < 1e-6 && Math.abs(dy) < 1e-6) return;
      moved = true;
      o.set({ left: o.left + dx, top: o.top + dy });
      o.setCoords();
    });
  });
  c.setActiveObject(objs.length === 1 ? objs[0]! : new ActiveSelection(objs, { canvas: c }));
  c.requestRenderAll();
  return moved;
}
