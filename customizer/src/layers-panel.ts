/**
 * The layers panel: the active side's objects, top-most first, each with its name (edit to
 * rename), bring forward / send back, lock and hide. Locks set by the template cannot be
 * undone here. Every action is one undo step. Focus stays on the same control of the same
 * layer when the list is redrawn, so the panel works from the keyboard.
 */
import type { FabricObject } from 'fabric';
import { t } from './i18n/index.js';
import { icon, isIcon } from './icons.js';
import { applyLock, layerLabel, type Layer, type SideCanvas } from './side-canvas.js';

const ids = new WeakMap<FabricObject, number>();
let nextId = 1;
const idOf = (o: FabricObject): number => {
  let id = ids.get(o);
  if (!id) ids.set(o, (id = nextId++));
  return id;
};

/** An icon button (icons.ts: Tabler's outline icons; no glyphs, no emoji) named by its label. */
function button(name: string, label: string, action: string, onClick: () => void, pressed?: boolean): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  if (isIcon(name)) b.append(icon(name));
  b.setAttribute('aria-label', label);
  b.title = label;
  b.dataset.action = action;
  if (pressed !== undefined) b.setAttribute('aria-pressed', String(pressed));
  b.addEventListener('click', onClick);
  return b;
}

export class LayersPanel {
  /** what the list shows now: redrawn only when it changes (not on every mouse move of a drag) */
  private shown = '';
  /** template mode (template-mode.ts): the lock button sets the template's own `locked` flag */
  templateLocks = false;

  constructor(private readonly list: HTMLOListElement, private readonly getSide: () => SideCanvas | null) {}

  private signature(side: SideCanvas | null): string {
    if (!side) return '';
    const selected = new Set(side.canvas.getActiveObjects());
    const objects = side.canvas.getObjects();
    return `${side.side.id}|${objects.map((o) => `${idOf(o)}:${layerLabel(o)}:${o.visible}:${(o as Layer).locked}:${(o as Layer).userLocked}:${selected.has(o)}`).join('|')}`;
  }

  /** Redraws the list (skipped while a name is being typed, or when nothing it shows changed). */
  render(): void {
    const active = document.activeElement as HTMLElement | null;
    if (active instanceof HTMLInputElement && this.list.contains(active)) return;
    const sig = this.signature(this.getSide());
    if (sig === this.shown && this.list.childElementCount > 0) return;
    this.shown = sig;
    const focusKey = active && this.list.contains(active) ? `${active.closest('li')?.dataset.layerId}:${active.dataset.action}` : null;
    const side = this.getSide();
    const objects = side ? [...side.canvas.getObjects()].reverse() : [];
    if (!side || objects.length === 0) {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = t('layers.empty');
      this.list.replaceChildren(li);
      return;
    }
    const selected = new Set(side.canvas.getActiveObjects());
    const total = objects.length;
    this.list.replaceChildren(...objects.map((o, i) => this.row(side, o as Layer, total - i, selected.has(o))));
    if (focusKey) {
      const [id, action] = focusKey.split(':');
      this.list.querySelector<HTMLElement>(`li[data-layer-id="${id}"] [data-action="${action}"]`)?.focus();
    }
  }

  private row(side: SideCanvas, o: Layer, n: number, isSelected: boolean): HTMLLIElement {
    const li = document.createElement('li');
    li.dataset.layerId = String(idOf(o));
    li.classList.toggle('selected', isSelected);
    li.classList.toggle('hidden-layer', !o.visible);
    const name = layerLabel(o);
    const input = document.createElement('input');
    input.type = 'text';
    input.value = name;
    input.maxLength = 100;
    input.dataset.action = 'rename';
    input.setAttribute('aria-label', t('layers.name', { n }));
    input.addEventListener('focus', () => {
      if (o.selectable && o.visible) {
        side.canvas.setActiveObject(o);
        side.canvas.requestRenderAll();
      }
    });
    input.addEventListener('change', () => {
      const v = input.value.trim();
      o.name = v || undefined;
      side.commit();
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') input.blur();
    });
    const canvas = side.canvas;
    const objects = () => canvas.getObjects();
    const forward = button('forward', t('layers.forward', { name }), 'forward', () => {
      canvas.bringObjectForward(o);
      side.commit();
    });
    forward.disabled = objects().indexOf(o) === objects().length - 1;
    const backward = button('backward', t('layers.backward', { name }), 'backward', () => {
      canvas.sendObjectBackwards(o);
      side.commit();
    });
    backward.disabled = objects().indexOf(o) === 0;
    if (this.templateLocks) {
      const tlock = button('lock', t('tm.lock', { name }), 'lock', () => {
        o.locked = !o.locked;
        applyLock(o);
        if (o.locked && canvas.getActiveObjects().includes(o)) canvas.discardActiveObject();
        canvas.requestRenderAll();
        side.commit();
      }, Boolean(o.locked));
      li.append(input, forward, backward, tlock);
      return li;
    }
    const lock = button(o.locked || o.userLocked ? 'lock' : 'lock-open', o.locked ? t('layers.lockedByTemplate', { name }) : t('layers.lock', { name }), 'lock', () => {
      o.userLocked = !o.userLocked;
      applyLock(o);
      if (o.userLocked && canvas.getActiveObjects().includes(o)) canvas.discardActiveObject();
      canvas.requestRenderAll();
      side.commit();
    }, Boolean(o.locked || o.userLocked));
    lock.disabled = Boolean(o.locked);
    const hide = button(o.visible ? 'eye' : 'eye-off', t('layers.hide', { name }), 'hide', () => {
      o.visible = !o.visible;
      if (!o.visible && canvas.getActiveObjects().includes(o)) canvas.discardActiveObject();
      canvas.requestRenderAll();
      side.commit();
    }, !o.visible);
    hide.disabled = Boolean(o.locked);
    li.append(input, forward, backward, lock, hide);
    return li;
  }
}
