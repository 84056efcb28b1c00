/**
 * The design vocabulary: Fabric.js object JSON (v5 lower-case or v6 class-name `type`s).
 * `validateLayers` checks what the renderer relies on and returns copies with canonical
 * type names; the HTTP layer reuses it to answer 400 before a job is queued.
 */
import { parseColor } from './colour/css-colour.js';
import { LayerValidationError, type LayerIssue } from './errors.js';
import { checkBarcodeLayer } from './barcode-layer.js';
import { commandArity, parsePathString, type RawPathCommand } from './path.js';
import { checkSpotPaint, isSpotPaint, type SpotPaint } from './spot.js';
import { textPathLayer } from './text-path-limits.js';
import { checkFilters } from './image-filters.js';

export const LAYER_TYPES = [
  'textbox', 'i-text', 'text', 'image', 'rect', 'circle', 'ellipse', 'line',
  'polygon', 'polyline', 'path', 'group', 'triangle', 'barcode',
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];
export const TEXT_TYPES: ReadonlySet<LayerType> = new Set(['textbox', 'i-text', 'text']);

// Fabric v6 serialises class names ("Textbox", "IText", "Image"); v5 lower-case names.
const TYPE_ALIASES: Record<string, LayerType> = {
  itext: 'i-text',
  fabrictext: 'text',
  fabricimage: 'image',
};

export type Origin = 'left' | 'center' | 'right' | 'top' | 'bottom' | number;

export interface GradientStop {
  offset: number;
  color: string;
  opacity?: number;
}
export interface GradientFill {
  type: 'linear' | 'radial';
  coords: { x1?: number; y1?: number; x2?: number; y2?: number; r1?: number; r2?: number };
  colorStops: GradientStop[];
  gradientUnits?: 'pixels' | 'percentage';
  gradientTransform?: number[] | null;
  offsetX?: number;
  offsetY?: number;
}
export type Paint = string | null | GradientFill | SpotPaint | { type: 'pattern'; [k: string]: unknown };

export interface CharStyle {
  fill?: Paint;
  stroke?: Paint;
  strokeWidth?: number;
  fontSize?: number;
  fontFamily?: string;
  fontWeight?: string | number;
  fontStyle?: string;
  underline?: boolean;
  overline?: boolean;
  linethrough?: boolean;
  deltaY?: number;
  textBackgroundColor?: string;
  textDecorationThickness?: number;
}

/** A validated layer. Everything but `type` is optional; the renderer applies Fabric's defaults. */
export interface Layer extends CharStyle {
  type: LayerType;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  scaleX?: number;
  scaleY?: number;
  angle?: number;
  skewX?: number;
  skewY?: number;
  flipX?: boolean;
  flipY?: boolean;
  originX?: Origin;
  originY?: Origin;
  opacity?: number;
  visible?: boolean;
  strokeUniform?: boolean;
  strokeDashArray?: number[] | null;
  strokeDashOffset?: number;
  strokeLineCap?: 'butt' | 'round' | 'square';
  strokeLineJoin?: 'miter' | 'round' | 'bevel';
  strokeMiterLimit?: number;
  paintFirst?: 'fill' | 'stroke';
  fillRule?: 'nonzero' | 'evenodd';
  backgroundColor?: string;
  shadow?: unknown;
  clipPath?: Layer;
  // text
  text?: string;
  lineHeight?: number;
  charSpacing?: number;
  textAlign?: string;
  styles?: unknown;
  splitByGrapheme?: boolean;
  minWidth?: number;
  direction?: 'ltr' | 'rtl';
  path?: unknown;
  // image
  src?: string;
  image_id?: string;
  cropX?: number;
  cropY?: number;
  filters?: unknown[];
  // shapes
  rx?: number;
  ry?: number;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  counterClockwise?: boolean;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  points?: { x: number; y: number }[];
  // group
  objects?: Layer[];
  [key: string]: unknown;
}

