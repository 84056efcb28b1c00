/**
 * SVG artwork read into a drawing tree the PDF writer can draw as vector paths: shapes
 * (path, rect, circle, ellipse, line, polyline, polygon, use), groups, transforms, fill and
 * stroke (colour, opacity, width, caps, joins, miter limit, dashes), linear and radial
 * gradient fills, clip paths, viewBox and preserveAspectRatio, presentation attributes,
 * `style` attributes and simple `<style>` sheets. What the writer cannot draw as vector
 * (filters, masks, patterns, markers, text, embedded images, gradient strokes, gradient stop
 * transparency, nested <svg>, …) is listed in `unsupported`: the caller then rasterises the
 * whole artwork and warns, naming the layer.
 *
 * This file walks the elements; the pieces live beside it: svg-units.ts (numbers, lengths,
 * transforms, preserveAspectRatio), svg-style.ts (the cascade), svg-shapes.ts (shape
 * outlines), svg-paint.ts (fills, strokes, gradients), svg-types.ts (the drawing tree).
 */
import { JSDOM } from 'jsdom';
import type { Matrix } from '../geometry.js';
import { IDENTITY, multiply, translate } from '../geometry.js';
import type { PathCommand } from '../path.js';
import { fillOf, strokeOf, type SvgContext } from './svg-paint.js';
import { outline, SHAPES } from './svg-shapes.js';
import { INITIAL_STYLE, SvgStyles, type Style } from './svg-style.js';
import type { SvgArtwork, SvgClip, SvgNode } from './svg-types.js';
import { length, num, numbers, parseTransform, transformPath, viewBoxTransform } from './svg-units.js';
import { checkSvgDom, fromSvgTask, SVG_TASK_BUDGET } from '../../image/svg-limits.js';
import { scanSvg } from '../../image/svg-scan.js';
import { sandbox, taskModule } from '../../../platform/sandbox/pool.js';
import { deserialize, serialize } from 'node:v8';
import { Turns } from '../../../platform/turns.js';

export type { SvgArtwork, SvgClip, SvgGradient, SvgNode, SvgPaint, SvgStroke } from './svg-types.js';
export { boundsOfPath, parseTransform, transformPath, viewBoxTransform } from './svg-units.js';

/** Most elements drawn as vector; a larger document is rasterised. */
export const MAX_SVG_ELEMENTS = 20_000;

/** never rendered where they stand (definitions); using them is what may need the raster path */
const SILENT = new Set(['title', 'desc', 'metadata', 'defs', 'style', 'lineargradient', 'radialgradient', 'clippath', 'symbol', 'stop', 'mask', 'pattern', 'filter', 'marker']);
const RASTER_ONLY: Record<string, string> = {
  text: 'text', image: 'embedded image', foreignobject: 'foreignObject', switch: 'switch', svg: 'nested svg', textpath: 'text',
};

let parserWindow: JSDOM['window'] | undefined;
function parseHtml(text: string): Document {
  parserWindow ??= new JSDOM('').window;
  return new parserWindow.DOMParser().parseFromString(text, 'text/html');
}

class Parser implements SvgContext {
  readonly unsupportedSet = new Set<string>();
  private readonly byId = new Map<string, Element>();
  private readonly styles: SvgStyles;
  private count = 0;
  vw = 0;
  vh = 0;

  constructor(private readonly svg: Element) {
    // the limits on this very DOM (depth, elements, sheets), before anything walks it
    const index = checkSvgDom([svg]);
    for (const el of svg.querySelectorAll('[id]')) if (!this.byId.has(el.id)) this.byId.set(el.id, el);
    this.styles = new SvgStyles(svg, (name) => this.unsupported(name), index);
  }

  unsupported(name: string): void {
    this.unsupportedSet.add(name);
  }

  declared(el: Element): Style {
    return this.styles.declared(el);
  }

  ref(v: string | null | undefined): Element | undefined {
    if (!v) return undefined;
    const m = /^\s*url\(\s*['"]?#([^'")]+)['"]?\s*\)/.exec(v) ?? /^\s*#(.+)$/.exec(v);
    return m ? this.byId.get(m[1]!.trim()) : undefined;
  }

  href(el: Element): Element | undefined {
    return this.ref(el.getAttribute('href') ?? el.getAttribute('xlink:href'));
  }

