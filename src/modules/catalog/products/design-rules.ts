import { Type } from '@sinclair/typebox';
import { parseColor } from '../../../engines/pdf/colour/css-colour.js';
import { familyCandidates } from '../../../engines/pdf/fonts/font-registry.js';
import { isSpotPaint } from '../../../engines/pdf/spot.js';
import { stylesFromArray } from '../../../engines/pdf/text-styles.js';
import { Nullable } from '../../../platform/http/resource.js';

/**
 * A product's (or one side's) design rules: the colours and fonts a shopper's design may use,
 * and whether an order must carry one design for each of the product's sides. The customizer
 * offers only what the rules allow; `POST`/`PUT /designs` refuse a layer that breaks them (400
 * naming the layer's field), so a design made through the API keeps them too.
 */
export const MAX_PALETTE = 64;
export const MAX_FONTS = 64;

const COLORS =
  'The solid colours a design may use (CSS colours, stored as `#RRGGBB`), beside the product\'s `spot_inks`, which a design may always use: every fill, stroke, text background and gradient stop of every layer must be one of them (photos and artwork are not checked, but a photo’s duotone ink must be one of the `spot_inks`). Fully transparent paint is always allowed. null: any colour';
const FONTS = "The font families a design's text may use (each layer's and each character's first family). null: any font of the store or the default catalogue";
const LOCK = "An order (a project's print-ready PDF, or a shop connector's print file) must hold exactly one design for each of the product's sides: the shopper may neither leave a side out nor print one twice. Default false";

const Palette = Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: MAX_PALETTE, description: COLORS, examples: [['#1F2937', '#FFFFFF', '#C8102E']] }));
const Fonts = Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: MAX_FONTS, description: FONTS, examples: [['Roboto', 'Playfair Display']] }));

export const ProductDesignRulesInput = Nullable(
  Type.Object(
    { colors: Type.Optional(Palette), fonts: Type.Optional(Fonts), lock_sides: Type.Optional(Type.Boolean({ description: LOCK })) },
    { additionalProperties: false, description: "What a shopper's design of this product may use (docs/catalog.md § Design rules). null: no rules", examples: [{ colors: ['#1F2937', '#FFFFFF'], fonts: ['Roboto'], lock_sides: true }] },
  ),
);
export const ProductDesignRules = Nullable(
  Type.Object({ colors: Nullable(Type.Array(Type.String())), fonts: Nullable(Type.Array(Type.String())), lock_sides: Type.Boolean() }, { description: "What a shopper's design of this product may use (docs/catalog.md § Design rules). null: no rules" }),
);
export const SideDesignRulesInput = Nullable(
  Type.Object(
    { colors: Type.Optional(Palette), fonts: Type.Optional(Fonts) },
    { additionalProperties: false, description: "This side's own colours and fonts, in place of the product's (a field left out or null keeps the product's). null: the product's rules", examples: [{ colors: ['#000000'] }] },
  ),
);
export const SideDesignRules = Nullable(Type.Object({ colors: Nullable(Type.Array(Type.String())), fonts: Nullable(Type.Array(Type.String())) }, { description: "This side's own colours and fonts, in place of the product's. null: the product's rules" }));

export interface StoredRules {
  colors: string[] | null;
  fonts: string[] | null;
  lock_sides?: boolean;
}

