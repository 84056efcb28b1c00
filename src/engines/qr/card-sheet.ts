/**
 * QR card sheets for studio jobs: one card per subject with a QR code of
 * `<job_id>:<student_id>`, the name, class and student id, the school name and logo.
 *
 * Cut-ready: the cards of a page are equal cells of one grid that fills the page inside a
 * 0.5 in margin, so one guillotine cut per grid line separates them; crop marks in the margin
 * and light dashed lines on the cell edges mark those cuts. Content keeps a safe inset from
 * every cut. QR codes are vector (one filled rectangle per run of dark modules) with the
 * standard 4-module quiet zone, error correction M.
 */
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, grayscale } from 'pdf-lib';
import type { Color, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import subsetFont from 'subset-font';
import { BOLD_CHAIN, REGULAR_CHAIN, loadFace, splitRuns, type FontFace } from './fonts.js';
import { qrOperators } from './qr-operators.js';

export { qrOperators } from './qr-operators.js';

export type QrLayout = 'single' | '4up' | '9up';
export type PageSize = 'letter' | 'a4';
export const QR_LAYOUTS: readonly QrLayout[] = ['single', '4up', '9up'];
export const MAX_SUBJECTS = 2000;
/** Longest QR payload accepted: keeps modules large enough to scan on a 9-up card. */
export const MAX_PAYLOAD_BYTES = 160;

/** A subject as the engine takes it (the route maps `student_id`/`class_name` to these). */
export interface QrSubject {
  studentId: string;
  name: string;
  className?: string | null;
}

export interface QrSheetOptions {
  jobId: string;
  subjects: readonly QrSubject[];
  layout?: QrLayout;
  pageSize?: PageSize;
  schoolName?: string | null;
  /** Logo image bytes (PNG, JPEG, WebP, GIF, SVG, TIFF…), printed on every card. */
  logo?: Buffer | null;
}

export interface QrSheet {
  pdf: Buffer;
  pages: number;
  cards: number;
  /** Characters no bundled font has (printed as missing-glyph boxes); empty normally. */
  missingCharacters: string[];
}

/** Invalid input; the caller maps it to a 400/422. */
export class QrSheetInputError extends Error {
  override name = 'QrSheetInputError';
}

const PAGE_SIZES: Record<PageSize, [number, number]> = {
  letter: [612, 792],
  a4: [595.28, 841.89],
};
const GRID: Record<QrLayout, [number, number]> = { single: [1, 1], '4up': [2, 2], '9up': [3, 3] };
/** Page margin (0.5 in): crop marks live here, outside every card. */
const MARGIN = 36;

export function qrPayload(jobId: string, studentId: string): string {
  return `${jobId}:${studentId}`;
}

function validate(opts: QrSheetOptions): void {
  if (typeof opts.jobId !== 'string' || opts.jobId.length === 0) throw new QrSheetInputError('job_id is required');
  if (!Array.isArray(opts.subjects) || opts.subjects.length < 1 || opts.subjects.length > MAX_SUBJECTS) {
    throw new QrSheetInputError(`subjects must hold 1 to ${MAX_SUBJECTS} items`);
  }
  if (opts.layout !== undefined && !QR_LAYOUTS.includes(opts.layout)) throw new QrSheetInputError(`unknown layout ${String(opts.layout)}`);
  if (opts.pageSize !== undefined && !(opts.pageSize in PAGE_SIZES)) throw new QrSheetInputError(`unknown page size ${String(opts.pageSize)}`);
  opts.subjects.forEach((s, i) => {
    if (typeof s.studentId !== 'string' || s.studentId.length === 0) throw new QrSheetInputError(`subjects[${i}].student_id is required`);
    if (typeof s.name !== 'string' || s.name.trim().length === 0) throw new QrSheetInputError(`subjects[${i}].name is required`);
    if (Buffer.byteLength(qrPayload(opts.jobId, s.studentId)) > MAX_PAYLOAD_BYTES) {
      throw new QrSheetInputError(`subjects[${i}]: job_id:student_id is longer than ${MAX_PAYLOAD_BYTES} bytes`);
    }
  });
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One run of text in one font, measured at 1 pt. */
interface LaidRun {
  face: FontFace;
  text: string;
  width1pt: number;
}

interface LaidLine {
  runs: LaidRun[];
  width1pt: number;
  /** Ascent and descent at 1 pt (the tallest of the line's fonts). */
  ascent1pt: number;
  descent1pt: number;
}

/**
 * Lays text out with the full fonts (measuring only) and records, per font, the characters a
 * document uses, so that each font is embedded once, cut to those characters.
 */
class TextLayout {
  readonly used = new Map<FontFace, Set<string>>();
  readonly missing = new Set<string>();

  line(text: string, chain: readonly FontFace[]): LaidLine {
    const runs: LaidRun[] = [];
    let ascent1pt = 0;
    let descent1pt = 0;
    for (const run of splitRuns(text, chain, this.missing)) {
      const face = loadFace(run.face.file);
      runs.push({ face: run.face, text: run.text, width1pt: face.width(run.text) });
      ascent1pt = Math.max(ascent1pt, face.ascent);
      descent1pt = Math.max(descent1pt, face.descent);
      let chars = this.used.get(run.face);
      if (!chars) this.used.set(run.face, (chars = new Set()));
      for (const ch of run.text) chars.add(ch);
    }
    return { runs, width1pt: runs.reduce((sum, r) => sum + r.width1pt, 0), ascent1pt, descent1pt };
  }

  /** Embeds every font used so far; call after all text is laid out. */
  async embed(doc: PDFDocument): Promise<Map<FontFace, PDFFont>> {
    const fonts = new Map<FontFace, PDFFont>();
    for (const [face, chars] of this.used) {
      const bytes = loadFace(face.file).bytes;
      const font =
        face.subsetter === 'harfbuzz'
          ? await doc.embedFont(await subsetFont(bytes, [...chars].join(''), { targetFormat: 'truetype' }), { subset: false })
          : await doc.embedFont(bytes, { subset: true });
      fonts.set(face, font);
    }
    return fonts;
  }
}

/** Extra space between two lines, as a share of the size. */
const LINE_GAP = 0.08;

function blockHeight1pt(lines: LaidLine[]): number {
  return lines.reduce((s, l) => s + l.ascent1pt + l.descent1pt, 0) + LINE_GAP * (lines.length - 1);
}

/** Candidate two-line splits: at spaces, or (for text without spaces, e.g. CJK) between characters. */
function twoLineSplits(text: string): [string, string][] {
  const words = text.split(' ').filter(Boolean);
  const out: [string, string][] = [];
  if (words.length > 1) {
    for (let i = 1; i < words.length; i++) out.push([words.slice(0, i).join(' '), words.slice(i).join(' ')]);
    return out;
  }
  const chars = [...text];
  for (let i = 1; i < chars.length; i++) out.push([chars.slice(0, i).join(''), chars.slice(i).join('')]);
  return out;
}

interface FittedText {
  lines: LaidLine[];
  size: number;
}

function fitSize(lines: LaidLine[], box: { w: number; h: number }, maxSize: number): number {
  const widest = Math.max(...lines.map((l) => l.width1pt));
  return Math.min(maxSize, box.h / blockHeight1pt(lines), widest > 0 ? box.w / widest : maxSize);
}

/**
 * The largest size (≤ maxSize) at which text fits the box, on one line or on two balanced lines
 * (when one line would fall below minSize or two lines print clearly larger). Text is never
 * cut: below minSize it keeps shrinking.
 */
function fitText(layout: TextLayout, text: string, box: { w: number; h: number }, maxSize: number, minSize: number, chain: readonly FontFace[]): FittedText {
  const clean = text.replace(/\s+/g, ' ').trim();
  const one = [layout.line(clean, chain)];
  const single: FittedText = { lines: one, size: fitSize(one, box, maxSize) };
  if (single.size >= maxSize) return single;
  let two: FittedText | undefined;
  for (const [a, b] of twoLineSplits(clean)) {
    const lines = [layout.line(a, chain), layout.line(b, chain)];
    const size = fitSize(lines, box, maxSize);
    if (!two || size > two.size) two = { lines, size };
  }
  // Two lines only when one would be too small, or when they print clearly larger.
  if (two && (single.size < minSize || two.size > single.size * 1.25)) return two.size > single.size ? two : single;
  return single;
}

/** Draws fitted text centred in the box (each line centred horizontally). */
function drawFitted(page: PDFPage, fonts: Map<FontFace, PDFFont>, fitted: FittedText, box: Box, color: Color = grayscale(0)): void {
  const { size, lines } = fitted;
  const blockH = blockHeight1pt(lines) * size;
  let top = box.y + (box.h + blockH) / 2;
  for (const line of lines) {
    const baseline = top - line.ascent1pt * size;
    let x = box.x + (box.w - line.width1pt * size) / 2;
    for (const run of line.runs) {
      page.drawText(run.text, { x, y: baseline, size, font: fonts.get(run.face)!, color });
      x += run.width1pt * size;
    }
    top = baseline - line.descent1pt * size - LINE_GAP * size;
  }
}

function drawCutGuides(page: PDFPage, pageW: number, pageH: number, cols: number, rows: number, cellW: number, cellH: number): void {
  const mark = { thickness: 0.5, color: grayscale(0) };
  const guide = { thickness: 0.3, color: grayscale(0.7), dashArray: [3, 3] };
  const top = pageH - MARGIN;
  const right = pageW - MARGIN;
  for (let i = 0; i <= cols; i++) {
    const x = MARGIN + i * cellW;
    page.drawLine({ start: { x, y: top + 6 }, end: { x, y: pageH - 6 }, ...mark });
    page.drawLine({ start: { x, y: 6 }, end: { x, y: MARGIN - 6 }, ...mark });
    page.drawLine({ start: { x, y: MARGIN }, end: { x, y: top }, ...guide });
  }
  for (let j = 0; j <= rows; j++) {
    const y = MARGIN + j * cellH;
    page.drawLine({ start: { x: 6, y }, end: { x: MARGIN - 6, y }, ...mark });
    page.drawLine({ start: { x: right + 6, y }, end: { x: pageW - 6, y }, ...mark });
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, ...guide });
  }
}