  parseRoot(style: Style): SvgNode[] {
    const vb = numbers(this.svg.getAttribute('viewBox'));
    this.vw = vb.length === 4 ? vb[2]! : 300;
    this.vh = vb.length === 4 ? vb[3]! : 150;
    return this.children(this.svg, this.styles.computed(this.svg, style));
  }

  setViewport(w: number, h: number): void {
    if (numbers(this.svg.getAttribute('viewBox')).length !== 4) {
      this.vw = w;
      this.vh = h;
    }
  }

  private children(el: Element, style: Style): SvgNode[] {
    const out: SvgNode[] = [];
    // siblings, not `el.children`: jsdom's live collection costs a walk per index (quadratic in the children)
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
      const node = this.element(child, style);
      if (node) out.push(node);
    }
    return out;
  }

  private element(el: Element, parentStyle: Style, viaUse = false): SvgNode | null {
    if (++this.count > MAX_SVG_ELEMENTS) {
      this.unsupported(`more than ${MAX_SVG_ELEMENTS} elements`);
      return null;
    }
    const tag = el.localName.toLowerCase();
    if (el.namespaceURI !== 'http://www.w3.org/2000/svg') return null; // editor metadata (sodipodi, inkscape…)
    if (SILENT.has(tag) && !(viaUse && tag === 'symbol')) return null;
    const style = this.styles.computed(el, parentStyle);
    if (style.display === 'none') return null;
    if (RASTER_ONLY[tag]) {
      this.unsupported(RASTER_ONLY[tag]);
      return null;
    }
    if (style.filter && style.filter !== 'none') this.unsupported('filter');
    if (style.mask && style.mask !== 'none') this.unsupported('mask');
    if (style['mix-blend-mode'] && style['mix-blend-mode'] !== 'normal') this.unsupported('blend mode');
    if (style['vector-effect'] && style['vector-effect'] !== 'none') this.unsupported('vector-effect');
    for (const mk of ['marker', 'marker-start', 'marker-mid', 'marker-end']) if (style[mk] && style[mk] !== 'none') this.unsupported('marker');
    if (style['paint-order'] && !/^\s*(normal|fill)/.test(style['paint-order'])) this.unsupported('paint-order');

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
        this.unsupported('recursive use');
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
      this.unsupported(`<${tag}>`);
      return null;
    }
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return null;
    const path = outline(el, tag, this.vw, this.vh);
    if (!path || path.length === 0) return null;
    const fill = tag === 'line' ? null : fillOf(this, style);
    const stroke = strokeOf(this, style);
    if (!fill && !stroke) return null;
    return { kind: 'shape', transform, opacity, ...(clip ? { clip } : {}), path, fill, stroke };
  }

  private clip(v: string | undefined): SvgClip | undefined {
    if (!v || v === 'none') return undefined;
    const el = this.ref(v);
    if (!el || el.localName.toLowerCase() !== 'clippath') {
      if (!el) return undefined; // an unresolvable clip-path is ignored, as browsers do
      this.unsupported('clip-path reference');
      return undefined;
    }
    if (el.getAttribute('clipPathUnits') === 'objectBoundingBox') this.unsupported('clipPathUnits objectBoundingBox');
    if (el.getAttribute('clip-path')) this.unsupported('nested clip-path');
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
      if (tag === 'text') return void this.unsupported('text clip path');
      if (!SHAPES.has(tag)) return;
      const p = outline(c, tag, this.vw, this.vh);
      if (!p) return;
      if ((st['clip-rule'] ?? '') === 'evenodd') evenOdd = true;
      paths.push(transformPath(p, cm));
    };
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) add(c, base);
    return { paths, evenOdd };
  }
}

/**
 * Reads an SVG for vector drawing. `width`/`height` are the intrinsic size the raster path
 * measured (sharp/librsvg: width/height attributes, else the viewBox). The limits of
 * svg-limits.ts are checked on the text before the DOM is built, then on the DOM (throws
 * SvgLimitExceeded). Runs on the calling thread: see `parseSvgArtworkIsolated`.
 */
