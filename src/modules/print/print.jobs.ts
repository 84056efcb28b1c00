import { missingGlyphsProblem, proofPass } from '../../engines/pdf/index.js';
import { bind, JobFailure, type JobBinding } from '../../platform/queue/registry.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DesignPages } from '../designs/index.js';
import { selfCheck } from './self-check.js';
import { PDF_KIND, pdfKey, type PdfResult } from './print.kinds.js';

export interface PdfJobDeps {
  pages: DesignPages;
  blobs: BlobStore;
  ghostscriptTimeoutMs?: number;
}

/**
 * Renders the job's designs, one page each, and keeps the file as a blob. Problems of the
 * input (a design deleted since, an image gone, a bad page, text no font has unless the job
 * allows missing glyphs) fail the job at once, and so does a file that fails its self-check
 * (self-check.ts); a Ghostscript timeout or an infrastructure error is retried.
 */
export function pdfJob(deps: PdfJobDeps): JobBinding {
  return bind(PDF_KIND, async (ctx) => {
    const { pages, blobs, ghostscriptTimeoutMs } = deps;
    const done = ctx.progress as Partial<PdfResult> | null;
    if (done?.pdf_key && (await blobs.head(done.pdf_key))) return done as PdfResult;
    const storeId = ctx.storeId;
    if (!storeId) throw new JobFailure('a PDF job belongs to a store');

    // the designs as they are now (deleted ones too); a design gone or the input's fault fails the job (designs/pages.ts)
    const out = await pages.render(storeId, ctx.payload.design_ids, {
      cropMarks: ctx.payload.crop_marks,
      colorMode: ctx.payload.color_mode,
      pdfStandard: ctx.payload.pdf_standard ?? 'none',
      ...(ctx.payload.output_profile ? { outputProfile: ctx.payload.output_profile } : {}),
      blackOverprint: ctx.payload.black_overprint ?? true,
      richBlack: ctx.payload.rich_black ?? null,
      keepArtworkRichBlack: ctx.payload.keep_artwork_rich_black ?? false,
      title: ctx.payload.project_id ? `Project ${ctx.payload.project_id}` : `Design ${ctx.payload.design_id}`,
      signal: ctx.signal,
      ...(ghostscriptTimeoutMs ? { ghostscriptTimeoutMs } : {}),
    });
    const missing = ctx.payload.allow_missing_glyphs === false ? missingGlyphsProblem(out.warnings) : null;
    if (missing) throw new JobFailure(missing, { code: 'missing_glyphs' });
    // a proof: watermarked and light (its images resampled), from the same render as the print file
    const pdf = !ctx.payload.proof ? out.pdf : await proofPass(out.pdf, ctx.payload.proof, { signal: ctx.signal, ...(ghostscriptTimeoutMs ? { timeoutMs: ghostscriptTimeoutMs } : {}) });
    // the file is read back before it is kept: a violation of its standard fails the job
    await selfCheck(pdf, { standard: out.pdfStandard, colorMode: ctx.payload.color_mode, ...(out.outputProfile ? { profile: out.outputProfile } : {}), allowMissingGlyphs: ctx.payload.allow_missing_glyphs !== false });
    const key = pdfKey(storeId, ctx.id);
    await blobs.put(key, pdf, { contentType: 'application/pdf' });
    const result: PdfResult = { pdf_key: key, size_bytes: pdf.length, pages: out.pages, warnings: out.warnings };
    await ctx.saveProgress(result);
    return result;
  });
}
