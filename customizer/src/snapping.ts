/**
 * Snapping while dragging: an object's left/centre/right (top/middle/bottom) edges snap to the
 * trim, the safe zone, the centre lines and the other objects' edges and centres when they
 * come within a few screen pixels; the lines snapped to are shown as guides until the drag
 * ends. Then the object is kept on the canvas (the bleed box): it cannot be dragged off.
 */
import type { FabricObject } from 'fabric';
import { keepInside, type Layout, type Rect } from './geometry.js';

export interface Guide {
  axis: 'x' | 'y';
  /** design coordinate of the line */
  at: number;
}

/** Snapping distance in screen pixels. */
export const SNAP_PX = 6;

/**
 * The smallest move that puts one of `edges` on one of `targets`, if one is within
 * `threshold`; `at` is the target line.
 */
export function snapOffset(edges: number[], targets: number[], threshold: number): { delta: number; at: number } | null {
  let best: { delta: number; at: number } | null = null;
  for (const e of edges) {
    for (const tg of targets) {
      const d = tg - e;
      if (Math.abs(d) <= threshold && (!best || Math.abs(d) < Math.abs(best.delta))) best = { delta: d, at: tg };
    }
  }
  return best;
}

const xs = (r: Rect) => [r.left, r.left + r.width / 2, r.left + r.width];
const ys = (r: Rect) => [r.top, r.top + r.height / 2, r.top + r.height];

/** The lines a moving object snaps to: trim, safe zone and centre lines, then the other objects' edges and centres. */
export function snapTargets(layout: Layout, others: Rect[]): { x: number[]; y: number[] } {
  const { trim, safe } = layout;
  return {
    x: [trim.left, trim.left + trim.width / 2, trim.left + trim.width, safe.left, safe.left + safe.width, ...others.flatMap(xs)],
    y: [trim.top, trim.top + trim.height / 2, trim.top + trim.height, safe.top, safe.top + safe.height, ...others.flatMap(ys)],
  };
}

/** Moves an object by a design-coordinate offset, whatever its origin. */
export function nudge(obj: FabricObject, dx: number, dy: number): void {
  obj.set({ left: obj.left + dx, top: obj.top + dy });
  obj.setCoords();
}

/** Keeps `obj` on the canvas (its bleed box); answers whether it moved. */
export function keepOnCanvas(obj: FabricObject, layout: Layout): boolean {
  obj.setCoords();
  const { dx, dy } = keepInside(obj.getBoundingRect(), layout.bleed);
  if (dx === 0 && dy === 0) return false;
  nudge(obj, dx, dy);
  return true;
}

/**
 * Snaps `obj` (being dragged) to the targets, keeps it on the canvas, and answers the guides
 * to show. `zoom` converts SNAP_PX to design pixels.
 */
export function snapMoving(obj: FabricObject, others: FabricObject[], layout: Layout, zoom: number, enabled = true): Guide[] {
  const guides: Guide[] = [];
  // Fabric moves `left`/`top` while dragging but refreshes the corner coordinates only at the end
  obj.setCoords();
  if (enabled) {
    const r = obj.getBoundingRect();
    const targets = snapTargets(
      layout,
      others.filter((o) => o !== obj && o.visible).map((o) => o.getBoundingRect()),
    );
    const threshold = SNAP_PX / zoom;
    const sx = snapOffset(xs(r), targets.x, threshold);
    const sy = snapOffset(ys(r), targets.y, threshold);
    nudge(obj, sx?.delta ?? 0, sy?.delta ?? 0);
    if (sx) guides.push({ axis: 'x', at: sx.at });
    if (sy) guides.push({ axis: 'y', at: sy.at });
  }
  keepOnCanvas(obj, layout);
  return guides;
}

/** Draws guides across the whole canvas in design coordinates (the context already transformed). */
export function drawSnapGuides(ctx: CanvasRenderingContext2D, guides: Guide[], layout: Layout, zoom: number): void {
  if (guides.length === 0) return;
  const { bleed } = layout;
  ctx.save();
  ctx.strokeStyle = '#db2777';
  ctx.lineWidth = 1 / zoom;
  ctx.setLineDash([]);
  ctx.beginPath();
  for (const g of guides) {
    if (g.axis === 'x') {
      ctx.moveTo(g.at, bleed.top);
      ctx.lineTo(g.at, bleed.top + bleed.height);
    } else {
      ctx.moveTo(bleed.left, g.at);
      ctx.lineTo(bleed.left + bleed.width, g.at);
    }
  }
  ctx.stroke();
  ctx.restore();
}
