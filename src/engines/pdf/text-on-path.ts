/**
 * Text on a path, placed as Fabric.js 6 places it (fabric/src/shapes/Text/Text.ts
 * `_measureLine`, `_setGraphemeOnPath`; fabric/src/util/path `getPathSegmentsInfo`,
 * `getPointOnPath`): every grapheme is centred at its arc-length position along the text's
 * `path` (a Path object: its simplified commands, relative to the centre of its bounds) and
 * turned to the path's tangent there (+180° with `pathSide: "right"`). Each line starts
 * again from the path's start (Fabric lays every line on the same path).
 *
 * One deliberate difference from stock Fabric, applied by the customizer too
 * (customizer/src/path-bidi.ts): graphemes follow the path in their bidi VISUAL order, so
 * right-to-left text (Hebrew) reads correctly along the curve instead of letter-reversed.
 */
import type { Layer } from './layers.js';
import { n } from './object-geometry.js';
import { pathBounds, simplifyPath, type PathCommand, type RawPathCommand } from './path.js';
import type { LaidOutLine } from './text-layout-types.js';
import { bidiLevels, visualOrder } from './text/bidi.js';

interface Seg {
  cmd: PathCommand;
  /** start point */
  x: number;
  y: number;
  length: number;
  /** Z: the subpath's start */
  destX?: number;
  destY?: number;
}

export interface TextPath {
  segs: Seg[];
  total: number;
  /** Fabric's path.pathOffset: the centre of the path's bounds */
  ox: number;
  oy: number;
  width: number;
  height: number;
}

export interface PathPlacement {
  /** centre of the grapheme on the path, relative to the text object's centre */
  x: number;
  y: number;
  /** radians */
  angle: number;
}

const cubic = (t: number, p0: number, p1: number, p2: number, p3: number): number =>
  p3 * t ** 3 + p2 * 3 * t * t * (1 - t) + p1 * 3 * t * (1 - t) ** 2 + p0 * (1 - t) ** 3;
const quad = (t: number, p0: number, p1: number, p2: number): number => p2 * t * t + p1 * 2 * t * (1 - t) + p0 * (1 - t) ** 2;

function curvePoint(s: Seg, t: number): { x: number; y: number } {
  const c = s.cmd;
  if (c[0] === 'C') return { x: cubic(t, s.x, c[1], c[3], c[5]), y: cubic(t, s.y, c[2], c[4], c[6]) };
  if (c[0] === 'Q') return { x: quad(t, s.x, c[1], c[3]), y: quad(t, s.y, c[2], c[4]) };
  return { x: s.x, y: s.y };
}

function curveAngle(s: Seg, t: number): number {
  const c = s.cmd;
  if (c[0] === 'C') {
    const a = (1 - t) ** 2;
    const b = 2 * t * (1 - t);
    const d = t * t;
    return Math.atan2(
      3 * (a * (c[2] - s.y) + b * (c[4] - c[2]) + d * (c[6] - c[4])),
      3 * (a * (c[1] - s.x) + b * (c[3] - c[1]) + d * (c[5] - c[3])),
    );
  }
  if (c[0] === 'Q') return Math.atan2(2 * ((1 - t) * (c[2] - s.y) + t * (c[4] - c[2])), 2 * ((1 - t) * (c[1] - s.x) + t * (c[3] - c[1])));
  return 0;
}

/** Fabric's pathIterator: a curve's length over 100 chords. */
function curveLength(s: Seg): number {
  let p = { x: s.x, y: s.y };
  let len = 0;
  for (let i = 1; i <= 100; i++) {
    const q = curvePoint(s, i / 100);
    len += Math.hypot(q.x - p.x, q.y - p.y);
    p = q;
  }
  return len;
}

