/**
 * The variable-data merge: a design's sides and a list of records in, one PDF (a page per
 * record and side, in order) or one PDF per record out, with a report per record.
 *
 * Speed comes from doing once what is the same on every page: the static layers of a side
 * (everything between two field layers, the background, crop marks) are drawn once into form
 * XObjects that every page places; fonts are embedded once per document (subset to every
 * glyph any record used), a static image once. Per record only the field layers are drawn,
 * into a small form of their own.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage, type PDFRef } from 'pdf-lib';
import { zipSync } from 'fflate';
import { AssetError, checkPageSpecs, LayerValidationError, PageSpecError, pageBoxes, validateLayers, type AssetResolver, type ImageRef, type Layer, type PageSpec, type RenderWarning } from '../pdf/index.js';
import { FontRegistry } from '../pdf/fonts/font-registry.js';
import { ImageStore } from '../pdf/image-store.js';
import { TEXT_TYPES } from '../pdf/layers.js';
import { n } from '../pdf/object-geometry.js';
import { PageRenderer } from '../pdf/page-renderer.js';
import { nativeFlateStream, type PageResources } from '../pdf/content.js';
import { parseSvgArtwork } from '../pdf/artwork/svg-parse.js';
import type { PreparedImage } from '../pdf/images.js';
import { embedGlyphFonts } from '../pdf/text/glyph-font.js';
import { CmykColours } from '../pdf/colour/cmyk-colours.js';
import { findOutputProfile, installedOutputProfiles, type OutputProfile } from '../pdf/colour/output-profiles.js';
import { applyPdfX, pdfxAllowsObjectStreams, setPdfXHeader, type PdfStandard } from '../pdf/colour/pdfx.js';
import { textFontQueries, TextPainter } from '../pdf/text-painter.js';
import type { TextLayout } from '../pdf/text-layout.js';
import type { PageBoxes } from '../pdf/page-geometry.js';
import { barcodeSvg, BarcodeError, qrCode } from './barcodes.js';
import { DEFAULT_MIN_FONT_SIZE, fieldLayers, fillTokens, tokensOf, type FieldIssue, type FieldLayer, type FieldSpec } from './fields.js';

export type OnError = 'skip' | 'fail';

/** One record: its values by data name (the mapping already applied), and a problem found while reading it. */
export interface MergeRecord {
  /** 1-based number of the record in the data set (the CSV row after the header, or the JSON index + 1) */
  record: number;
  values: Readonly<Record<string, string | undefined>>;
  /** the record could not be read (a CSV row with the wrong number of columns): a bad row */
  problem?: string;
}

export interface RecordIssue {
  field?: string;
  code: 'missing_value' | 'text_overflow' | 'image_unavailable' | 'invalid_code' | 'bad_row';
  message: string;
}

export interface RecordReport {
  record: number;
  status: 'merged' | 'skipped';
  /** 1-based pages of the merged file (first, last); zip: the pages of the record's own file */
  pages: [number, number] | null;
  /** zip output: the record's file name in the archive */
  file: string | null;
  /** text that had to shrink to fit its box: font size in viewport px before and after */
  shrunk: { field: string; from: number; to: number }[];
  /** text that does not fit its box even at the minimum size (or with fit wrap): printed overflowing */
  overflow: { field: string; box: [number, number]; needed: [number, number] }[];
  /** why the record was skipped (or failed the job) */
  errors: RecordIssue[];
}

export interface MergeOptions {
  output: 'pdf' | 'zip';
  onError: OnError;
  cropMarks?: boolean;
  /** rgb (default) or cmyk: colours and images through the output profile, as the print engine does */
  colorMode?: 'rgb' | 'cmyk';
  /** none (default for rgb), pdf_x4 (default for cmyk) or pdf_x1a: each file a PDF/X file */
  pdfStandard?: PdfStandard;
  /** id of an installed CMYK output profile; default `swop` */
  outputProfile?: string;
  title?: string;
  /** file name stem of each record's PDF in a zip (default `record`) */
  fileStem?: string;
  signal?: AbortSignal;
  /** called after each record (merged or skipped) */
  onProgress?(current: number, total: number): void;
}

export interface MergeResult {
  /** the merged PDF, or the ZIP of one PDF per record */
  file: Buffer;
  contentType: 'application/pdf' | 'application/zip';
  pages: number;
  merged: number;
  skipped: number;
  /** one entry per record, in order */
  records: RecordReport[];
  /** renderer warnings of the static layers and the fields (page: 0-based page of the first file they occurred in) */
  warnings: RenderWarning[];
}

