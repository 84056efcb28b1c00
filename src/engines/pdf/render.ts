/**
 * renderPdf: designs in, one print-ready PDF out. One page per PageSpec; MediaBox = trim +
 * bleed (+ a slug when crop marks are asked for), TrimBox and BleedBox set; everything is
 * clipped to the bleed box; text stays text in embedded subset fonts; images keep their
 * native pixels. `colorMode: 'cmyk'` converts colours and images through the output profile
 * (ICC, sharp); `pdfStandard` adds the PDF/X structure.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName } from 'pdf-lib';
import { convertPdfToCmyk } from '../prepress/ghostscript.js';
import { parseColor } from './colour/css-colour.js';
import { LayerValidationError, PageSpecError, type LayerIssue } from './errors.js';
import { FontRegistry } from './fonts/font-registry.js';
import { embedGlyphFonts } from './text/glyph-font.js';
import type { Box } from './geometry.js';
import { ImageStore } from './image-store.js';
import type { Layer } from './layers.js';
import { TEXT_TYPES, validateLayers } from './layers.js';
import { MASK_SHAPES, maskProblems, maskSideOf, type SideMask } from './mask.js';
import { POINTS_PER_UNIT, pageBoxes, type DimensionUnit, type Edges } from './page-geometry.js';
import { DEFAULT_DPI, PageRenderer } from './page-renderer.js';
import { flattenTransparency, type FlattenReport } from './colour/flatten.js';
import { CmykColours } from './colour/cmyk-colours.js';
import { blackPolicy } from './colour/black.js';
import { findOutputProfile, installedOutputProfiles } from './colour/output-profiles.js';
import { applyPdfX, pdfxAllowsObjectStreams, setPdfXHeader, type PdfStandard } from './colour/pdfx.js';
import { textFontQueries } from './text-painter.js';
import type { AssetResolver, PageBoxesPt, PageSpec, RenderOptions, RenderResult, RenderWarning } from './types.js';
import { patchPdfLibStreams } from './pdf-lib-patch.js';

patchPdfLibStreams();

/** Largest page side PDF viewers accept without UserUnit (200 in). */
const MAX_PAGE_PT = 14_400;
const MAX_PAGES = 500;

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks the geometry and background of every page; returns the problems found. */
export function checkPageSpecs(pages: readonly PageSpec[]): LayerIssue[] {
  const issues: LayerIssue[] = [];
  if (!Array.isArray(pages) || pages.length === 0) return [{ path: 'pages', message: 'at least one page is required' }];
  if (pages.length > MAX_PAGES) return [{ path: 'pages', message: `at most ${MAX_PAGES} pages` }];
  pages.forEach((p, i) => {
    const at = (f: string, m: string): void => void issues.push({ path: `pages[${i}].${f}`, message: m });
    if (!p || typeof p !== 'object') return at('', 'must be an object');
    for (const k of ['width', 'height', 'viewportWidth', 'viewportHeight'] as const) {
      if (!isNum(p[k]) || p[k] <= 0) at(k, 'must be a positive number');
    }
    if (!Object.hasOwn(POINTS_PER_UNIT, p.dimensionUnit)) at('dimensionUnit', 'must be cm, inch or mm');
    for (const k of ['bleed', 'safeZone'] as const) {
      const e = p[k] as Edges | null | undefined;
      if (e === undefined || e === null) continue;
      for (const side of ['top', 'right', 'bottom', 'left'] as const) {
        if (!isNum(e[side]) || e[side] < 0) at(`${k}.${side}`, 'must be a number >= 0');
      }
    }
    if (p.dpi !== undefined && p.dpi !== null && (!isNum(p.dpi) || p.dpi <= 0 || p.dpi > 4800)) at('dpi', 'must be between 1 and 4800');
    if (issues.length === 0 && Object.hasOwn(POINTS_PER_UNIT, p.dimensionUnit)) {
      const k = POINTS_PER_UNIT[p.dimensionUnit as DimensionUnit];
      const b = p.bleed ?? { top: 0, right: 0, bottom: 0, left: 0 };
      if ((p.width + b.left + b.right) * k + 36 > MAX_PAGE_PT || (p.height + b.top + b.bottom) * k + 36 > MAX_PAGE_PT) {
        at('width', 'the page with bleed and slug must stay within 200 inches');
      }
    }
    if (p.mask && issues.length === 0) {
      const mask = p.mask as SideMask;
      if (!mask || typeof mask !== 'object' || !MASK_SHAPES.includes(mask.shape)) at('mask.shape', `must be one of ${MASK_SHAPES.join(', ')}`);
      else for (const [f, m] of maskProblems(mask, maskSideOf(p))) at(`mask.${f}`, m);
    }
    const bg = p.background;
    if (bg) {
      if (bg.color !== undefined && bg.color !== null && parseColor(bg.color) === undefined) at('background.color', 'must be a CSS colour');
      if (bg.image && !bg.image.src && !bg.image.imageId) at('background.image', 'needs src or imageId');
      if (bg.fit !== undefined && !['cover', 'contain', 'stretch'].includes(bg.fit)) at('background.fit', 'must be cover, contain or stretch');
    }
    if (!Array.isArray(p.layers)) at('layers', 'must be an array');
  });
  return issues;
}

