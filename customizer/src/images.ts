/**
 * Image tools for the selected image: replace it with an uploaded photo in the same frame,
 * fit the whole picture in its frame or fill the frame (cropping what overflows, with the
 * crop position chosen by two sliders). The frame is the image's box on the canvas. Cropping
 * uses Fabric's cropX/cropY and width/height (the file's pixels shown), which the PDF engine
 * reads the same way, and which the resolution warning measures, so it updates at once.
 */
import { FabricImage } from 'fabric';
import type { ApiImage } from './api.js';
import { setImageSrc } from './cross-origin.js';
import { fillCrop, fitCrop, type Crop, type Frame } from './frame-math.js';
import type { Layer, SideCanvas } from './side-canvas.js';

export { fillCrop, fitCrop };

const naturalOf = (img: FabricImage): Frame => {
  const el = img.getElement() as HTMLImageElement;
  return { width: el.naturalWidth || img.width, height: el.naturalHeight || img.height };
};

export function selectedImage(side: SideCanvas | null): (FabricImage & Layer) | null {
  const sel = side?.canvas.getActiveObjects() ?? [];
  return sel.length === 1 && sel[0] instanceof FabricImage && !sel[0].lockMovementX ? (sel[0] as FabricImage & Layer) : null;
}

/** The image's frame on the canvas, in design pixels. */
export function frameOf(img: FabricImage): Frame {
  return { width: img.width * Math.abs(img.scaleX), height: img.height * Math.abs(img.scaleY) };
}

function applyCrop(side: SideCanvas, img: FabricImage, c: Crop): void {
  const centre = img.getCenterPoint();
  img.set({ width: c.width, height: c.height, cropX: c.cropX, cropY: c.cropY, scaleX: c.scale * Math.sign(img.scaleX || 1), scaleY: c.scale * Math.sign(img.scaleY || 1) });
  img.setPositionByOrigin(centre, 'center', 'center');
  img.setCoords();
  side.canvas.requestRenderAll();
}

export function fitImage(side: SideCanvas, img: FabricImage): void {
  side.batch(() => applyCrop(side, img, fitCrop(naturalOf(img), frameOf(img))));
}

export function fillImage(side: SideCanvas, img: FabricImage, fx = 0.5, fy = 0.5): void {
  side.batch(() => applyCrop(side, img, fillCrop(naturalOf(img), frameOf(img), fx, fy)));
}

/** Where the current crop sits, 0..1 per axis (0.5 when nothing is cropped). */
export function cropPosition(img: FabricImage): { fx: number; fy: number } {
  const n = naturalOf(img);
  const sx = n.width - img.width;
  const sy = n.height - img.height;
  return { fx: sx > 0.5 ? img.cropX / sx : 0.5, fy: sy > 0.5 ? img.cropY / sy : 0.5 };
}

/** Moves the crop window inside the picture, the frame staying put. */
export function moveCrop(side: SideCanvas, img: FabricImage, fx: number, fy: number): void {
  const n = naturalOf(img);
  side.batch(() => {
    img.set({ cropX: Math.max(0, n.width - img.width) * fx, cropY: Math.max(0, n.height - img.height) * fy });
    side.canvas.requestRenderAll();
  });
}

/** Shows another image record in the same frame, filling it. */
export async function replaceImage(side: SideCanvas, img: FabricImage & Layer, image: ApiImage): Promise<void> {
  const frame = frameOf(img);
  const centre = img.getCenterPoint();
  await setImageSrc(img, image.url);
  const el = img.getElement() as HTMLImageElement;
  const natural = { width: el.naturalWidth || image.width || img.width, height: el.naturalHeight || image.height || img.height };
  img.image_id = image.id;
  img.name = image.name;
  img.dpiCheck = image.mime_type !== 'image/svg+xml';
  const c = fillCrop(natural, frame);
  side.batch(() => {
    img.set({ width: c.width, height: c.height, cropX: c.cropX, cropY: c.cropY, scaleX: c.scale, scaleY: c.scale });
    img.setPositionByOrigin(centre, 'center', 'center');
    img.setCoords();
  });
  side.canvas.requestRenderAll();
}

/**
 * Layers as the API keeps them may name an image by `image_id` alone (a template or design
 * made through the API, such as the demo store's card): Fabric needs its link. Each such layer
 * (groups walked) gets its image's current signed URL, read once per image; an image the store
 * no longer has fails with the API's message instead of leaving a layer that cannot be drawn.
 */
export async function withImageLinks(api: { image(id: string): Promise<ApiImage> }, layers: unknown[]): Promise<unknown[]> {
  const links = new Map<string, Promise<string>>();
  const link = (id: string): Promise<string> => {
    let p = links.get(id);
    if (!p) {
      p = api.image(id).then((img) => img.url);
      links.set(id, p);
    }
    return p;
  };
  const walk = (ls: unknown[]): Promise<unknown[]> =>
    Promise.all(
      ls.map(async (l) => {
        if (!l || typeof l !== 'object') return l;
        const o = l as Record<string, unknown>;
        if (Array.isArray(o.objects)) return { ...o, objects: await walk(o.objects) };
        if (String(o.type).toLowerCase() === 'image' && typeof o.image_id === 'string' && !o.src) return { ...o, src: await link(o.image_id) };
        return o;
      }),
    );
  return walk(layers);
}
