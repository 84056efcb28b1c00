import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRef,
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  type PDFPage,
} from 'pdf-lib';
import { ToolError } from '../preflight/exec-tool.js';
import { UnreadablePdfError, pageGeometry, readPdfFacts, type PdfFacts } from '../preflight/pdf.js';
import { pageBoxes, type Rect } from '../preflight/pdf-scan.js';
import { PT_PER_INCH, resolveSpec, round2, type ResolvedSpec } from '../preflight/spec.js';
import type { FixType } from '../preflight/types.js';
import { FixError } from './errors.js';
import { runGhostscript } from './gs-runner.js';
import { DEFAULT_OUTPUT_PROFILE, PDFX_VERSION, checkPdfX, completePdfX, pdfxArgs, pdfxPostScript, type PdfXStandard } from './pdf-x.js';
import type { FixSpec } from './raster-fixes.js';

export interface PdfFixOptions {
  /** per Ghostscript run; default 120 s */
  gsTimeoutMs?: number;
  /** per poppler call of the result check; default 60 s */
  toolTimeoutMs?: number;
  signal?: AbortSignal;
  /** full_prepress output: PDF/X-1a (transparency flattened; default) or PDF/X-4 (live transparency) */
  pdfStandard?: PdfXStandard;
  /** Title of a PDF/X result whose input has none; default "Print file" */
  title?: string;
}

export interface PdfFixResult {
  file: Buffer;
  applied: FixType[];
  notes: string[];
}

/** Resolution images are brought down to, and the resolution pages with transparency are flattened at. */
export const PREPRESS_PPI = 300;
/** 1-bit line art keeps a line-art resolution; at 300 PPI its edges would stair-step. */
export const PREPRESS_MONO_PPI = 1200;
const BLEED_TOLERANCE_MM = 0.1;

/** Images stay lossless: re-encoded ones go to Flate, untouched JPEGs pass through as they are. */
const LOSSLESS_IMAGES = [
  '-dAutoFilterColorImages=false',
  '-dColorImageFilter=/FlateEncode',
  '-dAutoFilterGrayImages=false',
  '-dGrayImageFilter=/FlateEncode',
  '-dPassThroughJPEGImages=true',
];

const TO_CMYK = ['-sColorConversionStrategy=CMYK', '-sProcessColorModel=DeviceCMYK'];

/** convert_color_mode alone: CMYK, nothing else touched (no downsampling, transparency kept). */
export const CMYK_ARGS: readonly string[] = [
  '-sDEVICE=pdfwrite',
  '-dCompatibilityLevel=1.6',
  ...TO_CMYK,
  ...LOSSLESS_IMAGES,
  '-dDownsampleColorImages=false',
  '-dDownsampleGrayImages=false',
  '-dDownsampleMonoImages=false',
];

/**
 * full_prepress: a PDF/X-1a-style file. PDF 1.3 output has no transparency, so pdfwrite
 * flattens every page that uses it (soft masks, opacity, blend modes) into an image at
 * PREPRESS_PPI — -r sets that resolution — while pages without transparency stay vector.
 * The /prepress preset comes first for its font policy (NeverEmbed empty, CannotEmbedFontPolicy
 * /Error: a font that cannot be embedded fails the run; -dEmbedAllFonts alone left Times-Roman
 * out); the switches after it override its image settings: CMYK, images above 300 PPI
 * downsampled (threshold 1.0: only those above), everything else lossless or passed through.
 */
export const FULL_PREPRESS_ARGS: readonly string[] = [
  '-sDEVICE=pdfwrite',
  '-dPDFSETTINGS=/prepress',
  '-dCompatibilityLevel=1.3',
  `-r${PREPRESS_PPI}`,
  ...TO_CMYK,
  '-dEmbedAllFonts=true',
  '-dSubsetFonts=true',
  ...LOSSLESS_IMAGES,
  '-dDownsampleColorImages=true',
  `-dColorImageResolution=${PREPRESS_PPI}`,
  '-dColorImageDownsampleThreshold=1.0',
  '-dColorImageDownsampleType=/Bicubic',
  '-dDownsampleGrayImages=true',
  `-dGrayImageResolution=${PREPRESS_PPI}`,
  '-dGrayImageDownsampleThreshold=1.0',
  '-dGrayImageDownsampleType=/Bicubic',
  '-dDownsampleMonoImages=true',
  `-dMonoImageResolution=${PREPRESS_MONO_PPI}`,
  '-dMonoImageDownsampleThreshold=1.0',
  '-dMonoImageDownsampleType=/Subsample',
];

