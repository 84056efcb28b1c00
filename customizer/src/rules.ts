/**
 * A product's design rules in the editor (docs/catalog.md § Design rules): on a side whose
 * product (or the side itself) limits colours, every colour picker of the page gives way to
 * the palette's swatches (a click sets the picker's value and fires its own `input`/`change`,
 * so each tool applies the colour as it always did), the spot inks offered are the product's
 * only, and the font list shows only the fonts allowed. The API refuses what breaks the rules
 * anyway; this keeps a shopper from making it.
 */
import type { Product, Side } from './api.js';
import { t } from './i18n/index.js';
import type { SpotPaint } from './paint.js';

export interface Rules {
  colors: string[] | null;
  fonts: string[] | null;
  lockSides: boolean;
}

/** The rules a side's designs follow: the side's colours or fonts where it has them, else the product's. */
export function rulesFor(product: Product | undefined, side: Side | undefined): Rules {
  const p = product?.design_rules ?? null;
  const s = side?.design_rules ?? null;
  return { colors: s?.colors ?? p?.colors ?? null, fonts: s?.fonts ?? p?.fonts ?? null, lockSides: p?.lock_sides ?? false };
}

/** The spot inks a side may use: with a palette, only the product's own. */
export function allowedSpots(all: SpotPaint[], product: Product | undefined, rules: Rules): SpotPaint[] {
  if (!rules.colors) return all;
  const names = new Set((product?.spot_inks ?? []).map((i) => i.name));
  return all.filter((s) => names.has(s.spot));
}

export class RulesUi {
  /** every font option as the catalogue listed it, to show them again when a rule goes */
  private allFonts: HTMLOptionElement[] | null = null;
  private readonly palettes = new Map<HTMLInputElement, HTMLDivElement>();

  constructor(
    private readonly colorInputs: HTMLInputElement[],
    private readonly font: HTMLSelectElement,
  ) {}

  apply(rules: Rules): void {
    for (const input of this.colorInputs) this.palette(input, rules.colors);
    this.fonts(rules.fonts);
  }

  private palette(input: HTMLInputElement, colors: string[] | null): void {
    this.palettes.get(input)?.remove();
    this.palettes.delete(input);
    input.hidden = colors !== null;
    if (!colors) return;
    const group = document.createElement('div');
    group.className = 'swatches palette';
    group.role = 'group';
    group.setAttribute('aria-label', t('rules.palette'));
    const set = (hex: string) => {
      input.value = hex.toLowerCase();
      for (const b of group.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.color === hex));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    for (const hex of colors) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.color = hex;
      b.style.background = hex;
      b.setAttribute('aria-label', hex);
      b.title = hex;
      b.setAttribute('aria-pressed', String(input.value.toUpperCase() === hex));
      b.addEventListener('click', () => set(hex));
      group.append(b);
    }
    (input.closest('label') ?? input).after(group);
    this.palettes.set(input, group);
    // new objects take the picker's colour: it must be one the product allows
    if (!colors.includes(input.value.toUpperCase())) {
      input.value = colors[0]!.toLowerCase();
      group.querySelector('button')?.setAttribute('aria-pressed', 'true');
    }
  }

  private fonts(allowed: string[] | null): void {
    this.allFonts ??= [...this.font.options];
    const names = allowed?.map((f) => f.toLowerCase());
    const shown = names ? this.allFonts.filter((o) => names.includes(o.value.toLowerCase())) : this.allFonts;
    // a rule naming no font the store has shows them all: the API names the problem on save
    const list = shown.length ? shown : this.allFonts;
    const current = this.font.value;
    this.font.replaceChildren(...list);
    if (list.some((o) => o.value === current)) this.font.value = current;
    else if (list[0]) this.font.value = list[0].value;
  }

  /** The catalogue's font options changed (a new store was loaded): read them again. */
  fontsListed(): void {
    this.allFonts = null;
  }
}
