/**
 * Print-ready PDF engine. Pure: pages + an asset resolver in, PDF bytes + warnings out.
 *
 *   const { pdf, warnings } = await renderPdf(pages, assets, { cropMarks: true, colorMode: 'cmyk' });
 *
 * The HTTP layer maps a print side + design onto a PageSpec (width, height, bleed,
 * safe_zone, dimension_unit, dpi from the side; layers, viewport_width, viewport_height from
 * the design), implements AssetResolver over the blob store and the store's fonts, and uses
 * validateLayers to answer 400 before queueing a job. See README.md beside this file.
 */
export { renderPdf, checkPageSpecs } from './render.js';
export { validateLayers, checkLayers, normalizeLayerType, LAYER_TYPES, LAYER_LIMITS } from './layers.js';
export type { Layer, LayerType } from './layers.js';
export { LayerValidationError, AssetError, PageSpecError, redactLinks } from './errors.js';
export { artworkProblem } from './images.js';
export { missingGlyphsProblem } from './missing-glyphs.js';
export type { LayerIssue } from './errors.js';
export { DEFAULT_FONTS, FALLBACK_FONT_FAMILY, matchDefaultFont, findDefaultFamily, defaultFontPath, readDefaultFont } from './fonts/default-fonts.js';
export type { DefaultFontFamily, DefaultFontFace, DefaultFontMatch } from './fonts/default-fonts.js';
export { pickFace, parseFontWeight, parseFontStyle } from './fonts/font-matching.js';
export type { FontFaceStyle } from './fonts/font-matching.js';
export { POINTS_PER_UNIT, CROP_MARK_SLUG_PT, pageBoxes } from './page-geometry.js';
export type { DimensionUnit, Edges } from './page-geometry.js';
export { DEFAULT_DPI } from './page-renderer.js';
export { OUTPUT_PROFILES, DEFAULT_OUTPUT_PROFILE_ID, installedOutputProfiles, findOutputProfile, outputProfileProblem } from './colour/output-profiles.js';
export type { OutputProfile } from './colour/output-profiles.js';
export { BLACK_OVERPRINT_MAX_PT, RICH_BLACK_MIN_PT, type RichBlack } from './colour/black.js';
export { PDF_STANDARDS, PDFX_VERSION } from './colour/pdfx.js';
export type { PdfStandard } from './colour/pdfx.js';
export { verifyPrintFile, verifyPrintFileSandboxed, SelfCheckUnavailable, VIOLATION_CODES } from './check/index.js';
export type { Violation, ViolationCode, VerifyOptions, VerifyResult } from './check/index.js';
export { proofPass, proofPdfwriteArgs, type ProofPassOptions } from './proof-pass.js';
export { GhostscriptError, runGhostscript, convertPdfToCmyk, CMYK_PDFWRITE_ARGS } from '../prepress/ghostscript.js';
export type { GhostscriptOptions, GhostscriptErrorCode } from '../prepress/ghostscript.js';
export type {
  AssetResolver,
  FontAsset,
  FontQuery,
  ImageRef,
  PageBackground,
  PageBoxesPt,
  PageSpec,
  RenderOptions,
  RenderResult,
  RenderWarning,
  WarningCode,
} from './types.js';