/** A record failed and the policy is `fail`: the job fails with this message. */
export class MergeRecordFailure extends Error {
  constructor(readonly report: RecordReport) {
    super(`record ${report.record}: ${report.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')}`);
    this.name = 'MergeRecordFailure';
  }
}

/** Every record was a bad row (policy skip): there is no file to make. */
export class NothingMerged extends Error {
  constructor(readonly reports: RecordReport[]) {
    const first = reports[0];
    const why = first ? `; record ${first.record}: ${first.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')}` : '';
    super(`no record could be merged: all ${reports.length} were skipped${why}`);
    this.name = 'NothingMerged';
  }
}

/** The design cannot be merged (no field, a bad field definition): a 400 before any job. */
export class FieldDefinitionError extends Error {
  readonly code = 'invalid_fields';
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'FieldDefinitionError';
  }
}

type Segment = { kind: 'static'; layers: Layer[]; first: boolean; last: boolean } | { kind: 'fields'; fields: FieldLayer[] };

interface PreparedSide {
  spec: PageSpec;
  boxes: PageBoxes;
  segments: Segment[];
  fields: FieldLayer[];
}

/**
 * Sides checked and split into static runs and field runs. Throws PageSpecError,
 * LayerValidationError or FieldDefinitionError (all 400s). `label` names each side in paths.
 */
export function prepareSides(sides: readonly PageSpec[], cropMarks = false): PreparedSide[] {
  const specIssues = checkPageSpecs(sides);
  if (specIssues.length) throw new PageSpecError(specIssues);
  const fieldIssues: FieldIssue[] = [];
  const out = sides.map((spec, s) => {
    const layers = validateLayers(spec.layers, `sides[${s}].layers`);
    const fields = fieldLayers(layers, `sides[${s}].layers`, fieldIssues);
    const segments: Segment[] = [];
    let run: Layer[] = [];
    let fieldRun: FieldLayer[] = [];
    const byIndex = new Map(fields.map((f) => [f.index, f]));
    const flushStatic = (): void => void segments.push({ kind: 'static', layers: run, first: segments.length === 0, last: false });
    layers.forEach((l, i) => {
      const f = byIndex.get(i);
      if (f) {
        if (run.length || segments.length === 0) flushStatic();
        run = [];
        fieldRun.push(f);
      } else {
        if (fieldRun.length) segments.push({ kind: 'fields', fields: fieldRun });
        fieldRun = [];
        run.push(l);
      }
    });
    if (fieldRun.length) segments.push({ kind: 'fields', fields: fieldRun });
    if (run.length || segments[segments.length - 1]?.kind !== 'static') segments.push({ kind: 'static', layers: run, first: segments.length === 0, last: true });
    (segments[segments.length - 1] as Extract<Segment, { kind: 'static' }>).last = true;
    return { spec, boxes: pageBoxes(spec, cropMarks), segments, fields };
  });
  if (fieldIssues.length) throw new FieldDefinitionError(fieldIssues);
  return out;
}

/** Every data name the sides read (field names and text tokens), for checking a mapping. */
export function dataNames(sides: readonly PreparedSide[]): { name: string; required: boolean }[] {
  const out = new Map<string, boolean>();
  for (const side of sides) {
    for (const f of side.fields) {
      const tokens = f.field.type === 'text' ? tokensOf(f.layer.text ?? '') : [];
      const names = tokens.length ? tokens : [f.field.name];
      const required = f.field.required && f.field.default === undefined;
      for (const name of names) out.set(name, (out.get(name) ?? false) || required);
    }
  }
  return [...out].map(([name, required]) => ({ name, required }));
}

/** A resolver that also serves the generated code artwork, and caches static bytes across documents (zip output). */
class MergeAssets implements AssetResolver {
  private readonly prepared = new Map<string, PreparedImage>();
  private readonly cache = new Map<string, Promise<Uint8Array>>();
  constructor(private readonly inner: AssetResolver) {}

