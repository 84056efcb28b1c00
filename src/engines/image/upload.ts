import sharp from 'sharp';
import { sniffType, type Sniffed } from '../../platform/fetch/sniff.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool, ToolError, withTempDir } from '../preflight/exec-tool.js';
import { neutralisePdf, UnsafePdf } from '../pdf/untrusted.js';
import { sanitizeSvgIsolated, UnsafeSvg } from './svg-sanitize.js';
import { SvgLimitExceeded, SvgUnreadable } from './svg-limits.js';

/**
 * The one upload pipeline of the catalog: type from the bytes, pixel cap read from the
 * header before any decoding (a decompression bomb is refused, never decoded), SVG
 * sanitised then rasterised for its thumbnails, and the thumbnails made with sharp.
 */
export const RASTER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'image/gif'] as const;
export const ACCEPTED_TYPES = [...RASTER_TYPES, 'image/svg+xml', 'application/pdf'] as const;

export const THUMB_WIDTHS = { small: 150, medium: 600 } as const;
export const DEFAULT_MAX_PIXELS = 100_000_000;

/**
 * `refused_pdf`: a PDF that parses but that Folio will not take (engines/pdf/untrusted.ts says why): 422.
 * `over_limit`: an SVG over one of the limits of svg-limits.ts (the message names it): 422.
 */
export type UploadErrorKind = 'unsupported_type' | 'too_many_pixels' | 'unreadable' | 'refused_pdf' | 'over_limit';

export class UploadRejected extends Error {
  constructor(
    readonly kind: UploadErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejected';
  }
}

export interface Thumbnail {
  body: Buffer;
  width: number;
  height: number;
}

export interface ProcessedUpload {
  mime: string;
  ext: string;
  /** the bytes to store: the original, or the sanitised SVG */
  body: Buffer;
  width: number | null;
  height: number | null;
  thumbnails: { small: Thumbnail | null; medium: Thumbnail | null; custom: Thumbnail | null };
}

export interface UploadOptions {
  customWidth?: number | undefined;
  maxPixels?: number;
  /** restrict to these sniffed types (cliparts: raster + SVG) */
  accept?: readonly string[];
}

/**
 * Thumbnails with one decode of the original: the largest one is resized from the file
 * (JPEG shrink-on-load applies), kept as raw pixels, and the smaller ones come from those.
 */
async function thumbnails(input: Buffer | string, widths: number[], maxPixels: number, density?: number): Promise<Thumbnail[]> {
  const largest = Math.max(...widths);
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, ...(density ? { density } : {}) })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  return Promise.all(
    widths.map(async (w) => {
      const out = await sharp(data, raw).resize({ width: w, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      return { body: out.data, width: out.info.width, height: out.info.height };
    }),
  );
}

export async function processUpload(input: Buffer, opts: UploadOptions = {}): Promise<ProcessedUpload> {
  const sniffed = await sniffType(input);
  checkAccepted(sniffed, opts.accept ?? ACCEPTED_TYPES);
  const body = sniffed.mime === 'image/svg+xml' ? await sanitizeUploadedSvg(input) : input;
  return { mime: sniffed.mime, ext: sniffed.ext, body, ...(await describeUpload(body, sniffed.mime, opts)) };
}

/** 415 material unless the sniffed type is one of `accept`. */
export function checkAccepted(sniffed: Sniffed | null, accept: readonly string[]): asserts sniffed is Sniffed {
  if (!sniffed || !accept.includes(sniffed.mime)) {
    throw new UploadRejected('unsupported_type', `Unsupported file type${sniffed ? ` ${sniffed.mime}` : ''}; accepted: ${accept.join(', ')}`);
  }
}

/** The SVG sanitised off the serving thread, its limits checked before any DOM is built. */
export async function sanitizeUploadedSvg(input: Buffer): Promise<Buffer> {
  try {
    return await sanitizeSvgIsolated(input);
  } catch (err) {
    if (err instanceof UnsafeSvg) throw new UploadRejected('unsupported_type', 'The SVG has no safe content');
    if (err instanceof SvgLimitExceeded) throw new UploadRejected('over_limit', err.message);
    if (err instanceof SvgUnreadable) throw new UploadRejected('unreadable', 'The SVG cannot be read');
    throw err;
  }
}

/**
 * The pixel count a file's first bytes declare, when they hold the whole header (PNG, GIF,
 * TIFF, and JPEG whose frame header comes early; null otherwise): lets an upload that is a
 * decompression bomb be refused before its bytes are even stored. Reads the header only.
 */
export async function headerPixels(head: Buffer): Promise<number | null> {
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? meta.width * meta.height : null;
  } catch {
    return null;
  }
}

export function tooManyPixels(pixels: number, maxPixels: number): UploadRejected {
  return new UploadRejected('too_many_pixels', `The image has ${pixels} pixels; at most ${maxPixels} are accepted`);
}

/**
 * Width, height and thumbnails of an accepted upload, from its bytes or (for a large one)
 * from a file: the header is read first and the pixel cap applied before anything is decoded.
 */
