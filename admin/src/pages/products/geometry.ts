/**
 * Print geometry of a side in the product's `dimension_unit` (the API's unit: mm, cm or inch),
 * shown in millimetres or inches (the editor's unit switch). Values the user enters or draws
 * are snapped to the shown unit's step, then converted back to the API's unit.
 */
export type ApiUnit = 'mm' | 'cm' | 'inch';
export type ShownUnit = 'mm' | 'in';
export type Edge = 'top' | 'right' | 'bottom' | 'left';
export const EDGES: readonly Edge[] = ['top', 'right', 'bottom', 'left'];
export type Edges = Record<Edge, number>;

export interface Geometry {
  width: number;
  height: number;
  bleed: Edges;
  safe_zone: Edges;
  dpi: number;
}

const MM: Record<ApiUnit | ShownUnit, number> = { mm: 1, cm: 10, inch: 25.4, in: 25.4 };

/** The step of a drawn or arrowed change in the shown unit (shift: ten steps). */
export const STEP: Record<ShownUnit, number> = { mm: 0.5, in: 0.01 };

export function defaultShown(unit: ApiUnit): ShownUnit {
  return unit === 'inch' ? 'in' : 'mm';
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** An API value as shown (2 decimals in mm, 3 in inches). */
export function toShown(v: number, api: ApiUnit, shown: ShownUnit): number {
  return round((v * MM[api]) / MM[shown], shown === 'mm' ? 2 : 3);
}

/** A shown value in the API's unit (4 decimals: exact for mm↔cm, sub-micron for inches). */
export function toApi(v: number, api: ApiUnit, shown: ShownUnit): number {
  return round((v * MM[shown]) / MM[api], 4);
}

/** Snaps a shown value to the unit's step. */
export function snap(v: number, shown: ShownUnit): number {
  const s = STEP[shown];
  return round(Math.round(v / s) * s, shown === 'mm' ? 2 : 3);
}

export const zero = (): Edges => ({ top: 0, right: 0, bottom: 0, left: 0 });

/** What the API refuses, said before sending: trim above 0, no negative bleed or safe edge, a safe zone inside the trim. */
export function problems(g: Geometry): Array<'trim' | 'bleed' | 'safe' | 'dpi'> {
  const out: Array<'trim' | 'bleed' | 'safe' | 'dpi'> = [];
  if (!(g.width > 0 && g.height > 0)) out.push('trim');
  if (EDGES.some((e) => g.bleed[e] < 0)) out.push('bleed');
  if (EDGES.some((e) => g.safe_zone[e] < 0) || g.safe_zone.left + g.safe_zone.right >= g.width || g.safe_zone.top + g.safe_zone.bottom >= g.height) out.push('safe');
  if (!(Number.isInteger(g.dpi) && g.dpi >= 1 && g.dpi <= 4800)) out.push('dpi');
  return out;
}

/** A handle of the drawing: which value it moves, along which axis, and which way grows it. */
export interface Handle {
  id: string;
  kind: 'trim' | 'bleed' | 'safe';
  edge: Edge;
  axis: 'x' | 'y';
  /** +1: moving right/down grows the value; -1: moving left/up grows it */
  sign: 1 | -1;
}

export const HANDLES: readonly Handle[] = [
  { id: 'trim-right', kind: 'trim', edge: 'right', axis: 'x', sign: 1 },
  { id: 'trim-bottom', kind: 'trim', edge: 'bottom', axis: 'y', sign: 1 },
  ...EDGES.map((edge): Handle => ({ id: `bleed-${edge}`, kind: 'bleed', edge, axis: edge === 'left' || edge === 'right' ? 'x' : 'y', sign: edge === 'right' || edge === 'bottom' ? 1 : -1 })),
  ...EDGES.map((edge): Handle => ({ id: `safe-${edge}`, kind: 'safe', edge, axis: edge === 'left' || edge === 'right' ? 'x' : 'y', sign: edge === 'right' || edge === 'bottom' ? -1 : 1 })),
];

/** The value a handle moves (in the API's unit). */
export function valueOf(g: Geometry, h: Handle): number {
  if (h.kind === 'trim') return h.axis === 'x' ? g.width : g.height;
  return h.kind === 'bleed' ? g.bleed[h.edge] : g.safe_zone[h.edge];
}

/** The geometry with a handle's value set (clamped: trim ≥ a step, margins ≥ 0, the safe zone inside the trim). */
export function withValue(g: Geometry, h: Handle, v: number, minTrim: number): Geometry {
  if (h.kind === 'trim') {
    const min = Math.max(minTrim, h.axis === 'x' ? g.safe_zone.left + g.safe_zone.right + minTrim : g.safe_zone.top + g.safe_zone.bottom + minTrim);
    return h.axis === 'x' ? { ...g, width: Math.max(min, v) } : { ...g, height: Math.max(min, v) };
  }
  if (h.kind === 'bleed') return { ...g, bleed: { ...g.bleed, [h.edge]: Math.max(0, v) } };
  const opposite: Record<Edge, Edge> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
  const span = h.axis === 'x' ? g.width : g.height;
  const max = span - g.safe_zone[opposite[h.edge]] - minTrim;
  return { ...g, safe_zone: { ...g.safe_zone, [h.edge]: Math.max(0, Math.min(max, v)) } };
}
