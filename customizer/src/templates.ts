/**
 * Templates: the store's (made for one of its sides) and the service's default ones (made
 * for a print size, scaled to fit the side, centred). Applying one replaces the side's layers
 * (one undo step). Its `locked: true` layers stay where the store put them; its
 * `placeholder: true` texts are highlighted until the shopper types over them. Its full-bleed
 * shapes — a background or band that reaches the template's edge — are stretched on those
 * edges to the side's bleed line (`bleedBand`): a template drawn to its trim then fills the
 * whole side, bleed included, and a fresh template never trips the bleed check.
 */
import { FabricImage, FabricText, Point, type FabricObject } from 'fabric';
import type { Template } from './api.js';
import { bleedBand, type Rect } from './geometry.js';
import { t } from './i18n/index.js';
import { readyLayers } from './order.js';
import { requireSide, state, ui } from './state.js';

/** Fills the template picker: the store's templates for this product's sides, then the default ones. */
export function listTemplates(store: Template[], defaults: Template[]): void {
  state.templates.clear();
  const group = (label: string, list: Template[], prefix: string) => {
    const g = document.createElement('optgroup');
    g.label = label;
    for (const tpl of list) {
      state.templates.set(`${prefix}:${tpl.id}`, tpl);
      const o = document.createElement('option');
      o.value = `${prefix}:${tpl.id}`;
      o.textContent = tpl.name;
      g.append(o);
    }
    return g;
  };
  const first = document.createElement('option');
  first.value = '';
  first.textContent = t('template.choose');
  const forProduct = store.filter((tpl) => tpl.side_id && state.sides.has(tpl.side_id));
  ui.template.replaceChildren(first, ...(forProduct.length ? [group(t('template.store'), forProduct, 'store')] : []), ...(defaults.length ? [group(t('template.default'), defaults, 'default')] : []));
  ui.applyTemplate.disabled = true;
}

export async function applyTemplate(key: string): Promise<string> {
  const tpl = state.templates.get(key);
  if (!tpl) throw new Error(t('template.choose'));
  // a store template belongs to one side: show that side
  if (tpl.side_id && state.sides.has(tpl.side_id) && state.active?.side.id !== tpl.side_id) {
    (ui.sides.querySelector<HTMLButtonElement>(`button[data-side-id="${tpl.side_id}"]`))?.click();
  }
  const side = requireSide();
  const layers = await readyLayers(tpl.layers);
  const from = tpl.viewport_width && tpl.viewport_height ? { width: tpl.viewport_width, height: tpl.viewport_height } : null;
  const { trim, bleed } = side.layout;
  await side.load(layers, from, false, (o, placed) => {
    const box = bleedBand(o.getBoundingRect(), placed, trim, bleed);
    if (box) stretchTo(o, box);
  });
  return t('done.template', { name: tpl.name });
}

/** Stretches a shape (not text, not an image, not turned) so its box becomes `box`. */
function stretchTo(o: FabricObject, box: Rect): void {
  if (o instanceof FabricText || o instanceof FabricImage || o.angle % 360 !== 0) return;
  const r = o.getBoundingRect();
  if (r.width <= 0 || r.height <= 0) return;
  o.set({ scaleX: (o.scaleX * box.width) / r.width, scaleY: (o.scaleY * box.height) / r.height });
  o.setPositionByOrigin(new Point(box.left + box.width / 2, box.top + box.height / 2), 'center', 'center');
  o.setCoords();
}
