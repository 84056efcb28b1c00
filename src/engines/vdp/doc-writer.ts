/** One output document of the merge: fonts, images and static forms written once, records drawn per page. */
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage, type PDFRef } from 'pdf-lib';
import { AssetError, type AssetResolver, type ImageRef, type Layer, type PageSpec, type RenderWarning } from '../pdf/index.js';
import { FontRegistry } from '../pdf/fonts/font-registry.js';
import { ImageStore } from '../pdf/image-store.js';
import { TEXT_TYPES } from '../pdf/layers.js';
import { n } from '../pdf/object-geometry.js';
import { PageRenderer } from '../pdf/page-renderer.js';
import { nativeFlateStream, type PageResources } from '../pdf/content.js';
import { embedGlyphFonts } from '../pdf/text/glyph-font.js';
import { CmykColours } from '../pdf/colour/cmyk-colours.js';
import { applyPdfX, pdfxAllowsObjectStreams, setPdfXHeader } from '../pdf/colour/pdfx.js';
import { textFontQueries, TextPainter } from '../pdf/text-painter.js';
import type { TextLayout } from '../pdf/text-layout.js';
import type { PageBoxes } from '../pdf/page-geometry.js';
import { BarcodeError } from './barcodes.js';
import { DEFAULT_MIN_FONT_SIZE, fillTokens, tokensOf, type FieldLayer, type FieldSpec } from './fields.js';
import { MergeRecord, RecordIssue, RecordReport } from './merge-types.js';
import { Segment, PreparedSide, MergeAssets } from './sides.js';
import { PRODUCER, ColourSetup, round, boxed } from './merge-shared.js';
import { Turns } from '../../platform/turns.js';

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
  flattened: boolean;
  ref: PDFRef;
  media: { width: number; height: number };
}

/** One output document: its fonts, images and the static forms of each side. */
export class DocWriter {
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
    /** where long work gives the event loop back (shared with the merge's record loop) */
    readonly turns: Turns,
  ) {
    this.doc = doc;
    this.colours = colour.profile ? new CmykColours(colour.profile, colour.standard === 'pdf_x1a', colour.black) : undefined;
    this.fonts = new FontRegistry(assets);
    this.images = new ImageStore(assets);
    // layout only: measuring text needs the fonts, never the painter
    this.measure = new TextPainter(undefined as never, this.fonts, doc);
  }

  static async open(sides: PreparedSide[], assets: AssetResolver, opts: { cropMarks: boolean; title?: string; colour: ColourSetup; turns?: Turns }, warn: (w: RenderWarning) => void): Promise<DocWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setProducer(PRODUCER);
    doc.setCreator('Folio');
    if (opts.title) doc.setTitle(opts.title);
    const w = new DocWriter(doc, sides, assets, opts.cropMarks, warn, opts.colour, opts.title ?? '', opts.turns ?? new Turns());
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
        refs.push(await this.form(spec, side.boxes, seg.layers, seg.last && this.cropMarks, `sides[${s}]`, seg.indices));
      }
      this.staticForms.push(refs);
    }
  }

  /** Whether a static run has anything to print: layers, the page background (first run), crop marks (last run). */
  private drawsSomething(side: PreparedSide, seg: Extract<Segment, { kind: 'static' }>): boolean {
    return seg.layers.length > 0 || (seg.first && !!side.spec.background) || (seg.last && this.cropMarks);
  }

  /** Draws layers into a form XObject the size of the page (its resources are written at `finish`). */
  private async form(spec: PageSpec, boxes: PageBoxes, layers: Layer[], cropMarks: boolean, where: string, layerIndex: number[]): Promise<PDFRef> {
    const renderer = new PageRenderer(
      { doc: this.doc, fonts: this.fonts, images: this.images, cropMarks, layerIndex, ...(this.colours ? { colours: this.colours } : {}), warn: (w) => this.warn({ ...w, page: this.pages.length, ...(w.layer ? { layer: `${where}.${w.layer}` } : {}) }) },
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
    // fitting a long text lays it out up to a dozen times: each layout is a step of its own
    await this.turns.check();
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
          const at = seg.fields.filter((_, i) => !!layers[i]).map((f) => f.index);
          ref = await this.form({ ...side.spec, background: null, layers: drawn }, b, drawn, false, `sides[${s}]`, at);
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
    await this.images.embedAll(this.doc, profile ? { profile, flattenAlpha: standard === 'pdf_x1a', keepArtworkRichBlack: this.colour.keepArtworkRichBlack } : undefined, this.colours, () => this.turns.check());
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
    await this.images.embedAll(this.doc, profile ? { profile, flattenAlpha: standard === 'pdf_x1a', keepArtworkRichBlack: this.colour.keepArtworkRichBlack } : undefined, this.colours, () => turns.check());
    await this.fonts.embedAll();
    await embedGlyphFonts(this.doc);
    const ctx = this.doc.context;
    // CMYK: every colour of the document through the profile at once, then written into the forms
    if (this.colours) await this.colours.resolve(ctx);
    for (const f of this.forms) {
      await turns.check();
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
      await turns.check();
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