async function embedLogo(doc: PDFDocument, logo: Buffer): Promise<PDFImage> {
  let png: Buffer;
  try {
    // Normalise any format to a modest PNG: embedded once, drawn on every card.
    png = await sharp(logo, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: 600, height: 600, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    throw new QrSheetInputError(`logo is not a readable image: ${(err as Error).message}`);
  }
  return doc.embedPng(png);
}

/** Card geometry for a layout, exported for tests. Boxes are in PDF points, origin bottom-left. */
export function cardGeometry(layout: QrLayout, pageSize: PageSize = 'letter') {
  const [pageW, pageH] = PAGE_SIZES[pageSize];
  const [cols, rows] = GRID[layout];
  const cellW = (pageW - 2 * MARGIN) / cols;
  const cellH = (pageH - 2 * MARGIN) / rows;
  const inset = Math.max(9, 0.06 * Math.min(cellW, cellH));
  const cells: Box[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) cells.push({ x: MARGIN + c * cellW, y: pageH - MARGIN - (r + 1) * cellH, w: cellW, h: cellH });
  }
  return { pageW, pageH, cols, rows, cellW, cellH, inset, cells };
}

interface CardLayout {
  header: Box;
  qr: Box;
  name: Box;
  className: Box;
  id: Box;
}

function cardLayout(cell: Box, inset: number): CardLayout {
  const x = cell.x + inset;
  const w = cell.w - 2 * inset;
  const h = cell.h - 2 * inset;
  const top = cell.y + cell.h - inset;
  const headerH = 0.13 * h;
  const gap = 0.02 * h;
  const qrSize = Math.min(w, 0.55 * h);
  const nameH = 0.15 * h;
  const classH = 0.07 * h;
  const idH = h - headerH - qrSize - nameH - classH - 2 * gap;
  const header = { x, y: top - headerH, w, h: headerH };
  const qr = { x: x + (w - qrSize) / 2, y: header.y - gap - qrSize, w: qrSize, h: qrSize };
  const name = { x, y: qr.y - gap - nameH, w, h: nameH };
  const className = { x, y: name.y - classH, w, h: classH };
  const id = { x, y: className.y - idH, w, h: idH };
  return { header, qr, name, className, id };
}

