import type { PageBoxesPt, RenderWarning, RichBlack } from '../../engines/pdf/index.js';
import { jobKind } from '../../platform/queue/registry.js';
import { QUEUED_FLOW } from '../jobs/flows.js';

export type ColorMode = 'rgb' | 'cmyk';
export type PdfStandard = 'none' | 'pdf_x4' | 'pdf_x1a';

export interface PdfPayload {
  /** the design rendered (POST /designs/{id}/pdf), else null */
  design_id: string | null;
  /** the project rendered (POST /projects/{id}/pdf), else null */
  project_id: string | null;
  /** one page per design, in this order (a project's designs as they were when the job was asked for) */
  design_ids: string[];
  crop_marks: boolean;
  color_mode: ColorMode;
  /** absent in jobs queued before PDF/X existed: none */
  pdf_standard?: PdfStandard;
  /** the output profile id (cmyk), resolved when the job was asked for */
  output_profile?: string | null;
  /** print text with characters no font has (MISSING_GLYPHS) instead of failing; absent in jobs queued before the option: true, as they were asked */
  allow_missing_glyphs?: boolean;
  /** cmyk: black policy (absent in older jobs and for rgb: the engine's defaults) */
  black_overprint?: boolean;
  rich_black?: RichBlack | null;
  keep_artwork_rich_black?: boolean;
  /** an order's print file: its documented name (docs/orders.md § Print files); absent for the other jobs */
  file_name?: string;
  /** an order's proof (docs/orders.md § Proofs): RGB with this watermark, images resampled to `dpi` (engines/pdf/proof-pass.ts) */
  proof?: { watermark: string; dpi: number };
}

export interface PdfResult {
  pdf_key: string;
  size_bytes: number;
  pages: PageBoxesPt[];
  warnings: RenderWarning[];
}

export const PDF_KIND = jobKind<PdfPayload, PdfResult>({ type: 'pdf', statuses: QUEUED_FLOW, refundOnFailure: false, maxAttempts: 3 });

/** A project prints at most this many designs in one file. */
export const MAX_PDF_PAGES = 500;

export function pdfKey(storeId: string, jobId: string): string {
  return `pdf/${storeId}/${jobId}.pdf`;
}
