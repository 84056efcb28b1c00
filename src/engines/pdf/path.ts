/**
 * Path data the way Fabric.js keeps it: absolute M, L, C, Q, Z commands. Ports of Fabric's
 * makePathSimpler (relative, H/V/S/T/A → absolute M/L/C/Q), its arc-to-Bézier conversion and
 * its bounds computation, so that a path's pathOffset (and so its position) matches Fabric's.
 */
import type { Box, Point } from './geometry.js';
import { boundsOf } from './geometry.js';

export type PathCommand =
  | ['M', number, number]
  | ['L', number, number]
  | ['C', number, number, number, number, number, number]
  | ['Q', number, number, number, number]
  | ['Z'];

/** A raw command as it appears in Fabric JSON or after parsing a path string. */
export type RawPathCommand = [string, ...number[]];

const ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

export function commandArity(letter: string): number | undefined {
  return ARITY[letter.toLowerCase()];
}

/** Parses SVG path data (`d`) into raw commands; throws on malformed data. */
export function parsePathString(d: string): RawPathCommand[] {
  const tokens = d.match(/[a-df-z]|[-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?/gi) ?? [];
  const out: RawPathCommand[] = [];
  let i = 0;
  let letter: string | undefined;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (/^[a-z]$/i.test(t)) {
      if (out.length === 0 && t !== 'M' && t !== 'm') throw new Error('path data must start with a moveto (M)');
      letter = t;
      i++;
      if (letter.toLowerCase() === 'z') {
        out.push([letter]);
        continue;
      }
    } else if (letter === undefined || letter.toLowerCase() === 'z') {
      throw new Error(`path data must start with a command, found "${t}"`);
    }
    const cmd = letter!;
    const n = ARITY[cmd.toLowerCase()];
    if (n === undefined) throw new Error(`unknown path command "${cmd}"`);
    const args = tokens.slice(i, i + n).map(Number);
    if (args.length < n || args.some((v) => Number.isNaN(v))) throw new Error(`path command "${cmd}" needs ${n} numbers`);
    out.push([cmd, ...args]);
    i += n;
    // implicit repetition: a moveto followed by pairs means lineto
    if (cmd === 'M') letter = 'L';
    else if (cmd === 'm') letter = 'l';
  }
  return out;
}

function calcVectorAngle(ux: number, uy: number, vx: number, vy: number): number {
  const ta = Math.atan2(uy, ux);
  const tb = Math.atan2(vy, vx);
  return tb >= ta ? tb - ta : 2 * Math.PI - (ta - tb);
}

function segmentToBezier(
  theta1: number, theta2: number, cosTh: number, sinTh: number, rx: number, ry: number,
  cx1: number, cy1: number, mT: number, fromX: number, fromY: number,
): PathCommand {
  const costh1 = Math.cos(theta1);
  const sinth1 = Math.sin(theta1);
  const costh2 = Math.cos(theta2);
  const sinth2 = Math.sin(theta2);
  const toX = cosTh * rx * costh2 - sinTh * ry * sinth2 + cx1;
  const toY = sinTh * rx * costh2 + cosTh * ry * sinth2 + cy1;
  return [
    'C',
    fromX + mT * (-cosTh * rx * sinth1 - sinTh * ry * costh1),
    fromY + mT * (-sinTh * rx * sinth1 + cosTh * ry * costh1),
    toX + mT * (cosTh * rx * sinth2 + sinTh * ry * costh2),
    toY + mT * (sinTh * rx * sinth2 - cosTh * ry * costh2),
    toX,
    toY,
  ];
}

