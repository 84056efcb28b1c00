/**
 * Mockup engine. Pure: template spec + layer images + a design page in, image bytes out.
 *
 *   const page = await renderDesignPage(pageSpec, assets);           // the print engine's PDF (RGB, no marks)
 *   const prep = await prepareTemplate(spec, layers, 1000);          // layers scaled, uv map built (cache it)
 *   const raster = await designRaster(page, designPixels(prep, aspect, printAreaSize(spec.print_area)).width);
 *   const rgb = composite(prep, raster);                              // warp + mask + multiply + screen over the photo
 *   const png = await encode(rgb, prep.width, prep.height, 'png');
 *
 * See docs/mockups.md for the template format.
 */
export { checkSpec, printAreaBounds, printAreaSize, LAYER_NAMES, MAX_TEMPLATE_SIDE, MAX_MESH_CELLS } from './template.js';
export type { MockupSpec, PrintArea, Point, Fit, LayerName, SpecIssue } from './template.js';
export { squareToQuad, invert3, project, uvMap, scaleArea, displace } from './warp.js';
export type { UvMap } from './warp.js';
export { prepareTemplate, composite, encode, designRect, designPixels, outputSize, MockupError, CONTENT_TYPES } from './composite.js';
export type { PreparedTemplate, Raster, TemplateLayers, ImageFormat } from './composite.js';
export { renderDesignPage, designRaster, rasterImage, RasterError } from './rasterize.js';
export type { DesignPage, PtBox } from './rasterize.js';
export { renderProof, LINE_STYLE, MAX_PROOF_SIDE } from './proof.js';
export type { ProofLine, ProofOptions } from './proof.js';
export { LruCache } from './cache.js';
export { MockupRenderer } from './renderer.js';
export type { MockupTemplateInput, MockupDesignInput, MockupImage } from './renderer.js';
