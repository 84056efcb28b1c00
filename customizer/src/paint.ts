/**
 * Spot colours in the editor. A layer's fill may name a spot ink (`{ spot, cmyk, tint }`,
 * docs/print-files.md); Fabric draws only CSS colours, so on the canvas the object carries the
 * ink as `spotFill` (a stroke's: `spotStroke`) and is drawn in its CMYK alternate, and the
 * saved layer gets the ink back.
 */
export interface SpotPaint {
  spot: string;
  cmyk?: [number, number, number, number];
  tint?: number;
  overprint?: boolean;
}

export function isSpotPaint(v: unknown): v is SpotPaint {
  return typeof v === 'object' && v !== null && typeof (v as { spot?: unknown }).spot === 'string';
}

/** The screen colour of a spot ink: its CMYK alternate (percent) at its tint over paper white. */
export function spotHex(p: SpotPaint): string {
  const [c, m, y, k] = (p.cmyk ?? [0, 0, 0, 0]).map((v) => Math.min(100, Math.max(0, v)) / 100) as [number, number, number, number];
  const tint = p.tint ?? 1;
  const ch = (v: number) => Math.round(255 * (1 - tint * (1 - (1 - v) * (1 - k))));
  return `#${[ch(c), ch(m), ch(y)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Layers as loaded: spot fills become `spotFill` + their alternate (in place, recursively for groups). */
export function spotsForCanvas(layers: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return layers.map((l) => {
    const out = { ...l };
    if (isSpotPaint(l.fill)) {
      out.spotFill = l.fill;
      out.fill = spotHex(l.fill);
    }
    if (isSpotPaint(l.stroke)) {
      out.spotStroke = l.stroke;
      out.stroke = spotHex(l.stroke);
    }
    if (Array.isArray(l.objects)) out.objects = spotsForCanvas(l.objects as Array<Record<string, unknown>>);
    return out;
  });
}

/** Layers as saved: `spotFill` goes back to `fill`, `spotStroke` to `stroke`. */
export function spotsForPrint(layers: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return layers.map((l) => {
    const out = { ...l };
    if (isSpotPaint(l.spotFill)) out.fill = l.spotFill;
    if (isSpotPaint(l.spotStroke)) out.stroke = l.spotStroke;
    delete out.spotFill;
    delete out.spotStroke;
    if (Array.isArray(l.objects)) out.objects = spotsForPrint(l.objects as Array<Record<string, unknown>>);
    return out;
  });
}

/** Spot inks used anywhere in some layers, by name (a template's palette). */
export function spotsIn(layers: unknown[], into = new Map<string, SpotPaint>()): Map<string, SpotPaint> {
  for (const l of layers as Array<Record<string, unknown>>) {
    for (const v of [l.fill, l.stroke, l.spotFill, l.spotStroke]) if (isSpotPaint(v) && !into.has(v.spot)) into.set(v.spot, v);
    if (Array.isArray(l.objects)) spotsIn(l.objects, into);
  }
  return into;
}
