/**
 * The toolbar beside the selection (docs/editor.md, "Interface"): a small bar of icon buttons
 * that floats next to the selected object on the canvas — above it, or below when there is no
 * room, always inside the stage — and follows it as it moves, as the view zooms and pans. It
 * hides while the object is dragged, scaled or turned and when nothing is selected. Its
 * buttons are the editor's own: each one clicks the button of the tools that does the same
 * (Duplicate, Delete selected, the layer's forward / back / lock in the layers panel, Crop) or
 * calls the same function (Enter's "edit the text"), so there is no second copy of any logic.
 * Keyboard: it comes after the canvas in the Tab order and is one Tab stop (a roving
 * tabindex): arrow keys, Home and End move between its buttons, Escape goes back to the canvas.
 */
import { FabricImage, Textbox, type Canvas, type FabricObject } from 'fabric';
import { t, type MessageKey } from './i18n/index.js';
import { icon, type IconName } from './icons.js';
import { editSelectedText, selectedText } from './keyboard-edit.js';
import type { SideCanvas } from './side-canvas.js';

interface Item {
  action: string;
  icon: IconName;
  label: MessageKey;
  /** whether it applies to this selection */
  when: (sel: FabricObject[]) => boolean;
  /** the tools' button it stands for (its disabled and pressed states are mirrored), if any */
  twin?: () => HTMLButtonElement | null;
  run: (side: SideCanvas) => void;
}

const byId = (id: string) => () => document.getElementById(id) as HTMLButtonElement | null;
/** the layers panel's button of the selected layer (layers-panel.ts) */
const layerButton = (action: string) => () => document.querySelector<HTMLButtonElement>(`#layers li.selected [data-action="${action}"]`);
const one = (sel: FabricObject[]) => sel.length === 1;

const ITEMS: Item[] = [
  { action: 'edit-text', icon: 'edit-text', label: 'look.editText', when: (s) => one(s) && s[0] instanceof Textbox && s[0].editable, run: (side) => void editSelectedText(side) },
  { action: 'crop', icon: 'crop', label: 'photo.crop', when: (s) => one(s) && s[0] instanceof FabricImage, twin: byId('crop-mode'), run: () => byId('crop-mode')()?.click() },
  { action: 'duplicate', icon: 'duplicate', label: 'edit.duplicate', when: (s) => s.length > 0, twin: byId('duplicate'), run: () => byId('duplicate')()?.click() },
  { action: 'forward', icon: 'forward', label: 'look.forward', when: one, twin: layerButton('forward'), run: () => layerButton('forward')()?.click() },
  { action: 'backward', icon: 'backward', label: 'look.backward', when: one, twin: layerButton('backward'), run: () => layerButton('backward')()?.click() },
  { action: 'lock', icon: 'lock', label: 'look.lock', when: one, twin: layerButton('lock'), run: () => layerButton('lock')()?.click() },
  { action: 'delete', icon: 'trash', label: 'look.delete', when: (s) => s.length > 0, twin: byId('delete'), run: () => byId('delete')()?.click() },
];

/** screen pixels between the object's box and the bar */
const GAP = 10;

export class SelectionToolbar {
  readonly el: HTMLDivElement;
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly hooked = new WeakSet<Canvas>();
  private dragging = false;
  /** when Duplicate was pressed from the bar: the copy, selected a moment later, gets the bar and the focus back */
  private refocusAt = 0;

  constructor(private readonly stage: HTMLElement, private readonly getSide: () => SideCanvas | null) {
    const el = document.createElement('div');
    el.id = 'selection-toolbar';
    el.setAttribute('role', 'toolbar');
    el.dataset.i18nLabel = 'look.selection';
    el.setAttribute('aria-label', t('look.selection'));
    el.setAttribute('aria-controls', stage.id);
    el.hidden = true;
    for (const item of ITEMS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.action = item.action;
      b.dataset.i18nLabel = item.label;
      b.dataset.i18nTitle = item.label;
      b.tabIndex = -1;
      b.append(icon(item.icon));
      b.addEventListener('click', () => this.run(item, b));
      this.buttons.set(item.action, b);
      el.append(b);
    }
    el.addEventListener('keydown', (e) => this.onKey(e));
    // crop mode comes and goes without a change of the selection (crop.ts): the bar's button follows the panel's at once
    const crop = document.getElementById('crop-mode');
    if (crop) new MutationObserver(() => this.syncCrop()).observe(crop, { attributes: true, attributeFilter: ['aria-pressed'] });
    this.syncCrop();
    // the bar sits over the canvas, after it in the Tab order
    stage.after(el);
    this.el = el;
  }

  private run(item: Item, b: HTMLButtonElement): void {
    const side = this.getSide();
    if (!side || b.disabled) return;
    this.setCurrent(b);
    if (item.action === 'duplicate' && this.el.contains(document.activeElement)) this.refocusAt = performance.now();
    item.run(side);
    // the selection went (deleted, locked): the focus goes back to the canvas
    if (side.canvas.getActiveObjects().length === 0 || this.el.hidden) this.stage.focus({ preventScroll: true });
  }

  private visible(): HTMLButtonElement[] {
    return [...this.buttons.values()].filter((b) => !b.hidden && !b.disabled);
  }

  private setCurrent(b: HTMLButtonElement): void {
    for (const x of this.buttons.values()) x.tabIndex = x === b ? 0 : -1;
  }

