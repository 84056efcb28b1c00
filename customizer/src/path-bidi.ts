/**
 * Right-to-left text on a path. Stock Fabric.js 6 lays a line's graphemes along the path in
 * their logical order, so Hebrew on a curve reads letter-reversed. Folio lays them in their
 * bidi VISUAL order (UAX #9 levels per line, rule L2), so the curve reads as the straight line
 * does; the print engine does the same (src/engines/pdf/text-on-path.ts). Latin-only lines
 * keep Fabric's order (their visual order is the logical one).
 *
 * `installPathBidi` must stay self-contained (no imports, no outer names): the fidelity test
 * injects its source into a page with stock Fabric (test/unit/engines/pdf/fabric-browser.ts).
 */

/** The text class to patch, as far as this patch uses it. */
export interface PatchableText {
  prototype: object;
}

/** Embedding level of every UTF-16 unit of `text` in a paragraph of direction `dir` (bidi-js). */
export type LevelsFn = (text: string, dir: 'ltr' | 'rtl') => ArrayLike<number>;

export function installPathBidi(TextClass: PatchableText, levelsOf: LevelsFn): void {
  type Box = { kernedWidth: number };
  type Seg = { length: number };
  type Self = {
    path?: { segmentsInfo?: Seg[] };
    pathSide: string;
    pathStartOffset: number;
    textAlign: string;
    direction: string;
    _textLines: string[][];
    __charBounds: Box[][];
    _setGraphemeOnPath(pos: number, box: Box): void;
  };
  const proto = TextClass.prototype as { _measureLine(this: Self, lineIndex: number): { width: number; numOfSpaces: number }; __folioPathBidi?: boolean };
  if (proto.__folioPathBidi) return;
  proto.__folioPathBidi = true;
  const original = proto._measureLine;
  proto._measureLine = function (this: Self, lineIndex: number) {
    const result = original.call(this, lineIndex);
    const path = this.path;
    const line = this._textLines[lineIndex];
    if (!path || !path.segmentsInfo || !line || line.length < 2) return result;
    const dir = this.direction === 'rtl' ? 'rtl' : 'ltr';
    const text = line.join('');
    const unitLevels = levelsOf(text, dir);
    const levels: number[] = [];
    let off = 0;
    for (const g of line) {
      levels.push(unitLevels[off] ?? 0);
      off += g.length;
    }
    // rule L1: whitespace ending the line takes the paragraph's level
    for (let i = line.length - 1; i >= 0 && /^\s+$/u.test(line[i]!); i--) levels[i] = dir === 'rtl' ? 1 : 0;
    // rule L2: reverse every run at or above each odd level, highest first
    const order = levels.map((_, i) => i);
    let minOdd = Infinity;
    for (const l of levels) if (l % 2 === 1 && l < minOdd) minOdd = l;
    if (minOdd === Infinity) return result;
    for (let k = Math.max(...levels); k >= minOdd; k--) {
      let i = 0;
      while (i < order.length) {
        if (levels[order[i]!]! >= k) {
          let j = i;
          while (j < order.length && levels[order[j]!]! >= k) j++;
          order.splice(i, j - i, ...order.slice(i, j).reverse());
          i = j;
        } else i++;
      }
    }
    // Fabric's placement loop (Text._measureLine), walking the graphemes in visual order
    const bounds = this.__charBounds[lineIndex]!;
    const reverse = this.pathSide === 'right';
    const len = line.length;
    let width = 0;
    for (let i = 0; i < len; i++) width += bounds[i]!.kernedWidth;
    const total = path.segmentsInfo[path.segmentsInfo.length - 1]!.length;
    let pos = 0;
    if (this.textAlign === 'left') pos = reverse ? total - width : 0;
    else if (this.textAlign === 'center') pos = (total - width) / 2;
    else if (this.textAlign === 'right') pos = reverse ? 0 : total - width;
    pos += this.pathStartOffset * (reverse ? -1 : 1);
    for (let k = reverse ? len - 1 : 0; reverse ? k >= 0 : k < len; reverse ? k-- : k++) {
      const box = bounds[order[k]!]!;
      if (pos > total) pos %= total;
      else if (pos < 0) pos += total;
      this._setGraphemeOnPath(pos, box);
      pos += box.kernedWidth;
    }
    return result;
  };
}
