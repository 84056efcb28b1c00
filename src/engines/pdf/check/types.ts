/**
 * What the self-check (verifyPrintFile) finds in a finished print file. Codes are stable API:
 * a failed print or merge job names one in its error (docs/print-files.md § Self-check).
 */
import type { PdfStandard } from '../colour/pdfx.js';

export const VIOLATION_CODES = [
  'pdfx_output_intent',
  'page_boxes',
  'pdfx_rgb_colour',
  'pdfx_transparency',
  'font_not_embedded',
  'missing_glyphs',
  'ink_limit_exceeded',
] as const;

export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface Violation {
  code: ViolationCode;
  /** zip output: the archive entry (one record's PDF) */
  file?: string;
  /** 0-based page index (as in render warnings); absent for the document's own structure */
  page?: number;
  /** the top-level layer whose content it is (`layers[3]`), read from the file's marked content */
  layer?: string;
  message: string;
  details?: Record<string, string | number | boolean | null>;
}

export interface VerifyOptions {
  /** the standard the file declares; a PDF/X standard implies CMYK */
  standard: PdfStandard;
  colorMode: 'rgb' | 'cmyk';
  /** output profile id (OUTPUT_PROFILES), for the ink limit; default `swop` */
  profile?: string;
  /** overrides the profile's limit (percent) */
  maxInk?: number;
  /** the job allows characters no font has (`allow_missing_glyphs`): .notdef glyphs are no violation */
  allowMissingGlyphs?: boolean;
}

export interface VerifyResult {
  violations: Violation[];
  /** pages read */
  pages: number;
  /** images whose ink could not be measured (an encoding the check does not decode) */
  unmeasuredImages: number;
}

/** What the checks enforce, derived from the options once. */
export interface Rules {
  cmyk: boolean;
  noTransparency: boolean;
  pdfx: boolean;
  /** percent, when ink is checked */
  maxInk: number | null;
  /** whether text showing glyph 0 (.notdef) is a violation */
  glyphs: boolean;
}

/** Points of slack when comparing boxes (the writer rounds to 1/1000 pt). */
export const BOX_TOLERANCE_PT = 0.01;
/** Percent of slack over the ink limit for vector colours (the profile transform rounds). */
export const VECTOR_INK_TOLERANCE = 0.5;
/**
 * Percent of slack over the ink limit for images, whose coverage is measured as the mean over
 * 4 × 4-pixel areas (image-facts.ts INK_AREA_PX): what is left of JPEG ringing after that.
 */
export const IMAGE_INK_TOLERANCE = 3;
