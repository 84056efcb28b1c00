import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EncryptedPDFError, PDFDocument, type PDFPage } from 'pdf-lib';
import { ToolError, withTempDir } from './exec-tool.js';
import { pageBoxes, scanPage, type PageBoxes, type PageContentScan, type Rect } from './pdf-scan.js';
import { pdfFonts, pdfImages, type PdfFontRow, type PdfImageRow } from './poppler.js';
import { MM_PER_INCH, PT_PER_INCH, aspectDeviation, aspectSeverity, resolutionSeverity, round2, type ResolvedSpec } from './spec.js';
import type { PdfPageSummary, PdfSummary, PreflightIssue } from './types.js';

/** Page sizes within 0.5 mm are the same size; PDF writers round to 0.01 pt or so. */
const SIZE_TOLERANCE_PT = (0.5 / MM_PER_INCH) * PT_PER_INCH;
/** Bleed within 0.1 mm of the requirement counts as present. */
const BLEED_TOLERANCE_MM = 0.1;

export interface PdfAnalyzeOptions {
  /** per poppler call; default 60 s */
  toolTimeoutMs?: number;
}

export class UnreadablePdfError extends Error {
  constructor(
    message: string,
    readonly reason: 'encrypted' | 'parse_failed' | 'no_pages' | 'tool_failed' | 'too_complex',
  ) {
    super(message);
    this.name = 'UnreadablePdfError';
  }
}

export interface PdfFacts {
  doc: PDFDocument;
  pages: Array<{ page: number; boxes: PageBoxes; content: PageContentScan }>;
  fonts: PdfFontRow[];
  images: PdfImageRow[];
}

/** Loads the PDF with pdf-lib and poppler and scans every page's content once. */
export async function readPdfFacts(file: Buffer, options: PdfAnalyzeOptions = {}): Promise<PdfFacts> {
  const timeout = options.toolTimeoutMs ?? 60_000;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(file, { updateMetadata: false });
  } catch (err) {
    if (err instanceof EncryptedPDFError) throw new UnreadablePdfError('PDF is encrypted', 'encrypted');
    throw new UnreadablePdfError(`PDF could not be parsed: ${err instanceof Error ? err.message : String(err)}`, 'parse_failed');
  }
  let pdfPages: PDFPage[];
  try {
    pdfPages = doc.getPages();
  } catch (err) {
    throw new UnreadablePdfError(`PDF page tree is damaged: ${err instanceof Error ? err.message : String(err)}`, 'parse_failed');
  }
  if (pdfPages.length === 0) throw new UnreadablePdfError('PDF has no pages', 'no_pages');
  const [fonts, images] = await withTempDir('folio-preflight', async (dir) => {
    const p = path.join(dir, 'in.pdf');
    await writeFile(p, file);
    try {
      return await Promise.all([pdfFonts(p, timeout), pdfImages(p, timeout)]);
    } catch (err) {
      if (err instanceof ToolError && err.exitCode !== null) throw new UnreadablePdfError(`PDF could not be read: ${err.message}`, 'tool_failed');
      throw err;
    }
  });
  const pages = pdfPages.map((p, i) => {
    try {
      return { page: i + 1, boxes: pageBoxes(p), content: scanPage(p) };
    } catch (err) {
      // pdf-lib throws on objects of the wrong type where the structure requires one
      throw new UnreadablePdfError(`page ${i + 1} is damaged: ${err instanceof Error ? err.message : String(err)}`, 'parse_failed');
    }
  });
  return { doc, pages, fonts, images };
}