const NUMBER_PROPS = [
  'left', 'top', 'width', 'height', 'scaleX', 'scaleY', 'angle', 'skewX', 'skewY', 'opacity',
  'strokeWidth', 'strokeDashOffset', 'strokeMiterLimit', 'fontSize', 'lineHeight', 'charSpacing',
  'minWidth', 'cropX', 'cropY', 'rx', 'ry', 'radius', 'startAngle', 'endAngle', 'x1', 'y1', 'x2', 'y2',
  'deltaY', 'textDecorationThickness', 'pathStartOffset',
] as const;
const NON_NEGATIVE = new Set(['width', 'height', 'strokeWidth', 'fontSize', 'rx', 'ry', 'radius', 'minWidth', 'strokeMiterLimit']);
const BOOLEAN_PROPS = [
  'flipX', 'flipY', 'visible', 'strokeUniform', 'underline', 'overline', 'linethrough', 'splitByGrapheme', 'counterClockwise',
] as const;
const ENUMS: Record<string, readonly string[]> = {
  strokeLineCap: ['butt', 'round', 'square'],
  strokeLineJoin: ['miter', 'round', 'bevel', 'miter-clip'],
  paintFirst: ['fill', 'stroke'],
  fillRule: ['nonzero', 'evenodd'],
  textAlign: ['left', 'center', 'right', 'justify', 'justify-left', 'justify-center', 'justify-right'],
  direction: ['ltr', 'rtl'],
  pathSide: ['left', 'right'],
  pathAlign: ['baseline', 'center', 'ascender', 'descender'],
  fontStyle: ['normal', 'italic', 'oblique'],
};
const ORIGINS_X = ['left', 'center', 'right'];
const ORIGINS_Y = ['top', 'center', 'bottom'];
const FONT_WEIGHTS = ['normal', 'bold', 'bolder', 'lighter'];

/** Limits that keep one design from exhausting the renderer. */
export const LAYER_LIMITS = { maxLayers: 5000, maxDepth: 16, maxTextLength: 100_000, maxPathCommands: 200_000 } as const;