/** SVG elliptical arc from (0,0) to (toX,toY) as cubic Béziers (Fabric's arcToSegments). */
function arcToSegments(toX: number, toY: number, rx: number, ry: number, large: number, sweep: number, rotateX: number): PathCommand[] {
  if (rx === 0 || ry === 0) return [];
  const theta = (rotateX * Math.PI) / 180;
  const sinTheta = Math.sin(theta);
  const cosTh = Math.cos(theta);
  const px = 0.5 * (-cosTh * toX - sinTheta * toY);
  const py = 0.5 * (-cosTh * toY + sinTheta * toX);
  const rx2 = rx ** 2;
  const ry2 = ry ** 2;
  const py2 = py ** 2;
  const px2 = px ** 2;
  const pl = rx2 * ry2 - rx2 * py2 - ry2 * px2;
  let _rx = Math.abs(rx);
  let _ry = Math.abs(ry);
  let root = 0;
  if (pl < 0) {
    const s = Math.sqrt(1 - pl / (rx2 * ry2));
    _rx *= s;
    _ry *= s;
  } else {
    root = (large === sweep ? -1.0 : 1.0) * Math.sqrt(pl / (rx2 * py2 + ry2 * px2));
  }
  const cx = (root * _rx * py) / _ry;
  const cy = (-root * _ry * px) / _rx;
  const cx1 = cosTh * cx - sinTheta * cy + toX * 0.5;
  const cy1 = sinTheta * cx + cosTh * cy + toY * 0.5;
  let mTheta = calcVectorAngle(1, 0, (px - cx) / _rx, (py - cy) / _ry);
  let dtheta = calcVectorAngle((px - cx) / _rx, (py - cy) / _ry, (-px - cx) / _rx, (-py - cy) / _ry);
  if (sweep === 0 && dtheta > 0) dtheta -= 2 * Math.PI;
  else if (sweep === 1 && dtheta < 0) dtheta += 2 * Math.PI;
  const segments = Math.ceil(Math.abs((dtheta / Math.PI) * 2));
  const result: PathCommand[] = [];
  const mDelta = dtheta / segments;
  const mT = ((8 / 3) * Math.sin(mDelta / 4) * Math.sin(mDelta / 4)) / Math.sin(mDelta / 2);
  let th3 = mTheta + mDelta;
  let fromX = 0;
  let fromY = 0;
  for (let i = 0; i < segments; i++) {
    const seg = segmentToBezier(mTheta, th3, cosTh, sinTheta, _rx, _ry, cx1, cy1, mT, fromX, fromY);
    result.push(seg);
    fromX = seg[5] as number;
    fromY = seg[6] as number;
    mTheta = th3;
    th3 += mDelta;
  }
  return result;
}

/** Converts any SVG path commands to absolute M, L, C, Q, Z (Fabric's makePathSimpler). */
export function simplifyPath(path: readonly RawPathCommand[]): PathCommand[] {
  let x = 0;
  let y = 0;
  let x1 = 0;
  let y1 = 0;
  let controlX = 0;
  let controlY = 0;
  let previous = '';
  const out: PathCommand[] = [];
  for (const raw of path) {
    const c = [...raw] as [string, ...number[]];
    const n = (i: number): number => c[i] as number;
    let converted: PathCommand | undefined;
    switch (c[0]) {
      case 'l':
        c[1] = n(1) + x;
        c[2] = n(2) + y;
      // falls through
      case 'L':
        x = n(1);
        y = n(2);
        converted = ['L', x, y];
        break;
      case 'h':
        c[1] = n(1) + x;
      // falls through
      case 'H':
        x = n(1);
        converted = ['L', x, y];
        break;
      case 'v':
        c[1] = n(1) + y;
      // falls through
      case 'V':
        y = n(1);
        converted = ['L', x, y];
        break;
      case 'm':
        c[1] = n(1) + x;
        c[2] = n(2) + y;
      // falls through
      case 'M':
        x = n(1);
        y = n(2);
        x1 = x;
        y1 = y;
        converted = ['M', x, y];
        break;
      case 'c':
        for (let i = 1; i <= 6; i += 2) {
          c[i] = n(i) + x;
          c[i + 1] = n(i + 1) + y;
        }
      // falls through
      case 'C':
        controlX = n(3);
        controlY = n(4);
        x = n(5);
        y = n(6);
        converted = ['C', n(1), n(2), controlX, controlY, x, y];
        break;
      case 's':
        for (let i = 1; i <= 4; i += 2) {
          c[i] = n(i) + x;
          c[i + 1] = n(i + 1) + y;
        }
      // falls through
      case 'S':
        if (previous === 'C') {
          controlX = 2 * x - controlX;
          controlY = 2 * y - controlY;
        } else {
          controlX = x;
          controlY = y;
        }
        x = n(3);
        y = n(4);
        converted = ['C', controlX, controlY, n(1), n(2), x, y];
        controlX = n(1);
        controlY = n(2);
        break;
      case 'q':
        for (let i = 1; i <= 4; i += 2) {
          c[i] = n(i) + x;
          c[i + 1] = n(i + 1) + y;
        }
      // falls through
      case 'Q':
        controlX = n(1);
        controlY = n(2);
        x = n(3);
        y = n(4);
        converted = ['Q', controlX, controlY, x, y];
        break;
      case 't':
        c[1] = n(1) + x;
        c[2] = n(2) + y;
      // falls through
      case 'T':
        if (previous === 'Q') {
          controlX = 2 * x - controlX;
          controlY = 2 * y - controlY;
        } else {
          controlX = x;
          controlY = y;
        }
        x = n(1);
        y = n(2);
        converted = ['Q', controlX, controlY, x, y];
        break;
      case 'a':
        c[6] = n(6) + x;
        c[7] = n(7) + y;
      // falls through
      case 'A': {
        const segs = arcToSegments(n(6) - x, n(7) - y, n(1), n(2), n(4), n(5), n(3));
        for (const s of segs) {
          const b = s as ['C', number, number, number, number, number, number];
          out.push(['C', b[1] + x, b[2] + y, b[3] + x, b[4] + y, b[5] + x, b[6] + y]);
        }
        x = n(6);
        y = n(7);
        break;
      }
      case 'z':
      case 'Z':
        x = x1;
        y = y1;
        converted = ['Z'];
        break;
      default:
        throw new Error(`unknown path command "${String(c[0])}"`);
    }
    if (converted) {
      out.push(converted);
      previous = converted[0];
    } else {
      previous = '';
    }
  }
  return out;
}

