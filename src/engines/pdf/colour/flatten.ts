/**
 * PDF/X-1a transparency flattening, as a PDF/X-4 RIP would composite it. The page is drawn
 * exactly as for PDF/X-4 (live transparency) and kept as per-layer segments (PageSegment).
 * A layer is transparent when anything it draws uses transparency (an alpha, a soft mask, a
 * blend mode, a transparency group — inside placed PDF and SVG artwork too: pdf-graph.ts).
 * The bounds of the transparent layers, merged where they overlap and snapped to the pixel
 * grid, are the regions: Ghostscript renders each region of the page drawn up to the topmost
 * transparent layer to CMYK (tiff32nc, the output profile as source and output profile, so
 * DeviceCMYK passes through and blending happens in CMYK). The page then draws the opaque
 * layers below as vectors, each region as an opaque DeviceCMYK image exactly on it, and the
 * layers above as vectors: text and vectors outside the regions stay vector. What the page no
 * longer draws (the transparent layers' resources) is removed from the file.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflate as deflateCb } from 'node:zlib';
import type { PDFDocument, PDFObject, PDFPage } from 'pdf-lib';
import { PDFArray, PDFContext, PDFDict, PDFName, PDFRef, PDFStream, PDFWriter } from 'pdf-lib';
import sharp from 'sharp';
import { runGhostscript } from '../../prepress/ghostscript.js';
import { num } from '../content.js';
import type { Box, Matrix } from '../geometry.js';
import { boxesIntersect, invert, multiply, unionBox } from '../geometry.js';
import type { PageSegment } from '../page-renderer.js';
import type { OutputProfile } from './output-profiles.js';
import { dropUnreachable, namedResources, pruneResources, resourceIdentity, usesTransparency } from './pdf-graph.js';

const deflate = promisify(deflateCb);

/** Resolution of the composited regions: at least this… */
export const FLATTEN_MIN_PPI = 300;
/** …at most this, whatever the side's dpi… */
export const FLATTEN_MAX_PPI = 1200;
/** …and lowered so that one page's regions stay within this many pixels. */
export const MAX_FLATTEN_PIXELS = 60_000_000;
/** Pixels one Ghostscript run renders at most (one scratch page more when a page alone is larger). */
export const BATCH_PIXELS = 16_000_000;

export interface FlattenPage {
  page: PDFPage;
  /** the page's content per layer, colours final */
  segments: PageSegment[];
  /** the bleed box: nothing is painted outside it */
  clip: Box;
  /** the MediaBox: a RIP's pixel grid starts at its top left corner, and so do the regions' */
  media: Box;
  /** the side's print resolution (dpi) */
  dpi: number;
}

export interface FlattenReport {
  /** index into the pages given */
  page: number;
  /** the transparent layers (`background`, `layers[i]`) */
  layers: string[];
  ppi: number;
  /** the resolution asked for, when the pixel cap lowered it */
  requestedPpi?: number;
  regions: number;
}

export interface FlattenOptions {
  profile: OutputProfile;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** awaited between pages: a document of thousands of pages (a merge) gives the event loop back */
  turn?: () => Promise<void>;
}

interface Plan {
  index: number;
  fp: FlattenPage;
  transparent: boolean[];
  top: number;
  regions: Box[];
  ppi: number;
  requestedPpi: number;
}

/**
 * Boxes cut to `clip`, grown to whole pixels at `ppi` (the grid starting at the top left
 * corner of `media`, as a RIP's does), overlapping ones merged.
 */
export function snapRegions(boxes: readonly Box[], clip: Box, media: Box, ppi: number): Box[] {
  const step = 72 / ppi;
  const top = media.y + media.height;
  const snap = (b: Box): Box => {
    const x0 = media.x + Math.floor((b.x - media.x) / step + 1e-6) * step;
    const x1 = media.x + Math.ceil((b.x + b.width - media.x) / step - 1e-6) * step;
    const y1 = top - Math.floor((top - b.y - b.height) / step + 1e-6) * step;
    const y0 = top - Math.ceil((top - b.y) / step - 1e-6) * step;
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  };
  let out = boxes
    .map((b) => intersect(b, clip))
    .filter((b): b is Box => b !== undefined)
    .map(snap);
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        if (boxesIntersect(out[i]!, out[j]!)) {
          out = [...out.filter((_, k) => k !== i && k !== j), unionBox(out[i]!, out[j]!)];
          merged = true;
        }
      }
    }
  }
  return out;
}

function intersect(a: Box, b: Box): Box | undefined {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.width, b.x + b.width) - x;
  const h = Math.min(a.y + a.height, b.y + b.height) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : undefined;
}

