/** CSS-style font face selection, shared by the engine and by any AssetResolver. */

export type FontFaceStyle = 'normal' | 'italic';

/** Fabric/CSS fontWeight → numeric weight (bolder/lighter relative to normal). */
export function parseFontWeight(w: unknown): number {
  if (typeof w === 'number' && Number.isFinite(w)) return Math.min(1000, Math.max(1, w));
  if (typeof w === 'string') {
    const s = w.trim().toLowerCase();
    if (s === 'bold' || s === 'bolder') return 700;
    if (s === 'lighter') return 100;
    if (/^\d+$/.test(s)) return Math.min(1000, Math.max(1, Number(s)));
  }
  return 400;
}

export function parseFontStyle(s: unknown): FontFaceStyle {
  return s === 'italic' || s === 'oblique' ? 'italic' : 'normal';
}

/**
 * Picks the face a browser would use for (weight, style) among `faces` (CSS Fonts 4 §5.2,
 * simplified): style first (italic falls back to normal), then weight — for 400 try 500,
 * then lighter, then heavier; for 500 try 400; below 400 lighter first; above 500 heavier first.
 */
export function pickFace<F extends { weight: number; style: FontFaceStyle }>(faces: readonly F[], weight: number, style: FontFaceStyle): F | undefined {
  const order: FontFaceStyle[] = style === 'italic' ? ['italic', 'normal'] : ['normal', 'italic'];
  for (const st of order) {
    const cands = faces.filter((f) => f.style === st);
    if (cands.length === 0) continue;
    const exact = cands.find((f) => f.weight === weight);
    if (exact) return exact;
    const lighter = cands.filter((f) => f.weight < weight).sort((a, b) => b.weight - a.weight);
    const heavier = cands.filter((f) => f.weight > weight).sort((a, b) => a.weight - b.weight);
    if (weight >= 400 && weight <= 500) {
      const upTo500 = heavier.filter((f) => f.weight <= 500);
      return upTo500[0] ?? lighter[0] ?? heavier[0];
    }
    return weight < 400 ? (lighter[0] ?? heavier[0]) : (heavier[0] ?? lighter[0]);
  }
  return undefined;
}