  /** Generated code artwork: prepared here (its size is its viewBox), never decoded by sharp. */
  code(field: FieldSpec, value: string): { ref: ImageRef; img: PreparedImage } {
    // QR codes come with their artwork built; other symbologies' SVG (bwip-js) is parsed
    const qr = field.type === 'qr' || field.symbology === 'qrcode' ? qrCode(value, field.error_correction ?? 'M', field.color ?? '#000000') : null;
    const svg = qr ? qr.svg : barcodeSvg(field, value);
    const bytes = Buffer.from(svg, 'utf8');
    const src = `vdp-code:${createHash('sha1').update(bytes).digest('hex')}`;
    let img = this.prepared.get(src);
    if (!img) {
      const vb = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
      const width = Number(vb?.[1] ?? 100);
      const height = Number(vb?.[2] ?? 100);
      const art = qr?.artwork ?? parseSvgArtwork(bytes, width, height);
      img = { format: 'svg', width, height, orientation: 1, isVector: true, bytes, ...(art.unsupported.length ? { rasterReasons: art.unsupported } : { svg: art }) };
      // one record's code is used once: keep only the latest few (a repeated value hits)
      if (this.prepared.size >= 64) this.prepared.delete(this.prepared.keys().next().value!);
      this.prepared.set(src, img);
    }
    return { ref: { src }, img };
  }

  image(ref: ImageRef): Promise<Uint8Array> {
    const g = ref.src ? this.prepared.get(ref.src) : undefined;
    if (g) return Promise.resolve(g.bytes);
    const key = ref.imageId ? `id:${ref.imageId}` : `src:${ref.src}`;
    let p = this.cache.get(key);
    if (p) {
      // most recently used last: the static images of a side stay while record images pass through
      this.cache.delete(key);
    } else {
      // a failure is kept too: a URL that failed once in this merge is not asked again
      p = this.inner.image(ref);
      p.catch(() => undefined);
      if (this.cache.size >= CACHED_IMAGES) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, p);
    return p;
  }

  /** Starts fetching an image a later record names (the merge draws in order; fetching need not wait). */
  prefetch(ref: ImageRef): void {
    void this.image(ref).catch(() => undefined);
  }

  font(q: Parameters<NonNullable<AssetResolver['font']>>[0]): ReturnType<NonNullable<AssetResolver['font']>> {
    return this.inner.font ? this.inner.font(q) : Promise.resolve(null);
  }
}

interface FieldOutcome {
  layers: Layer[];
  shrunk: RecordReport['shrunk'];
  overflow: RecordReport['overflow'];
}

/** A form whose resources are written at `finish` (images embed last). */
interface PendingForm {
  res: PageResources;
  /** the content: compressed at once for RGB; text for CMYK (colour placeholders resolve at finish) */
  content: Buffer | string;
  flattened: boolean;
  ref: PDFRef;
  media: { width: number; height: number };
}

/** One output document: its fonts, images and the static forms of each side. */
class DocWriter {
  readonly doc: PDFDocument;
  readonly fonts: FontRegistry;
  readonly images: ImageStore;
  private readonly measure: TextPainter;
  private readonly forms: PendingForm[] = [];
  /** per side, per static run: its form, or null when the run prints nothing */
  private readonly staticForms: (PDFRef | null)[][] = [];
  private readonly pages: { page: PDFPage; xobjects: [string, PDFRef][] }[] = [];
  /** pictures of records drawn since the last flush (released once embedded) */
  private recordImages: ImageRef[] = [];

  private readonly colours: CmykColours | undefined;

  private constructor(
    doc: PDFDocument,
    private readonly sides: PreparedSide[],
    assets: AssetResolver,
    private readonly cropMarks: boolean,
    private readonly warn: (w: RenderWarning) => void,
    private readonly colour: ColourSetup,
    private readonly title: string,
  ) {
    this.doc = doc;
    this.colours = colour.profile ? new CmykColours(colour.profile, colour.standard === 'pdf_x1a') : undefined;
    this.fonts = new FontRegistry(assets);
    this.images = new ImageStore(assets);
    // layout only: measuring text needs the fonts, never the painter
    this.measure = new TextPainter(undefined as never, this.fonts, doc);
  }