export function normalizeLayerType(type: unknown): LayerType | undefined {
  if (typeof type !== 'string') return undefined;
  const t = type.toLowerCase();
  if ((LAYER_TYPES as readonly string[]).includes(t)) return t as LayerType;
  return TYPE_ALIASES[t];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

class Checker {
  readonly issues: LayerIssue[] = [];
  count = 0;

  add(path: string, message: string): void {
    if (this.issues.length < 100) this.issues.push({ path, message });
  }

  paint(v: unknown, path: string): void {
    if (v === undefined || v === null) return;
    if (typeof v === 'string') {
      if (parseColor(v) === undefined) this.add(path, `"${v}" is not a CSS colour`);
      return;
    }
    if (!isObject(v)) {
      this.add(path, 'must be a colour string, a gradient, a spot colour or null');
      return;
    }
    if (isSpotPaint(v)) {
      for (const [k, m] of checkSpotPaint(v)) this.add(`${path}.${k}`, m);
      return;
    }
    if (v.type === 'pattern' || 'source' in v) return; // rendered with a warning
    if (v.type !== 'linear' && v.type !== 'radial') {
      this.add(`${path}.type`, 'gradient type must be "linear" or "radial"');
      return;
    }
    if (!isObject(v.coords)) this.add(`${path}.coords`, 'gradient coords are required');
    else for (const [k, c] of Object.entries(v.coords)) if (!isFiniteNumber(c)) this.add(`${path}.coords.${k}`, 'must be a number');
    if (!Array.isArray(v.colorStops) || v.colorStops.length === 0) {
      this.add(`${path}.colorStops`, 'at least one colour stop is required');
      return;
    }
    v.colorStops.forEach((s: unknown, i: number) => {
      if (!isObject(s) || !isFiniteNumber(s.offset) || typeof s.color !== 'string' || !parseColor(s.color)) {
        this.add(`${path}.colorStops[${i}]`, 'needs a numeric offset and a CSS colour');
      }
    });
  }

  styleProps(o: Record<string, unknown>, path: string): void {
    for (const k of NUMBER_PROPS) {
      const v = o[k];
      if (v === undefined || v === null) continue;
      if (!isFiniteNumber(v)) this.add(`${path}.${k}`, 'must be a finite number');
      else if (NON_NEGATIVE.has(k) && v < 0) this.add(`${path}.${k}`, 'must not be negative');
    }
    for (const k of BOOLEAN_PROPS) {
      const v = o[k];
      if (v !== undefined && v !== null && typeof v !== 'boolean') this.add(`${path}.${k}`, 'must be true or false');
    }
    for (const [k, allowed] of Object.entries(ENUMS)) {
      const v = o[k];
      if (v !== undefined && v !== null && !(typeof v === 'string' && allowed.includes(v))) {
        this.add(`${path}.${k}`, `must be one of ${allowed.join(', ')}`);
      }
    }
    this.paint(o.fill, `${path}.fill`);
    this.paint(o.stroke, `${path}.stroke`);
    for (const k of ['backgroundColor', 'textBackgroundColor'] as const) {
      const v = o[k];
      if (v !== undefined && v !== null && (typeof v !== 'string' || parseColor(v) === undefined)) this.add(`${path}.${k}`, 'must be a CSS colour');
    }
    if (o.fontFamily !== undefined && (typeof o.fontFamily !== 'string' || o.fontFamily.trim() === '')) {
      this.add(`${path}.fontFamily`, 'must be a non-empty string');
    }
    const w = o.fontWeight;
    if (w !== undefined && !(isFiniteNumber(w) ? w >= 1 && w <= 1000 : typeof w === 'string' && (FONT_WEIGHTS.includes(w) || /^\d{1,4}$/.test(w)))) {
      this.add(`${path}.fontWeight`, 'must be normal, bold, bolder, lighter or 1..1000');
    }
  }

  layer(raw: unknown, path: string, depth: number): Layer | undefined {
    if (++this.count > LAYER_LIMITS.maxLayers) {
      if (this.count === LAYER_LIMITS.maxLayers + 1) this.add(path, `a design may hold at most ${LAYER_LIMITS.maxLayers} layers`);
      return undefined;
    }
    if (!isObject(raw)) {
      this.add(path, 'must be an object');
      return undefined;
    }
    const type = normalizeLayerType(raw.type);
    if (!type) {
      this.add(`${path}.type`, `unknown layer type ${JSON.stringify(raw.type ?? null)}; expected one of ${LAYER_TYPES.join(', ')}`);
      return undefined;
    }
    const out: Layer = { ...raw, type };
    this.styleProps(raw, path);
    for (const k of ['originX', 'originY'] as const) {
      const v = raw[k];
      if (v === undefined || isFiniteNumber(v)) continue;
      if (typeof v !== 'string' || !(k === 'originX' ? ORIGINS_X : ORIGINS_Y).includes(v)) {
        this.add(`${path}.${k}`, `must be ${(k === 'originX' ? ORIGINS_X : ORIGINS_Y).join(', ')} or a number`);
      }
    }
    if (raw.strokeDashArray !== undefined && raw.strokeDashArray !== null) {
      if (!Array.isArray(raw.strokeDashArray) || !raw.strokeDashArray.every((d) => isFiniteNumber(d) && d >= 0)) {
        this.add(`${path}.strokeDashArray`, 'must be an array of non-negative numbers or null');
      }
    }
    if (raw.clipPath !== undefined && raw.clipPath !== null) {
      if (depth >= LAYER_LIMITS.maxDepth) this.add(`${path}.clipPath`, 'nested too deeply');
      else out.clipPath = this.layer(raw.clipPath, `${path}.clipPath`, depth + 1);
    } else {
      delete out.clipPath;
    }
    this.typeSpecific(type, raw, out, path, depth);
    return out;
  }

  typeSpecific(type: LayerType, raw: Record<string, unknown>, out: Layer, path: string, depth: number): void {
    switch (type) {
      case 'textbox':
      case 'i-text':
      case 'text': {
        if (typeof raw.text !== 'string') this.add(`${path}.text`, 'must be a string');
        else if (raw.text.length > LAYER_LIMITS.maxTextLength) this.add(`${path}.text`, `must be at most ${LAYER_LIMITS.maxTextLength} characters`);
        if (raw.styles !== undefined && raw.styles !== null) this.styles(raw.styles, `${path}.styles`);
        if (raw.path === undefined || raw.path === null) delete out.path;
        else out.path = textPathLayer(raw.path, `${path}.path`, (r, p) => this.layer(r, p, depth + 1), (p, m) => this.add(p, m));
        break;
      }
      case 'image': {
        if (!(typeof raw.src === 'string' && raw.src !== '') && !(typeof raw.image_id === 'string' && raw.image_id !== '')) this.add(`${path}.src`, 'an image layer needs src or image_id');
        if (raw.src !== undefined && typeof raw.src !== 'string') this.add(`${path}.src`, 'must be a string');
        if (raw.image_id !== undefined && typeof raw.image_id !== 'string') this.add(`${path}.image_id`, 'must be a string');
        checkFilters(raw.filters, `${path}.filters`, (p, m) => this.add(p, m));
        break;
      }
      case 'polygon':
      case 'polyline': {
        const pts = raw.points;
        if (!Array.isArray(pts) || pts.length === 0) this.add(`${path}.points`, 'must be a non-empty array of {x, y}');
        else if (!pts.every((p) => isObject(p) && isFiniteNumber(p.x) && isFiniteNumber(p.y))) this.add(`${path}.points`, 'every point needs numeric x and y');
        break;
      }
      case 'path': {
        const p = raw.path;
        let cmds: unknown[] | undefined;
        if (typeof p === 'string') {
          try {
            cmds = parsePathString(p);
            out.path = cmds;
          } catch (e) {
            this.add(`${path}.path`, (e as Error).message);
            break;
          }
        } else if (Array.isArray(p)) {
          cmds = p;
        }
        if (!cmds) {
          this.add(`${path}.path`, 'must be path data (a string or an array of commands)');
          break;
        }
        if (cmds.length > LAYER_LIMITS.maxPathCommands) this.add(`${path}.path`, `at most ${LAYER_LIMITS.maxPathCommands} commands`);
        cmds.forEach((c, i) => {
          if (!Array.isArray(c) || typeof c[0] !== 'string') {
            this.add(`${path}.path[${i}]`, 'a command is [letter, ...numbers]');
            return;
          }
          const arity = commandArity(c[0]);
          if (arity === undefined || c[0].length !== 1) this.add(`${path}.path[${i}]`, `unknown path command "${c[0]}"`);
          else if (c.length !== arity + 1 || !c.slice(1).every(isFiniteNumber)) this.add(`${path}.path[${i}]`, `"${c[0]}" takes ${arity} numbers`);
        });
        if (cmds.length > 0 && Array.isArray(cmds[0]) && !/^[mM]$/.test(String((cmds[0] as RawPathCommand)[0]))) {
          this.add(`${path}.path[0]`, 'a path must start with a moveto');
        }
        break;
      }
      case 'barcode':
        checkBarcodeLayer(raw, out, path, (p, m) => this.add(p, m));
        break;
      case 'group': {
        if (!Array.isArray(raw.objects)) {
          this.add(`${path}.objects`, 'a group needs an objects array');
          break;
        }
        if (depth >= LAYER_LIMITS.maxDepth) {
          this.add(`${path}.objects`, `groups nest at most ${LAYER_LIMITS.maxDepth} deep`);
          break;
        }
        out.objects = raw.objects.map((o, i) => this.layer(o, `${path}.objects[${i}]`, depth + 1)).filter((o): o is Layer => o !== undefined);
        break;
      }
      default:
        break;
    }
  }

  styles(styles: unknown, path: string): void {
    const checkStyle = (s: unknown, p: string): void => {
      if (!isObject(s)) this.add(p, 'a character style must be an object');
      else this.styleProps(s, p);
    };
    if (Array.isArray(styles)) {
      styles.forEach((r, i) => {
        if (!isObject(r) || !Number.isInteger(r.start) || !Number.isInteger(r.end) || (r.end as number) < (r.start as number)) {
          this.add(`${path}[${i}]`, 'a style range is {start, end, style} with integer start <= end');
        } else checkStyle(r.style, `${path}[${i}].style`);
      });
    } else if (isObject(styles)) {
      for (const [line, chars] of Object.entries(styles)) {
        if (!/^\d+$/.test(line) || !isObject(chars)) {
          this.add(`${path}.${line}`, 'styles are {line: {char: style}}');
          continue;
        }
        for (const [ch, s] of Object.entries(chars)) {
          if (!/^\d+$/.test(ch)) this.add(`${path}.${line}.${ch}`, 'character index must be an integer');
          else checkStyle(s, `${path}.${line}.${ch}`);
        }
      }
    } else {
      this.add(path, 'must be an array of ranges or an object of lines');
    }
  }
}

/**
 * Checks a design's `layers` and returns them with canonical `type`s (input is not mutated).
 * Throws LayerValidationError listing every problem (path such as `layers[3].type`).
 */
export function validateLayers(input: unknown, basePath = 'layers'): Layer[] {
  const c = new Checker();
  if (!Array.isArray(input)) throw new LayerValidationError([{ path: basePath, message: 'must be an array of layer objects' }]);
  const out = input.map((l, i) => c.layer(l, `${basePath}[${i}]`, 0));
  if (c.issues.length > 0) throw new LayerValidationError(c.issues);
  return out as Layer[];
}

/** The same checks without throwing: the list of problems, empty when the layers are fine. */
export function checkLayers(input: unknown, basePath = 'layers'): LayerIssue[] {
  try {
    validateLayers(input, basePath);
    return [];
  } catch (e) {
    if (e instanceof LayerValidationError) return e.issues;
    throw e;
  }
}