export async function analyzePdf(
  file: Buffer,
  spec: ResolvedSpec,
  options: PdfAnalyzeOptions = {},
): Promise<{ issues: PreflightIssue[]; summary: PdfSummary; notes: string[] }> {
  const facts = await readPdfFacts(file, options);
  const notes: string[] = [];
  const issues: PreflightIssue[] = [];
  const pageInfo: PdfPageSummary[] = [];
  const geometry = new Grouped();

  for (const { page, boxes, content } of facts.pages) {
    const g = pageGeometry(boxes, spec);
    pageInfo.push({ page, trimWidthPt: round2(g.trimW), trimHeightPt: round2(g.trimH), trimSource: g.trimSource, bleedMm: round2(g.minBleedMm) });
    if (content.undecodable > 0) notes.push(`page ${page}: ${content.undecodable} content stream(s) could not be decoded and were not checked`);

    if (spec.canvas) {
      const cw = spec.canvas.widthIn * PT_PER_INCH;
      const ch = spec.canvas.heightIn * PT_PER_INCH;
      const dev = aspectDeviation(g.trimW / g.trimH, cw / ch);
      const severity = aspectSeverity(dev);
      const size = { trimWidthInches: round2(g.trimW / PT_PER_INCH), trimHeightInches: round2(g.trimH / PT_PER_INCH), canvasWidthInches: spec.canvas.widthIn, canvasHeightInches: spec.canvas.heightIn };
      if (severity) {
        geometry.add(page, {
          code: 'ASPECT_MISMATCH',
          severity,
          message: `Page trim ${size.trimWidthInches}×${size.trimHeightInches} in has a different shape from the product (${spec.canvas.widthIn}×${spec.canvas.heightIn} in)`,
          fixType: null,
          details: { ...size, deviationPercent: round2(dev * 100) },
        });
      } else if (Math.abs(g.trimW - cw) > SIZE_TOLERANCE_PT || Math.abs(g.trimH - ch) > SIZE_TOLERANCE_PT) {
        geometry.add(page, {
          code: 'SIZE_MISMATCH',
          severity: 'warning',
          message: `Page trim is ${size.trimWidthInches}×${size.trimHeightInches} in; the product is ${spec.canvas.widthIn}×${spec.canvas.heightIn} in`,
          fixType: null,
          details: { ...size, scale: round2(cw / g.trimW) },
        });
      }
    }

    if (spec.bleedMm > 0 && g.minBleedMm < spec.bleedMm - BLEED_TOLERANCE_MM) {
      geometry.add(page, {
        code: 'MISSING_BLEED',
        severity: 'error',
        message: `Page has ${round2(g.minBleedMm)} mm bleed; ${round2(spec.bleedMm)} mm is required on every side`,
        fixType: 'add_bleed',
        details: { requiredBleedMm: spec.bleedMm, foundBleedMm: round2(g.minBleedMm), trimSource: g.trimSource },
      });
    }

    const rgb = content.rgb;
    if (spec.cmyk && rgb.vector + rgb.images + rgb.inlineImages + rgb.shadings > 0) {
      issues.push({
        code: 'RGB_COLOR_MODE',
        severity: 'error',
        message: `Page ${page} uses RGB colour; CMYK is required`,
        fixType: 'convert_color_mode',
        details: { page, rgbColorOperators: rgb.vector, rgbImages: rgb.images, rgbInlineImages: rgb.inlineImages, rgbShadings: rgb.shadings, requiredColorMode: 'cmyk' },
      });
    }

    const tr = content.transparency;
    if (tr.softMasks + tr.imageSoftMasks + tr.constantAlpha.length + tr.blendModes.length > 0) {
      issues.push({
        code: 'TRANSPARENCY',
        severity: 'warning',
        message: `Page ${page} uses transparency (${describeTransparency(tr)})`,
        fixType: 'full_prepress',
        details: { page, softMasks: tr.softMasks, imageSoftMasks: tr.imageSoftMasks, constantAlpha: tr.constantAlpha, blendModes: tr.blendModes },
      });
    }
  }

  const fontPages = new Map<string, number[]>();
  for (const { page, content } of facts.pages) {
    for (const ref of content.fontRefs) fontPages.set(ref, [...(fontPages.get(ref) ?? []), page]);
  }
  for (const f of facts.fonts) {
    if (f.embedded) continue;
    issues.push({
      code: 'FONTS_NOT_EMBEDDED',
      severity: 'error',
      message: `Font ${f.name} (${f.type}) is not embedded`,
      fixType: 'full_prepress',
      details: { font: f.name, fontType: f.type, objectNumber: f.objectNumber, pages: fontPages.get(`${f.objectNumber} ${f.generation}`) ?? [] },
    });
  }

  if (spec.required) {
    for (const img of facts.images) {
      if (img.type !== 'image' || !(img.xPpi > 0) || !(img.yPpi > 0)) continue;
      const effective = Math.round(Math.min(img.xPpi, img.yPpi));
      const severity = resolutionSeverity(effective / spec.required.ppi);
      if (!severity) continue;
      issues.push({
        code: 'LOW_RESOLUTION',
        severity,
        message: `Image ${img.num} on page ${img.page} is placed at ${effective} PPI; ${round2(spec.required.ppi)} PPI is required`,
        fixType: null,
        details: {
          page: img.page,
          image: img.num,
          objectNumber: img.objectNumber,
          widthPx: img.width,
          heightPx: img.height,
          effectivePpi: effective,
          requiredPpi: spec.required.ppi,
          requiredFrom: spec.required.source,
        },
      });
    }
  }

  return {
    issues: [...geometry.issues(), ...issues],
    notes,
    summary: { kind: 'pdf', pages: facts.pages.length, pageInfo, images: facts.images.filter((i) => i.type === 'image').length },
  };
}

