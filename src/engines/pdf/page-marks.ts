/**
 * Page furniture of a printed side. Crop marks (renderPdf with `cropMarks`): at the four trim corners, in the
 * slug, 0.25 pt in the registration colour (/Separation /All), so every plate carries them,
 * spot inks' plates included; marked as a page artifact, not artwork.
 */
import type { ContentBuilder } from './content.js';
import { num } from './content.js';
import type { PageBoxes } from './page-geometry.js';
import { REGISTRATION, spotRgba, DIE_LINE_WIDTH_PT } from './spot.js';
import type { Matrix } from './geometry.js';
import { maskOutline, maskPrintArea, maskSideOf } from './mask.js';
import type { PageSpec } from './types.js';

/** Maps a side's trim millimetres (y down, origin top-left of the trim) onto the page. */
function trimMmToPage(boxes: PageBoxes): Matrix {
  const k = 72 / 25.4;
  const t = boxes.trimBox;
  return [k, 0, 0, -k, t.x, t.y + t.height];
}

/**
 * Clips what follows to the bleed box and, for a side with a mask, to the mask grown by its
 * bleed (mask.ts): nothing prints outside it. `asCut`: to the mask itself (a picture of the cut piece).
 */
export function clipToPage(c: ContentBuilder, spec: PageSpec, boxes: PageBoxes, asCut = false): void {
  const b = boxes.bleedBox;
  c.rect(b.x, b.y, b.width, b.height).op('W n');
  if (!spec.mask) return;
  const side = maskSideOf(spec);
  c.path(asCut ? maskOutline(spec.mask!, side) : maskPrintArea(spec.mask!, side), trimMmToPage(boxes)).op('W n');
}

/**
 * The mask's outline as a die line: a ${DIE_LINE_WIDTH_PT} pt stroke in the Separation named
 * CutContour (alternate 0/100/0/0, overprinting), on top of the artwork, as cutters (Summa,
 * Roland, Mimaki) read it. It is not an artifact: the cutter's RIP must see it.
 */
export function drawCutContour(c: ContentBuilder, spec: PageSpec, boxes: PageBoxes): void {
  const ink = spotRgba({ spot: 'CutContour' });
  c.op('/Layer <</Name (mask)>> BDC');
  c.save().op(`${DIE_LINE_WIDTH_PT} w 0 J 1 j 4 M [] 0 d`).alpha(undefined, 1).strokeColor(ink);
  c.path(maskOutline(spec.mask!, maskSideOf(spec)), trimMmToPage(boxes)).op('S');
  c.restore();
  c.op('EMC');
}

export function drawCropMarks(c: ContentBuilder, boxes: PageBoxes): void {
  const { trimBox: t, bleedBox: b, mediaBox: m } = boxes;
  const gap = 3;
  // a page artifact (ISO 32000-1 § 14.8.2.2: cut marks): registration colour is not artwork ink
  c.op('/Artifact <</Type /Page>> BDC');
  c.save().op('0.25 w 0 J').strokeColor(REGISTRATION);
  const xs = [t.x, t.x + t.width];
  const ys = [t.y, t.y + t.height];
  const lines: [number, number, number, number][] = [];
  for (const y of ys) {
    lines.push([b.x - gap, y, m.x + 1.5, y]);
    lines.push([b.x + b.width + gap, y, m.x + m.width - 1.5, y]);
  }
  for (const x of xs) {
    lines.push([x, b.y - gap, x, m.y + 1.5]);
    lines.push([x, b.y + b.height + gap, x, m.y + m.height - 1.5]);
  }
  for (const [x1, y1, x2, y2] of lines) c.op(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  c.restore();
  c.op('EMC');
}
