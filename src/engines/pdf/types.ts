/** Public types of the PDF engine. */
import type { FontFaceStyle } from './fonts/font-matching.js';
import type { Edges, DimensionUnit } from './page-geometry.js';
import type { SideMask } from './mask.js';
import type { PdfStandard } from './colour/pdfx.js';
import type { RichBlack } from './colour/black.js';
import type { ImageFilter } from './image-filters.js';

/** How a layer or a background names an image: the Image `url` as the API returned it, or its id. */
export interface ImageRef {
  src?: string;
  imageId?: string;
  /** filters applied to the pixels before embedding (an image layer's `filters`: image-filters.ts) */
  filters?: readonly ImageFilter[];
}

export interface FontQuery {
  /** family as the design names it (case as given) */
  family: string;
  /** CSS weight 1..1000 (normal = 400, bold = 700) */
  weight: number;
  style: FontFaceStyle;
}

export interface FontAsset {
  /** TTF/OTF (WOFF/WOFF2 also parse) bytes of the face chosen for the query */
  bytes: Uint8Array;
  /** weight and style of the face returned, when they differ from the query: bold or italic is then synthesised as browsers do */
  weight?: number;
  style?: FontFaceStyle;
}

/**
 * Where the renderer gets bytes. The HTTP layer implements it over the blob store and the
 * store's registered fonts; tests implement it over fixture files.
 */
export interface AssetResolver {
  /** Bytes of an image. Throw (any error) when it cannot be had: the render fails naming the layer. */
  image(ref: ImageRef): Promise<Uint8Array>;
  /**
   * The face to use for (family, weight, style) among the store's own fonts (pick it with
   * `pickFace`), or null when the store has no such family: the renderer then uses the
   * default fonts (`DEFAULT_FONTS`), and failing those the fallback family with a warning.
   */
  font?(query: FontQuery): Promise<FontAsset | null>;
}

export interface PageBackground {
  /** CSS colour painted over the whole bleed box */
  color?: string | null;
  /** image painted over the bleed box (after the colour) */
  image?: ImageRef | null;
  /** how the image fills the bleed box; default cover (centred, cropped) */
  fit?: 'cover' | 'contain' | 'stretch';
}

/**
 * One printed side = one PDF page. Geometry mirrors the print side (`width`, `height`,
 * `bleed`, `safe_zone`, `dimension_unit`, `dpi`), the rest the design (`layers`,
 * `viewport_width`, `viewport_height`): the viewport is mapped onto the trim box.
 */
export interface PageSpec {
  /** trim size in `dimensionUnit` */
  width: number;
  height: number;
  dimensionUnit: DimensionUnit;
  bleed?: Edges | null;
  safeZone?: Edges | null;
  /** resolution images should reach at their printed size; default 300 */
  dpi?: number | null;
  viewportWidth: number;
  viewportHeight: number;
  background?: PageBackground | null;
  /**
   * the print area's shape (mask.ts): the design is clipped to it grown by the bleed and the
   * outline is stroked as a CutContour die line; null or absent: the trim box
   */
  mask?: SideMask | null;
  /** Fabric.js objects (see validateLayers) */
  layers: unknown[];
  /** shown in warnings (e.g. side name); optional */
  label?: string;
}

export interface RenderOptions {
  /** add a 0.25 in slug around the bleed box with crop marks at the trim corners */
  cropMarks?: boolean;
  /**
   * pictures of the design as cut (mockups): a page with a `mask` is clipped to the mask itself,
   * not grown by the bleed, and has no CutContour die line
   */
  asCut?: boolean;
  /** rgb (default) or cmyk: every colour converted to DeviceCMYK through the output profile (ICC, sharp) */
  colorMode?: 'rgb' | 'cmyk';
  /** none (default for rgb), pdf_x4 (default for cmyk) or pdf_x1a; a PDF/X file is always CMYK */
  pdfStandard?: PdfStandard;
  /** id of an installed CMYK output profile (`installedOutputProfiles()`); default `swop` */
  outputProfile?: string;
  /**
   * `icc` (default): colours and images converted by the engine through the profile.
   * `ghostscript`: the former path (RGB file rewritten by Ghostscript pdfwrite; no PDF/X),
   * kept for comparison in bench/print-cmyk.ts.
   */
  cmykEngine?: 'icc' | 'ghostscript';
  /**
   * CMYK only. 100 K text (any size) and lines or shapes at most 2 pt thin
   * (`BLACK_OVERPRINT_MAX_PT`) overprint the colours under them; default true.
   */
  blackOverprint?: boolean;
  /**
   * CMYK only. Design black (#000) fills whose smaller side is at least 36 pt
   * (`RICH_BLACK_MIN_PT`) print as this C/M/Y/K mix in percent; text and thin lines stay
   * 100 K. Default null: every black is 100 K.
   */
  richBlack?: RichBlack | null;
  /**
   * CMYK only. Placed PDF artwork's neutral RGB and grey colours (black text, rules) are
   * written as K alone before its conversion; true keeps the profile's four-colour mix.
   */
  keepArtworkRichBlack?: boolean;
  /** document title (Info dictionary) */
  title?: string;
  /** limit for the Ghostscript pass; default 120 s */
  ghostscriptTimeoutMs?: number;
  signal?: AbortSignal;
}

export type WarningCode =
  /** an image's effective resolution at its printed size is below the page's dpi */
  | 'LOW_RESOLUTION'
  /** a font family was not found; the fallback family was used */
  | 'FONT_FALLBACK'
  /** characters the chosen font has no glyph for */
  | 'MISSING_GLYPHS'
  /** a property the renderer does not reproduce (shadow, filters, pattern fill, text on path…) */
  | 'UNSUPPORTED_FEATURE'
  /** a text layer reaches outside the safe zone */
  | 'OUTSIDE_SAFE_ZONE'
  /** an SVG uses features with no vector form (filter, mask, text, embedded image…) and is printed as a raster */
  | 'RASTERIZED_ARTWORK'
  /** PDF/X-1a allows no transparency: opacity and alpha were composited onto white paper */
  | 'TRANSPARENCY_FLATTENED';

export interface RenderWarning {
  code: WarningCode;
  /** 0-based page index */
  page: number;
  /** layer path such as `layers[2].objects[0]`, when the warning is about one layer */
  layer?: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface PageBoxesPt {
  mediaBox: [number, number, number, number];
  bleedBox: [number, number, number, number];
  trimBox: [number, number, number, number];
}

export interface RenderResult {
  pdf: Buffer;
  warnings: RenderWarning[];
  /** boxes of each page in PDF points [x0, y0, x1, y1] */
  pages: PageBoxesPt[];
  /** the standard the file follows and the output profile its colours were converted to (CMYK only) */
  pdfStandard: PdfStandard;
  outputProfile: string | null;
}
