/** Images of one render: fetched and inspected once per reference, embedded once per document. */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { AssetError } from './errors.js';
import type { EmbeddedImage, PreparedImage } from './images.js';
import { embedImage, prepareImage } from './images.js';
import { imageLabel } from './page-renderer.js';
import type { AssetResolver, ImageRef } from './types.js';

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

export function imageKey(ref: ImageRef): string {
  return ref.imageId ? `id:${ref.imageId}` : `src:${ref.src ?? ''}`;
}

export class ImageStore {
  private loading = new Map<string, Promise<PreparedImage>>();
  private ready = new Map<string, PreparedImage>();
  private used = new Map<string, { svgScale: number }>();
  private embedded = new Map<string, EmbeddedImage>();

  constructor(private readonly assets: AssetResolver) {}

  load(ref: ImageRef, where: string): Promise<PreparedImage> {
    const key = imageKey(ref);
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
          throw new AssetError(`${label} is not a readable image or PDF artwork: ${(e as Error).message}`, where, { cause: e });
        }
      })();
      this.loading.set(key, p);
    }
    return p;
  }

  get(ref: ImageRef): PreparedImage {
    const img = this.ready.get(imageKey(ref));
    if (!img) throw new Error(`image ${imageKey(ref)} was not loaded`);
    return img;
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

  /** Embeds every image that was drawn (sequentially: sharp already uses every core). */
  async embedAll(doc: PDFDocument): Promise<void> {
    for (const [key, u] of this.used) {
      if (this.embedded.has(key) || key.endsWith(GROUP_SUFFIX)) continue;
      this.embedded.set(key, await embedImage(doc, this.ready.get(key)!, u.svgScale));
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
