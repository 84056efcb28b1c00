/**
 * Variable-data fields: layer metadata that names what a record fills in.
 *
 *   { "type": "textbox", "text": "Jane Doe", "field": { "name": "name", "type": "text", "fit": "shrink", "min_font_size": 8 } }
 *
 * - text: the layer's text is the record's value; when the text holds `{{tokens}}` each token
 *   is replaced instead (`No. {{n}}`). `fit`: `shrink` (default: the font shrinks until the
 *   text fits the layer's box, down to `min_font_size`), `wrap` (lines wrap at the box width)
 *   or `fail` (text that does not fit at the design's size makes the record a bad row).
 * - image: the value is an http(s) URL or an image id of the store, drawn into the layer's box
 *   with `fit` `cover` (default, centred crop) or `contain`.
 * - qr / barcode: the value is encoded with bwip-js and drawn as vector paths into the layer's
 *   box (kept in proportion); `symbology` picks the barcode (default `code128`).
 */
import type { Layer } from '../pdf/index.js';

export const FIELD_TYPES = ['text', 'image', 'qr', 'barcode'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const TEXT_FITS = ['shrink', 'wrap', 'fail'] as const;
export const IMAGE_FITS = ['cover', 'contain'] as const;
/** bwip-js encoders a barcode field may name (bcid). */
export const SYMBOLOGIES = ['code128', 'ean13', 'ean8', 'upca', 'code39', 'itf14', 'datamatrix', 'qrcode', 'pdf417', 'gs1-128'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];
export const QR_ERROR_LEVELS = ['L', 'M', 'Q', 'H'] as const;

/** The record number of sequential numbering: `{{n}}` in any text field. */
export const NUMBER_FIELD = 'n';
export const DEFAULT_MIN_FONT_SIZE = 6;

export interface FieldSpec {
  name: string;
  type: FieldType;
  /** a missing or empty value makes the record a bad row (default true); false leaves the layer out (text: empty) */
  required: boolean;
  /** used when the record has no value */
  default?: string;
  /** text: shrink | wrap | fail; image: cover | contain */
  fit?: string;
  /** text: smallest font size (viewport px) shrinking may reach */
  min_font_size?: number;
  /** text: height of the box in viewport px (default the layer's height) */
  box_height?: number;
  /** barcode symbology (barcode fields; qr is always qrcode) */
  symbology?: Symbology;
  /** barcode: print the human-readable text under the bars */
  include_text?: boolean;
  /** qr: error correction level */
  error_correction?: (typeof QR_ERROR_LEVELS)[number];
  /** bars / modules colour, #rrggbb (default black) */
  color?: string;
}

/** A field layer of a side: its place in the side's top-level layer list. */
export interface FieldLayer {
  index: number;
  layer: Layer;
  field: FieldSpec;
}

export interface FieldIssue {
  path: string;
  message: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const TOKEN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}/g;
const TEXT_LAYERS = new Set(['text', 'i-text', 'textbox']);

/** Names of the `{{tokens}}` in a text. */
export function tokensOf(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[1]!);
}

/** `text` with every `{{token}}` replaced by `value(token)`. */
export function fillTokens(text: string, value: (name: string) => string): string {
  return text.replace(TOKEN, (_, name: string) => value(name));
}

/**
 * The field of a layer, checked; `null` for a static layer. Problems are pushed to `issues`
 * (the HTTP layer answers 400 naming the layer before any job exists).
 */