/** Runs `fn` over items with at most `limit` in flight. */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** TRANSPARENCY_FLATTENED: which layers were composited, at what resolution. */
export function flattenedWarning(f: FlattenReport, standard: PdfStandard): RenderWarning {
  const lowered = f.requestedPpi ? ` (lowered from ${f.requestedPpi} ppi to keep the page within 60 megapixels)` : '';
  return {
    code: 'TRANSPARENCY_FLATTENED',
    page: f.page,
    message: `PDF/X-1a allows no transparency: ${f.layers.join(', ')} ${f.layers.length === 1 ? 'was' : 'were'} composited with what lies beneath at ${f.ppi} ppi${lowered} into ${f.regions} CMYK image${f.regions === 1 ? '' : 's'}; text and vectors outside ${f.regions === 1 ? 'it' : 'them'} stay vector`,
    details: { standard, layers: f.layers, ppi: f.ppi, regions: f.regions },
  };
}

const toPt = (b: Box): [number, number, number, number] => [b.x, b.y, b.x + b.width, b.y + b.height];

/**
 * Renders pages (one per printed side) into one PDF.
 * Throws PageSpecError / LayerValidationError for unusable input (→ 400), AssetError when an
 * image cannot be fetched or read, GhostscriptError when the CMYK pass fails.
 */
