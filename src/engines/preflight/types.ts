/**
 * Vocabulary of the preflight engine: the file types it reads, the product types of the
 * DPI score, the issue codes and fix types of the report (interface.md § Preflight,
 * decisions.md § Preflight and AI fix jobs). Values are spelled exactly as the API spells them.
 */

export const FILE_TYPES = ['jpeg', 'png', 'tiff', 'pdf'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export type RasterFileType = Exclude<FileType, 'pdf'>;

export const PRODUCT_TYPES = [
  'photo_on_canvas',
  'poster',
  'wallpaper',
  'framed_print',
  'wrapping_paper',
  'stock_canvas',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const ISSUE_CODES = [
  'LOW_RESOLUTION',
  'MISSING_BLEED',
  'RGB_COLOR_MODE',
  'TRANSPARENCY',
  'FONTS_NOT_EMBEDDED',
  'SIZE_MISMATCH',
  'ASPECT_MISMATCH',
  'UNREADABLE_FILE',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export type Severity = 'error' | 'warning';

export const FIX_TYPES = [
  'upscale_resolution_2x',
  'upscale_resolution_4x',
  'add_bleed',
  'remove_transparency',
  'sharpen_edges',
  'resize_to_spec',
  'convert_color_mode',
  'full_prepress',
] as const;
export type FixType = (typeof FIX_TYPES)[number];

export type PreflightStatus = 'passed' | 'warnings' | 'failed';

/** `productProfile` of a check request; every field optional. */
export interface ProductProfile {
  /** minimum effective resolution, pixels per inch of the printed product */
  requiredDpi?: number;
  /** `cmyk` is the value the checks act on (case-insensitive); others are accepted and ignored */
  requiredColorMode?: string;
  /** bleed required on every side, millimetres */
  bleedMm?: number;
}

/** What a file is checked against: the body of `POST /services/preflight/checks` minus designId/fileUrl. */
export interface PreflightSpec {
  /** declared type; the content decides, a contradicting declaration is reported in `notes` */
  fileType?: FileType;
  productProfile?: ProductProfile;
  /** trim size of the product, inches; give both or neither */
  canvasWidthInches?: number;
  canvasHeightInches?: number;
  productType?: ProductType;
}

/**
 * One finding. `details` is plain JSON: the page (PDF, 1-based) or image it concerns and the
 * measured and required values, so a client can explain it without re-deriving anything.
 */
export interface PreflightIssue {
  code: IssueCode;
  severity: Severity;
  message: string;
  /** the fix type that repairs it, or null when no fix job can */
  fixType: FixType | null;
  details: Record<string, unknown>;
}

export interface RasterSummary {
  kind: 'raster';
  widthPx: number;
  heightPx: number;
  /** libvips colour space name: srgb, cmyk, b-w, rgb16, grey16, … */
  colorSpace: string;
  channels: number;
  hasAlpha: boolean;
  /** resolution the file records, when it records one that is not a placeholder (72/96) */
  declaredPpi: number | null;
  /** effective resolution on the product, when it can be known */
  effectivePpi: number | null;
  /** whether the pixels are taken to cover trim + bleed rather than the trim only */
  includesBleed: boolean;
}

export interface PdfPageSummary {
  page: number;
  /** trim size after /Rotate, points */
  trimWidthPt: number;
  trimHeightPt: number;
  /** where the trim came from: an explicit TrimBox, the canvas centred on a page that includes bleed, or the page itself */
  trimSource: 'TrimBox' | 'canvas' | 'page';
  /** smallest bleed on any side, millimetres */
  bleedMm: number;
}

export interface PdfSummary {
  kind: 'pdf';
  pages: number;
  pageInfo: PdfPageSummary[];
  images: number;
}

export interface AnalysisResult {
  /** the type that was analysed (the content's), or the declared one / null when the content is not readable */
  fileType: FileType | null;
  status: PreflightStatus;
  issues: PreflightIssue[];
  /** facts worth telling the caller that are not issues (e.g. the declared type was wrong) */
  notes: string[];
  summary: RasterSummary | PdfSummary | null;
}

/** A spec the engine cannot work with (non-positive sizes, half a canvas, unknown product type). */
export class PreflightSpecError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PreflightSpecError';
  }
}