  static async open(sides: PreparedSide[], assets: AssetResolver, opts: { cropMarks: boolean; title?: string; colour: ColourSetup }, warn: (w: RenderWarning) => void): Promise<DocWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setProducer(PRODUCER);
    doc.setCreator('Folio');
    if (opts.title) doc.setTitle(opts.title);
    const w = new DocWriter(doc, sides, assets, opts.cropMarks, warn, opts.colour, opts.title ?? '');
    await w.drawStatic();
    return w;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Fonts and images of layers, loaded before drawing (drawing is synchronous per layer). */
  async preload(layers: readonly Layer[], background: PageSpec['background'], where: string): Promise<void> {
    const tasks: Promise<unknown>[] = [];
    if (background?.image && (background.image.src || background.image.imageId)) tasks.push(this.images.load(background.image, `${where}.background.image`));
    const walk = (l: Layer, path: string): void => {
      if (l.visible === false) return;
      if (TEXT_TYPES.has(l.type)) {
        for (const q of textFontQueries(l)) {
          tasks.push(
            this.fonts.load(q.family, q.weight, q.style).then(({ face }) => {
              if (face.fallbackFor) this.warn({ code: 'FONT_FALLBACK', page: 0, layer: path, message: `font "${q.family}" is not available; ${face.family} was used`, details: { requested: q.family, used: face.family } });
            }),
          );
        }
      } else if (l.type === 'image') tasks.push(this.images.load({ src: l.src, imageId: l.image_id }, path));
      else if (l.type === 'group') (l.objects ?? []).forEach((o, i) => walk(o, `${path}.objects[${i}]`));
    };
    layers.forEach((l, i) => walk(l, `${where}.layers[${i}]`));
    const results = await Promise.allSettled(tasks);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async drawStatic(): Promise<void> {
    for (const [s, side] of this.sides.entries()) {
      const refs: (PDFRef | null)[] = [];
      for (const seg of side.segments) {
        if (seg.kind !== 'static') continue;
        if (!this.drawsSomething(side, seg)) {
          refs.push(null);
          continue;
        }
        const background = seg.first ? side.spec.background : null;
        await this.preload(seg.layers, background, `sides[${s}]`);
        const spec: PageSpec = { ...side.spec, background, layers: seg.layers };
        refs.push(await this.form(spec, side.boxes, seg.layers, seg.last && this.cropMarks, `sides[${s}]`));
      }
      this.staticForms.push(refs);
    }
  }

  /** Whether a static run has anything to print: layers, the page background (first run), crop marks (last run). */
  private drawsSomething(side: PreparedSide, seg: Extract<Segment, { kind: 'static' }>): boolean {
    return seg.layers.length > 0 || (seg.first && !!side.spec.background) || (seg.last && this.cropMarks);
  }

  /** Draws layers into a form XObject the size of the page (its resources are written at `finish`). */
  private async form(spec: PageSpec, boxes: PageBoxes, layers: Layer[], cropMarks: boolean, where: string): Promise<PDFRef> {
    const renderer = new PageRenderer(
      { doc: this.doc, fonts: this.fonts, images: this.images, cropMarks, ...(this.colours ? { colours: this.colours } : {}), warn: (w) => this.warn({ ...w, page: this.pages.length, ...(w.layer ? { layer: `${where}.${w.layer}` } : {}) }) },
      spec,
      boxes,
      layers,
    );
    const content = await renderer.render();
    const ref = this.doc.context.nextRef();
    // only what finish needs is kept: not the renderer, its layers or its builder
    this.forms.push({ res: renderer.res, content: this.colours ? content : deflateSync(Buffer.from(content, 'latin1')), flattened: renderer.c.flattened, ref, media: boxes.mediaBox });
    return ref;
  }

  /**
   * The field layers of one record, filled in: text fitted, images and codes loaded; one
   * entry per field of the side (null where nothing is drawn). Problems of the record are
   * returned as issues (the record is a bad row), never thrown.
   */
  async fill(side: PreparedSide, s: number, values: MergeRecord['values'], assets: MergeAssets): Promise<{ bySide: (Layer | null)[]; outcome: FieldOutcome; issues: RecordIssue[] }> {
    const issues: RecordIssue[] = [];
    const outcome: FieldOutcome = { layers: [], shrunk: [], overflow: [] };
    const value = (name: string, f: FieldSpec | undefined): string | undefined => {
      const v = values[name];
      if (v !== undefined && v !== '') return v;
      return f?.name === name ? f.default : undefined;
    };
    // exactly one entry per field, in order (null: nothing drawn), so addPages can cut the field runs
    const one = async (fl: FieldLayer): Promise<Layer | null> => {
      const { field, layer } = fl;
      const where = `sides[${s}].layers[${fl.index}]`;
      if (layer.visible === false) {
        return layer;
      }
      if (field.type === 'text') {
        const template = layer.text ?? '';
        const tokens = tokensOf(template);
        let missing: string[] = [];
        let text: string;
        if (tokens.length) {
          text = fillTokens(template, (name) => {
            const v = value(name, field);
            if (v === undefined) missing.push(name);
            return v ?? '';
          });
        } else {
          const v = value(field.name, field);
          if (v === undefined) missing = [field.name];
          text = v ?? '';
        }
        if (missing.length && field.required) {
          issues.push({ field: field.name, code: 'missing_value', message: `no value for ${missing.map((m) => `"${m}"`).join(', ')}` });
          return null;
        }
        const fitted = await this.fitText(layer, field, text, where);
        if (fitted.overflow) {
          if ((field.fit ?? 'shrink') === 'fail') {
            const [bw, bh] = fitted.overflow.box;
            const [nw, nh] = fitted.overflow.needed;
            issues.push({ field: field.name, code: 'text_overflow', message: `the text needs ${round(nw)}×${round(nh)} px; its box is ${round(bw)}×${round(bh)} px (fit: fail)` });
            return null;
          }
          outcome.overflow.push({ field: field.name, ...fitted.overflow });
        }
        if (fitted.shrunk) outcome.shrunk.push({ field: field.name, ...fitted.shrunk });
        return fitted.layer;
      }
      const v = value(field.name, field);
      if (v === undefined) {
        if (field.required) issues.push({ field: field.name, code: 'missing_value', message: `no value for "${field.name}"` });
        return null;
      }
      if (field.type === 'image') {
        const ref: ImageRef = /^https?:\/\//i.test(v) ? { src: v } : { imageId: v };
        try {
          const img = await this.images.load(ref, where);
          this.recordImages.push(ref);
          return boxed(layer, { type: 'image', ...(ref.src ? { src: ref.src } : { image_id: ref.imageId }) }, img.width, img.height, (field.fit ?? 'cover') as 'cover' | 'contain');
        } catch (e) {
          if (!(e instanceof AssetError)) throw e;
          issues.push({ field: field.name, code: 'image_unavailable', message: e.message.replace(/^[^:]*: /, '') });
        }
        return null;
      }
      // qr / barcode
      try {
        const { ref, img } = assets.code(field, v);
        this.images.provide(ref, img);
        this.recordImages.push(ref);
        return boxed(layer, { type: 'image', src: ref.src }, img.width, img.height, 'contain');
      } catch (e) {
        if (!(e instanceof BarcodeError)) throw e;
        issues.push({ field: field.name, code: 'invalid_code', message: `"${v.slice(0, 80)}" ${e.message}` });
      }
      return null;
    };
    const out: (Layer | null)[] = [];
    for (const fl of side.fields) out.push(await one(fl));
    return { bySide: out, outcome, issues };
  }

  private async layout(l: Layer, where = 'layers'): Promise<TextLayout> {
    for (const q of textFontQueries(l)) {
      const { face } = await this.fonts.load(q.family, q.weight, q.style);
      // once per family (the warning list is deduplicated), as for the static layers
      if (face.fallbackFor) this.warn({ code: 'FONT_FALLBACK', page: 0, layer: where, message: `font "${q.family}" is not available; ${face.family} was used`, details: { requested: q.family, used: face.family } });
    }
    return this.measure.layout(l);
  }

  /**
   * Text in its box. The box: the layer's width, and `box_height` or the layer's height
   * (Fabric saves a text's laid-out height). `wrap`: lines wrap at the box width. `shrink` and
   * `fail`: a single-line text (text, i-text) must fit the width, a textbox (wrapping) the
   * height; shrink lowers the font size (binary search) down to `min_font_size`.
   */
  private async fitText(layer: Layer, field: FieldSpec, text: string, where: string): Promise<{ layer: Layer; shrunk?: { from: number; to: number }; overflow?: { box: [number, number]; needed: [number, number] } }> {
    const fit = field.fit ?? 'shrink';
    const size = n(layer.fontSize, 40);
    const W = n(layer.width, 0);
    const original: Layer = { ...layer, styles: undefined };
    let H = field.box_height ?? n(layer.height, 0);
    if (!(H > 0)) H = (await this.layout(original, where)).height;
    const base: Layer = { ...layer, text, styles: undefined };
    delete (base as Record<string, unknown>).field;
    const wraps = layer.type === 'textbox' || fit === 'wrap';
    // a text layer without a width (not saved by Fabric) keeps its natural width: only textboxes wrap
    if (!(W > 0)) return { layer: base };
    const at = (s: number): Layer => (wraps ? { ...base, type: 'textbox', width: W, fontSize: s } : { ...base, type: 'text', fontSize: s });
    const tol = 0.5;
    const fits = (t: TextLayout): boolean => t.height <= H + tol && t.width <= W + tol;
    // once it fits on its line, a single-line text is laid out in a box of the field's width so its alignment holds
    const placed = (s: number, t: TextLayout): Layer => (wraps ? at(s) : { ...base, type: 'textbox', width: Math.max(W, t.width + 0.01), fontSize: s, splitByGrapheme: false });
    const first = await this.layout(at(size), where);
    if (fits(first) || fit === 'wrap' || fit === 'fail') {
      const overflow = fits(first) ? undefined : { box: [W, H] as [number, number], needed: [first.width, first.height] as [number, number] };
      return { layer: placed(size, first), ...(overflow ? { overflow } : {}) };
    }
    const min = Math.min(field.min_font_size ?? DEFAULT_MIN_FONT_SIZE, size);
    let hi = size;
    if (!wraps) {
      // a line's width and height grow in proportion to the font size: one guess, checked
      const guess = Math.floor(size * Math.min(W / first.width, H / first.height) * 1000) / 1000;
      if (guess >= min) {
        const t = await this.layout(at(guess), where);
        if (fits(t)) return { layer: placed(guess, t), shrunk: { from: size, to: Math.floor(guess * 100) / 100 } };
        hi = guess;
      }
    }
    const smallest = await this.layout(at(min), where);
    if (!fits(smallest)) return { layer: placed(min, smallest), shrunk: { from: size, to: min }, overflow: { box: [W, H], needed: [smallest.width, smallest.height] } };
    let lo = min;
    let best = smallest;
    for (let i = 0; i < 8 && hi - lo > 0.05; i++) {
      const mid = (lo + hi) / 2;
      const t = await this.layout(at(mid), where);
      if (fits(t)) {
        lo = mid;
        best = t;
      } else hi = mid;
    }
    const to = Math.floor(lo * 100) / 100;
    return { layer: placed(to, best), shrunk: { from: size, to } };
  }

  /** Adds the record's pages (one per side): the static forms and the record's field forms in layer order. */
  async addPages(filled: (Layer | null)[][]): Promise<void> {
    for (const [s, side] of this.sides.entries()) {
      const b = side.boxes;
      const page = this.doc.addPage([b.mediaBox.width, b.mediaBox.height]);
      page.setMediaBox(0, 0, b.mediaBox.width, b.mediaBox.height);
      page.setBleedBox(b.bleedBox.x, b.bleedBox.y, b.bleedBox.width, b.bleedBox.height);
      page.setTrimBox(b.trimBox.x, b.trimBox.y, b.trimBox.width, b.trimBox.height);
      const xobjects: [string, PDFRef][] = [];
      const ops: string[] = [];
      let st = 0;
      let fieldAt = 0;
      for (const seg of side.segments) {
        let ref: PDFRef;
        if (seg.kind === 'static') {
          const form = this.staticForms[s]![st++];
          if (!form) continue;
          ref = form;
        } else {
          const layers = filled[s]!.slice(fieldAt, fieldAt + seg.fields.length);
          fieldAt += seg.fields.length;
          const drawn = layers.filter((l): l is Layer => !!l);
          if (drawn.length === 0) continue;
          ref = await this.form({ ...side.spec, background: null, layers: drawn }, b, drawn, false, `sides[${s}]`);
        }
        const name = `Vd${xobjects.length + 1}`;
        xobjects.push([name, ref]);
        ops.push(`q /${name} Do Q`);
      }
      page.node.set(PDFName.of('Contents'), this.doc.context.register(this.doc.context.stream(ops.join('\n'))));
      this.pages.push({ page, xobjects });
    }
  }

  /**
   * Embeds the pictures records drew so far and drops their decoded data: 10,000 records'
   * QR codes and photos are not all held parsed until the file is saved. (Their content
   * streams stay until `finish`: a form's resources are written once every image is embedded.)
   */
  async flush(): Promise<void> {
    if (this.recordImages.length === 0) return;
    const { profile, standard } = this.colour;
    await this.images.embedAll(this.doc, profile ? { profile, flattenAlpha: standard === 'pdf_x1a' } : undefined, this.colours);
    for (const ref of this.recordImages) this.images.release(ref);
    this.recordImages = [];
  }

  /** Embeds images and fonts, writes the forms' and pages' resources, saves. */
  async finish(): Promise<Buffer> {
    const { profile, standard } = this.colour;
    await this.images.embedAll(this.doc, profile ? { profile, flattenAlpha: standard === 'pdf_x1a' } : undefined, this.colours);
    await embedGlyphFonts(this.doc);
    const ctx = this.doc.context;
    // CMYK: every colour of the document through the profile at once, then written into the forms
    if (this.colours) await this.colours.resolve(ctx);
    for (const f of this.forms) {
      const media = f.media;
      if (this.colours && f.flattened) {
        this.warn({ code: 'TRANSPARENCY_FLATTENED', page: 0, message: 'PDF/X-1a allows no transparency: translucent colours and image alpha were composited onto white', details: { standard } });
      }
      // node's zlib (native) rather than pdf-lib's JavaScript deflate: a form per record adds up
      const dict = { Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, media.width, media.height], Resources: f.res.build((key) => this.images.ref(key)) };
      if (typeof f.content === 'string') ctx.assign(f.ref, nativeFlateStream(ctx, this.colours ? this.colours.fill(f.content) : f.content, dict));
      else ctx.assign(f.ref, PDFRawStream.of(ctx.obj({ ...dict, Filter: 'FlateDecode' } as never) as unknown as PDFDict, f.content));
    }
    for (const { page, xobjects } of this.pages) {
      const xo = ctx.obj({});
      for (const [name, ref] of xobjects) xo.set(PDFName.of(name), ref);
      page.node.set(PDFName.of('Resources'), ctx.obj({ ProcSet: ['PDF'], XObject: xo }));
    }
    if (profile && standard !== 'none') applyPdfX(this.doc, standard, profile, { title: this.title, producer: PRODUCER });
    const pdf = await this.doc.save({ useObjectStreams: pdfxAllowsObjectStreams(standard) });
    if (standard !== 'none') setPdfXHeader(pdf, standard);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }
}

