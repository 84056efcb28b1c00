/** Images of one render: fetched and inspected once per reference, embedded once per document. */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { AssetError } from './errors.js';
import { SvgLimitExceeded } from '../image/svg-limits.js';
import { prepareImageCmyk, registerImageCmyk, type CmykImageOptions, type PreparedCmyk } from './colour/cmyk-images.js';
import type { EmbeddedImage, PreparedImage } from './images.js';
import { embedImage, prepareImage } from './images.js';
import type { AssetResolver, ImageRef } from './types.js';
import type { ColourSpaceWriter } from './content.js';
import sharp from 'sharp';
import { filterSignature, type ImageFilter } from './image-filters.js';
import { filteredPixels } from './images.js';
import { duotoneOf, embedDuotone } from './duotone-image.js';

const GROUP_SUFFIX = '#group';

/** A form on the unit square that draws `form` as a transparency group. */
function transparencyGroupAround(doc: PDFDocument, form: PDFRef): PDFRef {
  const stream = doc.context.stream('/A Do', {
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, 0, 1, 1],
    Group: { Type: 'Group', S: 'Transparency' },
    Resources: { XObject: { A: form } },
  });
  return doc.context.register(stream);
}

const FILTER_SEP = '#filters:';

/** The key of an image as drawn: its source, and the filters its pixels get (image-filters.ts), if any. */
export function imageKey(ref: ImageRef): string {
  const sig = ref.filters ? filterSignature(ref.filters) : '';
  return sig ? `${sourceKey(ref)}${FILTER_SEP}${sig}` : sourceKey(ref);
}

/** The key of an image's source (fetched and prepared once, whatever filters its layers use). */
function sourceKey(ref: ImageRef): string {
  return ref.imageId ? `id:${ref.imageId}` : `src:${ref.src ?? ''}`;
}

/**
 * The filtered copy of a raster: decoded by sharp (EXIF orientation applied to the pixels),
 * filtered, and kept as a lossless PNG (RGB when opaque), which the RGB and CMYK paths embed
 * at its native resolution like any other PNG.
 */
async function filteredImage(img: PreparedImage, filters: readonly ImageFilter[]): Promise<PreparedImage> {
  const { data, ...info } = await filteredPixels(img, filters);
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) { opaque = false; break; }
  let out = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  if (opaque) out = out.removeAlpha();
  const bytes = await out.png({ compressionLevel: 2 }).toBuffer();
  return { format: 'png', width: info.width, height: info.height, orientation: 1, isVector: false, bytes };
}



export class ImageStore {
  private loading = new Map<string, Promise<PreparedImage>>();
  private ready = new Map<string, PreparedImage>();
  private used = new Map<string, { svgScale: number }>();
  private embedded = new Map<string, EmbeddedImage>();

  constructor(private readonly assets: AssetResolver) {}

  load(ref: ImageRef, where: string): Promise<PreparedImage> {
    const key = sourceKey(ref);
    let p = this.loading.get(key);
    if (!p) {
      const label = ref.imageId ? `image_id ${ref.imageId}` : `image ${imageLabel(ref.src, undefined)}`;
      p = (async () => {
        let bytes: Uint8Array;
        try {
          bytes = await this.assets.image(ref);
        } catch (e) {
          throw new AssetError(`${label} could not be fetched: ${(e as Error).message}`, where, { cause: e });
        }
        try {
          const img = await prepareImage(bytes);
          this.ready.set(key, img);
          return img;
        } catch (e) {
          if (e instanceof SvgLimitExceeded) throw new AssetError(`${label} cannot be drawn: ${e.message}`, where, { cause: e });
          throw new AssetError(`${label} is not a readable image or PDF artwork: ${(e as Error).message}`, where, { cause: e });
        }
      })();
      this.loading.set(key, p);
    }
    return p;
  }

  /** An image prepared by the caller (generated artwork): `load` and `get` answer it without resolving bytes. */
  provide(ref: ImageRef, img: PreparedImage): void {
    const key = sourceKey(ref);
    if (this.ready.has(key)) return;
    this.ready.set(key, img);
    this.loading.set(key, Promise.resolve(img));
  }

  /**
   * Drops the decoded data of an image already embedded (its object stays in the document and
   * `ref(key)` keeps answering): a long document of one-off pictures (variable data) need not
   * hold every parsed artwork until it is saved. Drawing it again needs `load` or `provide` first.
   */
  release(ref: ImageRef): void {
    const key = sourceKey(ref);
    // embedded, or never drawn (a record skipped after loading it): nothing needs the decoded data
    const waiting = (k: string): boolean => (k === key || k.startsWith(`${key}${FILTER_SEP}`)) && !this.embedded.has(k) && !k.endsWith(GROUP_SUFFIX);
    if ([...this.used.keys()].some(waiting)) return;
    this.ready.delete(key);
    this.loading.delete(key);
  }

  get(ref: ImageRef): PreparedImage {
    const img = this.ready.get(sourceKey(ref));
    if (!img) throw new Error(`image ${sourceKey(ref)} was not loaded`);
    return img;
  }