function plan(doc: PDFDocument, fp: FlattenPage, index: number, memo: Map<PDFObject, boolean>): Plan | undefined {
  const ctx = doc.context;
  const res = fp.page.node.Resources()!;
  // (a merge's pages name the same forms: each is walked once)
  const uses = (o: PDFObject): boolean => {
    let t = memo.get(o);
    if (t === undefined) memo.set(o, (t = usesTransparency(ctx, o)));
    return t;
  };
  const transparent = fp.segments.map((s) => s.layer !== undefined && namedResources(ctx, res, s.content).some(uses));
  const top = transparent.lastIndexOf(true);
  if (top < 0) return undefined;
  const boxes = fp.segments.filter((_, i) => transparent[i]).map((s) => s.box ?? fp.clip);
  const requestedPpi = Math.min(FLATTEN_MAX_PPI, Math.max(FLATTEN_MIN_PPI, Math.round(fp.dpi)));
  let ppi = requestedPpi;
  let regions = snapRegions(boxes, fp.clip, fp.media, ppi);
  const area = (rs: Box[]): number => rs.reduce((a, r) => a + r.width * r.height, 0);
  if (area(regions) * (ppi / 72) ** 2 > MAX_FLATTEN_PIXELS) {
    ppi = Math.max(1, Math.floor(72 * Math.sqrt(MAX_FLATTEN_PIXELS / area(regions))));
    regions = snapRegions(boxes, fp.clip, fp.media, ppi);
  }
  return { index, fp, transparent, top, regions, ppi, requestedPpi };
}

/**
 * A PDF of the scratch pages alone, sharing the document's objects (same numbers) but holding
 * only what those pages reach: the rest of the document (photos of other pages, say) is
 * neither written again nor read by Ghostscript.
 */
async function scratchPdf(from: PDFContext, pages: { resources: PDFDict; content: string; regions: Box[] }[]): Promise<Uint8Array> {
  const ctx = PDFContext.create();
  const stack: PDFObject[] = pages.map((p) => p.resources);
  const seen = new Set<string>();
  while (stack.length) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      if (seen.has(o.tag)) continue;
      seen.add(o.tag);
      const target = from.lookup(o);
      if (!target) continue;
      ctx.assign(o, target);
      stack.push(target);
    } else if (o instanceof PDFArray) stack.push(...o.asArray());
    else if (o instanceof PDFDict || o instanceof PDFStream) stack.push(...(o instanceof PDFStream ? o.dict : o).values());
  }
  const tree = ctx.nextRef();
  const kids: PDFRef[] = [];
  for (const p of pages) {
    const contents = ctx.register(ctx.flateStream(p.content));
    for (const r of p.regions) {
      kids.push(ctx.register(ctx.obj({ Type: 'Page', Parent: tree, MediaBox: [r.x, r.y, r.x + r.width, r.y + r.height], Resources: p.resources, Contents: contents })));
    }
  }
  ctx.assign(tree, ctx.obj({ Type: 'Pages', Kids: kids, Count: kids.length }));
  ctx.trailerInfo.Root = ctx.register(ctx.obj({ Type: 'Catalog', Pages: tree }));
  return PDFWriter.forContext(ctx, Infinity).serializeToBuffer();
}

const join = (segments: readonly PageSegment[]): string => segments.map((s) => s.content).join('\n');

/**
 * What a region's raster depends on, hashed: its place and resolution, and every segment the
 * scratch page draws that can paint in it (furniture, and the layers up to the topmost
 * transparent one whose bounds come within a pixel of it), with the objects their names
 * resolve to. Regions with one key share one raster: a merge's static panel is composited once
 * for every record. Undefined: not shareable.
 */
function regionKey(ctx: PDFContext, p: Plan, region: Box): string | undefined {
  const res = p.fp.page.node.Resources()!;
  const px = 72 / p.ppi;
  const near: Box = { x: region.x - px, y: region.y - px, width: region.width + 2 * px, height: region.height + 2 * px };
  const h = createHash('sha1').update(`${p.ppi}|${[region.x, region.y, region.width, region.height].map(num).join(' ')}`);
  for (const [i, s] of p.fp.segments.entries()) {
    if (s.layer !== undefined && (i > p.top || (s.box && !boxesIntersect(s.box, near)))) continue;
    const names = resourceIdentity(ctx, res, s.content);
    if (names === undefined) return undefined;
    h.update(`\0${s.content}\0${names}`);
  }
  return h.digest('hex');
}

/**
 * Flattens every page that has transparent layers (the others get their content as it is).
 * Call once every resource is embedded and each page's Resources is set; returns what was
 * flattened where, for the TRANSPARENCY_FLATTENED warning. Regions that draw the same (same
 * place, same content, same objects: a merge's static layers) are rendered once and their
 * image placed on every page.
 */