/** Image bytes kept across documents (zip output) and for records ahead, least recently used dropped first. */
const CACHED_IMAGES = 128;

const PRODUCER = 'Folio variable-data engine (pdf-lib)';

interface ColourSetup {
  standard: PdfStandard;
  /** the CMYK output profile; undefined for RGB */
  profile: OutputProfile | undefined;
}

/** Colour mode, standard and profile as the print engine resolves them (a PDF/X file is CMYK). */
function colourSetup(opts: MergeOptions): ColourSetup {
  const standard: PdfStandard = opts.pdfStandard ?? (opts.colorMode === 'cmyk' ? 'pdf_x4' : 'none');
  if (opts.colorMode !== 'cmyk' && standard === 'none') return { standard, profile: undefined };
  const profile = findOutputProfile(opts.outputProfile);
  if (!profile) {
    const ids = installedOutputProfiles().map((p) => p.id);
    throw new PageSpecError([{ path: 'outputProfile', message: ids.length ? `must be one of ${ids.join(', ')}` : 'no CMYK output profile is installed (Debian package libgs-common)' }]);
  }
  return { standard, profile };
}

/** Records between two flushes of their pictures into the document (single-file output). */
const FLUSH_EVERY = 32;

/** Records ahead whose images are fetched while the current one is drawn. */
const PREFETCH = 6;