/** `#RRGGBB` of a CSS colour, null for no paint, undefined when it is not a colour. */
export function hexOf(value: unknown): string | null | undefined {
  const c = parseColor(value);
  if (!c) return c;
  if (c.a === 0) return null;
  const h = (v: number) => Math.round(v * 255).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`.toUpperCase();
}

/** Rules as stored: colours as `#RRGGBB` and unique, fonts trimmed and unique; problems into `errors` under `field`. */
export function normaliseRules(input: { colors?: string[] | null; fonts?: string[] | null; lock_sides?: boolean } | null | undefined, field: string, errors: Record<string, string[]>, withLock: boolean): StoredRules | null {
  if (input === null || input === undefined) return null;
  let colors: string[] | null = null;
  if (input.colors) {
    colors = [];
    for (const [i, c] of input.colors.entries()) {
      const hex = hexOf(c);
      if (!hex) (errors[`${field}.colors.${i}`] ??= []).push(`"${c}" is not a CSS colour`);
      else if (!colors.includes(hex)) colors.push(hex);
    }
    if (colors.length === 0 && !errors[`${field}.colors.0`]) (errors[`${field}.colors`] ??= []).push('needs at least one colour (null allows any)');
  }
  let fonts: string[] | null = null;
  if (input.fonts) {
    fonts = [];
    for (const [i, f] of input.fonts.entries()) {
      const name = f.trim();
      if (!name) (errors[`${field}.fonts.${i}`] ??= []).push('must name a font family');
      else if (!fonts.some((x) => x.toLowerCase() === name.toLowerCase())) fonts.push(name);
    }
    if (input.fonts.length === 0) (errors[`${field}.fonts`] ??= []).push('needs at least one font (null allows any)');
  }
  return withLock ? { colors, fonts, lock_sides: input.lock_sides ?? false } : { colors, fonts };
}

/** The rules a side's designs follow: the side's colours or fonts where it has them, else the product's. */
export function effectiveRules(product: StoredRules | null | undefined, side: StoredRules | null | undefined): StoredRules | null {
  const colors = side?.colors ?? product?.colors ?? null;
  const fonts = side?.fonts ?? product?.fonts ?? null;
  return colors || fonts ? { colors, fonts } : null;
}

const PAINT_PROPS = ['fill', 'stroke', 'backgroundColor', 'textBackgroundColor'] as const;
const TEXT = new Set(['textbox', 'i-text', 'text', 'itext']);

interface Checker {
  colors: Set<string> | null;
  spots: Set<string>;
  fonts: Set<string> | null;
  palette: string;
  fontList: string;
  errors: Record<string, string[]>;
}

function paint(c: Checker, value: unknown, path: string): void {
  if (!c.colors || value === undefined || value === null) return;
  if (isSpotPaint(value)) {
    if (!c.spots.has(value.spot)) (c.errors[path] ??= []).push(`spot ink "${value.spot}" is not one of this product's inks (${[...c.spots].join(', ') || 'none'})`);
    return;
  }
  if (typeof value === 'object') {
    const stops = (value as { colorStops?: unknown }).colorStops;
    if (Array.isArray(stops)) stops.forEach((s, i) => paint(c, (s as { color?: unknown })?.color, `${path}.colorStops[${i}].color`));
    return;
  }
  const hex = hexOf(value);
  if (hex && !c.colors.has(hex)) (c.errors[path] ??= []).push(`${hex} is not in this product's palette (${c.palette})`);
}

function font(c: Checker, family: unknown, path: string): void {
  if (!c.fonts || typeof family !== 'string' || !family.trim()) return;
  const first = familyCandidates(family)[0] ?? family.trim();
  if (!c.fonts.has(first.toLowerCase())) (c.errors[path] ??= []).push(`font "${first}" is not one of this product's fonts (${c.fontList})`);
}

function layer(c: Checker, l: Record<string, unknown>, path: string): void {
  for (const p of PAINT_PROPS) paint(c, l[p], `${path}.${p}`);
  // a photo's duotone ink (src/engines/pdf/duotone.ts) is a spot ink like a fill's
  if (Array.isArray(l.filters)) l.filters.forEach((f: { type?: unknown; spot?: unknown }, j) => f?.type === 'Duotone' && typeof f.spot === 'string' && paint(c, { spot: f.spot }, `${path}.filters[${j}].spot`));
  const type = String(l.type).toLowerCase();
  if (TEXT.has(type)) {
    font(c, l.fontFamily, `${path}.fontFamily`);
    if (l.styles) {
      const styles = stylesFromArray(l.styles, typeof l.text === 'string' ? l.text : '');
      for (const [line, chars] of Object.entries(styles)) {
        for (const [ch, style] of Object.entries(chars)) {
          const at = `${path}.styles.${line}.${ch}`;
          for (const p of ['fill', 'stroke', 'textBackgroundColor'] as const) paint(c, (style as Record<string, unknown>)[p], `${at}.${p}`);
          font(c, (style as Record<string, unknown>).fontFamily, `${at}.fontFamily`);
        }
      }
    }
  }
  if (Array.isArray(l.objects)) l.objects.forEach((o, i) => layer(c, o as Record<string, unknown>, `${path}.objects[${i}]`));
}

/**
 * Each layer field that breaks the rules, keyed by its path (`layers[2].fill`,
 * `layers[0].styles.0.3.fontFamily`), for `AppError.validation`. `spots`: the product's ink names.
 * Layers are those `validateLayers` accepted.
 */
export function designRuleProblems(layers: readonly unknown[], rules: StoredRules | null, spots: readonly string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!rules || (!rules.colors && !rules.fonts)) return errors;
  const c: Checker = {
    colors: rules.colors ? new Set(rules.colors) : null,
    spots: new Set(spots),
    fonts: rules.fonts ? new Set(rules.fonts.map((f) => f.toLowerCase())) : null,
    palette: [...(rules.colors ?? []), ...spots].join(', '),
    fontList: (rules.fonts ?? []).join(', '),
    errors,
  };
  layers.forEach((l, i) => {
    if (l && typeof l === 'object') layer(c, l as Record<string, unknown>, `layers[${i}]`);
  });
  return errors;
}
