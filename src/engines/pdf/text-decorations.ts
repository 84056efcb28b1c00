/** Text backgrounds and decorations as filled rectangles, placed as Fabric places them. */
import type { Paint } from './layers.js';
import type { CompleteStyle, TextLayout } from './text-layout.js';
import { DECORATION_OFFSETS } from './text-layout.js';

export interface DecorationRect {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: Paint;
}

/**
 * Underline / overline / line-through rectangles, relative to the object's centre
 * (Fabric's _renderTextDecoration; thickness from the object's font size).
 */
export function decorationRects(layout: TextLayout, type: 'underline' | 'overline' | 'linethrough', base: CompleteStyle, charSpacingWidth: number): DecorationRect[] {
  const out: DecorationRect[] = [];
  const offsetAligner = type === 'linethrough' ? 0.5 : type === 'overline' ? 1 : 0;
  const offsetY = DECORATION_OFFSETS[type];
  const left0 = -layout.width / 2;
  for (const line of layout.lines) {
    const n = line.graphemes.length;
    if (n === 0) continue;
    if (!line.styles.some((s) => s[type])) continue;
    const top = line.baseline;
    let boxStart = 0;
    let boxWidth = 0;
    const last = line.styles[0]!;
    let lastDecoration = last[type];
    let lastFill = last.fill;
    let lastThickness = last.textDecorationThickness;
    let size = last.fontSize;
    let dy = last.deltaY;
    let cur = last;
    for (let j = 0; j < n; j++) {
      const box = line.boxes[j]!;
      cur = line.styles[j]!;
      const changed = cur[type] !== lastDecoration || cur.fill !== lastFill || cur.fontSize !== size || cur.textDecorationThickness !== lastThickness || cur.deltaY !== dy;
      if (changed && boxWidth > 0) {
        const t = (base.fontSize * lastThickness) / 1000;
        if (lastDecoration && lastFill && lastThickness) {
          out.push({ x: left0 + line.leftOffset + boxStart, y: top + offsetY * size + dy - offsetAligner * t, width: boxWidth, height: t, fill: lastFill });
        }
        boxStart = box.left;
        boxWidth = box.width;
        lastDecoration = cur[type];
        lastThickness = cur.textDecorationThickness;
        lastFill = cur.fill;
        size = cur.fontSize;
        dy = cur.deltaY;
      } else {
        boxWidth += box.kernedWidth;
      }
    }
    const t = (base.fontSize * cur.textDecorationThickness) / 1000;
    if (cur[type] && cur.fill && cur.textDecorationThickness) {
      out.push({ x: left0 + line.leftOffset + boxStart, y: top + offsetY * size + dy - offsetAligner * t, width: boxWidth - charSpacingWidth, height: t, fill: cur.fill });
    }
  }
  return out;
}

/** textBackgroundColor rectangles (Fabric's _renderTextLinesBackground), relative to the centre. */
export function backgroundRects(layout: TextLayout): DecorationRect[] {
  const out: DecorationRect[] = [];
  const left0 = -layout.width / 2;
  for (const line of layout.lines) {
    const n = line.graphemes.length;
    if (!line.styles.some((s) => s.textBackgroundColor)) continue;
    let boxStart = 0;
    let boxWidth = 0;
    let lastColor = line.styles[0]?.textBackgroundColor ?? '';
    let current = lastColor;
    for (let j = 0; j < n; j++) {
      const box = line.boxes[j]!;
      current = line.styles[j]!.textBackgroundColor;
      if (current !== lastColor) {
        if (lastColor) out.push({ x: left0 + line.leftOffset + boxStart, y: line.top, width: boxWidth, height: line.heightImpl, fill: lastColor });
        boxStart = box.left;
        boxWidth = box.width;
        lastColor = current;
      } else {
        boxWidth += box.kernedWidth;
      }
    }
    if (current) out.push({ x: left0 + line.leftOffset + boxStart, y: line.top, width: boxWidth, height: line.heightImpl, fill: current });
  }
  return out;
}
