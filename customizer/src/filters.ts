/**
 * Adjust a photo (docs/editor.md, "Image filters"): brightness, contrast and saturation
 * sliders, greyscale and sepia toggles, and a reset, on the selected image. They are Fabric's
 * own filters (Brightness, Contrast, Saturation, Grayscale, Sepia), saved in the layer's
 * `filters` as Fabric serialises them; the PDF engine applies the same maths to the same
 * pixels (src/engines/pdf/image-filters.ts). Filtering runs on Fabric's 2D canvas backend,
 * whose per-pixel arithmetic is what the engine replicates (the WebGL backend rounds
 * differently). Dragging a slider shows the change live; letting go, a key press or a toggle
 * is one undo step. Filters of other types a layer may carry (a template's) are kept, after these.
 * A "Duotone" select offers the spot inks the product may use (main.ts passes them to
 * `setSpots`, as to the text and shape tools): the photo in that ink and black, a `Duotone`
 * filter (duotone.ts) kept last of all, which the engine prints as a two-ink image.
 */
import { Canvas2dFilterBackend, FabricImage, filters as F, setFilterBackend } from 'fabric';
import { t } from './i18n/index.js';
import { Duotone, type DuotoneInk } from './duotone.js';
import type { SpotPaint } from './paint.js';
import type { SideCanvas } from './side-canvas.js';
import { setStatus } from './state.js';

setFilterBackend(new Canvas2dFilterBackend());

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

type AmountKind = 'Brightness' | 'Contrast' | 'Saturation';
const AMOUNTS: AmountKind[] = ['Brightness', 'Contrast', 'Saturation'];
const OURS = new Set<string>([...AMOUNTS, 'Grayscale', 'Sepia', 'Duotone']);

/** A filter as a Fabric object: its `type`, and the amount of the three sliders' filters. */
type AnyFilter = { type: string; brightness?: number; contrast?: number; saturation?: number; spot?: string; cmyk?: number[] };

/** What the controls show: amounts −100..100, toggles. */
export interface Adjustments {
  Brightness: number;
  Contrast: number;
  Saturation: number;
  greyscale: boolean;
  sepia: boolean;
  /** the spot ink of a duotone, or null */
  duotone: DuotoneInk | null;
}

export const NO_ADJUSTMENTS: Adjustments = { Brightness: 0, Contrast: 0, Saturation: 0, greyscale: false, sepia: false, duotone: null };

/** The controls' values of an image's filters (the first filter of each type counts). */
export function adjustmentsOf(img: FabricImage): Adjustments {
  const list = (img.filters ?? []) as unknown as AnyFilter[];
  const amount = (type: AmountKind): number => {
    const f = list.find((x) => x.type === type);
    const v = f?.[type.toLowerCase() as 'brightness' | 'contrast' | 'saturation'];
    return typeof v === 'number' ? Math.round(v * 100) : 0;
  };
  const duo = list.find((f) => f.type === 'Duotone');
  const duotone = duo?.spot ? { spot: duo.spot, cmyk: [...(duo.cmyk ?? [0, 0, 0, 100])] as DuotoneInk['cmyk'] } : null;
  return { Brightness: amount('Brightness'), Contrast: amount('Contrast'), Saturation: amount('Saturation'), greyscale: list.some((f) => f.type === 'Grayscale'), sepia: list.some((f) => f.type === 'Sepia'), duotone };
}

/** Sets an image's filters to `a` (in a fixed order: the tones, greyscale, sepia, any others, the duotone last) and re-filters its pixels. */
export function applyAdjustments(img: FabricImage, a: Adjustments): void {
  const others = ((img.filters ?? []) as unknown as AnyFilter[]).filter((f) => !OURS.has(f.type));
  const list: unknown[] = [];
  if (a.Brightness) list.push(new F.Brightness({ brightness: a.Brightness / 100 }));
  if (a.Contrast) list.push(new F.Contrast({ contrast: a.Contrast / 100 }));
  if (a.Saturation) list.push(new F.Saturation({ saturation: a.Saturation / 100 }));
  if (a.greyscale) list.push(new F.Grayscale({ mode: 'average' }));
  if (a.sepia) list.push(new F.Sepia());
  const duotone = a.duotone ? [new Duotone({ spot: a.duotone.spot, cmyk: [...a.duotone.cmyk] })] : [];
  img.filters = [...list, ...others, ...duotone] as FabricImage['filters'];
  img.applyFilters();
}

export class FilterTools {
  readonly ui = {
    fieldset: $<HTMLFieldSetElement>('image-adjust'),
    Brightness: $<HTMLInputElement>('adjust-brightness'),
    Contrast: $<HTMLInputElement>('adjust-contrast'),
    Saturation: $<HTMLInputElement>('adjust-saturation'),
    greyscale: $<HTMLButtonElement>('adjust-greyscale'),
    sepia: $<HTMLButtonElement>('adjust-sepia'),
    reset: $<HTMLButtonElement>('adjust-reset'),
    duotone: $<HTMLSelectElement>('adjust-duotone'),
  };
  /** the inks the Duotone select offers, by name */
  private inks = new Map<string, DuotoneInk>();

