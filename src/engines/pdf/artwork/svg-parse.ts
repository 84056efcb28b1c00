/**
 * SVG artwork read into a drawing tree the PDF writer can draw as vector paths: shapes
 * (path, rect, circle, ellipse, line, polyline, polygon, use), groups, transforms, fill and
 * stroke (colour, opacity, width, caps, joins, miter limit, dashes), linear and radial
 * gradient fills, clip paths, viewBox and preserveAspectRatio, presentation attributes,
 * `style` attributes and simple `<style>` sheets. What the writer cannot draw as vector
 * (filters, masks, patterns, markers, text, embedded images, gradient strokes, gradient stop
 * transparency, nested <svg>, …) is listed in `unsupported`: the caller then rasterises the
 * whole artwork and warns, naming the layer.
 */
import { JSDOM } from 'jsdom';
import type { Rgba } from '../color.js';
import { parseColor } from '../color.js';
import type { Box, Matrix } from '../geometry.js';
import { IDENTITY, multiply, rotate, scale, translate } from '../geometry.js';
import type { PathCommand } from '../path.js';
import { parsePathString, pathBounds, simplifyPath } from '../path.js';

/** Most elements drawn as vector; a larger document is rasterised. */
export const MAX_SVG_ELEMENTS = 20_000;

export interface SvgGradient {
  type: 'linear' | 'radial';
  units: 'objectBoundingBox' | 'userSpaceOnUse';
  transform: Matrix;
  /** linear: x1 y1 x2 y2; radial: fx fy fr cx cy r (inner circle first, as PDF shading type 3) */
  coords: number[];
  stops: { offset: number; color: Rgba }[];
}

export type SvgPaint = { kind: 'color'; color: Rgba } | { kind: 'gradient'; gradient: SvgGradient };

export interface SvgStroke {
  paint: SvgPaint;
  opacity: number;
  width: number;
  cap: number;
  join: number;
  miter: number;
  dash: number[];
  dashOffset: number;
}

export interface SvgClip {
  /** outlines in the clipped element's user space */
  paths: PathCommand[][];
  evenOdd: boolean;
}

export type SvgNode =
  | { kind: 'group'; transform: Matrix; opacity: number; clip?: SvgClip; children: SvgNode[] }
  | {
      kind: 'shape';
      transform: Matrix;
      opacity: number;
      clip?: SvgClip;
      path: PathCommand[];
      fill: { paint: SvgPaint; opacity: number; evenOdd: boolean } | null;
      stroke: SvgStroke | null;
    };

export interface SvgArtwork {
  /** intrinsic size in CSS px (what a browser gives the <img>) */
  width: number;
  height: number;
  /** viewBox → viewport (preserveAspectRatio applied) */
  viewBoxTransform: Matrix;
  root: SvgNode[];
  /** what forces a raster fallback; empty when everything is vector */
  unsupported: string[];
}

type Style = Record<string, string>;

const INHERITED = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'color', 'visibility', 'clip-rule',
];
const OWN = ['opacity', 'display', 'clip-path', 'mask', 'filter', 'stop-color', 'stop-opacity', 'marker-start', 'marker-mid', 'marker-end', 'marker', 'vector-effect', 'mix-blend-mode', 'paint-order'];
const PROPS = new Set([...INHERITED, ...OWN]);

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
/** never rendered where they stand (definitions); using them is what may need the raster path */
const SILENT = new Set(['title', 'desc', 'metadata', 'defs', 'style', 'lineargradient', 'radialgradient', 'clippath', 'symbol', 'stop', 'mask', 'pattern', 'filter', 'marker']);
const RASTER_ONLY: Record<string, string> = {
  text: 'text', image: 'embedded image', foreignobject: 'foreignObject', switch: 'switch', svg: 'nested svg', textpath: 'text',
};
const LINE_CAP: Record<string, number> = { butt: 0, round: 1, square: 2 };
const LINE_JOIN: Record<string, number> = { miter: 0, 'miter-clip': 0, arcs: 0, round: 1, bevel: 2 };
const KAPPA = 0.5522847498307936;