const round = (v: number): number => Math.round(v * 10) / 10;

/**
 * An image or code in the box of a field layer: a group with the layer's place (position,
 * origin, rotation, flips) and box, the picture centred in it at cover or contain scale.
 */
function boxed(layer: Layer, picture: Record<string, unknown>, iw: number, ih: number, fit: 'cover' | 'contain'): Layer {
  const sx = n(layer.scaleX, 1);
  const sy = n(layer.scaleY, 1);
  const bw = n(layer.width, 0) * Math.abs(sx);
  const bh = n(layer.height, 0) * Math.abs(sy);
  const s = fit === 'cover' ? Math.max(bw / iw, bh / ih) : Math.min(bw / iw, bh / ih);
  const child: Record<string, unknown> = { ...picture, left: 0, top: 0, originX: 'center', originY: 'center', scaleX: s, scaleY: s };
  if (fit === 'cover') {
    const vw = Math.min(iw, bw / s);
    const vh = Math.min(ih, bh / s);
    Object.assign(child, { width: vw, height: vh, cropX: (iw - vw) / 2, cropY: (ih - vh) / 2 });
  } else Object.assign(child, { width: iw, height: ih });
  return {
    type: 'group',
    left: layer.left,
    top: layer.top,
    originX: layer.originX,
    originY: layer.originY,
    angle: layer.angle,
    flipX: (layer.flipX === true) !== sx < 0,
    flipY: (layer.flipY === true) !== sy < 0,
    opacity: layer.opacity,
    width: bw,
    height: bh,
    objects: [child as Layer],
  } as Layer;
}

