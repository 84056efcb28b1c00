/**
 * Work-around for a @pdf-lib/fontkit 1.1.1 subsetting bug: TTFSubset copies each glyph's
 * bytes as they are and then writes a short-format `loca` (offsets ÷ 2) when the subset is
 * small. A font whose glyph records have odd lengths (Pacifico has 338) then gets wrong
 * offsets and every glyph after the first odd one is garbage: the text is invisible.
 * Padding each copied glyph to an even length (what the TrueType spec recommends anyway)
 * keeps the offsets exact. Applied once to the shared TTFSubset prototype.
 */
interface SubsetInternals {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

let patched = false;

export function ensureEvenGlyphPadding(font: { createSubset(): unknown }): void {
  if (patched) return;
  const subset = font.createSubset() as Partial<SubsetInternals> & { glyphEncoder?: unknown };
  // only TrueType subsets (they carry a glyph encoder); CFF subsets are unaffected
  if (!subset || typeof subset !== 'object' || !('glyphEncoder' in subset)) return;
  const proto = Object.getPrototypeOf(subset) as SubsetInternals;
  const original = proto._addGlyph;
  if (typeof original !== 'function') return;
  proto._addGlyph = function (this: SubsetInternals, gid: number): number {
    const index = original.call(this, gid);
    const last = this.glyf[this.glyf.length - 1];
    if (last && last.length % 2 === 1) {
      // fontkit's encoder accepts only its own Buffer class: allocate through the chunk's constructor
      const ctor = last.constructor as { alloc?: (n: number) => Uint8Array };
      const padded = typeof ctor.alloc === 'function' ? ctor.alloc(last.length + 1) : Buffer.alloc(last.length + 1);
      padded.set(last);
      this.glyf[this.glyf.length - 1] = padded;
      this.offset += 1;
    }
    return index;
  };
  patched = true;
}