export async function describeUpload(input: Buffer | string, mime: string, opts: UploadOptions = {}): Promise<Omit<ProcessedUpload, 'mime' | 'ext' | 'body'>> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (mime === 'application/pdf') return processPdf(input, opts, maxPixels);
  let meta: sharp.Metadata;
  try {
    // metadata() reads the header only: the pixel count is known before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejected('unreadable', 'The image cannot be read');
  }
  const width = meta.autoOrient?.width ?? meta.width ?? null;
  const height = meta.autoOrient?.height ?? meta.height ?? null;
  if (!width || !height) throw new UploadRejected('unreadable', 'The image has no dimensions');
  if (width * height > maxPixels) throw tooManyPixels(width * height, maxPixels);
  const density = mime === 'image/svg+xml' ? 144 : undefined;
  try {
    const widths = [THUMB_WIDTHS.small, THUMB_WIDTHS.medium, ...(opts.customWidth ? [opts.customWidth] : [])];
    const [small, medium, custom] = await thumbnails(input, widths, maxPixels, density);
    return { width, height, thumbnails: { small: small!, medium: medium!, custom: custom ?? null } };
  } catch (err) {
    if (err instanceof UploadRejected) throw err;
    throw new UploadRejected('unreadable', 'The image cannot be decoded');
  }
}

/**
 * A PDF is stored as given, once it passed `neutralisePdf` (in a sandbox thread): a cyclic or
 * damaged page tree, too many objects, too deep nesting, encryption or an external stream is
 * refused (422, the reason named); a file pdf-lib cannot parse is unreadable (400). Poppler
 * then sees only the neutralised copy, never the upload: its first page, rendered by
 * pdftoppm no larger than 2000 px, gives the thumbnails, and width/height are that page's size
 * in points. A PDF poppler cannot render is refused; without poppler installed the PDF is
 * kept unthumbnailed. The renderer neutralises the stored file again before each use.
 */
async function processPdf(input: Buffer | string, opts: UploadOptions, maxPixels: number): Promise<Omit<ProcessedUpload, 'mime' | 'ext' | 'body'>> {
  const none: Omit<ProcessedUpload, 'mime' | 'ext' | 'body'> = { width: null, height: null, thumbnails: { small: null, medium: null, custom: null } };
  let safe: Uint8Array;
  try {
    const checked = await neutralisePdf(typeof input === 'string' ? await readFile(input) : input);
    safe = checked.bytes;
    if (checked.width > 0 && checked.height > 0) Object.assign(none, { width: Math.round(checked.width), height: Math.round(checked.height) });
  } catch (err) {
    if (!(err instanceof UnsafePdf)) throw err;
    if (err.code === 'pdf_unreadable') throw new UploadRejected('unreadable', 'The PDF cannot be read');
    throw new UploadRejected('refused_pdf', `The PDF is refused: ${err.message}`);
  }
  try {
    return await withTempDir('folio-pdf', async (dir) => {
      const file = path.join(dir, 'in.pdf');
      await writeFile(file, safe);
      const info = await runTool('pdfinfo', ['-f', '1', '-l', '1', file], { timeoutMs: 20_000, dir });
      const size = /Page\s+1 size:\s+([\d.]+) x ([\d.]+) pts/.exec(info.stdout);
      await runTool('pdftoppm', ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', '2000', file, path.join(dir, 'page')], { timeoutMs: 30_000, dir });
      const page = path.join(dir, 'page.png');
      const widths = [THUMB_WIDTHS.small, THUMB_WIDTHS.medium, ...(opts.customWidth ? [opts.customWidth] : [])];
      const [small, medium, custom] = await thumbnails(page, widths, maxPixels);
      return {
        ...none,
        width: size ? Math.round(Number(size[1])) : null,
        height: size ? Math.round(Number(size[2])) : null,
        thumbnails: { small: small!, medium: medium!, custom: custom ?? null },
      };
    });
  } catch (err) {
    if (err instanceof ToolError && err.exitCode === null && !err.timedOut) return none; // poppler not installed
    throw new UploadRejected('unreadable', 'The PDF cannot be read');
  }
}

export interface InspectedRaster extends Sniffed {
  width: number;
  height: number;
}

/**
 * A raster upload checked as far as it can be before paid work starts on it (studio face
 * crop and job files): its type from the bytes (one of `accept`, default RASTER_TYPES), its
 * pixel count from the header against the cap (nothing decoded when over it), then its pixels
 * decoded as the engines decode them (`failOn: 'error'`), shrunk on load to at most 256 px a
 * side where the format allows, to prove the file is whole. Throws UploadRejected.
 */
export async function inspectRaster(input: Buffer, opts: { accept?: readonly string[]; maxPixels?: number } = {}): Promise<InspectedRaster> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const sniffed = await sniffType(input);
  checkAccepted(sniffed, opts.accept ?? RASTER_TYPES);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejected('unreadable', 'The image cannot be read');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new UploadRejected('unreadable', 'The image has no dimensions');
  if (width * height > maxPixels) throw tooManyPixels(width * height, maxPixels);
  try {
    await sharp(input, { failOn: 'error', limitInputPixels: maxPixels }).resize(256, 256, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer();
  } catch {
    throw new UploadRejected('unreadable', 'The image cannot be decoded (a damaged or cut-short file)');
  }
  return { mime: sniffed.mime, ext: sniffed.ext, width, height };
}
