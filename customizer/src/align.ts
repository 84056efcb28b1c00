/**
 * Align and distribute. One object aligns to the trim box; several align to their common
 * bounding box, and three or more can be spread so the gaps between them are equal. The math
 * is on plain rectangles (design coordinates); `arrange` applies it to the selection.
 */
import { ActiveSelection, type FabricObject } from 'fabric';
import { alignDeltas, distributeDeltas, union, type AlignMode } from './frame-math.js';
import type { SideCanvas } from './side-canvas.js';

export type { AlignMode };

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
