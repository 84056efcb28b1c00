/** Booklet planning: saddle-stitched or perfect-bound sections, one spread per sheet side. */
import { checkItemSize, ImpositionError, type BleedMode, type PlacedItem, type Plan, type PlannedSide, type SheetSpec, type SourceInfo } from './plan.js';
import type { Edges } from './geometry.js';

const EPS = 1e-6;

export interface BookletOptions {
  sheet: SheetSpec;
  binding: 'saddle_stitch' | 'perfect_bound';
  /** perfect binding: pages per folded section (a multiple of 4) */
  signaturePages: number;
  /** creep: how far (pt) each sheet further in is pushed towards the spine */
  creep: number;
  bleed: BleedMode;
  margins: Edges;
}

/**
 * Saddle-stitch order for one nested section of n pages (n a multiple of 4), 1-based within
 * the section: sheet i prints [n - 2i, 2i + 1] on its front and [2i + 2, n - 2i - 1] on its back.
 */
export function saddleOrder(n: number): Array<{ front: [number, number]; back: [number, number] }> {
  if (n % 4 !== 0 || n < 4) throw new ImpositionError('invalid_options', `a folded section has a multiple of 4 pages (got ${n})`);
  return Array.from({ length: n / 4 }, (_, i) => ({ front: [n - 2 * i, 2 * i + 1] as [number, number], back: [2 * i + 2, n - 2 * i - 1] as [number, number] }));
}

/** A booklet: each sheet side holds one spread (two pages about the spine at the sheet's centre), printed sheetwise. */
export function planBooklet(src: SourceInfo, o: BookletOptions): Plan {
  if (src.pages < 1) throw new ImpositionError('invalid_source', 'the source has no pages');
  checkItemSize(src.trim);
  const total = Math.ceil(src.pages / 4) * 4;
  const sectionSize = o.binding === 'saddle_stitch' ? total : o.signaturePages;
  if (sectionSize % 4 !== 0) throw new ImpositionError('invalid_options', `signature_pages must be a multiple of 4 (got ${sectionSize})`);
  const { w: tw, h: th } = src.trim;
  const b = o.bleed === 'keep' ? src.bleed : 0;
  // The spread (with outer bleed) must fit inside the margins; turn the sheet if it only fits that way.
  const needW = 2 * tw + 2 * b;
  const needH = th + 2 * b;
  const fits = (W: number, H: number) => needW <= W - o.margins.left - o.margins.right + EPS && needH <= H - o.margins.top - o.margins.bottom + EPS;
  const portrait = { width: Math.min(o.sheet.width, o.sheet.height), height: Math.max(o.sheet.width, o.sheet.height) };
  const landscape = { width: portrait.height, height: portrait.width };
  const choices = o.sheet.orientation === 'auto' ? [o.sheet.width <= o.sheet.height ? portrait : landscape, o.sheet.width <= o.sheet.height ? landscape : portrait] : [o.sheet.orientation === 'portrait' ? portrait : landscape];
  const sheet = choices.find((s) => fits(s.width, s.height));
  if (!sheet) throw new ImpositionError('sheet_too_small', 'the sheet is too small for a spread of two pages inside the margins', { spread_pt: [needW, needH], sheet_pt: [o.sheet.width, o.sheet.height] });
  const W = sheet.width;
  const H = sheet.height;
  const spine = W / 2;
  const y = (H - th) / 2;
  const sides: PlannedSide[] = [];
  let sheetNo = 0;
  let blanks = total - src.pages;
  let signature = 0;
  for (let start = 0; start < total; start += sectionSize) {
    const n = Math.min(sectionSize, total - start);
    signature++;
    const order = saddleOrder(n);
    order.forEach((sh, i) => {
      sheetNo++;
      const shift = i * o.creep;
      for (const [side, pair] of [['front', sh.front], ['back', sh.back]] as const) {
        const [lp, rp] = pair.map((p) => start + p - 1) as [number, number];
        const left: PlacedItem = {
          page: lp < src.pages ? lp : null,
          trim: { x: spine - tw, y, w: tw, h: th },
          rotation: 0,
          // Outer bleed on three sides; the spine side stops at the fold. Creep pushes the page towards the spine.
          clip: { x: spine - tw - b + shift, y: y - b, w: tw + b - shift, h: th + 2 * b },
          shift: { x: shift, y: 0 },
        };
        const right: PlacedItem = {
          page: rp < src.pages ? rp : null,
          trim: { x: spine, y, w: tw, h: th },
          rotation: 0,
          clip: { x: spine, y: y - b, w: tw + b - shift, h: th + 2 * b },
          shift: { x: -shift, y: 0 },
        };
        sides.push({ sheet: sheetNo, side, items: [left, right], cropRects: [{ x: spine - tw, y, w: 2 * tw, h: th }], folds: [spine], signature });
      }
    });
  }
  blanks = Math.max(0, blanks);
  return { sheet, sides, sheets: sheetNo, grid: null, perSheet: 4, blanks };
}