export async function flattenTransparency(doc: PDFDocument, pages: readonly FlattenPage[], o: FlattenOptions): Promise<FlattenReport[]> {
  const ctx = doc.context;
  const setContent = (page: PDFPage, content: string): void => page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream(content)));
  const plans: Plan[] = [];
  const memo = new Map<PDFObject, boolean>();
  for (const [i, fp] of pages.entries()) {
    await o.turn?.();
    const p = plan(doc, fp, i, memo);
    if (p) plans.push(p);
    else setContent(fp.page, join(fp.segments));
  }
  if (plans.length === 0) return [];

  // one scratch page per distinct region: the page drawn up to its topmost transparent layer, its MediaBox the region
  const scratch: { plan: Plan; region: Box }[] = [];
  const placements = new Map<Plan, { region: Box; raster: number }[]>();
  const byKey = new Map<string, number>();
  for (const p of plans) {
    const placed = p.regions.map((region) => {
      const key = regionKey(ctx, p, region);
      let raster = key === undefined ? undefined : byKey.get(key);
      if (raster === undefined) {
        raster = scratch.push({ plan: p, region }) - 1;
        if (key !== undefined) byKey.set(key, raster);
      }
      return { region, raster };
    });
    placements.set(p, placed);
  }
  const groups: { plan: Plan; regions: Box[] }[] = [];
  for (const s of scratch) {
    const last = groups[groups.length - 1];
    if (last?.plan === s.plan) last.regions.push(s.region);
    else groups.push({ plan: s.plan, regions: [s.region] });
  }
  // (a transparent layer wholly outside the bleed box leaves its page without regions)
  const bytes = scratch.length === 0 ? new Uint8Array(0) : await scratchPdf(ctx, groups.map((g) => ({
    resources: g.plan.fp.page.node.Resources()!,
    content: join(g.plan.fp.segments.filter((s, i) => i <= g.plan.top || s.layer === undefined)),
    regions: g.regions,
  })));

  // Ghostscript renders the scratch pages of one resolution (usually one) in runs of at most
  // BATCH_PIXELS (a merge's thousands of per-record regions are not one TIFF in memory, nor one
  // run past its timeout); each raster becomes an opaque CMYK image
  const images = new Map<number, PDFRef>();
  for (const ppi of new Set(plans.map((p) => p.ppi))) {
    const idx = scratch.map((s, i) => (s.plan.ppi === ppi ? i : -1)).filter((i) => i >= 0);
    const batches: number[][] = [];
    let pixels = Infinity;
    for (const i of idx) {
      const r = scratch[i]!.region;
      const px = Math.ceil((r.width * ppi) / 72) * Math.ceil((r.height * ppi) / 72);
      if (pixels + px > BATCH_PIXELS) {
        batches.push([]);
        pixels = 0;
      }
      batches[batches.length - 1]!.push(i);
      pixels += px;
    }
    for (const batch of batches) {
      const first = batch[0]!;
      const last = batch[batch.length - 1]!;
      const tiff = await runGhostscript([
        '-sDEVICE=tiff32nc',
        `-r${ppi}`,
        `-dFirstPage=${first + 1}`,
        `-dLastPage=${last + 1}`,
        `-sDefaultCMYKProfile=${o.profile.path}`,
        `-sOutputICCProfile=${o.profile.path}`,
      ], bytes, { outputExt: '.tif', ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}), ...(o.signal ? { signal: o.signal } : {}) });
      for (const i of batch) {
        const { data, info } = await sharp(tiff, { page: i - first, limitInputPixels: false })
          .pipelineColourspace('cmyk').toColourspace('cmyk').raw().toBuffer({ resolveWithObject: true });
        images.set(i, ctx.register(ctx.stream(await deflate(data), {
          Type: 'XObject', Subtype: 'Image', Width: info.width, Height: info.height, ColorSpace: 'DeviceCMYK', BitsPerComponent: 8, Filter: 'FlateDecode',
        })));
      }
      o.signal?.throwIfAborted();
    }
  }

  // the pages: opaque layers below as vectors, the regions as opaque CMYK images, the layers above as vectors
  let n = 0;
  const reports: FlattenReport[] = [];
  for (const p of plans) {
    await o.turn?.();
    const res = p.fp.page.node.Resources()!;
    const xobjects = (res.lookup(PDFName.of('XObject')) as PDFDict | undefined) ?? ctx.obj({});
    res.set(PDFName.of('XObject'), xobjects);
    const toTop = invert(p.fp.segments[p.top]!.ctm ?? [1, 0, 0, 1, 0, 0]);
    const placed = placements.get(p)!.map(({ region, raster }) => {
      const name = `Fx${++n}`;
      xobjects.set(PDFName.of(name), images.get(raster)!);
      const m: Matrix = multiply(toTop, [region.width, 0, 0, region.height, region.x, region.y]);
      return `q ${m.map(num).join(' ')} cm /${name} Do Q`;
    });
    const parts: string[] = [];
    p.fp.segments.forEach((s, i) => {
      if (!(i <= p.top && p.transparent[i])) parts.push(s.content);
      if (i === p.top) parts.push(...placed);
    });
    const content = parts.join('\n');
    pruneResources(ctx, res, content);
    setContent(p.fp.page, content);
    const layers = p.fp.segments.filter((_, i) => p.transparent[i]).map((s) => s.layer!);
    reports.push({ page: p.index, layers, ppi: p.ppi, ...(p.ppi < p.requestedPpi ? { requestedPpi: p.requestedPpi } : {}), regions: p.regions.length });
  }
  dropUnreachable(ctx);
  return reports;
}
