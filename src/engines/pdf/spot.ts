/**
 * Spot colours: an object's fill or stroke may name a spot ink instead of a CSS colour,
 *
 *   { "spot": "White", "cmyk": [0, 0, 0, 0], "tint": 1, "overprint": true }
 *
 * written into the PDF as a Separation colour space with a DeviceCMYK alternate (a Type 2
 * function from paper white to `cmyk` at tint 1), so a RIP prints it on its own plate and a
 * viewer or a CMYK press without that ink shows the alternate. `cmyk` is in percent (0..100),
 * `tint` 0..1 (default 1). Names RIPs expect work without anything else:
 *
 * - `White` (white ink): overprints, alternate 0/0/0/0 unless `cmyk` is given.
 * - `CutContour` / `PerfCutContour` (die lines): overprint, alternate 0/100/0/0, and are drawn
 *   as a 0.25 pt hairline stroke of the object's outline, never filled (see `DIE_LINE_WIDTH_PT`).
 *
 * Any other name overprints only when `overprint: true`. The overprint is an ExtGState with
 * /OP and /op true and /OPM 1 (content.ts tracks it like the alpha). Separation colour spaces
 * are allowed in PDF/X-1a and X-4 alike.
 */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { PDFName } from 'pdf-lib';
import type { Rgba } from './colour/css-colour.js';

/** The paint as a design stores it (layers.ts validates it with `checkSpotPaint`). */
export interface SpotPaint {
  spot: string;
  /** alternate in percent 0..100 (C, M, Y, K); default per known name, else required */
  cmyk?: [number, number, number, number];
  /** 0..1, default 1 */
  tint?: number;
  overprint?: boolean;
}

/** A resolved spot ink, attached to the Rgba a Painter works with (`Rgba.spot`). */
export interface SpotInk {
  name: string;
  /** alternate as 0..1 fractions */
  cmyk: [number, number, number, number];
  tint: number;
  overprint: boolean;
  /** drawn as a hairline stroke, never filled (CutContour) */
  dieLine: boolean;
}

/** Width of a die line in PDF points, whatever the object's stroke width and scale. */
export const DIE_LINE_WIDTH_PT = 0.25;

interface KnownSpot {
  cmyk: [number, number, number, number];
  overprint: true;
  dieLine: boolean;
}

/** Names with a fixed meaning to RIPs (case as RIPs match them). */
export const KNOWN_SPOTS: Readonly<Record<string, KnownSpot>> = {
  White: { cmyk: [0, 0, 0, 0], overprint: true, dieLine: false },
  CutContour: { cmyk: [0, 100, 0, 0], overprint: true, dieLine: true },
  PerfCutContour: { cmyk: [0, 100, 0, 0], overprint: true, dieLine: true },
};

/** Colorant names with a meaning of their own in a Separation space. */
const RESERVED = new Set(['All', 'None', 'Cyan', 'Magenta', 'Yellow', 'Black']);
const MAX_NAME = 127;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function isSpotPaint(v: unknown): v is SpotPaint {
  return isObj(v) && 'spot' in v;
}

/** Problems with a spot paint, as [sub-path, message] pairs (empty when it is usable). */
export function checkSpotPaint(v: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const name = v.spot;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME || !/^[\x20-\x7e]+$/.test(name)) {
    out.push(['spot', `must be a spot colour name of 1..${MAX_NAME} printable ASCII characters`]);
  } else if (RESERVED.has(name)) {
    out.push(['spot', `"${name}" is reserved in PDF (process inks and All/None cannot be spot colours)`]);
  }
  const known = typeof name === 'string' ? KNOWN_SPOTS[name] : undefined;
  if (v.cmyk === undefined || v.cmyk === null) {
    if (!known) out.push(['cmyk', 'a spot colour other than White or CutContour needs its CMYK alternate, [c, m, y, k] in percent']);
  } else if (!Array.isArray(v.cmyk) || v.cmyk.length !== 4 || !v.cmyk.every((c) => typeof c === 'number' && Number.isFinite(c) && c >= 0 && c <= 100)) {
    out.push(['cmyk', 'must be [c, m, y, k], four numbers from 0 to 100 (percent)']);
  }
  if (v.tint !== undefined && v.tint !== null && !(typeof v.tint === 'number' && Number.isFinite(v.tint) && v.tint >= 0 && v.tint <= 1)) {
    out.push(['tint', 'must be a number from 0 to 1']);
  }
  if (v.overprint !== undefined && v.overprint !== null && typeof v.overprint !== 'boolean') out.push(['overprint', 'must be true or false']);
  for (const k of Object.keys(v)) if (!['spot', 'cmyk', 'tint', 'overprint'].includes(k)) out.push([k, 'unknown spot colour property (spot, cmyk, tint, overprint)']);
  return out;
}

/** The ink a validated spot paint names. */
export function spotInk(p: SpotPaint): SpotInk {
  const known = KNOWN_SPOTS[p.spot];
  const pct = p.cmyk ?? known?.cmyk ?? [0, 0, 0, 100];
  return {
    name: p.spot,
    cmyk: pct.map((c) => c / 100) as SpotInk['cmyk'],
    tint: p.tint ?? 1,
    overprint: known ? true : p.overprint === true,
    dieLine: known?.dieLine ?? false,
  };
}

/** The alternate at the paint's tint, as sRGB for what has no spot (gradients, the customizer's preview). */
export function spotRgba(p: SpotPaint): Rgba {
  const ink = spotInk(p);
  const [c, m, y, k] = ink.cmyk.map((v) => v * ink.tint) as [number, number, number, number];
  return { r: (1 - c) * (1 - k), g: (1 - m) * (1 - k), b: (1 - y) * (1 - k), a: 1, spot: ink };
}

/**
 * The registration colour: the Separation named All, which PDF paints on every separation (PDF
 * 32000-1 8.6.6.4), spot plates included; its alternate is C = M = Y = K = 1. Printer's marks
 * (crop and fold marks, registration targets, slug lines) use it at tint 1 so that every plate,
 * White and CutContour too, carries them. It is allowed in PDF/X-1a and X-4 like any Separation.
 */
export const REGISTRATION_INK: Readonly<SpotInk> = Object.freeze<SpotInk>({ name: 'All', cmyk: [1, 1, 1, 1], tint: 1, overprint: false, dieLine: false });

/** The registration colour as a Painter colour (ContentBuilder writes `/CSn CS 1 SCN`). */
export const REGISTRATION: Readonly<Rgba> = Object.freeze<Rgba>({ r: 0, g: 0, b: 0, a: 1, spot: REGISTRATION_INK });

const spaces = new WeakMap<PDFDocument, Map<string, PDFRef>>();

/** A document's colour space for `key` (a space's kind, ink name and alternate): one object, made on first use. */
export function colourSpaceOnce(doc: PDFDocument, key: string, make: () => PDFRef): PDFRef {
  let byKey = spaces.get(doc);
  if (!byKey) spaces.set(doc, (byKey = new Map()));
  let ref = byKey.get(key);
  if (!ref) byKey.set(key, (ref = make()));
  return ref;
}

/** The document's Separation colour space for an ink (one object per name and alternate). */
export function separationRef(doc: PDFDocument, ink: SpotInk): PDFRef {
  return colourSpaceOnce(doc, `Separation|${ink.name}|${ink.cmyk.join(',')}`, () => {
    const ctx = doc.context;
    const tintTransform = ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: ink.cmyk, N: 1 });
    return ctx.register(ctx.obj([PDFName.of('Separation'), PDFName.of(ink.name), PDFName.of('DeviceCMYK'), ctx.register(tintTransform)]));
  });
}
