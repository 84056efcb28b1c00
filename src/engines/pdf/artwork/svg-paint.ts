/**
 * Paint: fill and stroke (colour, currentColor, opacity, width, caps, joins, miter limit,
 * dashes) and linear/radial gradients with their href chains resolved. Gradient strokes,
 * patterns, stop transparency and spread methods other than pad are reported unsupported.
 */
import type { Rgba } from '../colour/css-colour.js';
import { parseColor } from '../colour/css-colour.js';
import type { Style } from './svg-style.js';
import type { SvgGradient, SvgPaint, SvgStroke } from './svg-types.js';
import { length, num, numbers, parseTransform } from './svg-units.js';

/** What paint resolution needs from the document being read. */
export interface SvgContext {
  readonly vw: number;
  readonly vh: number;
  declared(el: Element): Style;
  /** the element a `url(#id)` or `#id` names */
  ref(v: string | null | undefined): Element | undefined;
  /** the element an element's href names */
  href(el: Element): Element | undefined;
  unsupported(name: string): void;
}

const LINE_CAP: Record<string, number> = { butt: 0, round: 1, square: 2 };
const LINE_JOIN: Record<string, number> = { miter: 0, 'miter-clip': 0, arcs: 0, round: 1, bevel: 2 };

function resolvePaint(ctx: SvgContext, v: string | undefined, style: Style, what: 'fill' | 'stroke'): SvgPaint | null {
  if (v === undefined) return null;
  const s = v.trim();
  if (s === 'none' || s === '') return null;
  if (s.startsWith('url(')) {
    const target = ctx.ref(s);
    const tag = target?.localName.toLowerCase();
    if (tag === 'lineargradient' || tag === 'radialgradient') {
      if (what === 'stroke') {
        ctx.unsupported('gradient stroke');
        return null;
      }
      const g = gradient(ctx, target!);
      if (!g) return null;
      if (g.stops.length === 1) return { kind: 'color', color: g.stops[0]!.color };
      return { kind: 'gradient', gradient: g };
    }
    if (tag === 'pattern') ctx.unsupported('pattern');
    // an unresolvable reference falls back to the colour after it, else none
    const fallback = s.replace(/^url\([^)]*\)\s*/, '');
    return fallback ? resolvePaint(ctx, fallback, style, what) : null;
  }
  const c = s.toLowerCase() === 'currentcolor' ? parseColor(style.color ?? 'black') : parseColor(s);
  if (c === undefined) return what === 'fill' ? { kind: 'color', color: { r: 0, g: 0, b: 0, a: 1 } } : null;
  return c ? { kind: 'color', color: c } : null;
}

/** The fill of a shape, or null for none. */
export function fillOf(ctx: SvgContext, style: Style): { paint: SvgPaint; opacity: number; evenOdd: boolean } | null {
  const paint = resolvePaint(ctx, style.fill ?? 'black', style, 'fill');
  if (!paint) return null;
  return { paint, opacity: Math.min(1, Math.max(0, num(style['fill-opacity'], 1))), evenOdd: style['fill-rule'] === 'evenodd' };
}

/** The stroke of a shape, or null for none (no paint, zero width). */
export function strokeOf(ctx: SvgContext, style: Style): SvgStroke | null {
  const paint = resolvePaint(ctx, style.stroke, style, 'stroke');
  if (!paint) return null;
  const width = length(style['stroke-width'], Math.hypot(ctx.vw, ctx.vh) / Math.SQRT2, 1);
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
function gradient(ctx: SvgContext, el: Element): SvgGradient | null {
  const chain: Element[] = [];
  for (let g: Element | undefined = el; g && !chain.includes(g) && chain.length < 16; g = ctx.href(g)) chain.push(g);
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
  const stopEls: Element[] = [];
  // siblings, not `children`: jsdom's live collection costs a walk per index
  for (let c = stopsEl?.firstElementChild; c; c = c.nextElementSibling) if (c.localName.toLowerCase() === 'stop') stopEls.push(c);
  for (const s of stopEls) {
    const st = ctx.declared(s);
    const raw = s.getAttribute('offset') ?? '0';
    let offset = raw.trim().endsWith('%') ? parseFloat(raw) / 100 : parseFloat(raw);
    if (!Number.isFinite(offset)) offset = 0;
    offset = Math.max(last, Math.min(1, Math.max(0, offset)));
    last = offset;
    const c = parseColor(st['stop-color'] === 'currentColor' ? (st.color ?? 'black') : (st['stop-color'] ?? 'black')) ?? { r: 0, g: 0, b: 0, a: 0 };
    const a = c.a * Math.min(1, Math.max(0, num(st['stop-opacity'], 1)));
    if (a < 1) ctx.unsupported('gradient stop opacity');
    stops.push({ offset, color: { ...c, a: 1 } });
  }
  if (stops.length === 0) return null;
  const units = attr('gradientUnits') === 'userSpaceOnUse' ? 'userSpaceOnUse' : 'objectBoundingBox';
  const spread = attr('spreadMethod');
  if (spread && spread !== 'pad') ctx.unsupported(`gradient spreadMethod ${spread}`);
  const bbox = units === 'objectBoundingBox';
  const L = (name: string, def: string, ref: number): number => {
    const v = attr(name) ?? def;
    if (bbox) return v.trim().endsWith('%') ? parseFloat(v) / 100 : parseFloat(v);
    return length(v, ref);
  };
  const diag = Math.hypot(ctx.vw, ctx.vh) / Math.SQRT2;
  const type = el.localName.toLowerCase() === 'lineargradient' ? 'linear' : 'radial';
  let coords: number[];
  if (type === 'linear') {
    coords = [L('x1', '0%', ctx.vw), L('y1', '0%', ctx.vh), L('x2', '100%', ctx.vw), L('y2', '0%', ctx.vh)];
  } else {
    const cx = L('cx', '50%', ctx.vw);
    const cy = L('cy', '50%', ctx.vh);
    const r = L('r', '50%', diag);
    coords = [attr('fx') === null ? cx : L('fx', '50%', ctx.vw), attr('fy') === null ? cy : L('fy', '50%', ctx.vh), L('fr', '0%', diag), cx, cy, r];
  }
  if (coords.some((v) => !Number.isFinite(v))) return null;
  return { type, units, transform: parseTransform(attr('gradientTransform')), coords, stops };
}
