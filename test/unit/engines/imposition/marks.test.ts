/**
 * Printer's marks on imposed sheets, judged on the file: Ghostscript's tiffsep separations
 * (one plate per ink) and qpdf. Every mark is in the registration colour /Separation /All, so
 * it prints on every plate, spot plates (White) included; the colour bar stays process colours.
 */
import { describe, expect, it } from 'vitest';
import { impose, imposeBooklet, type ImposeOptions } from '../../../../src/engines/imposition/index.js';
import { renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets } from '../pdf/helpers.js';
import { gsPlates, qpdfJson } from '../pdf/pdfx-helpers.js';

const MM = 72 / 25.4;
const INKS = ['Cyan', 'Magenta', 'Yellow', 'Black', 'White'];

/** `n` pages of 40 × 30 mm with 3 mm bleed: process blue all over, a White spot patch in the middle. */
async function spotSource(n: number): Promise<Uint8Array> {
  const page: PageSpec = {
    width: 40, height: 30, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, viewportWidth: 400, viewportHeight: 300,
    layers: [
      { type: 'rect', left: -30, top: -30, width: 460, height: 360, fill: '#1d4ed8', strokeWidth: 0 },
      { type: 'rect', left: 100, top: 100, width: 200, height: 100, fill: { spot: 'White' }, strokeWidth: 0 },
    ],
  };
  return (await renderPdf(Array.from({ length: n }, () => page), fixtureAssets())).pdf;
}

/** A box around a point (pt from the sheet's lower-left) in the plates' top-left coordinates. */
const around = (x: number, y: number, H: number, rx: number, ry: number) => ({ x0: x - rx, x1: x + rx, y0: H - y - ry, y1: H - y + ry });

describe("imposed sheets' marks", () => {
  it('crop marks, registration targets and the slug print on every plate, White included; the colour bar is process only', async () => {
    const opts: ImposeOptions = {
      sheet: { width: 180 * MM, height: 110 * MM, orientation: 'landscape' },
      margins: { top: 15 * MM, right: 15 * MM, bottom: 15 * MM, left: 15 * MM },
      gutter: { x: 6 * MM, y: 6 * MM },
      layout: { rows: 1, cols: 2 },
      rotate: false,
      sides: 'simplex',
      bleed: 'keep',
      order: 'step_and_repeat',
    };
    const { pdf, plan } = await impose(await spotSource(1), opts, { marks: { cropMarks: true, registrationMarks: true, colorBar: true, slug: { jobName: 'Spot run', date: '2026-01-02' } } });
    const H = plan.sheet.height;
    const [first] = plan.sides[0]!.items;
    const t = first!.trim;
    const c = first!.clip;

    // qpdf: the page's colour spaces hold /Separation /All, its tint transform 0 → C = M = Y = K = 1
    const q = await qpdfJson(pdf);
    const all = [...q.objects.values()].map((o) => o.value).find((v): v is unknown[] => Array.isArray(v) && v[0] === '/Separation' && v[1] === '/All');
    expect(all, 'a /Separation /All colour space').toBeDefined();
    expect(all![2]).toBe('/DeviceCMYK');
    expect(q.resolve(all![3])).toMatchObject({ '/FunctionType': 2, '/C0': [0, 0, 0, 0], '/C1': [1, 1, 1, 1] });
    const content = [...q.objects.values()].filter((o) => o.stream && !o.stream.dict['/Subtype'] && o.stream.data).map((o) => Buffer.from(o.stream!.data!, 'base64').toString('latin1')).join('\n');
    expect(content).not.toMatch(/\b1 1 1 1 [kK]\b/);

    const p = await gsPlates(pdf, 72);
    expect(p.names).toEqual(expect.arrayContaining(INKS));
    // the crop mark above the first item's top-left corner (4 mm long, starting 1 mm past the 3 mm bleed)
    const crop = { x0: t.x - 0.6, x1: t.x + 0.6, y0: H - (t.y + t.h + 8 * MM) + 1, y1: H - (t.y + t.h + 4 * MM) - 1 };
    // the registration target left of the items (its cross passes through the centre)
    const target = around(c.x / 2, H / 2, H, 1.5 * MM, 1.5 * MM);
    // the slug line, centred below the items
    const slugY = Math.max(2, c.y / 2 - 7 / 3);
    const slug = { x0: plan.sheet.width / 2 - 15 * MM, x1: plan.sheet.width / 2 + 15 * MM, y0: H - slugY - 6, y1: H - slugY };
    for (const ink of INKS) {
      expect(p.maxInk(ink, crop), `crop mark on the ${ink} plate`).toBeGreaterThan(0.9);
      expect(p.maxInk(ink, target), `registration target on the ${ink} plate`).toBeGreaterThan(0.9);
      expect(p.maxInk(ink, slug), `slug line on the ${ink} plate`).toBeGreaterThan(0.9);
    }
    // the colour bar (top margin, left-aligned with the items): its cyan patch on Cyan only, nothing of the bar on White
    const barY = c.y + c.h + (H - c.y - c.h - 4 * MM) / 2;
    expect(p.ink('Cyan', c.x + 2 * MM, H - barY - 2 * MM)).toBeGreaterThan(0.9);
    expect(p.ink('Magenta', c.x + 2 * MM, H - barY - 2 * MM)).toBe(0);
    expect(p.maxInk('White', { x0: c.x, x1: c.x + 40 * MM, y0: H - barY - 4 * MM, y1: H - barY })).toBe(0);
  });

  it('a booklet is marked at the spine above and below the spread, clear of the bleed, on every plate', async () => {
    const { pdf, plan } = await imposeBooklet(await spotSource(4), {
      sheet: { width: 120 * MM, height: 80 * MM, orientation: 'landscape' },
      margins: { top: 10 * MM, right: 10 * MM, bottom: 10 * MM, left: 10 * MM },
      binding: 'saddle_stitch',
      signaturePages: 4,
      creep: 0,
      bleed: 'keep',
    }, { marks: { cropMarks: true, registrationMarks: false, colorBar: false, slug: null } });
    const H = plan.sheet.height;
    const spine = plan.sheet.width / 2;
    expect(spine).toBeCloseTo(60 * MM, 3);
    // the spread's trim is 25..55 mm high, its bleed 22..58 mm: the fold mark lies between the bleed and the sheet edge
    const p = await gsPlates(pdf, 72);
    const column = (ink: string, fromMm: number, toMm: number): number => {
      let rows = 0;
      for (let y = fromMm * MM; y <= toMm * MM; y += 1) if (p.maxInk(ink, { x0: spine - 0.5, x1: spine + 0.5, y0: H - y, y1: H - y }) > 0.9) rows++;
      return rows;
    };
    for (const ink of INKS) {
      // about 4 mm (11 pt) of hairline above and below, none of it in the bleed
      expect(column(ink, 58.5, 80), `fold mark above the spread on the ${ink} plate`).toBeGreaterThanOrEqual(9);
      expect(column(ink, 0, 21.5), `fold mark below the spread on the ${ink} plate`).toBeGreaterThanOrEqual(9);
    }
  });
});
