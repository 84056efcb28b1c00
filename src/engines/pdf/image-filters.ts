/**
 * Image filters as the customizer applies them (Fabric.js 6's filters, its 2D canvas backend)
 * and the engine prints them: the same per-pixel maths on 8-bit RGBA, in the same order.
 * A layer's `filters` is Fabric's own serialisation (`image.toObject().filters`):
 *
 *   [{ type: 'Brightness', brightness: 0.1 },   // −1..1, added to each channel (× 255, rounded)
 *    { type: 'Contrast', contrast: 0.2 },       // −1..1
 *    { type: 'Saturation', saturation: -0.5 },  // −1..1 (−1: grey)
 *    { type: 'Grayscale', mode: 'average' },    // average | lightness | luminosity
 *    { type: 'Sepia', colorsOnly: false },      // Fabric's Sepia colour matrix
 *    { type: 'Duotone', spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }]  // last: duotone.ts
 *
 * Each formula is Fabric's `applyTo2d` (node_modules/fabric/src/filters/), and every store
 * into a channel rounds and clamps as a Uint8ClampedArray does (half to even), so the two
 * agree to the byte. Pure functions: no Node or DOM API. A Duotone (duotone.ts) is not a pixel
 * filter here: it comes last, after the tonal ones, and the image store prints the result as
 * a two-ink DeviceN image (duotone-image.ts); `applyFilters` leaves it out.
 */
import type { DuotoneFilter } from './duotone.js';
import { checkSpotPaint, KNOWN_SPOTS } from './spot.js';

export type ImageFilter =
  | { type: 'Brightness'; brightness: number }
  | { type: 'Contrast'; contrast: number }
  | { type: 'Saturation'; saturation: number }
  | { type: 'Grayscale'; mode?: 'average' | 'lightness' | 'luminosity' }
  | { type: 'Sepia'; colorsOnly?: boolean }
  | DuotoneFilter;

export const FILTER_TYPES = ['Brightness', 'Contrast', 'Saturation', 'Grayscale', 'Sepia', 'Duotone'] as const;
const AMOUNT_KEY: Record<string, string> = { Brightness: 'brightness', Contrast: 'contrast', Saturation: 'saturation' };
const GREY_MODES = ['average', 'lightness', 'luminosity'];
/** At most this many filters on one image. */
export const MAX_FILTERS = 20;

/** Fabric's Sepia colour matrix (ColorMatrixFilters.ts), rows of 5. */
const SEPIA = [0.393, 0.769, 0.189, 0, 0, 0.349, 0.686, 0.168, 0, 0, 0.272, 0.534, 0.131, 0, 0, 0, 0, 0, 1, 0];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value stored into a Uint8ClampedArray: clamped to 0..255, rounded half to even (NaN → 0). */
export function clamp8(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 255) return 255;
  const f = Math.floor(v);
  const d = v - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * Problems with a Duotone filter, as [sub-path, message] pairs: its ink is named and its
 * alternate given as a spot paint's are (spot.ts `checkSpotPaint`), except that a die line is
 * not an ink and the CMYK alternate is always needed (the editor draws the photo in it).
 */
function checkDuotone(f: Record<string, unknown>): [string, string][] {
  const out = checkSpotPaint({ spot: f.spot, cmyk: f.cmyk });
  if (typeof f.spot === 'string' && KNOWN_SPOTS[f.spot]?.dieLine) out.push(['spot', `"${f.spot}" is a die line, not an ink a photo can print in`]);
  if ((f.cmyk === undefined || f.cmyk === null) && !out.some(([k]) => k === 'cmyk')) out.push(['cmyk', "a duotone needs its ink's CMYK alternate, [c, m, y, k] in percent"]);
  return out;
}

/**
 * Checks a layer's `filters` (path like `layers[2].filters`): an array of objects with a string
 * `type`; the known types' parameters in range. Unknown types are not errors (the renderer
 * warns and leaves them out). Reports each problem through `add`.
 */
export function checkFilters(v: unknown, path: string, add: (path: string, message: string) => void): void {
  if (v === undefined || v === null) return;
  if (!Array.isArray(v)) {
    add(path, 'must be an array of filters');
    return;
  }
  if (v.length > MAX_FILTERS) add(path, `at most ${MAX_FILTERS} filters`);
  v.slice(0, MAX_FILTERS).forEach((f, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(f) || typeof f.type !== 'string') {
      add(p, 'a filter is an object with a string type');
      return;
    }
    const key = AMOUNT_KEY[f.type];
    if (key !== undefined) {
      const a = f[key];
      if (typeof a !== 'number' || !Number.isFinite(a) || a < -1 || a > 1) add(`${p}.${key}`, 'must be a number from -1 to 1');
    } else if (f.type === 'Grayscale') {
      if (f.mode !== undefined && !(typeof f.mode === 'string' && GREY_MODES.includes(f.mode))) add(`${p}.mode`, `must be one of ${GREY_MODES.join(', ')}`);
    } else if (f.type === 'Sepia') {
      if (f.colorsOnly !== undefined && typeof f.colorsOnly !== 'boolean') add(`${p}.colorsOnly`, 'must be true or false');
    } else if (f.type === 'Duotone') {
      for (const [k, m] of checkDuotone(f)) add(`${p}.${k}`, m);
      if (i !== v.length - 1) add(p, 'a Duotone must be the last filter');
    }
  });
}