/**
 * Merges the records into the sides. A bad record (missing value, text that does not fit with
 * `fit: fail`, an image that cannot be fetched, a value a barcode cannot encode, an unreadable
 * row) is skipped and reported (`skip`), or fails the merge with MergeRecordFailure (`fail`).
 */
export async function mergeRecords(sidesIn: readonly PageSpec[], records: readonly MergeRecord[], assets: AssetResolver, opts: MergeOptions): Promise<MergeResult> {
  const cropMarks = opts.cropMarks === true;
  const sides = prepareSides(sidesIn, cropMarks);
  const colour = colourSetup(opts);
  const merged = new MergeAssets(assets);
  const warnings: RenderWarning[] = [];
  const seen = new Set<string>();
  const warn = (w: RenderWarning): void => {
    const key = `${w.code}|${w.layer ?? ''}|${w.message}`;
    if (seen.has(key) || warnings.length >= 100) return;
    seen.add(key);
    warnings.push(w);
  };
  const reports: RecordReport[] = [];
  const zipFiles: Record<string, Uint8Array> = {};
  let single: DocWriter | null = opts.output === 'pdf' ? await DocWriter.open(sides, merged, { cropMarks, colour, ...(opts.title ? { title: opts.title } : {}) }, warn) : null;
  const stem = opts.fileStem ?? 'record';
  const width = String(Math.max(...records.map((r) => r.record), 1)).length;
  let mergedCount = 0;
  let pages = 0;

  // image fields of the next records are fetched while this one is drawn (a few at a time)
  const imageFields = sides.flatMap((side) => side.fields.filter((f) => f.field.type === 'image').map((f) => f.field.name));
  const prefetch = (i: number): void => {
    const rec = records[i];
    if (!rec || rec.problem) return;
    for (const name of imageFields) {
      const v = rec.values[name];
      if (v) merged.prefetch(/^https?:\/\//i.test(v) ? { src: v } : { imageId: v });
    }
  };
  for (let i = 0; i < PREFETCH; i++) prefetch(i);

  for (const [i, rec] of records.entries()) {
    opts.signal?.throwIfAborted();
    prefetch(i + PREFETCH);
    const report: RecordReport = { record: rec.record, status: 'skipped', pages: null, file: null, shrunk: [], overflow: [], errors: [] };
    const writer = single ?? (await DocWriter.open(sides, merged, { cropMarks, colour, ...(opts.title ? { title: `${opts.title} — record ${rec.record}` } : {}) }, warn));
    if (rec.problem) report.errors.push({ code: 'bad_row', message: rec.problem });
    const filled: (Layer | null)[][] = [];
    if (!rec.problem) {
      for (const [s, side] of sides.entries()) {
        const { bySide, outcome, issues } = await writer.fill(side, s, rec.values, merged);
        report.errors.push(...issues);
        report.shrunk.push(...outcome.shrunk);
        report.overflow.push(...outcome.overflow);
        filled.push(bySide);
      }
    }
    if (report.errors.length) {
      if (opts.onError === 'fail') throw new MergeRecordFailure(report);
      reports.push(report);
      opts.onProgress?.(i + 1, records.length);
      continue;
    }
    const before = writer.pageCount;
    await writer.addPages(filled);
    report.status = 'merged';
    mergedCount++;
    if (single) {
      report.pages = [before + 1, writer.pageCount];
      pages = writer.pageCount;
      if (mergedCount % FLUSH_EVERY === 0) await writer.flush();
    } else {
      const name = `${stem}-${String(rec.record).padStart(width, '0')}.pdf`;
      zipFiles[name] = await writer.finish();
      report.pages = [1, writer.pageCount];
      report.file = name;
      pages += writer.pageCount;
    }
    reports.push(report);
    opts.onProgress?.(i + 1, records.length);
  }
  const skipped = reports.filter((r) => r.status === 'skipped').length;
  if (mergedCount === 0) throw new NothingMerged(reports);
  let file: Buffer;
  if (single) {
    file = await single.finish();
    single = null;
  } else {
    // PDFs are compressed already: stored, not deflated again
    const z = zipSync(zipFiles, { level: 0 });
    file = Buffer.from(z.buffer, z.byteOffset, z.byteLength);
  }
  return { file, contentType: opts.output === 'pdf' ? 'application/pdf' : 'application/zip', pages, merged: mergedCount, skipped, records: reports, warnings };
}

export { LayerValidationError, PageSpecError };
