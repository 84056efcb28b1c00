/**
 * A design whose text has characters no font can draw (not the layer's font, not a script
 * fallback in fonts/) prints boxes ("tofu") there. Print and merge jobs fail on it unless the
 * request allows it (`allow_missing_glyphs`); this turns the render's MISSING_GLYPHS warnings
 * into the sentence the failed job shows.
 */
import type { RenderWarning } from './types.js';

/** `"x" (U+10FFFD)`: the character and its code points, since a missing one is often invisible. */
function describe(g: string): string {
  const cps = [...g].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return `${JSON.stringify(g)} (${cps.join(' ')})`;
}

/**
 * `page 1, layers[2]: no font has "…" (U+10FFFD)`, one clause per MISSING_GLYPHS warning
 * (pages 1-based, at most `max`), or null when every character has a glyph.
 */
export function missingGlyphsProblem(warnings: readonly RenderWarning[], max = 5): string | null {
  const missing = warnings.filter((w) => w.code === 'MISSING_GLYPHS');
  if (missing.length === 0) return null;
  const clauses = missing.slice(0, max).map((w) => {
    const chars = Array.isArray(w.details?.characters) ? (w.details.characters as string[]) : [];
    return `page ${w.page + 1}${w.layer ? `, ${w.layer}` : ''}: no font has ${chars.length ? chars.map(describe).join(', ') : 'some characters'}`;
  });
  const more = missing.length > max ? `; and ${missing.length - max} more layer(s)` : '';
  return `${clauses.join('; ')}${more}`;
}
