/**
 * Images from another origin than the page's (file links built from FOLIO_PUBLIC_URL while
 * the page was opened under another of the host's names, or an S3 bucket's signed links) are
 * loaded with `crossOrigin="anonymous"`, so the canvas stays readable: the side's picture for
 * the proof step, the saved preview and `get-preview` need `toBlob`, which a canvas holding
 * an image fetched without CORS refuses (a "tainted" canvas). Folio's file links answer
 * `Access-Control-Allow-Origin: *` (the signed link is the credential); a store whose
 * S3 bucket does not allow CORS still shows its images: a CORS load that fails is tried
 * once more without it, and only the pictures are lost (docs/editor.md, "Images on other
 * host names").
 */
import { FabricImage } from 'fabric';

/** `'anonymous'` for a link to another origin than the page's, else null (same origin needs no CORS). */
export function crossOriginFor(url: string): 'anonymous' | null {
  try {
    const u = new URL(url, location.href);
    if (u.protocol === 'data:' || u.protocol === 'blob:') return null;
    return u.origin === location.origin ? null : 'anonymous';
  } catch {
    return null;
  }
}

/** Loads an image for the canvas: with CORS when it is another origin's, else (or when CORS fails) plainly. */
export async function imageFromUrl(url: string): Promise<FabricImage> {
  const crossOrigin = crossOriginFor(url);
  if (!crossOrigin) return FabricImage.fromURL(url);
  try {
    return await FabricImage.fromURL(url, { crossOrigin });
  } catch {
    return FabricImage.fromURL(url);
  }
}

/** Replaces an image's source the same way (`setSrc` keeps the object's frame). */
export async function setImageSrc(img: FabricImage, url: string): Promise<void> {
  const crossOrigin = crossOriginFor(url);
  if (!crossOrigin) {
    await img.setSrc(url);
    return;
  }
  try {
    await img.setSrc(url, { crossOrigin });
  } catch {
    await img.setSrc(url, { crossOrigin: null });
  }
}

type LayerJson = Record<string, unknown>;

/**
 * Layers about to be revived with their image layers (nested in groups too) marked for CORS
 * where their `src` is another origin's; `plain` drops the marks again (the retry).
 */
export function withCrossOrigin(layers: LayerJson[], plain = false): LayerJson[] {
  return layers.map((l) => {
    let out = l;
    if (typeof l.type === 'string' && l.type.toLowerCase() === 'image' && typeof l.src === 'string') {
      out = { ...l, crossOrigin: plain ? null : crossOriginFor(l.src) };
    }
    if (Array.isArray(l.objects)) out = { ...out, objects: withCrossOrigin(l.objects as LayerJson[], plain) };
    return out;
  });
}
