/** The drawing tree an SVG is read into (svg-parse.ts) and the PDF writer draws (vector-form.ts). */
import type { Rgba } from '../colour/css-colour.js';
import type { Matrix } from '../geometry.js';
import type { PathCommand } from '../path.js';

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