/** The text's `path` (a validated Path layer) as Fabric's segmentsInfo, or undefined when it has none. */
export function textPath(l: Layer): TextPath | undefined {
  const p = l.path as Layer | undefined;
  if (!p || typeof p !== 'object' || !Array.isArray(p.path)) return undefined;
  const cmds = simplifyPath(p.path as RawPathCommand[]);
  if (cmds.length === 0) return undefined;
  const segs: Seg[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  let total = 0;
  for (const c of cmds) {
    const s: Seg = { cmd: c, x, y, length: 0 };
    switch (c[0]) {
      case 'M':
        s.x = sx = x = c[1];
        s.y = sy = y = c[2];
        break;
      case 'L':
        s.length = Math.hypot(c[1] - x, c[2] - y);
        x = c[1];
        y = c[2];
        break;
      case 'C':
        s.length = curveLength(s);
        x = c[5];
        y = c[6];
        break;
      case 'Q':
        s.length = curveLength(s);
        x = c[3];
        y = c[4];
        break;
      case 'Z':
        s.destX = sx;
        s.destY = sy;
        s.length = Math.hypot(sx - x, sy - y);
        x = sx;
        y = sy;
        break;
    }
    total += s.length;
    segs.push(s);
  }
  const b = pathBounds(cmds);
  return { segs, total, ox: b.x + b.width / 2, oy: b.y + b.height / 2, width: b.width, height: b.height };
}

/** Fabric's findPercentageForDistance: walks the curve in shrinking steps. */
function onCurve(s: Seg, distance: number): PathPlacement {
  let perc = 0;
  let len = 0;
  let prev = { x: s.x, y: s.y };
  let p = { ...prev };
  let step = 0.01;
  let last = 0;
  while (len < distance && step > 0.0001) {
    p = curvePoint(s, perc);
    last = perc;
    const next = Math.hypot(p.x - prev.x, p.y - prev.y);
    if (next + len > distance) {
      perc -= step;
      step /= 2;
    } else {
      prev = p;
      perc += step;
      len += next;
    }
  }
  return { ...p, angle: curveAngle(s, last) };
}

/** Fabric's getPointOnPath (path coordinates). */
export function pointOnPath(tp: TextPath, distance: number): PathPlacement {
  // Fabric's segment list ends with a summary entry: the walk stops before it
  let i = 0;
  const count = tp.segs.length + 1;
  while (distance - tp.segs[i]!.length > 0 && i < count - 2) {
    distance -= tp.segs[i]!.length;
    i++;
  }
  const s = tp.segs[i]!;
  const c = s.cmd;
  const pct = distance / s.length;
  switch (c[0]) {
    case 'M':
      return { x: s.x, y: s.y, angle: 0 };
    case 'Z':
      return { x: s.x + (s.destX! - s.x) * pct, y: s.y + (s.destY! - s.y) * pct, angle: Math.atan2(s.destY! - s.y, s.destX! - s.x) };
    case 'L':
      return { x: s.x + (c[1] - s.x) * pct, y: s.y + (c[2] - s.y) * pct, angle: Math.atan2(c[2] - s.y, c[1] - s.x) };
    default:
      return onCurve(s, distance);
  }
}

/** The graphemes of a line in bidi visual order (indices), for a paragraph of direction `dir`. */
export function graphemeVisualOrder(graphemes: readonly string[], dir: 'ltr' | 'rtl'): number[] {
  const text = graphemes.join('');
  const levels = bidiLevels(text, dir);
  const per: number[] = [];
  let off = 0;
  for (const g of graphemes) {
    per.push(levels[off] ?? 0);
    off += g.length;
  }
  return visualOrder(per);
}

/**
 * Where each grapheme of `line` sits on the path (Fabric's _measureLine path branch), indexed
 * like `line.graphemes`, relative to the text object's centre.
 */
export function placeLineOnPath(l: Layer, tp: TextPath, line: LaidOutLine, dir: 'ltr' | 'rtl'): PathPlacement[] {
  const reverse = l.pathSide === 'right';
  const len = line.graphemes.length;
  let width = 0;
  for (let i = 0; i < len; i++) width += line.boxes[i]!.kernedWidth;
  const total = tp.total;
  let pos = 0;
  const align = typeof l.textAlign === 'string' ? l.textAlign : 'left';
  if (align === 'left') pos = reverse ? total - width : 0;
  else if (align === 'center') pos = (total - width) / 2;
  else if (align === 'right') pos = reverse ? 0 : total - width;
  pos += n(l.pathStartOffset, 0) * (reverse ? -1 : 1);
  const order = graphemeVisualOrder(line.graphemes, dir);
  const out: PathPlacement[] = new Array<PathPlacement>(len);
  for (let k = reverse ? len - 1 : 0; reverse ? k >= 0 : k < len; reverse ? k-- : k++) {
    const i = order[k]!;
    const box = line.boxes[i]!;
    if (pos > total) pos %= total;
    else if (pos < 0) pos += total;
    const at = pointOnPath(tp, pos + box.kernedWidth / 2);
    out[i] = { x: at.x - tp.ox, y: at.y - tp.oy, angle: at.angle + (reverse ? Math.PI : 0) };
    pos += box.kernedWidth;
  }
  return out;
}

/** What a text on a path still does not print: reported as UNSUPPORTED_FEATURE. */
export function pathTextUnsupported(l: Layer, feature: (name: string, why: string) => void): void {
  const styles = JSON.stringify(l.styles ?? null);
  for (const d of ['underline', 'overline', 'linethrough'] as const) {
    if (l[d] === true || styles.includes(`"${d}":true`)) {
      feature(`text path ${d}`, 'decorations of text on a path are not drawn');
      break;
    }
  }
  if ((typeof l.textBackgroundColor === 'string' && l.textBackgroundColor !== '') || /"textBackgroundColor":"[^"]/.test(styles)) {
    feature('text path background', 'text background colours on a path are not drawn');
  }
  if (l.textAlign !== undefined && typeof l.textAlign === 'string' && l.textAlign.startsWith('justify')) {
    feature('text path justify', 'justified text on a path is placed from the path start, as Fabric does');
  }
}

/** Where glyphs on the path can paint, in the text object's frame: the path's bounds grown by the line height. */
export function pathInkBox(tp: TextPath, layout: { lines: readonly LaidOutLine[] }): { x: number; y: number; width: number; height: number } {
  const m = Math.max(0, ...layout.lines.map((ln) => ln.heightImpl + Math.max(0, ...ln.styles.map((s) => Math.abs(s.deltaY)))));
  return { x: -tp.width / 2 - m, y: -tp.height / 2 - m, width: tp.width + 2 * m, height: tp.height + 2 * m };
}