  /** A drawn key's source key and the filters its pixels get (none for a plain source). */
  private parseKey(key: string): { base: string; filters: ImageFilter[] } {
    const cut = key.indexOf(FILTER_SEP);
    return cut < 0 ? { base: key, filters: [] } : { base: key.slice(0, cut), filters: JSON.parse(key.slice(cut + FILTER_SEP.length)) as ImageFilter[] };
  }

  /** The pixels a drawn key embeds: its source, filtered when the key names filters. */
  private async source(key: string): Promise<PreparedImage> {
    const { base, filters } = this.parseKey(key);
    const img = this.ready.get(base)!;
    return filters.length > 0 ? filteredImage(img, filters) : img;
  }

  private sourceIsVector(key: string): boolean {
    const img = this.ready.get(this.parseKey(key).base)!;
    return Boolean(img.svg || img.pdf);
  }

  /** Marks an image as drawn; `svgScale` is the raster scale the placement needs (SVG only). */
  use(ref: ImageRef, svgScale = 1): string {
    const key = imageKey(ref);
    const u = this.used.get(key);
    if (!u) this.used.set(key, { svgScale });
    else u.svgScale = Math.max(u.svgScale, svgScale);
    return key;
  }

  /**
   * A vector artwork (form XObject) drawn with opacity below 1: a transparency group around
   * the form, so the artwork is composited as one picture at that opacity, as a canvas draws
   * an image with globalAlpha (without it, overlapping shapes inside would show through each other).
   */
  useTranslucentVector(ref: ImageRef, svgScale = 1): string {
    this.use(ref, svgScale);
    const key = `${imageKey(ref)}${GROUP_SUFFIX}`;
    if (!this.used.has(key)) this.used.set(key, { svgScale });
    return key;
  }

  /**
   * Embeds every image that was drawn. RGB: one after another (sharp already uses every core).
   * CMYK (`cmyk`): rasters through the ICC transform two at a time, written in drawing order;
   * vector artwork stays vector, its colours written by `colours` (the document's CMYK writer).
   */
  /** `between`: awaited before each image (a long merge gives the event loop back there). */
  async embedAll(doc: PDFDocument, cmyk?: CmykImageOptions, colours?: ColourSpaceWriter, between?: () => Promise<void>): Promise<void> {
    const pending = [...this.used].filter(([key]) => !this.embedded.has(key) && !key.endsWith(GROUP_SUFFIX));
    const todo: typeof pending = [];
    // duotones: the same DeviceN image whatever the file's colour mode
    for (const entry of pending) {
      const { base, filters } = this.parseKey(entry[0]);
      if (!duotoneOf(filters)) {
        todo.push(entry);
        continue;
      }
      await between?.();
      this.embedded.set(entry[0], await embedDuotone(doc, this.ready.get(base)!, filters));
    }
    if (cmyk) {
      const isVector = ([key]: [string, unknown]) => this.sourceIsVector(key);
      for (const [key, u] of todo.filter(isVector)) {
        await between?.();
        this.embedded.set(key, await embedImage(doc, await this.source(key), u.svgScale, cmyk, colours));
      }
      const rasters = todo.filter((t) => !isVector(t));
      const prepared: Promise<PreparedCmyk>[] = [];
      let next = 0;
      const start = (): void => {
        const i = next++;
        if (i >= rasters.length) return;
        prepared[i] = this.source(rasters[i]![0]).then((img) => prepareImageCmyk(img, rasters[i]![1].svgScale, cmyk));
        prepared[i]!.catch(() => undefined); // awaited below in order; no unhandled rejection meanwhile
      };
      start();
      start();
      for (let i = 0; i < rasters.length; i++) {
        const p = await prepared[i]!;
        start();
        await between?.();
        this.embedded.set(rasters[i]![0], registerImageCmyk(doc, p));
      }
    } else {
      for (const [key, u] of todo) {
        await between?.();
        this.embedded.set(key, await embedImage(doc, await this.source(key), u.svgScale));
      }
    }
    for (const key of this.used.keys()) {
      if (!key.endsWith(GROUP_SUFFIX) || this.embedded.has(key)) continue;
      const base = this.embedded.get(key.slice(0, -GROUP_SUFFIX.length))!;
      this.embedded.set(key, { ...base, ref: transparencyGroupAround(doc, base.ref) });
    }
  }

  ref(key: string): PDFRef {
    const e = this.embedded.get(key);
    if (!e) throw new Error(`image ${key} was not embedded`);
    return e.ref;
  }

  embeddedInfo(): ReadonlyMap<string, EmbeddedImage> {
    return this.embedded;
  }
}

/**
 * How a warning names an image: its id, or its link without the query (a signed link's
 * signature and expiry are noise in a message) cut to the last three path segments.
 */
export function imageLabel(src: string | undefined, imageId: string | undefined): string {
  if (imageId) return imageId;
  if (!src) return '';
  if (src.startsWith('data:')) return `${src.slice(0, src.indexOf(',') > 0 ? src.indexOf(',') : 30)},…`;
  const path = src.split(/[?#]/)[0]!;
  const parts = path.split('/').filter(Boolean);
  return parts.length > 3 ? `…/${parts.slice(-3).join('/')}` : path;
}
