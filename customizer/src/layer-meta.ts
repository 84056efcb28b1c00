/**
 * What the editor keeps on a Fabric object beside Fabric's own properties (docs/editor.md,
 * "Layer metadata"), reviving layers into objects, their names in the layers panel, and locks.
 */
import { FabricImage, FabricObject, Textbox, util } from 'fabric';
import { t } from './i18n/index.js';
import { spotsForCanvas } from './paint.js';
import { withCrossOrigin } from './cross-origin.js';

/** Extra properties kept in the layers' JSON (docs/editor.md, "Layer metadata"). */
export const EXTRA_PROPS = ['image_id', 'name', 'locked', 'userLocked', 'placeholder', 'field', 'spotFill', 'spotStroke', 'curve', 'autoWidth'];

export type Layer = FabricObject & { image_id?: string; dpiCheck?: boolean; name?: string; locked?: boolean; userLocked?: boolean; placeholder?: boolean; spotFill?: unknown; spotStroke?: unknown; field?: unknown; curve?: unknown };

/**
 * Fabric objects from layers. A variable-data `field` ({name, type: 'text' | 'image' | …}) is
 * kept aside while Fabric revives the layers: Fabric would take any nested object with a
 * `type` for an object of that class and fail on it.
 */
export async function enliven(layers: Array<Record<string, unknown>>): Promise<FabricObject[]> {
  const fields = layers.map((l) => l.field);
  const bare = spotsForCanvas(layers.map(({ field: _field, ...rest }) => rest));
  // images of another origin with CORS (the canvas stays readable); a CORS load that fails is tried plainly
  const objects = (await util.enlivenObjects(withCrossOrigin(bare)).catch(() => util.enlivenObjects(withCrossOrigin(bare, true)))) as FabricObject[];
  objects.forEach((o, i) => {
    if (fields[i] !== undefined) (o as Layer).field = fields[i];
  });
  return objects;
}

export function layerLabel(obj: FabricObject): string {
  const o = obj as Layer;
  if (o.name) return o.name;
  if (obj instanceof Textbox) return t('layers.text', { text: obj.text.length > 24 ? `${obj.text.slice(0, 24)}…` : obj.text });
  if (obj instanceof FabricImage) return t('layers.image', { name: o.name ?? 'image' });
  return t('layers.shape', { type: obj.type.toLowerCase() });
}

/** Locked layers (by the template, or by the shopper in the layers panel) can be neither selected, moved, edited nor deleted. */
export function applyLock(obj: FabricObject): void {
  const o = obj as Layer;
  const locked = Boolean(o.locked || o.userLocked);
  obj.set({ selectable: !locked, evented: !locked, hasControls: !locked, lockMovementX: locked, lockMovementY: locked, lockScalingX: locked, lockScalingY: locked, lockRotation: locked });
  if (obj instanceof Textbox) obj.editable = !locked;
}
