/**
 * Crop marks of a printed side (renderPdf with `cropMarks`): at the four trim corners, in the
 * slug, 0.25 pt in the registration colour (/Separation /All), so every plate carries them,
 * spot inks' plates included; marked as a page artifact, not artwork.
 */
import type { ContentBuilder } from './content.js';
import { num } from './content.js';
import type { PageBoxes } from './page-geometry.js';
import { REGISTRATION } from './spot.js';

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