/** The filters the engine applies (known types, valid), in order, and the names of those it cannot. */
export function splitFilters(v: unknown): { known: ImageFilter[]; unknown: string[] } {
  const known: ImageFilter[] = [];
  const unknown: string[] = [];
  if (!Array.isArray(v)) return { known, unknown };
  for (const f of v.slice(0, MAX_FILTERS)) {
    if (!isObject(f) || typeof f.type !== 'string') continue;
    const problems: string[] = [];
    checkFilters([f], '', (p) => problems.push(p));
    if (f.type === 'Duotone' && f !== v[v.length - 1]) problems.push('not last');
    if ((FILTER_TYPES as readonly string[]).includes(f.type) && problems.length === 0) known.push(f as ImageFilter);
    else unknown.push(f.type);
  }
  return { known, unknown };
}

/** Whether the engine can filter an image's pixels: rasters (vector artwork is drawn unfiltered, with a warning). */
export function filterable(img: { format: string; svg?: unknown; pdf?: unknown }): boolean {
  return !img.svg && !img.pdf && img.format !== 'svg';
}

/**
 * Why a layer's filters are not all printed (the renderer's UNSUPPORTED_FEATURE message), or
 * undefined when they are: unknown types (the known ones are applied), a layer that is not an
 * image (`img` undefined), or vector artwork.
 */
export function filtersNotApplied(filters: unknown, img: { format: string; svg?: unknown; pdf?: unknown } | undefined): string | undefined {
  if (!Array.isArray(filters) || filters.length === 0) return undefined;
  const { known, unknown } = splitFilters(filters);
  if (unknown.length) return `image filters ${[...new Set(unknown)].join(', ')} are not applied`;
  if (!img) return 'filters apply to images only';
  if (known.length && !filterable(img)) return 'filters are not applied to vector artwork';
  return undefined;
}

/** True when the filter changes no pixel (Fabric's isNeutralState): left out of the print. */
function neutral(f: ImageFilter): boolean {
  if (f.type === 'Brightness') return Math.round(f.brightness * 255) === 0;
  if (f.type === 'Contrast') return Math.floor(f.contrast * 255) === 0;
  if (f.type === 'Saturation') return f.saturation === 0;
  return false;
}

/** The filters that change pixels, as a stable string (the image store's key), or '' for none. */
export function filterSignature(filters: readonly ImageFilter[]): string {
  const live = filters.filter((f) => !neutral(f));
  return live.length ? JSON.stringify(live.map((f) => ({ ...f }))) : '';
}

/** Applies `filters` in order to 8-bit RGBA pixels, in place (Fabric's applyTo2d, each). */
export function applyFilters(data: Uint8Array | Uint8ClampedArray, filters: readonly ImageFilter[]): void {
  for (const f of filters) {
    if (neutral(f)) continue;
    switch (f.type) {
      case 'Brightness': {
        const b = Math.round(f.brightness * 255);
        for (let i = 0; i < data.length; i += 4) {
          data[i] = clamp8(data[i]! + b);
          data[i + 1] = clamp8(data[i + 1]! + b);
          data[i + 2] = clamp8(data[i + 2]! + b);
        }
        break;
      }
      case 'Contrast': {
        const c = Math.floor(f.contrast * 255);
        const k = (259 * (c + 255)) / (255 * (259 - c));
        const lut = new Uint8Array(256);
        for (let v = 0; v < 256; v++) lut[v] = clamp8(k * (v - 128) + 128);
        for (let i = 0; i < data.length; i += 4) {
          data[i] = lut[data[i]!]!;
          data[i + 1] = lut[data[i + 1]!]!;
          data[i + 2] = lut[data[i + 2]!]!;
        }
        break;
      }
      case 'Saturation': {
        const adjust = -f.saturation;
        for (let i = 0; i < data.length; i += 4) {
          const r = data[i]!;
          const g = data[i + 1]!;
          const b = data[i + 2]!;
          const max = Math.max(r, g, b);
          if (max !== r) data[i] = clamp8(r + (max - r) * adjust);
          if (max !== g) data[i + 1] = clamp8(g + (max - g) * adjust);
          if (max !== b) data[i + 2] = clamp8(b + (max - b) * adjust);
        }
        break;
      }
      case 'Grayscale': {
        const mode = f.mode ?? 'average';
        for (let i = 0; i < data.length; i += 4) {
          const r = data[i]!;
          const g = data[i + 1]!;
          const b = data[i + 2]!;
          const v = mode === 'lightness' ? (Math.min(r, g, b) + Math.max(r, g, b)) / 2 : mode === 'luminosity' ? 0.21 * r + 0.72 * g + 0.07 * b : (r + g + b) / 3;
          data[i] = data[i + 1] = data[i + 2] = clamp8(v);
        }
        break;
      }
      case 'Duotone':
        break; // printed in two inks by the image store (duotone-image.ts)
      case 'Sepia': {
        const m = SEPIA;
        for (let i = 0; i < data.length; i += 4) {
          const r = data[i]!;
          const g = data[i + 1]!;
          const b = data[i + 2]!;
          let nr = r * m[0]! + g * m[1]! + b * m[2]! + m[4]! * 255;
          let ng = r * m[5]! + g * m[6]! + b * m[7]! + m[9]! * 255;
          let nb = r * m[10]! + g * m[11]! + b * m[12]! + m[14]! * 255;
          if (f.colorsOnly !== true) {
            // Fabric stores the colour first, then adds the alpha terms (all 0 for sepia) to the stored value
            const a = data[i + 3]!;
            nr = clamp8(nr) + a * m[3]!;
            ng = clamp8(ng) + a * m[8]!;
            nb = clamp8(nb) + a * m[13]!;
            data[i + 3] = clamp8(r * m[15]! + g * m[16]! + b * m[17]! + a * m[18]! + m[19]! * 255);
          }
          data[i] = clamp8(nr);
          data[i + 1] = clamp8(ng);
          data[i + 2] = clamp8(nb);
        }
        break;
      }
    }
  }
}