  constructor(private readonly getSide: () => SideCanvas | null) {
    const { ui } = this;
    for (const k of AMOUNTS) {
      ui[k].addEventListener('input', () => this.change(false));
      ui[k].addEventListener('change', () => this.change(true));
      // arrow keys move the slider, not the selected object (the page's keydown nudges the selection)
      ui[k].addEventListener('keydown', (e) => {
        if (e.key.startsWith('Arrow')) e.stopPropagation();
      });
    }
    for (const b of [ui.greyscale, ui.sepia]) {
      b.addEventListener('click', () => {
        b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true'));
        this.change(true);
      });
    }
    ui.reset.addEventListener('click', () => this.change(true, NO_ADJUSTMENTS));
    ui.duotone.addEventListener('change', () => this.change(true));
    // arrow keys choose an ink (closed select), they do not nudge the photo
    ui.duotone.addEventListener('keydown', (e) => {
      if (e.key.startsWith('Arrow')) e.stopPropagation();
    });
  }

  /** The spot inks the product may use (no die line: main.ts); a White ink shows as paper. */
  setSpots(spots: SpotPaint[]): void {
    this.inks = new Map(spots.map((s) => [s.spot, { spot: s.spot, cmyk: [...(s.cmyk ?? [0, 0, 0, 0])] as DuotoneInk['cmyk'] }]));
    this.sync();
  }

  /** The select's options: None, the inks offered, and an image's own ink when it is not one of them. */
  private options(current: DuotoneInk | null): void {
    const { duotone } = this.ui;
    const none = duotone.options[0]!;
    const names = [...this.inks.keys()];
    if (current && !this.inks.has(current.spot)) names.push(current.spot);
    const same = duotone.options.length === names.length + 1 && names.every((n, i) => duotone.options[i + 1]!.value === n);
    if (!same) duotone.replaceChildren(none, ...names.map((n) => Object.assign(document.createElement('option'), { value: n, textContent: n })));
    duotone.value = current?.spot ?? '';
  }

  private selected(): FabricImage | null {
    const sel = this.getSide()?.canvas.getActiveObjects() ?? [];
    return sel.length === 1 && sel[0] instanceof FabricImage && sel[0].selectable ? sel[0] : null;
  }

  private read(): Adjustments {
    const { ui } = this;
    const n = (el: HTMLInputElement) => Math.max(-100, Math.min(100, Math.round(Number(el.value) || 0)));
    const img = this.selected();
    const own = img ? adjustmentsOf(img).duotone : null;
    const duotone = ui.duotone.value ? (this.inks.get(ui.duotone.value) ?? (own?.spot === ui.duotone.value ? own : null)) : null;
    return { Brightness: n(ui.Brightness), Contrast: n(ui.Contrast), Saturation: n(ui.Saturation), greyscale: ui.greyscale.getAttribute('aria-pressed') === 'true', sepia: ui.sepia.getAttribute('aria-pressed') === 'true', duotone };
  }

  private change(commit: boolean, to?: Adjustments): void {
    const side = this.getSide();
    const img = this.selected();
    if (!side || !img) return;
    const a = to ?? this.read();
    const before = img.filters;
    // letting go of a slider: the pixels are filtered already (its `input`), the step is recorded
    const same = commit && JSON.stringify(adjustmentsOf(img)) === JSON.stringify(a);
    const run = (): void => {
      if (!same) applyAdjustments(img, a);
    };
    try {
      if (commit) side.batch(run);
      else run();
    } catch {
      // a picture from a server that does not allow reading its pixels (no CORS): nothing changes
      img.filters = before;
      setStatus(t('adjust.failed'), true);
      this.sync();
      return;
    }
    if (!same) side.canvas.renderAll();
    this.show(a);
  }

  private show(a: Adjustments, keepFocused = false): void {
    const { ui } = this;
    for (const k of AMOUNTS) {
      if (!(keepFocused && document.activeElement === ui[k])) ui[k].value = String(a[k]);
      const out = ui[k].closest('.row')?.querySelector('output');
      if (out) out.value = ui[k].value;
    }
    ui.greyscale.setAttribute('aria-pressed', String(a.greyscale));
    ui.sepia.setAttribute('aria-pressed', String(a.sepia));
    this.options(a.duotone);
  }

  /** Shows the selected image's filters. */
  sync(): void {
    const img = this.selected();
    this.show(img ? adjustmentsOf(img) : NO_ADJUSTMENTS, true);
  }
}
