import type { AssetResolver, PageSpec } from '../pdf/index.js';
import { LruCache } from './cache.js';
import { composite, designPixels, encode, prepareTemplate, type ImageFormat, type PreparedTemplate, type Raster, type TemplateLayers } from './composite.js';
import { renderProof, type ProofLine } from './proof.js';
import { designRaster, renderDesignPage, type DesignPage } from './rasterize.js';
import { printAreaSize, type MockupSpec } from './template.js';

export interface MockupTemplateInput {
  /** changes whenever the template does (id + updated_at) */
  key: string;
  spec: MockupSpec;
  layers: () => Promise<TemplateLayers>;
}

export interface MockupDesignInput {
  /** changes whenever the design does (id + updated_at) */
  key: string;
  page: PageSpec;
  assets: AssetResolver;
}

export interface MockupImage {
  image: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
  /** where the time went (ms) */
  timings: { page: number; raster: number; template: number; composite: number; encode: number };
}

/** Largest design raster a mockup asks for (px on the long side). */
const MAX_DESIGN_PX = 4000;

/**
 * Renders mockups and proofs with caches, so a live preview re-pays only what changed: a
 * design edit re-renders the design's page and raster; a new template size re-prepares the template.
 */
export class MockupRenderer {
  readonly pages: LruCache<DesignPage>;
  readonly rasters: LruCache<Raster>;
  readonly templates: LruCache<PreparedTemplate>;

  constructor(opts: { cacheBytes?: number } = {}) {
    const budget = opts.cacheBytes ?? 256 * 1024 * 1024;
    this.pages = new LruCache(budget / 8, (p) => p.pdf.length + 1024);
    this.rasters = new LruCache(budget / 2, (r) => r.data.length + 256);
    this.templates = new LruCache((budget * 3) / 8, (t) => t.bytes);
  }

  page(design: MockupDesignInput): Promise<DesignPage> {
    return this.pages.get(design.key, () => renderDesignPage(design.page, design.assets));
  }

  async mockup(template: MockupTemplateInput, design: MockupDesignInput, width: number, format: ImageFormat): Promise<MockupImage> {
    const t0 = performance.now();
    const [prep, page] = await Promise.all([
      this.templates.get(`${template.key}:${width}`, async () => prepareTemplate(template.spec, await template.layers(), width)),
      this.page(design),
    ]);
    const t1 = performance.now();
    const aspect = page.trim.width / page.trim.height;
    const need = designPixels(prep, aspect, printAreaSize(template.spec.print_area));
    // rasters come in steps of 64 px, so nearby sizes share one
    // the long side within MAX_DESIGN_PX (a very tall or wide page), at least 1 px across
    const px = Math.max(1, Math.min(Math.floor(MAX_DESIGN_PX * Math.min(1, aspect)), Math.ceil(need.width / 64) * 64));
    const raster = await this.rasters.get(`${design.key}:${px}`, () => designRaster(page, px));
    const t2 = performance.now();
    const rgb = composite(prep, raster);
    const t3 = performance.now();
    const image = await encode(rgb, prep.width, prep.height, format);
    const t4 = performance.now();
    return { image, width: prep.width, height: prep.height, format, timings: { page: t1 - t0, raster: t2 - t1, template: 0, composite: t3 - t2, encode: t4 - t3 } };
  }

  async proof(design: MockupDesignInput, o: { width: number; lines: readonly ProofLine[]; watermark?: string | null; format: ImageFormat }) {
    return renderProof(await this.page(design), o);
  }
}
