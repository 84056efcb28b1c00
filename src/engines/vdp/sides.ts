/** A design side split for the merge: static runs of layers and field layers; the merge's asset resolver. */
import { createHash } from 'node:crypto';
import { checkPageSpecs, PageSpecError, pageBoxes, validateLayers, type AssetResolver, type ImageRef, type Layer, type PageSpec } from '../pdf/index.js';
import { parseSvgArtwork } from '../pdf/artwork/svg-parse.js';
import type { PreparedImage } from '../pdf/images.js';
import type { PageBoxes } from '../pdf/page-geometry.js';
import { barcodeSvg, qrCode } from './barcodes.js';
import { fieldLayers, tokensOf, type FieldIssue, type FieldLayer, type FieldSpec } from './fields.js';
import { FieldDefinitionError } from './merge-types.js';
import { CACHED_IMAGES } from './merge-shared.js';

/** `indices`: where a static run's layers sit in the side's `layers` (their names in the PDF's marked content). */
export type Segment = { kind: 'static'; layers: Layer[]; indices: number[]; first: boolean; last: boolean } | { kind: 'fields'; fields: FieldLayer[] };

export interface PreparedSide {
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
    let runAt: number[] = [];
    let fieldRun: FieldLayer[] = [];
    const byIndex = new Map(fields.map((f) => [f.index, f]));
    const flushStatic = (): void => void segments.push({ kind: 'static', layers: run, indices: runAt, first: segments.length === 0, last: false });
    layers.forEach((l, i) => {
      const f = byIndex.get(i);
      if (f) {
        if (run.length || segments.length === 0) flushStatic();
        run = [];
        runAt = [];
        fieldRun.push(f);
      } else {
        if (fieldRun.length) segments.push({ kind: 'fields', fields: fieldRun });
        fieldRun = [];
        run.push(l);
        runAt.push(i);
      }
    });
    if (fieldRun.length) segments.push({ kind: 'fields', fields: fieldRun });
    if (run.length || segments[segments.length - 1]?.kind !== 'static') segments.push({ kind: 'static', layers: run, indices: runAt, first: segments.length === 0, last: true });
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
export class MergeAssets implements AssetResolver {
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