/**
 * PDF fixes in FIX_ORDER: the Ghostscript pass first (full_prepress, or convert_color_mode
 * alone), then add_bleed with pdf-lib, so the bleed fix sees final page boxes. The result is
 * read back and must be free of what the fixes guarantee to remove.
 */
export async function applyPdfFixes(file: Buffer, fixes: readonly FixType[], fixSpec: FixSpec, options: PdfFixOptions = {}): Promise<PdfFixResult> {
  const spec = resolveSpec(fixSpec);
  const applied: FixType[] = [];
  const notes: string[] = [];
  let out = file;

  for (const fix of fixes) {
    if (fix !== 'full_prepress' && fix !== 'convert_color_mode' && fix !== 'add_bleed') {
      throw new FixError('not_applicable', `${fix} does not apply to a PDF`);
    }
  }
  if (fixes.includes('add_bleed') && !(spec.bleedIn > 0)) throw new FixError('missing_spec', 'add_bleed needs productProfile.bleedMm');

  const gsTimeout = options.gsTimeoutMs;
  const gs = async (args: readonly string[], postscript?: string) => {
    try {
      return await runGhostscript(out, {
        args,
        ...(postscript ? { postscript } : {}),
        ...(gsTimeout ? { timeoutMs: gsTimeout } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (err) {
      if (err instanceof ToolError) throw new FixError(err.timedOut ? 'timeout' : 'tool_failed', err.message, { stderr: err.stderr.slice(-2000) });
      throw err;
    }
  };

  if (fixes.includes('full_prepress')) {
    const standard = options.pdfStandard ?? 'pdf_x1a';
    // X-1a: PDF 1.3, so pdfwrite flattens transparency; X-4: PDF 1.6, transparency stays live
    const args = [...FULL_PREPRESS_ARGS.filter((a) => !a.startsWith('-dCompatibilityLevel=')), ...pdfxArgs(standard)];
    out = await gs(args, pdfxPostScript(standard));
    try {
      out = await completePdfX(out, standard, options.title ?? 'Print file');
    } catch (err) {
      throw new FixError('verification_failed', `the PDF/X file cannot be completed: ${err instanceof Error ? err.message : String(err)}`);
    }
    applied.push('full_prepress');
    notes.push(standard === 'pdf_x1a'
      ? `full_prepress: ${PDFX_VERSION[standard]}, fonts embedded, CMYK, images above ${PREPRESS_PPI} PPI downsampled, pages with transparency flattened at ${PREPRESS_PPI} PPI`
      : `full_prepress: ${PDFX_VERSION[standard]}, fonts embedded, CMYK, images above ${PREPRESS_PPI} PPI downsampled, transparency kept live`);
    notes.push(`full_prepress: output intent "${DEFAULT_OUTPUT_PROFILE.description}" (${DEFAULT_OUTPUT_PROFILE.path}) embedded`);
    if (fixes.includes('convert_color_mode')) {
      applied.push('convert_color_mode');
      notes.push('convert_color_mode: done by full_prepress');
    }
  } else if (fixes.includes('convert_color_mode')) {
    out = await gs(CMYK_ARGS);
    applied.push('convert_color_mode');
  }

  if (fixes.includes('add_bleed')) {
    const r = await addBleed(out, spec);
    out = r.file;
    if (r.changedPages > 0 || r.boxedPages > 0) applied.push('add_bleed');
    notes.push(...r.notes);
  }

  await verify(out, fixes, spec, options);
  return { file: out, applied, notes };
}

/**
 * Scale to bleed: each page whose content stops at the trim gets a MediaBox grown by the bleed
 * on every side and its content scaled about the trim centre until it covers that box; TrimBox
 * stays where the trim was, BleedBox = CropBox = MediaBox. Pages that already have the bleed
 * keep their content and only get explicit boxes.
 */
export async function addBleed(file: Buffer, spec: ResolvedSpec): Promise<{ file: Buffer; changedPages: number; boxedPages: number; notes: string[] }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(file, { updateMetadata: false });
  } catch (err) {
    throw new FixError('unreadable', `PDF cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const b = spec.bleedIn * PT_PER_INCH;
  let changedPages = 0;
  let boxedPages = 0;
  const notes: string[] = [];
  const scales: number[] = [];
  doc.getPages().forEach((page) => {
    const boxes = pageBoxes(page);
    const geo = pageGeometry(boxes, spec);
    const trim = geo.trim;
    const target: Rect = { x0: trim.x0 - b, y0: trim.y0 - b, x1: trim.x1 + b, y1: trim.y1 + b };
    if (geo.minBleedMm >= spec.bleedMm - BLEED_TOLERANCE_MM) {
      if (geo.trimSource !== 'TrimBox') {
        setBoxes(page, boxes.media, boxes.crop, trim, boxes.bleed);
        boxedPages++;
      }
      return;
    }
    const s = coverScale(trim, boxes.bleed, target);
    const cx = (trim.x0 + trim.x1) / 2;
    const cy = (trim.y0 + trim.y1) / 2;
    const m: [number, number, number, number, number, number] = [s, 0, 0, s, cx * (1 - s), cy * (1 - s)];
    const start = doc.context.register(doc.context.contentStream([pushGraphicsState(), concatTransformationMatrix(...m)]));
    const end = doc.context.register(doc.context.contentStream([popGraphicsState()]));
    wrapContent(page, start, end);
    transformAnnotations(page, m);
    setBoxes(page, target, target, trim, target);
    changedPages++;
    scales.push(s);
  });
  if (changedPages > 0) {
    const most = Math.max(...scales);
    notes.push(
      `add_bleed: ${changedPages} page(s) scaled by up to ${round2(most * 100)}% to cover ${round2(spec.bleedMm)} mm bleed; placed images lose the same factor of resolution (÷${round2(most)})`,
    );
  }
  if (boxedPages > 0) notes.push(`add_bleed: ${boxedPages} page(s) already had the bleed; TrimBox and BleedBox set`);
  // no object streams (PDF 1.5), and the input's version kept: pdf-lib always writes a 1.7
  // header, and a full_prepress result is PDF 1.3. Same length, so no offset moves.
  const out = Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
  const version = /^%PDF-1\.[0-7]/.exec(file.subarray(0, 8).toString('latin1'));
  if (version && out.subarray(0, 8).toString('latin1') === '%PDF-1.7') out.write(version[0], 0, 'latin1');
  return { file: out, changedPages, boxedPages, notes };
}

/** Puts `start` before and `end` after the page's content, whether Contents is one stream or an array. */
function wrapContent(page: PDFPage, start: PDFRef, end: PDFRef): void {
  const contents = page.node.get(PDFName.Contents);
  const ctx = page.doc.context;
  if (contents === undefined) {
    page.node.set(PDFName.Contents, ctx.obj([start, end]));
    return;
  }
  const resolved = ctx.lookup(contents);
  if (resolved instanceof PDFArray) {
    resolved.insert(0, start);
    resolved.push(end);
    return;
  }
  page.node.set(PDFName.Contents, ctx.obj([start, contents, end]));
}

/** Smallest scale about the trim centre that makes `content` cover `target`. */
function coverScale(trim: Rect, content: Rect, target: Rect): number {
  const cx = (trim.x0 + trim.x1) / 2;
  const cy = (trim.y0 + trim.y1) / 2;
  const need = [
    (cx - target.x0) / (cx - content.x0),
    (target.x1 - cx) / (content.x1 - cx),
    (cy - target.y0) / (cy - content.y0),
    (target.y1 - cy) / (content.y1 - cy),
  ].filter((v) => Number.isFinite(v) && v > 0);
  return Math.max(1, ...need);
}

function setBoxes(page: PDFPage, media: Rect, crop: Rect, trim: Rect, bleed: Rect): void {
  const arr = (r: Rect) => page.doc.context.obj([r.x0, r.y0, r.x1, r.y1].map((v) => round4(v)));
  page.node.set(PDFName.MediaBox, arr(media));
  page.node.set(PDFName.CropBox, arr(crop));
  page.node.set(PDFName.BleedBox, arr(bleed));
  page.node.set(PDFName.TrimBox, arr(trim));
}

function transformAnnotations(page: PDFPage, m: [number, number, number, number, number, number]): void {
  const annots = page.node.lookup(PDFName.Annots);
  if (!(annots instanceof PDFArray)) return;
  for (let i = 0; i < annots.size(); i++) {
    const a = annots.lookup(i);
    if (!(a instanceof PDFDict)) continue;
    const rect = a.lookup(PDFName.of('Rect'));
    if (!(rect instanceof PDFArray) || rect.size() !== 4) continue;
    const v = [0, 1, 2, 3].map((k) => {
      const n = rect.lookup(k);
      return n instanceof PDFNumber ? n.asNumber() : 0;
    });
    const [s, , , , tx, ty] = m;
    a.set(PDFName.of('Rect'), page.doc.context.obj([v[0]! * s + tx, v[1]! * s + ty, v[2]! * s + tx, v[3]! * s + ty].map(round4)));
  }
}

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/**
 * Reads the corrected file back. full_prepress guarantees the PDF/X structure (checkPdfX,
 * qpdf), embedded fonts, no RGB and, for X-1a, no transparency; convert_color_mode no RGB; add_bleed the bleed on every page. Anything left means
 * the file must not be handed out as corrected.
 */
async function verify(file: Buffer, fixes: readonly FixType[], spec: ResolvedSpec, options: PdfFixOptions): Promise<void> {
  let facts: PdfFacts;
  try {
    facts = await readPdfFacts(file, options.toolTimeoutMs ? { toolTimeoutMs: options.toolTimeoutMs } : {});
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw new FixError('verification_failed', `corrected PDF cannot be read back: ${err.message}`);
    throw err;
  }
  const problems: string[] = [];
  if (fixes.includes('full_prepress')) {
    const standard = options.pdfStandard ?? 'pdf_x1a';
    problems.push(...(await checkPdfX(file, standard, { ...(options.toolTimeoutMs ? { timeoutMs: options.toolTimeoutMs } : {}), ...(options.signal ? { signal: options.signal } : {}) })));
    const missing = facts.fonts.filter((f) => !f.embedded).map((f) => f.name);
    if (missing.length) problems.push(`fonts not embedded: ${missing.join(', ')}`);
  }
  if (fixes.includes('full_prepress') && (options.pdfStandard ?? 'pdf_x1a') === 'pdf_x1a') {
    const transparent = facts.pages.filter(({ content: { transparency: t } }) => t.softMasks + t.imageSoftMasks + t.constantAlpha.length + t.blendModes.length > 0);
    if (transparent.length) problems.push(`transparency left on page(s) ${transparent.map((p) => p.page).join(', ')}`);
  }
  if (fixes.includes('full_prepress') || fixes.includes('convert_color_mode')) {
    const rgb = facts.pages.filter(({ content: { rgb: c } }) => c.vector + c.images + c.inlineImages + c.shadings > 0);
    if (rgb.length) problems.push(`RGB left on page(s) ${rgb.map((p) => p.page).join(', ')}`);
  }
  if (fixes.includes('add_bleed')) {
    const short = facts.pages.filter(({ boxes }) => pageGeometry(boxes, spec).minBleedMm < spec.bleedMm - BLEED_TOLERANCE_MM);
    if (short.length) problems.push(`bleed missing on page(s) ${short.map((p) => p.page).join(', ')}`);
  }
  if (problems.length) throw new FixError('verification_failed', `corrected PDF still has: ${problems.join('; ')}`, { problems });
}
