/** One output document of the merge: fonts, images and static forms written once, records drawn per page. */
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage, type PDFRef } from 'pdf-lib';
import { AssetError, type AssetResolver, type ImageRef, type Layer, type PageSpec, type RenderWarning } from '../pdf/index.js';
import { FontRegistry } from '../pdf/fonts/font-registry.js';
import { ImageStore } from '../pdf/image-store.js';
import { TEXT_TYPES } from '../pdf/layers.js';
import { DEFAULT_DPI, PageRenderer, type PageSegment } from '../pdf/page-renderer.js';
import { nativeFlateStream, type PageResources } from '../pdf/content.js';
import { embedGlyphFonts } from '../pdf/text/glyph-font.js';
import { CmykColours } from '../pdf/colour/cmyk-colours.js';
import { applyPdfX, pdfxAllowsObjectStreams, setPdfXHeader } from '../pdf/colour/pdfx.js';
import { flattenTransparency } from '../pdf/colour/flatten.js';
import { pruneResources } from '../pdf/colour/pdf-graph.js';
import { flattenedWarning } from '../pdf/render.js';
import { IDENTITY, type Box } from '../pdf/geometry.js';
import { textFontQueries } from '../pdf/text-painter.js';
import type { PageBoxes } from '../pdf/page-geometry.js';
import { BarcodeError } from './barcodes.js';
import { fillTokens, tokensOf, type FieldLayer, type FieldSpec } from './fields.js';
import { MergeRecord, RecordIssue, RecordReport } from './merge-types.js';
import { Segment, PreparedSide, MergeAssets } from './sides.js';
import { PRODUCER, ColourSetup, round, boxed } from './merge-shared.js';
import { Turns } from '../../platform/turns.js';
import { TextFitter } from './text-fit.js';

export interface FieldOutcome {
  layers: Layer[];
  shrunk: RecordReport['shrunk'];
  overflow: RecordReport['overflow'];
}

/** A form whose resources are written at `finish` (images embed last). */
export interface PendingForm {
  res: PageResources;
  /** the content: compressed at once for RGB; text for CMYK (colour placeholders resolve at finish) */
  content: Buffer | string;
  /** one layer's piece of a run (PDF/X-1a): its resources are cut to what it names */
  piece: boolean;
  ref: PDFRef;
  media: { width: number; height: number };
}

/**
 * A form placed on a page. PDF/X-1a: one per layer (and one for crop marks), naming the layer
 * and its page-space bounds, so that flattening (colour/flatten.ts) composites the transparent
 * layers with what lies beneath and keeps the others vector; else one per run of layers.
 */
interface Piece {
  ref: PDFRef;
  layer?: string;
  box?: Box;
}

/** One output document: its fonts, images and the static forms of each side. */
export class DocWriter {
  readonly doc: PDFDocument;
  readonly fonts: FontRegistry;
  readonly images: ImageStore;
  private readonly fitter: TextFitter;
  private readonly forms: PendingForm[] = [];
  /** per side, per static run: its forms (none when the run prints nothing) */
  private readonly staticForms: Piece[][][] = [];
  private readonly pages: { page: PDFPage; side: number; xobjects: [string, PDFRef][]; segments: PageSegment[] }[] = [];
  /** pictures of records drawn since the last flush (released once embedded) */
  private recordImages: ImageRef[] = [];

  private readonly colours: CmykColours | undefined;
  /** PDF/X-1a: drawn as for X-4, one form per layer, then flattened at `finish` */
  private readonly flatten: boolean;

  private constructor(
    doc: PDFDocument,
    private readonly sides: PreparedSide[],
    assets: AssetResolver,
    private readonly cropMarks: boolean,
    private readonly warn: (w: RenderWarning) => void,
    private readonly colour: ColourSetup,
    private readonly title: string,
    /** where long work gives the event loop back (shared with the merge's record loop) */
    readonly turns: Turns,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.doc = doc;
    this.colours = colour.profile ? new CmykColours(colour.profile, colour.black) : undefined;
    this.flatten = !!colour.profile && colour.standard === 'pdf_x1a';
    this.fonts = new FontRegistry(assets);
    this.images = new ImageStore(assets);
    this.fitter = new TextFitter(this.fonts, doc, turns, warn);
  }