let parserWindow: JSDOM['window'] | undefined;
function parseHtml(text: string): Document {
  parserWindow ??= new JSDOM('').window;
  return new parserWindow.DOMParser().parseFromString(text, 'text/html');
}

function num(v: string | null | undefined, fallback: number): number {
  if (v === null || v === undefined) return fallback;
  const x = parseFloat(v);
  return Number.isFinite(x) ? x : fallback;
}

const UNIT: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96, em: 16, rem: 16, ex: 8 };

/** A length in user units; `ref` is what 100 % means. */
function length(v: string | null | undefined, ref: number, fallback = 0): number {
  if (v === null || v === undefined) return fallback;
  const m = /^\s*([-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?)\s*(%|[a-z]*)\s*$/i.exec(v);
  if (!m) return fallback;
  const x = Number(m[1]);
  const u = m[2]!.toLowerCase();
  if (u === '%') return (x / 100) * ref;
  const k = UNIT[u];
  return k === undefined ? fallback : x * k;
}

function numbers(s: string | null | undefined): number[] {
  return (s ?? '').match(/[-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
}

/** The `transform` attribute: matrix, translate, scale, rotate, skewX, skewY, in order. */
export function parseTransform(s: string | null | undefined): Matrix {
  let m: Matrix = IDENTITY;
  if (!s) return m;
  for (const t of s.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/gi)) {
    const a = numbers(t[2]);
    let k: Matrix = IDENTITY;
    switch (t[1]!.toLowerCase()) {
      case 'matrix':
        if (a.length === 6) k = a as unknown as Matrix;
        break;
      case 'translate':
        k = translate(a[0] ?? 0, a[1] ?? 0);
        break;
      case 'scale':
        k = scale(a[0] ?? 1, a[1] ?? a[0] ?? 1);
        break;
      case 'rotate': {
        const [deg = 0, cx = 0, cy = 0] = a;
        k = multiply(translate(cx, cy), multiply(rotate(deg), translate(-cx, -cy)));
        break;
      }
      case 'skewx':
        k = [1, 0, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      case 'skewy':
        k = [1, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
        break;
    }
    m = multiply(m, k);
  }
  return m;
}

function parseDeclarations(text: string, into: Style): void {
  for (const decl of text.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const k = decl.slice(0, i).trim().toLowerCase();
    const v = decl.slice(i + 1).replace(/!important/i, '').trim();
    if (k && v) into[k] = v;
  }
}

interface Rule {
  selector: string;
  decls: Style;
}

function parseSheet(css: string, unsupported: Set<string>): Rule[] {
  const rules: Rule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/<!\[CDATA\[|\]\]>/g, '');
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = m[1]!.trim();
    if (selector.startsWith('@')) {
      if (!/^@font-face/i.test(selector)) unsupported.add(`CSS ${selector.split(/\s/)[0]}`);
      continue;
    }
    const decls: Style = {};
    parseDeclarations(m[2]!, decls);
    rules.push({ selector, decls });
  }
  if (/@media|@supports/i.test(text)) unsupported.add('CSS at-rules');
  return rules;
}

class Parser {
  readonly unsupported = new Set<string>();
  private readonly byId = new Map<string, Element>();
  private rules: Rule[] = [];
  private count = 0;
  private vw = 0;
  private vh = 0;

  constructor(private readonly svg: Element) {
    for (const el of svg.querySelectorAll('[id]')) if (!this.byId.has(el.id)) this.byId.set(el.id, el);
    for (const st of svg.querySelectorAll('style')) this.rules.push(...parseSheet(st.textContent ?? '', this.unsupported));
  }

  private unsupportedFeature(name: string): void {
    this.unsupported.add(name);
  }

  /** Declared style of one element: presentation attributes < sheet rules < style attribute. */
  private declared(el: Element): Style {
    const s: Style = {};
    for (const p of PROPS) {
      const v = el.getAttribute(p);
      if (v !== null) s[p] = v.trim();
    }
    for (const r of this.rules) {
      let hit = false;
      try {
        hit = el.matches(r.selector);
      } catch {
        this.unsupportedFeature(`CSS selector "${r.selector.slice(0, 40)}"`);
      }
      if (hit) Object.assign(s, r.decls);
    }
    const attr = el.getAttribute('style');
    if (attr) parseDeclarations(attr, s);
    return s;
  }

  private computed(el: Element, parent: Style): Style {
    const own = this.declared(el);
    const out: Style = {};
    for (const p of INHERITED) {
      const v = own[p];
      out[p] = v === undefined || v === 'inherit' ? parent[p]! : v;
    }
    for (const p of OWN) if (own[p] !== undefined && own[p] !== 'inherit') out[p] = own[p]!;
    return out;
  }

  private ref(v: string | null | undefined): Element | undefined {
    if (!v) return undefined;
    const m = /^\s*url\(\s*['"]?#([^'")]+)['"]?\s*\)/.exec(v) ?? /^\s*#(.+)$/.exec(v);
    return m ? this.byId.get(m[1]!.trim()) : undefined;
  }

  private href(el: Element): Element | undefined {
    return this.ref(el.getAttribute('href') ?? el.getAttribute('xlink:href'));
  }

  parseRoot(style: Style): SvgNode[] {
    const vb = numbers(this.svg.getAttribute('viewBox'));
    this.vw = vb.length === 4 ? vb[2]! : 300;
    this.vh = vb.length === 4 ? vb[3]! : 150;
    return this.children(this.svg, this.computed(this.svg, style));
  }

  setViewport(w: number, h: number): void {
    if (numbers(this.svg.getAttribute('viewBox')).length !== 4) {
      this.vw = w;
      this.vh = h;
    }
  }

  private children(el: Element, style: Style): SvgNode[] {
    const out: SvgNode[] = [];
    for (const child of el.children) {
      const node = this.element(child, style);
      if (node) out.push(node);
    }
    return out;
  }

  private element(el: Element, parentStyle: Style, viaUse = false): SvgNode | null {
    if (++this.count > MAX_SVG_ELEMENTS) {
      this.unsupportedFeature(`more than ${MAX_SVG_ELEMENTS} elements`);
      return null;
    }
    const tag = el.localName.toLowerCase();
    if (el.namespaceURI !== 'http://www.w3.org/2000/svg') return null; // editor metadata (sodipodi, inkscape…)
    if (SILENT.has(tag) && !(viaUse && tag === 'symbol')) return null;
    const style = this.computed(el, parentStyle);
    if (style.display === 'none') return null;
    if (RASTER_ONLY[tag]) {
      this.unsupportedFeature(RASTER_ONLY[tag]);
      return null;
    }
    if (style.filter && style.filter !== 'none') this.unsupportedFeature('filter');
    if (style.mask && style.mask !== 'none') this.unsupportedFeature('mask');
    if (style['mix-blend-mode'] && style['mix-blend-mode'] !== 'normal') this.unsupportedFeature('blend mode');
    if (style['vector-effect'] && style['vector-effect'] !== 'none') this.unsupportedFeature('vector-effect');
    for (const mk of ['marker', 'marker-start', 'marker-mid', 'marker-end']) if (style[mk] && style[mk] !== 'none') this.unsupportedFeature('marker');
    if (style['paint-order'] && !/^\s*(normal|fill)/.test(style['paint-order'])) this.unsupportedFeature('paint-order');

    const transform = parseTransform(el.getAttribute('transform'));
    const opacity = Math.min(1, Math.max(0, num(style.opacity, 1)));
    const clip = this.clip(style['clip-path']);

    if (tag === 'g' || tag === 'a' || (viaUse && tag === 'symbol')) {
      return { kind: 'group', transform, opacity, ...(clip ? { clip } : {}), children: this.children(el, style) };
    }
    if (tag === 'use') {
      const target = this.href(el);
      if (!target) return null;
      if (target === el || target.contains(el)) {
        this.unsupportedFeature('recursive use');
        return null;
      }
      const t = multiply(transform, translate(length(el.getAttribute('x'), this.vw), length(el.getAttribute('y'), this.vh)));
      const inner = this.element(target, style, true);
      const vb = numbers(target.getAttribute('viewBox'));
      if (inner?.kind === 'group' && target.localName.toLowerCase() === 'symbol' && vb.length === 4) {
        // a symbol's viewBox maps into the use's width × height (default 100 %), clipped to it
        const w = length(el.getAttribute('width') ?? target.getAttribute('width') ?? '100%', this.vw);
        const h = length(el.getAttribute('height') ?? target.getAttribute('height') ?? '100%', this.vh);
        const viewport: SvgClip = { paths: [[['M', 0, 0], ['L', w, 0], ['L', w, h], ['L', 0, h], ['Z']]], evenOdd: false };
        const content: SvgNode = { ...inner, transform: viewBoxTransform(vb, w, h, target.getAttribute('preserveAspectRatio')) };
        return { kind: 'group', transform: t, opacity, ...(clip ? { clip } : {}), children: [{ kind: 'group', transform: IDENTITY, opacity: 1, clip: viewport, children: [content] }] };
      }
      return inner ? { kind: 'group', transform: t, opacity, ...(clip ? { clip } : {}), children: [inner] } : null;
    }
    if (!SHAPES.has(tag)) {
      this.unsupportedFeature(`<${tag}>`);
      return null;
    }
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return null;
    const path = this.outline(el, tag);
    if (!path || path.length === 0) return null;
    const fill = tag === 'line' ? null : this.fill(style, path);
    const stroke = this.stroke(style, path);
    if (!fill && !stroke) return null;
    return { kind: 'shape', transform, opacity, ...(clip ? { clip } : {}), path, fill, stroke };
  }

  private outline(el: Element, tag: string): PathCommand[] | null {
    const a = (name: string, ref: number): number => length(el.getAttribute(name), ref);
    const diag = Math.hypot(this.vw, this.vh) / Math.SQRT2;
    switch (tag) {
      case 'path': {
        try {
          return simplifyPath(parsePathString(el.getAttribute('d') ?? ''));
        } catch {
          // SVG renders a path up to its first error; a broken path draws what came before
          const d = el.getAttribute('d') ?? '';
          for (let cut = d.length - 1; cut > 0; cut--) {
            try {
              return simplifyPath(parsePathString(d.slice(0, cut)));
            } catch {
              /* shorter */
            }
          }
          return null;
        }
      }
      case 'rect': {
        const x = a('x', this.vw);
        const y = a('y', this.vh);
        const w = a('width', this.vw);
        const h = a('height', this.vh);
        if (w <= 0 || h <= 0) return null;
        let rx = el.hasAttribute('rx') ? a('rx', this.vw) : NaN;
        let ry = el.hasAttribute('ry') ? a('ry', this.vh) : NaN;
        if (Number.isNaN(rx)) rx = Number.isNaN(ry) ? 0 : ry;
        if (Number.isNaN(ry)) ry = rx;
        rx = Math.min(Math.max(rx, 0), w / 2);
        ry = Math.min(Math.max(ry, 0), h / 2);
        if (rx === 0 || ry === 0) return [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']];
        const kx = rx * KAPPA;
        const ky = ry * KAPPA;
        return [
          ['M', x + rx, y],
          ['L', x + w - rx, y],
          ['C', x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry],
          ['L', x + w, y + h - ry],
          ['C', x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h],
          ['L', x + rx, y + h],
          ['C', x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry],
          ['L', x, y + ry],
          ['C', x, y + ry - ky, x + rx - kx, y, x + rx, y],
          ['Z'],
        ];
      }
      case 'circle':
      case 'ellipse': {
        const cx = a('cx', this.vw);
        const cy = a('cy', this.vh);
        const rx = tag === 'circle' ? a('r', diag) : a('rx', this.vw);
        const ry = tag === 'circle' ? rx : el.hasAttribute('ry') ? a('ry', this.vh) : rx;
        if (rx <= 0 || ry <= 0) return null;
        const kx = rx * KAPPA;
        const ky = ry * KAPPA;
        return [
          ['M', cx + rx, cy],
          ['C', cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry],
          ['C', cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy],
          ['C', cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry],
          ['C', cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy],
          ['Z'],
        ];
      }
      case 'line':
        return [['M', a('x1', this.vw), a('y1', this.vh)], ['L', a('x2', this.vw), a('y2', this.vh)]];
      case 'polyline':
      case 'polygon': {
        const p = numbers(el.getAttribute('points'));
        if (p.length < 4) return null;
        const out: PathCommand[] = [['M', p[0]!, p[1]!]];
        for (let i = 2; i + 1 < p.length; i += 2) out.push(['L', p[i]!, p[i + 1]!]);
        if (tag === 'polygon') out.push(['Z']);
        return out;
      }
    }
    return null;
  }

  private paint(v: string | undefined, style: Style, what: 'fill' | 'stroke'): SvgPaint | null {
    if (v === undefined) return null;
    const s = v.trim();
    if (s === 'none' || s === '') return null;
    if (s.startsWith('url(')) {
      const target = this.ref(s);
      const tag = target?.localName.toLowerCase();
      if (tag === 'lineargradient' || tag === 'radialgradient') {
        if (what === 'stroke') {
          this.unsupportedFeature('gradient stroke');
          return null;
        }
        const g = this.gradient(target!);
        if (!g) return null;
        if (g.stops.length === 1) return { kind: 'color', color: g.stops[0]!.color };
        return { kind: 'gradient', gradient: g };
      }
      if (tag === 'pattern') this.unsupportedFeature('pattern');
      // an unresolvable reference falls back to the colour after it, else none
      const fallback = s.replace(/^url\([^)]*\)\s*/, '');
      return fallback ? this.paint(fallback, style, what) : null;
    }
    const c = s.toLowerCase() === 'currentcolor' ? parseColor(style.color ?? 'black') : parseColor(s);
    if (c === undefined) return what === 'fill' ? { kind: 'color', color: { r: 0, g: 0, b: 0, a: 1 } } : null;
    return c ? { kind: 'color', color: c } : null;
  }

  private fill(style: Style, path: PathCommand[]): { paint: SvgPaint; opacity: number; evenOdd: boolean } | null {
    void path;
    const paint = this.paint(style.fill ?? 'black', style, 'fill');
    if (!paint) return null;
    return { paint, opacity: Math.min(1, Math.max(0, num(style['fill-opacity'], 1))), evenOdd: style['fill-rule'] === 'evenodd' };
  }

  private stroke(style: Style, path: PathCommand[]): SvgStroke | null {
    void path;
    const paint = this.paint(style.stroke, style, 'stroke');
    if (!paint) return null;
    const width = length(style['stroke-width'], Math.hypot(this.vw, this.vh) / Math.SQRT2, 1);
    if (width <= 0) return null;
    let dash = (style['stroke-dasharray'] ?? 'none') === 'none' ? [] : numbers(style['stroke-dasharray']);
    if (dash.some((d) => d < 0) || !dash.some((d) => d > 0)) dash = [];
    if (dash.length % 2) dash = [...dash, ...dash];
    return {
      paint,
      opacity: Math.min(1, Math.max(0, num(style['stroke-opacity'], 1))),
      width,
      cap: LINE_CAP[style['stroke-linecap'] ?? 'butt'] ?? 0,
      join: LINE_JOIN[style['stroke-linejoin'] ?? 'miter'] ?? 0,
      miter: Math.max(1, num(style['stroke-miterlimit'], 4)),
      dash,
      dashOffset: num(style['stroke-dashoffset'], 0),
    };
  }

  /** A gradient with its href chain resolved (attributes and stops inherit from the referenced one). */
  private gradient(el: Element): SvgGradient | null {
    const chain: Element[] = [];
    for (let g: Element | undefined = el; g && !chain.includes(g) && chain.length < 16; g = this.href(g)) chain.push(g);
    const attr = (name: string): string | null => {
      for (const g of chain) {
        const v = g.getAttribute(name);
        if (v !== null) return v;
      }
      return null;
    };
    const stopsEl = chain.find((g) => g.querySelector('stop'));
    const stops: { offset: number; color: Rgba }[] = [];
    let last = 0;
    for (const s of stopsEl ? [...stopsEl.children].filter((c) => c.localName.toLowerCase() === 'stop') : []) {
      const st = this.declared(s);
      const raw = s.getAttribute('offset') ?? '0';
      let offset = raw.trim().endsWith('%') ? parseFloat(raw) / 100 : parseFloat(raw);
      if (!Number.isFinite(offset)) offset = 0;
      offset = Math.max(last, Math.min(1, Math.max(0, offset)));
      last = offset;
      const c = parseColor(st['stop-color'] === 'currentColor' ? (st.color ?? 'black') : (st['stop-color'] ?? 'black')) ?? { r: 0, g: 0, b: 0, a: 0 };
      const a = c.a * Math.min(1, Math.max(0, num(st['stop-opacity'], 1)));
      if (a < 1) this.unsupportedFeature('gradient stop opacity');
      stops.push({ offset, color: { ...c, a: 1 } });
    }
    if (stops.length === 0) return null;
    const units = attr('gradientUnits') === 'userSpaceOnUse' ? 'userSpaceOnUse' : 'objectBoundingBox';
    const spread = attr('spreadMethod');
    if (spread && spread !== 'pad') this.unsupportedFeature(`gradient spreadMethod ${spread}`);
    const bbox = units === 'objectBoundingBox';
    const L = (name: string, def: string, ref: number): number => {
      const v = attr(name) ?? def;
      if (bbox) return v.trim().endsWith('%') ? parseFloat(v) / 100 : parseFloat(v);
      return length(v, ref);
    };
    const diag = Math.hypot(this.vw, this.vh) / Math.SQRT2;
    const type = el.localName.toLowerCase() === 'lineargradient' ? 'linear' : 'radial';
    let coords: number[];
    if (type === 'linear') {
      coords = [L('x1', '0%', this.vw), L('y1', '0%', this.vh), L('x2', '100%', this.vw), L('y2', '0%', this.vh)];
    } else {
      const cx = L('cx', '50%', this.vw);
      const cy = L('cy', '50%', this.vh);
      const r = L('r', '50%', diag);
      coords = [attr('fx') === null ? cx : L('fx', '50%', this.vw), attr('fy') === null ? cy : L('fy', '50%', this.vh), L('fr', '0%', diag), cx, cy, r];
    }
    if (coords.some((v) => !Number.isFinite(v))) return null;
    return { type, units, transform: parseTransform(attr('gradientTransform')), coords, stops };
  }

  private clip(v: string | undefined): SvgClip | undefined {
    if (!v || v === 'none') return undefined;
    const el = this.ref(v);
    if (!el || el.localName.toLowerCase() !== 'clippath') {
      if (!el) return undefined; // an unresolvable clip-path is ignored, as browsers do
      this.unsupportedFeature('clip-path reference');
      return undefined;
    }
    if (el.getAttribute('clipPathUnits') === 'objectBoundingBox') this.unsupportedFeature('clipPathUnits objectBoundingBox');
    if (el.getAttribute('clip-path')) this.unsupportedFeature('nested clip-path');
    const base = parseTransform(el.getAttribute('transform'));
    const paths: PathCommand[][] = [];
    let evenOdd = false;
    const add = (c: Element, m: Matrix): void => {
      const tag = c.localName.toLowerCase();
      const st = this.declared(c);
      if (st.display === 'none') return;
      const cm = multiply(m, parseTransform(c.getAttribute('transform')));
      if (tag === 'use') {
        const t = this.href(c);
        if (t && t !== el && !t.contains(el)) add(t, multiply(cm, translate(length(c.getAttribute('x'), this.vw), length(c.getAttribute('y'), this.vh))));
        return;
      }
      if (tag === 'text') return void this.unsupportedFeature('text clip path');
      if (!SHAPES.has(tag)) return;
      const p = this.outline(c, tag);
      if (!p) return;
      if ((st['clip-rule'] ?? '') === 'evenodd') evenOdd = true;
      paths.push(transformPath(p, cm));
    };
    for (const c of el.children) add(c, base);
    return { paths, evenOdd };
  }
}

export function transformPath(p: readonly PathCommand[], m: Matrix): PathCommand[] {
  if (m === IDENTITY) return [...p];
  const P = (x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  return p.map((c): PathCommand => {
    switch (c[0]) {
      case 'M':
      case 'L':
        return [c[0], ...P(c[1], c[2])];
      case 'C':
        return ['C', ...P(c[1], c[2]), ...P(c[3], c[4]), ...P(c[5], c[6])];
      case 'Q':
        return ['Q', ...P(c[1], c[2]), ...P(c[3], c[4])];
      default:
        return c;
    }
  });
}

export function boundsOfPath(p: readonly PathCommand[]): Box {
  return pathBounds(p);
}

/** preserveAspectRatio: the viewBox mapped into a width × height viewport. */
export function viewBoxTransform(vb: number[], width: number, height: number, par: string | null): Matrix {
  if (vb.length !== 4 || vb[2]! <= 0 || vb[3]! <= 0) return IDENTITY;
  const [minX, minY, vw, vh] = vb as [number, number, number, number];
  const [align = 'xMidYMid', mode = 'meet'] = (par ?? '').trim().split(/\s+/).filter((t) => t !== 'defer');
  let sx = width / vw;
  let sy = height / vh;
  if (align === 'none') return multiply(scale(sx, sy), translate(-minX, -minY));
  sx = sy = mode === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
  const ax = align.includes('xMin') ? 0 : align.includes('xMax') ? 1 : 0.5;
  const ay = align.includes('YMin') ? 0 : align.includes('YMax') ? 1 : 0.5;
  return multiply(translate((width - vw * sx) * ax, (height - vh * sy) * ay), multiply(scale(sx, sy), translate(-minX, -minY)));
}

/**
 * Reads an SVG for vector drawing. `width`/`height` are the intrinsic size the raster path
 * measured (sharp/librsvg: width/height attributes, else the viewBox).
 */
export function parseSvgArtwork(bytes: Uint8Array, width: number, height: number): SvgArtwork {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const doc = parseHtml(text);
  const svg = doc.querySelector('svg');
  if (!svg) return { width, height, viewBoxTransform: IDENTITY, root: [], unsupported: ['no <svg> element'] };
  const parser = new Parser(svg);
  parser.setViewport(width, height);
  const initial: Style = { fill: 'black', 'fill-opacity': '1', 'fill-rule': 'nonzero', stroke: 'none', 'stroke-width': '1', 'stroke-opacity': '1', color: 'black', visibility: 'visible', 'clip-rule': 'nonzero' };
  const root = parser.parseRoot(initial);
  const vb = numbers(svg.getAttribute('viewBox'));
  return {
    width,
    height,
    viewBoxTransform: viewBoxTransform(vb, width, height, svg.getAttribute('preserveAspectRatio')),
    root,
    unsupported: [...parser.unsupported],
  };
}
