/** Images of one render: fetched and inspected once per reference, embedded once per document. */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { AssetError } from './errors.js';
import { prepareImageCmyk, registerImageCmyk, type CmykImageOptions, type PreparedCmyk } from './colour/cmyk-images.js';
import type { EmbeddedImage, PreparedImage } from './images.js';
import { embedImage, prepareImage } from './images.js';
import type { AssetResolver, ImageRef } from './types.js';

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
      const label = ref.imageId ? `image_id ${ref.imageId}` : `image ${ref.src}`;
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
          throw new AssetError(`${label} is not a readable image: ${(e as Error).message}`, where, { cause: e });
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

  /** Embeds every image that was drawn (sequentially: sharp already uses every core); `cmyk` converts them. */
  async embedAll(doc: PDFDocument, cmyk?: CmykImageOptions): Promise<void> {
    if (cmyk) {
      // the ICC transform and JPEG encoding run two images at a time; objects are written in drawing order
      const todo = [...this.used].filter(([key]) => !this.embedded.has(key));
      const prepared: Promise<PreparedCmyk>[] = [];
      let next = 0;
      const start = (): void => {
        const i = next++;
        if (i >= todo.length) return;
        prepared[i] = prepareImageCmyk(this.ready.get(todo[i]![0])!, todo[i]![1].svgScale, cmyk);
        prepared[i]!.catch(() => undefined); // awaited below in order; no unhandled rejection meanwhile
      };
      start();
      start();
      for (let i = 0; i < todo.length; i++) {
        const p = await prepared[i]!;
        start();
        this.embedded.set(todo[i]![0], registerImageCmyk(doc, p));
      }
      return;
    }
    for (const [key, u] of this.used) {
      if (this.embedded.has(key)) continue;
      this.embedded.set(key, await embedImage(doc, this.ready.get(key)!, u.svgScale, cmyk));
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