  static async open(sides: PreparedSide[], assets: AssetResolver, opts: { cropMarks: boolean; title?: string; colour: ColourSetup; turns?: Turns; signal?: AbortSignal }, warn: (w: RenderWarning) => void): Promise<DocWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setProducer(PRODUCER);
    doc.setCreator('Folio');
    if (opts.title) doc.setTitle(opts.title);
    const w = new DocWriter(doc, sides, assets, opts.cropMarks, warn, opts.colour, opts.title ?? '', opts.turns ?? new Turns(), opts.signal);
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
      const refs: Piece[][] = [];
      for (const seg of side.segments) {
        if (seg.kind !== 'static') continue;
        if (!this.drawsSomething(side, seg)) {
          refs.push([]);
          continue;
        }
        const background = seg.first ? side.spec.background : null;
        await this.preload(seg.layers, background, `sides[${s}]`);
        const spec: PageSpec = { ...side.spec, background, layers: seg.layers };
        refs.push(await this.form(spec, side.boxes, seg.layers, seg.last && this.cropMarks, `sides[${s}]`, seg.indices));
      }
      this.staticForms.push(refs);
    }
  }

  /** Whether a static run has anything to print: layers, the page background (first run), crop marks (last run). */
  private drawsSomething(side: PreparedSide, seg: Extract<Segment, { kind: 'static' }>): boolean {
    return seg.layers.length > 0 || (seg.first && !!side.spec.background) || (seg.last && this.cropMarks);
  }

  /**
   * Draws layers into form XObjects the size of the page (their resources are written at
   * `finish`): one for the run, or for PDF/X-1a one per layer, each with the run's furniture
   * (bleed clip, viewport transform), and crop marks in a form of their own.
   */
  private async form(spec: PageSpec, boxes: PageBoxes, layers: Layer[], cropMarks: boolean, where: string, layerIndex: number[]): Promise<Piece[]> {
    const draw = async (spec: PageSpec, layers: Layer[], cropMarks: boolean, layerIndex: number[]): Promise<PageRenderer> => {
      const renderer = new PageRenderer(
        { doc: this.doc, fonts: this.fonts, images: this.images, cropMarks, layerIndex, ...(this.colours ? { colours: this.colours } : {}), warn: (w) => this.warn({ ...w, page: this.pages.length, ...(w.layer ? { layer: `${where}.${w.layer}` } : {}) }) },
        spec,
        boxes,
        layers,
      );
      await renderer.render();
      return renderer;
    };
    // only what finish needs is kept: not the renderer, its layers or its builder
    const pending = (res: PageResources, content: string, piece: boolean): PDFRef => {
      const ref = this.doc.context.nextRef();
      this.forms.push({ res, content: this.colours ? content : deflateSync(Buffer.from(content, 'latin1')), piece, ref, media: boxes.mediaBox });
      return ref;
    };
    const r = await draw(spec, layers, cropMarks && !this.flatten, layerIndex);
    if (!this.flatten) return [{ ref: pending(r.res, r.c.toString(), false) }];
    const pieces: Piece[] = r.segments.filter((s) => s.layer !== undefined).map((seg) => ({
      ref: pending(r.res, r.segments.filter((s) => s.layer === undefined || s === seg).map((s) => s.content).join('\n'), true),
      layer: `${where}.${seg.layer}`,
      ...(seg.box ? { box: seg.box } : {}),
    }));
    if (cropMarks) {
      const marks = await draw({ ...spec, background: null, layers: [] }, [], true, []);
      pieces.push({ ref: pending(marks.res, marks.c.toString(), true) });
    }
    return pieces;
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
        const fitted = await this.fitter.fit(layer, field, text, where);
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
      // PDF/X-1a: the page's content is written by flattening, from its segments (a form each)
      const segments: PageSegment[] = [];
      let st = 0;
      let fieldAt = 0;
      for (const seg of side.segments) {
        let pieces: Piece[];
        if (seg.kind === 'static') {
          pieces = this.staticForms[s]![st++]!;
        } else {
          const layers = filled[s]!.slice(fieldAt, fieldAt + seg.fields.length);
          fieldAt += seg.fields.length;
          const drawn = layers.filter((l): l is Layer => !!l);
          if (drawn.length === 0) continue;
          const at = seg.fields.filter((_, i) => !!layers[i]).map((f) => f.index);
          pieces = await this.form({ ...side.spec, background: null, layers: drawn }, b, drawn, false, `sides[${s}]`, at);
        }
        for (const p of pieces) {
          const name = `Vd${xobjects.length + 1}`;
          xobjects.push([name, p.ref]);
          ops.push(`q /${name} Do Q`);
          // forms are placed with the page's own matrix (identity); their content and bounds are in page space
          if (this.flatten) segments.push({ content: ops[ops.length - 1]!, ...(p.layer ? { layer: p.layer } : {}), ...(p.box ? { box: p.box } : {}), ctm: IDENTITY });
        }
      }
      if (!this.flatten) page.node.set(PDFName.of('Contents'), this.doc.context.register(this.doc.context.stream(ops.join('\n'))));
      this.pages.push({ page, side: s, xobjects, segments });
    }
  }

  /**
   * Embeds the pictures records drew so far and drops their decoded data: 10,000 records'
   * QR codes and photos are not all held parsed until the file is saved. (Their content
   * streams stay until `finish`: a form's resources are written once every image is embedded.)
   */
  async flush(): Promise<void> {
    if (this.recordImages.length === 0) return;
    const { profile } = this.colour;
    await this.images.embedAll(this.doc, profile ? { profile, keepArtworkRichBlack: this.colour.keepArtworkRichBlack } : undefined, this.colours, () => this.turns.check());
    for (const ref of this.recordImages) this.images.release(ref);
    this.recordImages = [];
  }

  /**
   * Embeds images and fonts, writes the forms' and pages' resources, saves. A form and a page
   * per record add up (10,000 of each): the loops give the event loop back every slice.
   */
  async finish(): Promise<Buffer> {
    const turns = this.turns;
    const { profile, standard } = this.colour;
    await this.images.embedAll(this.doc, profile ? { profile, keepArtworkRichBlack: this.colour.keepArtworkRichBlack } : undefined, this.colours, () => turns.check());
    await this.fonts.embedAll();
    await embedGlyphFonts(this.doc);
    const ctx = this.doc.context;
    // CMYK: every colour of the document through the profile at once, then written into the forms
    if (this.colours) await this.colours.resolve(ctx);
    for (const f of this.forms) {
      await turns.check();
      const media = f.media;
      const resources = f.res.build((key) => this.images.ref(key));
      const content = typeof f.content === 'string' && this.colours ? this.colours.fill(f.content) : f.content;
      // a layer's piece names only its own resources: another layer's alpha must not make it look transparent
      if (f.piece && typeof content === 'string') pruneResources(ctx, resources, content);
      // node's zlib (native) rather than pdf-lib's JavaScript deflate: a form per record adds up
      const dict = { Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, media.width, media.height], Resources: resources };
      if (typeof content === 'string') ctx.assign(f.ref, nativeFlateStream(ctx, content, dict));
      else ctx.assign(f.ref, PDFRawStream.of(ctx.obj({ ...dict, Filter: 'FlateDecode' } as never) as unknown as PDFDict, content));
    }
    for (const { page, xobjects } of this.pages) {
      await turns.check();
      const xo = ctx.obj({});
      for (const [name, ref] of xobjects) xo.set(PDFName.of(name), ref);
      page.node.set(PDFName.of('Resources'), ctx.obj({ ProcSet: ['PDF'], XObject: xo }));
    }
    if (this.flatten && profile) {
      const pages = this.pages.map(({ page, side, segments }) => {
        const { boxes, spec } = this.sides[side]!;
        return { page, segments, clip: boxes.bleedBox, media: boxes.mediaBox, dpi: spec.dpi ?? DEFAULT_DPI };
      });
      const flattened = await flattenTransparency(this.doc, pages, { profile, turn: () => turns.check(), ...(this.signal ? { signal: this.signal } : {}) });
      for (const f of flattened) this.warn(flattenedWarning(f, standard));
    }
    if (profile && standard !== 'none') applyPdfX(this.doc, standard, profile, { title: this.title, producer: PRODUCER });
    const pdf = await this.doc.save({ useObjectStreams: pdfxAllowsObjectStreams(standard) });
    if (standard !== 'none') setPdfXHeader(pdf, standard);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }
}