export function parseField(layer: Record<string, unknown>, path: string, issues: FieldIssue[]): FieldSpec | null {
  const raw = layer.field;
  if (raw === undefined || raw === null) return null;
  const at = (f: string, m: string): null => {
    issues.push({ path: `${path}.field${f ? `.${f}` : ''}`, message: m });
    return null;
  };
  if (typeof raw !== 'object' || Array.isArray(raw)) return at('', 'must be an object {name, type, ...}');
  const f = raw as Record<string, unknown>;
  const before = issues.length;
  if (typeof f.name !== 'string' || !NAME.test(f.name)) at('name', 'must be 1-64 letters, digits, _ . - starting with a letter or _');
  if (!FIELD_TYPES.includes(f.type as FieldType)) at('type', `must be one of: ${FIELD_TYPES.join(', ')}`);
  const type = f.type as FieldType;
  const lt = String(layer.type ?? '');
  if (type === 'text' && !TEXT_LAYERS.has(lt)) at('type', 'a text field must be on a text, i-text or textbox layer');
  if (type !== 'text' && TEXT_LAYERS.has(lt)) at('type', `a ${type} field takes the box of an image or shape layer, not a text layer`);
  if (type !== 'text' && lt === 'group') at('type', `a ${type} field cannot be a group`);
  if (f.required !== undefined && typeof f.required !== 'boolean') at('required', 'must be a boolean');
  if (f.default !== undefined && typeof f.default !== 'string') at('default', 'must be a string');
  if (f.fit !== undefined) {
    const fits: readonly string[] = type === 'text' ? TEXT_FITS : type === 'image' ? IMAGE_FITS : [];
    if (!fits.includes(f.fit as string)) at('fit', fits.length ? `must be one of: ${fits.join(', ')}` : `a ${type} field has no fit rule (it keeps its proportions)`);
  }
  if (f.min_font_size !== undefined && (typeof f.min_font_size !== 'number' || !(f.min_font_size > 0) || f.min_font_size > 1000)) at('min_font_size', 'must be a number between 0 and 1000');
  if (f.box_height !== undefined && (typeof f.box_height !== 'number' || !(f.box_height > 0))) at('box_height', 'must be a positive number');
  if (f.symbology !== undefined && !SYMBOLOGIES.includes(f.symbology as Symbology)) at('symbology', `must be one of: ${SYMBOLOGIES.join(', ')}`);
  if (f.symbology !== undefined && type !== 'barcode') at('symbology', 'applies to barcode fields');
  if (f.include_text !== undefined && typeof f.include_text !== 'boolean') at('include_text', 'must be a boolean');
  if (f.error_correction !== undefined && !QR_ERROR_LEVELS.includes(f.error_correction as 'L')) at('error_correction', `must be one of: ${QR_ERROR_LEVELS.join(', ')}`);
  if (f.color !== undefined && (typeof f.color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(f.color))) at('color', 'must be #rrggbb');
  if ((type === 'image' || type === 'qr' || type === 'barcode') && !(Number(layer.width) > 0 && Number(layer.height) > 0)) at('', `a ${type} field needs a layer with a width and a height (its box)`);
  if (issues.length > before) return null;
  return {
    name: f.name as string,
    type,
    required: f.required !== false,
    ...(f.default !== undefined ? { default: f.default as string } : {}),
    ...(f.fit !== undefined ? { fit: f.fit as string } : {}),
    ...(f.min_font_size !== undefined ? { min_font_size: f.min_font_size as number } : {}),
    ...(f.box_height !== undefined ? { box_height: f.box_height as number } : {}),
    ...(f.symbology !== undefined ? { symbology: f.symbology as Symbology } : {}),
    ...(f.include_text !== undefined ? { include_text: f.include_text as boolean } : {}),
    ...(f.error_correction !== undefined ? { error_correction: f.error_correction as 'L' } : {}),
    ...(f.color !== undefined ? { color: f.color as string } : {}),
  };
}

/** The field layers of a side's top-level layers (fields inside groups are not supported: a 400). */
export function fieldLayers(layers: readonly Layer[], path: string, issues: FieldIssue[]): FieldLayer[] {
  const out: FieldLayer[] = [];
  const noNested = (l: Layer, p: string): void => {
    for (const [i, o] of (l.objects ?? []).entries()) {
      if ((o as Record<string, unknown>).field !== undefined) issues.push({ path: `${p}.objects[${i}].field`, message: 'fields must be top-level layers, not inside a group' });
      noNested(o, `${p}.objects[${i}]`);
    }
  };
  layers.forEach((l, index) => {
    const field = parseField(l as Record<string, unknown>, `${path}[${index}]`, issues);
    if (field) out.push({ index, layer: l, field });
    noNested(l, `${path}[${index}]`);
  });
  return out;
}

/** Every data name a field layer reads: its own name, and for text the `{{tokens}}` of its text. */
export function namesRead(f: FieldLayer): string[] {
  const names = new Set<string>();
  if (f.field.type === 'text') {
    const tokens = tokensOf(f.layer.text ?? '');
    if (tokens.length) tokens.forEach((t) => names.add(t));
    else names.add(f.field.name);
  } else names.add(f.field.name);
  return [...names];
}