export function parseSvgArtwork(bytes: Uint8Array, width: number, height: number): SvgArtwork {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  scanSvg(text);
  const doc = parseHtml(text);
  const svg = doc.querySelector('svg');
  if (!svg) return { width, height, viewBoxTransform: IDENTITY, root: [], unsupported: ['no <svg> element'] };
  const parser = new Parser(svg);
  parser.setViewport(width, height);
  const root = parser.parseRoot(INITIAL_STYLE);
  const vb = numbers(svg.getAttribute('viewBox'));
  return {
    width,
    height,
    viewBoxTransform: viewBoxTransform(vb, width, height, svg.getAttribute('preserveAspectRatio')),
    root,
    unsupported: [...parser.unsupportedSet],
  };
}

/**
 * A drawing tree as the sandbox sends it back: its nodes in pre-order (a group carries its
 * child count, not its children), serialized in chunks, so that the serving thread rebuilds it
 * a chunk at a time between other work (20 000 shapes in one structured clone cost it ~100 ms).
 */
export interface PackedSvgArtwork {
  head: Omit<SvgArtwork, 'root'> & { roots: number };
  chunks: Uint8Array[];
}
type PackedNode = Exclude<SvgNode, { kind: 'group' }> | (Omit<Extract<SvgNode, { kind: 'group' }>, 'children'> & { n: number });
const NODES_PER_CHUNK = 500;

export function packSvgArtwork(art: SvgArtwork): PackedSvgArtwork {
  const { root, ...rest } = art;
  const chunks: Uint8Array[] = [];
  let batch: PackedNode[] = [];
  // iterative pre-order: children pushed last-first
  const todo: SvgNode[] = [...root].reverse();
  while (todo.length) {
    const node = todo.pop()!;
    if (node.kind === 'group') {
      const { children, ...own } = node;
      batch.push({ ...own, n: children.length });
      for (let i = children.length - 1; i >= 0; i--) todo.push(children[i]!);
    } else batch.push(node);
    if (batch.length === NODES_PER_CHUNK) {
      chunks.push(serialize(batch));
      batch = [];
    }
  }
  if (batch.length) chunks.push(serialize(batch));
  return { head: { ...rest, roots: root.length }, chunks };
}

/**
 * The slice after which reading or drawing a large SVG tree on the serving thread gives the
 * event loop a turn: drawing 20 000 shapes as PDF operators takes ~150 ms in all.
 */
export const SVG_TURN_MS = 8;

/** The tree again, a chunk at a time, with an event-loop turn between chunks when `pacer` says so. */
export async function unpackSvgArtwork(packed: PackedSvgArtwork, pacer = new Turns(SVG_TURN_MS)): Promise<SvgArtwork> {
  const { roots, ...rest } = packed.head;
  const root: SvgNode[] = [];
  const open: Array<{ children: SvgNode[]; left: number }> = [{ children: root, left: roots }];
  for (const chunk of packed.chunks) {
    await pacer.check();
    for (const p of deserialize(chunk) as PackedNode[]) {
      while (open[open.length - 1]!.left === 0) open.pop();
      const parent = open[open.length - 1]!;
      parent.left--;
      if (p.kind === 'group') {
        const { n, ...own } = p;
        const group: SvgNode = { ...own, children: [] };
        parent.children.push(group);
        if (n > 0) open.push({ children: group.children, left: n });
      } else parent.children.push(p);
    }
  }
  return { ...rest, root };
}

/** The sandbox task: `parseSvgArtwork` in a thread of the pool, its tree packed. */
export function parseSvgArtworkTask(input: { bytes: Uint8Array; width: number; height: number }): PackedSvgArtwork {
  return packSvgArtwork(parseSvgArtwork(input.bytes, input.width, input.height));
}

/**
 * `parseSvgArtwork` without holding the serving thread: in the sandbox pool under
 * SVG_TASK_BUDGET (even a small file: jsdom's first use costs the thread a few hundred ms),
 * the tree rebuilt here between other work. Throws SvgLimitExceeded (a limit, or the task's
 * time or memory budget) or SvgUnreadable (the reader gave up on the file).
 */
export async function parseSvgArtworkIsolated(bytes: Uint8Array, width: number, height: number): Promise<SvgArtwork> {
  let packed: PackedSvgArtwork;
  try {
    packed = await sandbox().run<PackedSvgArtwork>(taskModule(import.meta.url, 'svg-parse'), 'parseSvgArtworkTask', { bytes, width, height }, SVG_TASK_BUDGET);
  } catch (err) {
    throw fromSvgTask(err);
  }
  return unpackSvgArtwork(packed);
}