interface PlacedCard {
  slot: number;
  payload: string;
  name: FittedText;
  className?: FittedText;
  id: FittedText;
}

/** Renders the card sheet PDF. Throws QrSheetInputError on invalid input. */
export async function renderQrSheet(opts: QrSheetOptions): Promise<QrSheet> {
  validate(opts);
  const layout = opts.layout ?? '4up';
  const geo = cardGeometry(layout, opts.pageSize ?? 'letter');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`QR cards – ${opts.jobId}`);
  doc.setCreator('Folio');
  doc.setProducer('Folio card-sheet');
  const logo = opts.logo ? await embedLogo(doc, opts.logo) : undefined;
  const school = opts.schoolName?.trim() || undefined;

  // Every card has the same boxes relative to its cell.
  const proto = cardLayout(geo.cells[0]!, geo.inset);
  // Per-layout type scale: the name is the largest text; everything shrinks to fit its box.
  const nameMax = Math.min(proto.name.h, layout === 'single' ? 36 : layout === '4up' ? 22 : 14);
  const minSize = layout === '9up' ? 6 : 8;
  const logoW = logo ? Math.min(proto.header.h * 2, proto.header.w * 0.3) : 0;
  const headerTextW = proto.header.w - (logo ? logoW + 6 : 0);

  // Pass 1: lay out all text (this decides which glyphs each font must carry).
  const text = new TextLayout();
  const schoolFit = school ? fitText(text, school, { w: headerTextW, h: proto.header.h }, proto.header.h * 0.45, minSize - 1, BOLD_CHAIN) : undefined;
  const cards: PlacedCard[] = opts.subjects.map((subject, i) => {
    const cls = subject.className?.trim();
    const card: PlacedCard = {
      slot: i % geo.cells.length,
      payload: qrPayload(opts.jobId, subject.studentId),
      name: fitText(text, subject.name, proto.name, nameMax, minSize, BOLD_CHAIN),
      id: fitText(text, `ID ${subject.studentId}`, proto.id, nameMax * 0.5, minSize - 2, REGULAR_CHAIN),
    };
    if (cls) card.className = fitText(text, cls, proto.className, nameMax * 0.6, minSize - 1, REGULAR_CHAIN);
    return card;
  });
  const fonts = await text.embed(doc);

  // Pass 2: draw. The QR codes of a page go into one extra content stream of their own.
  let page: PDFPage | undefined;
  let qrOps: string[] = [];
  const flushQr = () => {
    if (page && qrOps.length > 0) {
      // Native zlib: several times faster than pdf-lib's pure-JS deflate on these streams.
      const stream = doc.context.stream(deflateSync(qrOps.join('\n')), { Filter: 'FlateDecode' });
      page.node.addContentStream(doc.context.register(stream));
    }
    qrOps = [];
  };
  for (const c of cards) {
    if (c.slot === 0) {
      flushQr();
      page = doc.addPage([geo.pageW, geo.pageH]);
      drawCutGuides(page, geo.pageW, geo.pageH, geo.cols, geo.rows, geo.cellW, geo.cellH);
    }
    const p = page!;
    const box = cardLayout(geo.cells[c.slot]!, geo.inset);
    if (logo) {
      const s = Math.min(logoW / logo.width, box.header.h / logo.height);
      const lw = logo.width * s;
      const lh = logo.height * s;
      const lx = schoolFit ? box.header.x : box.header.x + (box.header.w - lw) / 2;
      p.drawImage(logo, { x: lx, y: box.header.y + (box.header.h - lh) / 2, width: lw, height: lh });
    }
    if (schoolFit) {
      const textBox = logo ? { ...box.header, x: box.header.x + logoW + 6, w: headerTextW } : box.header;
      drawFitted(p, fonts, schoolFit, textBox, rgb(0.15, 0.15, 0.15));
    }
    qrOps.push(qrOperators(c.payload, box.qr.x, box.qr.y, box.qr.w));
    drawFitted(p, fonts, c.name, box.name);
    if (c.className) drawFitted(p, fonts, c.className, box.className);
    drawFitted(p, fonts, c.id, box.id, grayscale(0.3));
  }
  flushQr();
  const pdf = Buffer.from(await doc.save());
  return { pdf, pages: doc.getPageCount(), cards: cards.length, missingCharacters: [...text.missing] };
}