  private onKey(e: KeyboardEvent): void {
    const list = this.visible();
    const i = list.indexOf(document.activeElement as HTMLButtonElement);
    const rtl = getComputedStyle(this.el).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowDown: 1, ArrowLeft: rtl ? 1 : -1, ArrowUp: -1 }[e.key];
    let next: HTMLButtonElement | undefined;
    if (step !== undefined) next = list[(i + step + list.length) % list.length];
    else if (e.key === 'Home') next = list[0];
    else if (e.key === 'End') next = list[list.length - 1];
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.stage.focus({ preventScroll: true });
      return;
    } else return;
    // the arrows are the bar's here, not the editor's nudge (main.ts)
    e.preventDefault();
    e.stopPropagation();
    if (next) {
      this.setCurrent(next);
      next.focus();
    }
  }

  /** Called on every change of the page (main.ts refresh): which buttons, their states, where. */
  update(): void {
    // disabling a focused button drops its focus: know beforehand whether the bar had it
    const hadFocus = this.el.contains(document.activeElement);
    const side = this.getSide();
    if (side && !this.hooked.has(side.canvas)) this.hook(side.canvas);
    const sel = side?.canvas.getActiveObjects() ?? [];
    for (const item of ITEMS) {
      const b = this.buttons.get(item.action)!;
      b.hidden = !item.when(sel);
      const twin = b.hidden ? null : item.twin?.();
      b.disabled = b.hidden || (item.twin ? !twin || twin.disabled : item.action === 'edit-text' && !selectedText(side));
      if (item.action === 'lock') b.setAttribute('aria-pressed', twin?.getAttribute('aria-pressed') ?? 'false');
    }
    // the roving tab stop stays on a button that can be used
    const usable = this.visible();
    const current = usable.find((b) => b.tabIndex === 0) ?? usable[0];
    if (current) this.setCurrent(current);
    this.place(hadFocus);
    if (this.refocusAt && !this.el.hidden && performance.now() - this.refocusAt < 3000 && [this.stage, document.body, null].includes(document.activeElement as HTMLElement | null)) {
      this.refocusAt = 0;
      const dup = this.buttons.get('duplicate')!;
      if (!dup.hidden && !dup.disabled) {
        this.setCurrent(dup);
        dup.focus();
      }
    }
  }

  /** the bar's Crop button is pressed while the panel's is */
  private syncCrop(): void {
    this.buttons.get('crop')!.setAttribute('aria-pressed', document.getElementById('crop-mode')?.getAttribute('aria-pressed') ?? 'false');
  }

  /** a placement is due on the next frame */
  private placing = false;

  private hook(canvas: Canvas): void {
    this.hooked.add(canvas);
    // once per frame, after Fabric's renders: placing reads the layout, which a render inside an action must not force
    canvas.on('after:render', () => {
      if (this.placing) return;
      this.placing = true;
      requestAnimationFrame(() => {
        this.placing = false;
        this.place();
      });
    });
    for (const ev of ['object:moving', 'object:scaling', 'object:rotating'] as const) {
      canvas.on(ev, () => {
        this.dragging = true;
        this.place();
      });
    }
    canvas.on('mouse:up', () => {
      this.dragging = false;
      this.update();
    });
  }

  /** Puts the bar above the selection (below when there is no room), inside the stage; hides it when there is nothing to show. */
  place(hadFocus = this.el.contains(document.activeElement)): void {
    const side = this.getSide();
    const obj = side?.canvas.getActiveObject();
    const show = Boolean(side && obj && !this.dragging && this.visible().length > 0 && !side.wrapper.hidden);
    if (!show) {
      if (!this.el.hidden && (hadFocus || this.el.contains(document.activeElement))) this.stage.focus({ preventScroll: true });
      this.el.hidden = true;
      return;
    }
    const canvas = side!.canvas;
    const box = obj!.getBoundingRect(); // design coordinates
    const [z, , , , e, f] = canvas.viewportTransform;
    const c = canvas.upperCanvasEl.getBoundingClientRect();
    const s = this.stage.getBoundingClientRect();
    const parent = (this.el.offsetParent ?? document.body).getBoundingClientRect();
    const left = c.left + box.left * z + e;
    let top = c.top + box.top * z + f;
    const right = left + box.width * z;
    let bottom = top + box.height * z;
    // clear of the object's own handles (the rotation handle stands 40 px above it): the bar never covers one
    if (obj!.hasControls) {
      const pad = obj!.cornerSize / 2 + 2;
      for (const [key, p] of Object.entries(obj!.oCoords)) {
        if (!obj!.isControlVisible(key)) continue;
        top = Math.min(top, c.top + p.y - pad);
        bottom = Math.max(bottom, c.top + p.y + pad);
      }
    }
    // off the visible canvas (zoomed or panned away): nothing to point at
    if (right < c.left || left > c.right || bottom < c.top || top > c.bottom) {
      this.el.hidden = true;
      return;
    }
    this.el.hidden = false;
    const w = this.el.offsetWidth;
    const h = this.el.offsetHeight;
    const view = { top: Math.max(s.top, c.top), bottom: Math.min(s.bottom, c.bottom), left: Math.max(s.left, c.left), right: Math.min(s.right, c.right) };
    let y = top - GAP - h;
    let where = 'above';
    if (y < view.top) {
      y = bottom + GAP;
      where = 'below';
      if (y + h > view.bottom) {
        // no room either side: inside the object's box, at its top
        y = Math.max(view.top, Math.min(top, view.bottom - h));
        where = 'over';
      }
    }
    const x = Math.min(Math.max((left + right) / 2 - w / 2, view.left), Math.max(view.left, view.right - w));
    this.el.dataset.placement = where;
    const parentEl = this.el.offsetParent as HTMLElement | null;
    this.el.style.left = `${x - parent.left + (parentEl?.scrollLeft ?? 0)}px`;
    this.el.style.top = `${y - parent.top + (parentEl?.scrollTop ?? 0)}px`;
  }
}