function cubicPoint(t: number, p0: number, p1: number, p2: number, p3: number): number {
  const mt = 1 - t;
  return mt * mt * mt * p0 + 3 * mt * mt * t * p1 + 3 * mt * t * t * p2 + t * t * t * p3;
}

/** Extremes of a cubic Bézier (Fabric's getBoundsOfCurve). */
function boundsOfCurve(
  x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number,
): Point[] {
  const ts: number[] = [];
  for (const [p0, p1, p2, p3] of [[x0, x1, x2, x3], [y0, y1, y2, y3]] as const) {
    const b = 6 * p0 - 12 * p1 + 6 * p2;
    const a = -3 * p0 + 9 * p1 - 9 * p2 + 3 * p3;
    const c = 3 * p1 - 3 * p0;
    if (Math.abs(a) < 1e-12) {
      if (Math.abs(b) < 1e-12) continue;
      const t = -c / b;
      if (t > 0 && t < 1) ts.push(t);
      continue;
    }
    const disc = b * b - 4 * c * a;
    if (disc < 0) continue;
    const sq = Math.sqrt(disc);
    for (const t of [(-b + sq) / (2 * a), (-b - sq) / (2 * a)]) if (t > 0 && t < 1) ts.push(t);
  }
  const pts: Point[] = ts.map((t) => ({ x: cubicPoint(t, x0, x1, x2, x3), y: cubicPoint(t, y0, y1, y2, y3) }));
  pts.push({ x: x0, y: y0 }, { x: x3, y: y3 });
  return pts;
}

/** Bounds of a simplified path, computed as Fabric's Path._calcBoundsFromPath does. */
export function pathBounds(path: readonly PathCommand[]): Box {
  const pts: Point[] = [];
  let sx = 0;
  let sy = 0;
  let x = 0;
  let y = 0;
  for (const c of path) {
    switch (c[0]) {
      case 'L':
        x = c[1];
        y = c[2];
        pts.push({ x: sx, y: sy }, { x, y });
        break;
      case 'M':
        x = c[1];
        y = c[2];
        sx = x;
        sy = y;
        break;
      case 'C':
        pts.push(...boundsOfCurve(x, y, c[1], c[2], c[3], c[4], c[5], c[6]));
        x = c[5];
        y = c[6];
        break;
      case 'Q':
        // Fabric treats the quadratic control point as both cubic control points here.
        pts.push(...boundsOfCurve(x, y, c[1], c[2], c[1], c[2], c[3], c[4]));
        x = c[3];
        y = c[4];
        break;
      case 'Z':
        x = sx;
        y = sy;
        break;
    }
  }
  return boundsOf(pts);
}

/**
 * A canvas `arc(cx, cy, r, start, end, counterClockwise)` as a moveto plus cubic Béziers,
 * following the canvas rules for full circles and sweep direction (angles in radians).
 */
export function canvasArc(cx: number, cy: number, r: number, start: number, end: number, ccw: boolean): PathCommand[] {
  const TAU = Math.PI * 2;
  let sweep: number;
  if (!ccw) {
    sweep = end - start >= TAU ? TAU : (((end - start) % TAU) + TAU) % TAU;
  } else {
    sweep = start - end >= TAU ? -TAU : -((((start - end) % TAU) + TAU) % TAU);
  }
  const out: PathCommand[] = [['M', cx + r * Math.cos(start), cy + r * Math.sin(start)]];
  if (sweep === 0) return out;
  const n = Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9);
  const step = sweep / n;
  const k = (4 / 3) * Math.tan(step / 4);
  let a = start;
  for (let i = 0; i < n; i++) {
    const b = a + step;
    const [ca, sa, cb, sb] = [Math.cos(a), Math.sin(a), Math.cos(b), Math.sin(b)];
    out.push([
      'C',
      cx + r * (ca - k * sa), cy + r * (sa + k * ca),
      cx + r * (cb + k * sb), cy + r * (sb - k * cb),
      cx + r * cb, cy + r * sb,
    ]);
    a = b;
  }
  return out;
}
