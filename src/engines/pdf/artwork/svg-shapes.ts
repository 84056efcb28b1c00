/**
 * The basic shapes as path outlines in user units: path (drawn up to its first error, as
 * SVG does), rect with rounded corners, circle, ellipse, line, polyline and polygon.
 * Percentages resolve against the viewport (`vw` × `vh`).
 */
import type { PathCommand } from '../path.js';
import { parsePathString, simplifyPath } from '../path.js';
import { length, numbers } from './svg-units.js';

export const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
const KAPPA = 0.5522847498307936;

/** The outline of one shape element; null when it draws nothing (zero size, too few points). */
export function outline(el: Element, tag: string, vw: number, vh: number): PathCommand[] | null {
  const a = (name: string, ref: number): number => length(el.getAttribute(name), ref);
  const diag = Math.hypot(vw, vh) / Math.SQRT2;
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
      const x = a('x', vw);
      const y = a('y', vh);
      const w = a('width', vw);
      const h = a('height', vh);
      if (w <= 0 || h <= 0) return null;
      let rx = el.hasAttribute('rx') ? a('rx', vw) : NaN;
      let ry = el.hasAttribute('ry') ? a('ry', vh) : NaN;
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
      const cx = a('cx', vw);
      const cy = a('cy', vh);
      const rx = tag === 'circle' ? a('r', diag) : a('rx', vw);
      const ry = tag === 'circle' ? rx : el.hasAttribute('ry') ? a('ry', vh) : rx;
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
      return [['M', a('x1', vw), a('y1', vh)], ['L', a('x2', vw), a('y2', vh)]];
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