export async function renderPdf(pages: readonly PageSpec[], assets: AssetResolver, opts: RenderOptions = {}): Promise<RenderResult> {
  const specIssues = checkPageSpecs(pages);
  if (specIssues.length) throw new PageSpecError(specIssues);
  const layerIssues: LayerIssue[] = [];
  const layersByPage: Layer[][] = pages.map((p, i) => {
    try {
      return validateLayers(p.layers, `pages[${i}].layers`);
    } catch (e) {
      if (!(e instanceof LayerValidationError)) throw e;
      layerIssues.push(...e.issues);
      return [];
    }
  });
  if (layerIssues.length) throw new LayerValidationError(layerIssues);

  const cropMarks = opts.cropMarks === true;
  const warnings: RenderWarning[] = [];
  const seen = new Set<string>();
  const warn = (w: RenderWarning): void => {
    const key = `${w.code}|${w.page}|${w.layer ?? ''}|${w.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    warnings.push(w);
  };

  // colour: a PDF/X file is CMYK; CMYK goes through the output profile's ICC transform
  const ghostscript = opts.cmykEngine === 'ghostscript';
  const pdfStandard: PdfStandard = ghostscript ? 'none' : (opts.pdfStandard ?? (opts.colorMode === 'cmyk' ? 'pdf_x4' : 'none'));
  const cmyk = !ghostscript && (opts.colorMode === 'cmyk' || pdfStandard !== 'none');
  const profile = cmyk ? findOutputProfile(opts.outputProfile) : undefined;
  if (cmyk && !profile) {
    const ids = installedOutputProfiles().map((p) => p.id);
    throw new PageSpecError([{ path: 'outputProfile', message: ids.length ? `must be one of ${ids.join(', ')}` : 'no CMYK output profile is installed (Debian package libgs-common)' }]);
  }
  // PDF/X-1a: drawn as for X-4, then the transparent layers are composited (colour/flatten.ts)
  const flatten = pdfStandard === 'pdf_x1a';
  const colours = profile ? new CmykColours(profile, blackPolicy(opts.blackOverprint, opts.richBlack)) : undefined;

  const fonts = new FontRegistry(assets);
  const images = new ImageStore(assets);

  // fetch every asset first (bounded concurrency), so drawing is synchronous per layer
  const tasks: (() => Promise<void>)[] = [];
  layersByPage.forEach((layers, page) => {
    const bgImage = pages[page]!.background?.image;
    if (bgImage && (bgImage.src || bgImage.imageId)) tasks.push(async () => void (await images.load(bgImage, `pages[${page}].background.image`)));
    const walk = (l: Layer, path: string): void => {
      if (l.visible === false) return;
      if (TEXT_TYPES.has(l.type)) {
        for (const q of textFontQueries(l)) {
          tasks.push(async () => {
            const { face } = await fonts.load(q.family, q.weight, q.style);
            if (face.fallbackFor) {
              warn({
                code: 'FONT_FALLBACK',
                page,
                layer: path,
                message: `font "${q.family}" is not available; ${face.family} was used`,
                details: { requested: q.family, used: face.family },
              });
            }
          });
        }
      } else if (l.type === 'image') {
        tasks.push(async () => void (await images.load({ src: l.src, imageId: l.image_id }, `pages[${page}].${path}`)));
      } else if (l.type === 'group') {
        (l.objects ?? []).forEach((o, i) => walk(o, `${path}.objects[${i}]`));
      }
    };
    layers.forEach((l, i) => walk(l, `layers[${i}]`));
  });
  await forEachLimited(tasks, 8, (t) => t());
  opts.signal?.throwIfAborted();

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setProducer('Folio PDF engine (pdf-lib)');
  doc.setCreator('Folio');
  if (opts.title) doc.setTitle(opts.title);

  const rendered: { page: ReturnType<PDFDocument['addPage']>; renderer: PageRenderer; content: string }[] = [];
  const boxesOut: PageBoxesPt[] = [];
  for (let i = 0; i < pages.length; i++) {
    const spec = pages[i]!;
    const boxes = pageBoxes(spec, cropMarks);
    const page = doc.addPage([boxes.mediaBox.width, boxes.mediaBox.height]);
    page.setMediaBox(0, 0, boxes.mediaBox.width, boxes.mediaBox.height);
    page.setBleedBox(boxes.bleedBox.x, boxes.bleedBox.y, boxes.bleedBox.width, boxes.bleedBox.height);
    page.setTrimBox(boxes.trimBox.x, boxes.trimBox.y, boxes.trimBox.width, boxes.trimBox.height);
    const renderer = new PageRenderer(
      { doc, fonts, images, cropMarks, asCut: opts.asCut === true, warn: (w) => warn({ ...w, page: i }), ...(colours ? { colours } : {}) },
      spec,
      boxes,
      layersByPage[i]!,
    );
    const content = await renderer.render();
    if (!colours) page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
    rendered.push({ page, renderer, content });
    boxesOut.push({ mediaBox: toPt(boxes.mediaBox), bleedBox: toPt(boxes.bleedBox), trimBox: toPt(boxes.trimBox) });
    opts.signal?.throwIfAborted();
  }
  await images.embedAll(doc, profile ? { profile, keepArtworkRichBlack: opts.keepArtworkRichBlack === true } : undefined, colours);
  await fonts.embedAll();
  await embedGlyphFonts(doc);
  if (colours) {
    // every vector and text colour of the document through the profile at once
    await colours.resolve(doc.context);
    if (!flatten) {
      for (const { page, content } of rendered) page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(colours.fill(content))));
    }
  }
  for (const { page, renderer } of rendered) {
    page.node.set(PDFName.of('Resources'), renderer.res.build((key) => images.ref(key)));
  }
  if (flatten && colours && profile) {
    const boxesOf = (i: number) => pageBoxes(pages[i]!, cropMarks);
    const flattened = await flattenTransparency(doc, rendered.map(({ page, renderer }, i) => ({
      page,
      segments: renderer.segments.map((s) => ({ ...s, content: colours.fill(s.content) })),
      clip: boxesOf(i).bleedBox,
      media: boxesOf(i).mediaBox,
      dpi: pages[i]!.dpi ?? DEFAULT_DPI,
    })), { profile, timeoutMs: opts.ghostscriptTimeoutMs, signal: opts.signal });
    for (const f of flattened) warn(flattenedWarning(f, pdfStandard));
  }
  if (profile && pdfStandard !== 'none') applyPdfX(doc, pdfStandard, profile, { title: opts.title ?? '', producer: 'Folio PDF engine (pdf-lib)' });
  let pdf: Uint8Array = await doc.save({ useObjectStreams: pdfxAllowsObjectStreams(pdfStandard) });
  if (pdfStandard !== 'none') setPdfXHeader(pdf, pdfStandard);
  if (ghostscript && opts.colorMode === 'cmyk') {
    pdf = await convertPdfToCmyk(pdf, { timeoutMs: opts.ghostscriptTimeoutMs, signal: opts.signal });
  }
  return { pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), warnings, pages: boxesOut, pdfStandard, outputProfile: profile?.id ?? null };
}
