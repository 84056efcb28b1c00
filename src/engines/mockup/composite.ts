import sharp from 'sharp';
import { checkSpec, type LayerName, type MockupSpec } from './template.js';
import { displace, scaleArea, uvMap, type UvMap } from './warp.js';

/** A design's pixels: premultiplied RGBA, row by row. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

export type TemplateLayers = { photo: Buffer } & Partial<Record<Exclude<LayerName, 'photo'>, Buffer>>;

/** A template at one output width: layers decoded and resized, the uv map built. Reused for every design. */
export interface PreparedTemplate {
  spec: MockupSpec;
  width: number;
  height: number;
  /** RGB */
  photo: Buffer;
  shading: Uint8Array | null;
  highlight: Uint8Array | null;
  mask: Uint8Array | null;
  uv: UvMap;
  bytes: number;
}

export class MockupError extends Error {
  constructor(
    readonly code: 'invalid_template' | 'invalid_layer',
    message: string,
  ) {
    super(message);
  }
}

/** Output height for an output width (the photo's aspect). */
export function outputSize(spec: MockupSpec, width: number): { width: number; height: number } {
  return { width, height: Math.max(1, Math.round((spec.height * width) / spec.width)) };
}

async function grey(buf: Buffer, w: number, h: number, name: string): Promise<Uint8Array> {
  try {
    const { data } = await sharp(buf).flatten({ background: '#808080' }).resize(w, h, { fit: 'fill' }).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    return new Uint8Array(data.buffer, data.byteOffset, data.length);
  } catch (err) {
    throw new MockupError('invalid_layer', `the ${name} layer is not a readable image (${(err as Error).message})`);
  }
}