export interface PageGeometry {
  /** trim in default user space (unrotated) */
  trim: Rect;
  trimSource: PdfPageSummary['trimSource'];
  /** trim size as the page is seen (after /Rotate), points */
  trimW: number;
  trimH: number;
  /** bleed on each side of the trim, millimetres (left, bottom, right, top in user space) */
  bleedMm: [number, number, number, number];
  minBleedMm: number;
}

/**
 * Where the trim is: an explicit TrimBox; else, when the page is exactly the canvas plus the
 * required bleed (a common export without boxes), the canvas centred on it; else the page.
 * Shared with the bleed fix so that the fix and the re-check agree.
 */
export function pageGeometry(boxes: PageBoxes, spec: ResolvedSpec): PageGeometry {
  const page = boxes.crop;
  const pw = page.x1 - page.x0;
  const ph = page.y1 - page.y0;
  const swap = boxes.rotate % 180 !== 0;
  let trim: Rect = page;
  let trimSource: PageGeometry['trimSource'] = 'page';
  if (boxes.trim) {
    trim = boxes.trim;
    trimSource = 'TrimBox';
  } else if (spec.canvas && spec.bleedIn > 0) {
    const b = spec.bleedIn * PT_PER_INCH;
    const [cw, ch] = swap
      ? [spec.canvas.heightIn * PT_PER_INCH, spec.canvas.widthIn * PT_PER_INCH]
      : [spec.canvas.widthIn * PT_PER_INCH, spec.canvas.heightIn * PT_PER_INCH];
    if (Math.abs(pw - cw - 2 * b) <= SIZE_TOLERANCE_PT && Math.abs(ph - ch - 2 * b) <= SIZE_TOLERANCE_PT) {
      const dx = (pw - cw) / 2;
      const dy = (ph - ch) / 2;
      trim = { x0: page.x0 + dx, y0: page.y0 + dy, x1: page.x1 - dx, y1: page.y1 - dy };
      trimSource = 'canvas';
    }
  }
  // BleedBox defaults to the CropBox; when the trim was derived from the canvas, the page is the bleed
  const bleed = boxes.bleed;
  const toMm = (pt: number) => Math.max(0, (pt / PT_PER_INCH) * MM_PER_INCH);
  const bleedMm: PageGeometry['bleedMm'] = [toMm(trim.x0 - bleed.x0), toMm(trim.y0 - bleed.y0), toMm(bleed.x1 - trim.x1), toMm(bleed.y1 - trim.y1)];
  const w = trim.x1 - trim.x0;
  const h = trim.y1 - trim.y0;
  return { trim, trimSource, trimW: swap ? h : w, trimH: swap ? w : h, bleedMm, minBleedMm: Math.min(...bleedMm) };
}

function describeTransparency(tr: PageContentScan['transparency']): string {
  const parts: string[] = [];
  if (tr.softMasks) parts.push('soft masks');
  if (tr.imageSoftMasks) parts.push('images with soft masks');
  if (tr.constantAlpha.length) parts.push(`opacity ${tr.constantAlpha.join(', ')}`);
  if (tr.blendModes.length) parts.push(`blend modes ${tr.blendModes.join(', ')}`);
  return parts.join('; ');
}

/** Page-geometry findings: pages with identical measurements share one issue listing them. */
class Grouped {
  private readonly byKey = new Map<string, PreflightIssue & { details: { pages: number[] } }>();

  add(page: number, issue: PreflightIssue): void {
    const key = `${issue.code}|${issue.severity}|${JSON.stringify(issue.details)}`;
    const found = this.byKey.get(key);
    if (found) found.details.pages.push(page);
    else this.byKey.set(key, { ...issue, details: { pages: [page], ...issue.details } });
  }

  issues(): PreflightIssue[] {
    return [...this.byKey.values()];
  }
}
