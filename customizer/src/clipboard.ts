/**
 * Duplicate, copy and paste (docs/editor.md, "Duplicate, copy, paste"): the selection's layers
 * as JSON (as saved: spot inks and metadata kept), pasted into the active side — the same or
 * another one — offset by 10 design pixels per paste, kept on the canvas, selected, as one
 * undo step. Layers a template or the shopper locked are not copied. The clipboard is the
 * page's own (not the system's): it holds layers, not text or pictures.
 */
import { ActiveSelection, FabricImage, type FabricObject } from 'fabric';
import { spotsForPrint } from './paint.js';
import { EXTRA_PROPS, applyLock, enliven, type Layer, type SideCanvas } from './side-canvas.js';
import { keepOnCanvas } from './snapping.js';

const OFFSET = 10;
let copied: Array<Record<string, unknown>> = [];
let pastes = 0;

/** The selection's layers in design coordinates (an active selection's members are relative to it: taken out first). */
function selectionLayers(side: SideCanvas): Array<Record<string, unknown>> {
  const c = side.canvas;
  const objects = c.getActiveObjects().filter((o) => !(o as Layer).locked && !(o as Layer).userLocked);
  if (objects.length === 0) return [];
  const group = c.getActiveObject() instanceof ActiveSelection;
  if (group) c.discardActiveObject();
  // canvas order, so the copies stack as the originals do
  const ordered = c.getObjects().filter((o) => objects.includes(o));
  const layers = spotsForPrint(ordered.map((o) => o.toObject(EXTRA_PROPS) as Record<string, unknown>));
  if (group) select(side, ordered);
  return layers;
}

function select(side: SideCanvas, objects: FabricObject[]): void {
  const c = side.canvas;
  if (objects.length === 1) c.setActiveObject(objects[0]!);
  else if (objects.length > 1) c.setActiveObject(new ActiveSelection(objects, { canvas: c }));
  c.requestRenderAll();
}

/** Adds copies of `layers`, offset by `offset` design pixels, selected: one undo step; answers how many. */
async function place(side: SideCanvas, layers: Array<Record<string, unknown>>, offset: number): Promise<number> {
  if (layers.length === 0) return 0;
  const objects = await enliven(layers);
  side.canvas.discardActiveObject();
  side.batch(() => {
    for (const o of objects) {
      o.set({ left: o.left + offset, top: o.top + offset });
      if (o instanceof FabricImage) (o as Layer).dpiCheck = !/\.svg(\?|$)|^data:image\/svg/i.test(o.getSrc());
      applyLock(o);
      o.setCoords();
      keepOnCanvas(o, side.layout);
      side.canvas.add(o);
    }
  });
  select(side, objects);
  return objects.length;
}

/** Copies the selection; answers how many layers were copied. */
export function copy(side: SideCanvas | null): number {
  if (!side) return 0;
  const layers = selectionLayers(side);
  if (layers.length === 0) return 0;
  copied = layers;
  pastes = 0;
  return layers.length;
}

/** Pastes what was copied into `side`, each paste 10 px further; 0 when nothing was copied. */
export async function paste(side: SideCanvas | null): Promise<number> {
  if (!side || copied.length === 0) return 0;
  pastes++;
  return place(side, copied, OFFSET * pastes);
}

/** A copy of the selection next to it, selected. */
export async function duplicate(side: SideCanvas | null): Promise<number> {
  if (!side) return 0;
  return place(side, selectionLayers(side), OFFSET);
}

export const hasCopy = (): boolean => copied.length > 0;