/** Decodes and scales a template's layers to `width` px and builds its uv map. */
export async function prepareTemplate(spec: MockupSpec, layers: TemplateLayers, width: number): Promise<PreparedTemplate> {
  const issues = checkSpec(spec);
  if (issues.length) throw new MockupError('invalid_template', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const out = outputSize(spec, width);
  const scale = out.width / spec.width;
  let photo: Buffer;
  try {
    photo = await sharp(layers.photo).flatten({ background: '#ffffff' }).resize(out.width, out.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  } catch (err) {
    throw new MockupError('invalid_layer', `the photo layer is not a readable image (${(err as Error).message})`);
  }
  const [shading, highlight, mask, disp] = await Promise.all(
    (['shading', 'highlight', 'mask', 'displacement'] as const).map((n) => (layers[n] ? grey(layers[n]!, out.width, out.height, n) : Promise.resolve(null))),
  );
  let uv = uvMap(scaleArea(spec.print_area, scale), out.width, out.height);
  const k = spec.displacement;
  if (disp && k && (k.x !== 0 || k.y !== 0)) uv = displace(uv, disp, out.width, out.height, k.x * scale, k.y * scale);
  const bytes = photo.length + (shading?.length ?? 0) + (highlight?.length ?? 0) + (mask?.length ?? 0) + uv.u.byteLength * 2;
  return { spec, width: out.width, height: out.height, photo, shading: shading ?? null, highlight: highlight ?? null, mask: mask ?? null, uv, bytes };
}

/** Where the design lies in the print area's (u, v) square: [u0, v0, u1, v1] (may exceed [0, 1] when it covers). */
export function designRect(spec: MockupSpec, designAspect: number): [number, number, number, number] {
  const a = spec.aspect;
  const fit = spec.fit ?? 'contain';
  if (!a || fit === 'fill') return [0, 0, 1, 1];
  const wider = designAspect > a;
  const contain = fit === 'contain';
  // contain: the longer relative side fills the area; cover: the shorter one does
  if (wider === contain) {
    const h = a / designAspect;
    return [0, (1 - h) / 2, 1, (1 + h) / 2];
  }
  const w = designAspect / a;
  return [(1 - w) / 2, 0, (1 + w) / 2, 1];
}

/** The design's pixel size a mockup at this preparation needs (about one design pixel per output pixel). */
export function designPixels(prep: PreparedTemplate, designAspect: number, sizeOfArea: { width: number; height: number }): { width: number; height: number } {
  const scale = prep.width / prep.spec.width;
  const [u0, v0, u1, v1] = designRect(prep.spec, designAspect);
  // the print area's size in output px, stretched over the part of the square the design spans
  const w = (sizeOfArea.width * scale) / Math.max(1e-3, Math.min(1, u1 - u0)) ;
  const h = (sizeOfArea.height * scale) / Math.max(1e-3, Math.min(1, v1 - v0));
  const width = Math.max(8, Math.ceil(Math.max(w, h * designAspect)));
  return { width, height: Math.max(8, Math.round(width / designAspect)) };
}

/**
 * The mockup's pixels (RGB, the prepared size): the design sampled bilinearly through the
 * uv map, its alpha times the mask, multiplied by the shading, screened with the highlight,
 * over the photo. Outside the mask and the print area the photo is left untouched.
 */
export function composite(prep: PreparedTemplate, design: Raster): Buffer {
  const out = Buffer.from(prep.photo);
  const { uv, shading, highlight, mask } = prep;
  const W = prep.width;
  const dw = design.width;
  const dh = design.height;
  const D = design.data;
  const [u0, v0, u1, v1] = designRect(prep.spec, dw / dh);
  const su = dw / (u1 - u0);
  const sv = dh / (v1 - v0);
  const maxX = dw - 1;
  const maxY = dh - 1;
  for (let y = 0; y < uv.h; y++) {
    const oy = uv.y0 + y;
    for (let x = 0; x < uv.w; x++) {
      const u = uv.u[y * uv.w + x]!;
      if (u !== u) continue; // NaN: outside the print area
      const oi = oy * W + uv.x0 + x;
      const m = mask ? mask[oi]! : 255;
      if (m === 0) continue;
      const fx = (u - u0) * su - 0.5;
      const fy = (uv.v[y * uv.w + x]! - v0) * sv - 0.5;
      if (fx < -1 || fy < -1 || fx > dw || fy > dh) continue; // outside a contained design
      // bilinear, edges clamped: four premultiplied samples
      const xf = Math.floor(fx);
      const yf = Math.floor(fy);
      const tx = fx - xf;
      const ty = fy - yf;
      const xa = xf < 0 ? 0 : xf > maxX ? maxX : xf;
      const xb = xf + 1 > maxX ? maxX : xf + 1 < 0 ? 0 : xf + 1;
      const ya = yf < 0 ? 0 : yf > maxY ? maxY : yf;
      const yb = yf + 1 > maxY ? maxY : yf + 1 < 0 ? 0 : yf + 1;
      const i00 = (ya * dw + xa) * 4;
      const i10 = (ya * dw + xb) * 4;
      const i01 = (yb * dw + xa) * 4;
      const i11 = (yb * dw + xb) * 4;
      const w00 = (1 - tx) * (1 - ty);
      const w10 = tx * (1 - ty);
      const w01 = (1 - tx) * ty;
      const w11 = tx * ty;
      let a = D[i00 + 3]! * w00 + D[i10 + 3]! * w10 + D[i01 + 3]! * w01 + D[i11 + 3]! * w11;
      if (a < 0.5) continue;
      let r = D[i00]! * w00 + D[i10]! * w10 + D[i01]! * w01 + D[i11]! * w11;
      let g = D[i00 + 1]! * w00 + D[i10 + 1]! * w10 + D[i01 + 1]! * w01 + D[i11 + 1]! * w11;
      let b = D[i00 + 2]! * w00 + D[i10 + 2]! * w10 + D[i01 + 2]! * w01 + D[i11 + 2]! * w11;
      if (m !== 255) {
        const k = m / 255;
        a *= k;
        r *= k;
        g *= k;
        b *= k;
      }
      if (shading) {
        const s = shading[oi]! / 255;
        r *= s;
        g *= s;
        b *= s;
      }
      if (highlight) {
        // screen on premultiplied colour: c + h·a − c·h
        const h = highlight[oi]! / 255;
        const ha = h * a;
        r = r + ha - r * h;
        g = g + ha - g * h;
        b = b + ha - b * h;
      }
      const o = oi * 3;
      const keep = 1 - a / 255;
      out[o] = r + out[o]! * keep + 0.5;
      out[o + 1] = g + out[o + 1]! * keep + 0.5;
      out[o + 2] = b + out[o + 2]! * keep + 0.5;
    }
  }
  return out;
}

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Encodes RGB pixels; PNG at a fast compression level (previews are written once, read a few times). */
export function encode(rgb: Buffer, width: number, height: number, format: ImageFormat): Promise<Buffer> {
  const img = sharp(rgb, { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') return img.jpeg({ quality: 88, mozjpeg: false }).toBuffer();
  if (format === 'webp') return img.webp({ quality: 85, effort: 2 }).toBuffer();
  return img.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}
