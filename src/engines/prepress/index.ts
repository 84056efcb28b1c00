import { MIME_TYPES, detectFileType } from '../preflight/detect.js';
import { FixTypesError, fileKind, normalizeFixTypes } from '../preflight/fix-types.js';
import { resolveSpec } from '../preflight/spec.js';
import { PreflightSpecError, type FileType, type FixType } from '../preflight/types.js';
import { FixError } from './errors.js';
import { applyPdfFixes, type PdfFixOptions } from './pdf-fixes.js';
import { applyRasterFixes, type FixSpec, type RasterFixOptions } from './raster-fixes.js';

export { FixError, type FixErrorCode } from './errors.js';
export type { FixSpec, RasterFixOptions } from './raster-fixes.js';
export type { PdfFixOptions } from './pdf-fixes.js';
export { PREPRESS_PPI, PREPRESS_MONO_PPI } from './pdf-fixes.js';
export { runGhostscript, GS_DEFAULT_TIMEOUT_MS, type GhostscriptRun } from './gs-runner.js';

export interface ApplyFixesOptions extends RasterFixOptions, PdfFixOptions {}

export interface FixOutcome {
  /** the corrected file */
  file: Buffer;
  /** its type: the input's, except a PNG converted to CMYK, which comes back as TIFF */
  fileType: FileType;
  mime: string;
  /** fixes that changed the file, in the order they ran */
  applied: FixType[];
  /** what was done or skipped and why, for the job record */
  notes: string[];
}

/**
 * What the fixes need from the spec and can be known before the file is read: one sentence
 * per fix that cannot run with this spec (empty when all can). A paid fix job is refused on
 * these before it is charged (services/preflight), and applyFixes refuses on them too, so the
 * request and the job agree. What depends on the file itself (add_bleed on an image with
 * neither a canvas size nor a recorded resolution) is found when the job runs.
 */
export function missingSpec(fixes: readonly string[], spec: FixSpec): string[] {
  let resolved;
  try {
    resolved = resolveSpec(spec);
  } catch (err) {
    if (err instanceof PreflightSpecError) return [err.message];
    throw err;
  }
  const problems: string[] = [];
  if (fixes.includes('add_bleed') && !(resolved.bleedIn > 0)) problems.push('add_bleed needs productProfile.bleedMm (a bleed over 0 mm) in the checked spec');
  if (fixes.includes('resize_to_spec') && !resolved.canvas) problems.push('resize_to_spec needs canvasWidthInches and canvasHeightInches in the checked spec');
  return problems;
}

/**
 * Runs an AI fix job's fixes on one file (buffer in, buffer out; no I/O beyond temp files for
 * Ghostscript and poppler). `fileType` is the report's; the content must agree with it.
 * Order is fixed (FIX_ORDER), whatever order the request listed. Throws FixError.
 */
export async function applyFixes(
  file: Buffer,
  fileType: FileType,
  fixTypes: readonly string[],
  spec: FixSpec,
  options: ApplyFixesOptions = {},
): Promise<FixOutcome> {
  const actual = detectFileType(file);
  if (!actual) throw new FixError('unreadable', 'the file is not a JPEG, PNG, TIFF or PDF');
  if (fileKind(actual) !== fileKind(fileType)) throw new FixError('unreadable', `the file is a ${actual}, not a ${fileType}`);
  let fixes: FixType[];
  try {
    fixes = normalizeFixTypes(actual, fixTypes);
  } catch (err) {
    if (err instanceof FixTypesError) throw new FixError('not_applicable', err.message, { invalid: err.invalid });
    throw err;
  }
  if (spec.targetDpi !== undefined && !(Number.isFinite(spec.targetDpi) && spec.targetDpi > 0)) {
    throw new FixError('invalid_spec', 'targetDpi must be a positive number', { field: 'targetDpi' });
  }
  try {
    resolveSpec(spec); // a spec that contradicts itself (half a canvas) is invalid, not missing something
  } catch (err) {
    if (err instanceof PreflightSpecError) throw new FixError('invalid_spec', err.message, { field: err.field });
    throw err;
  }
  const missing = missingSpec(fixes, spec);
  if (missing.length > 0) throw new FixError('missing_spec', missing.join('; '));
  try {
    if (actual === 'pdf') {
      const r = await applyPdfFixes(file, fixes, spec, options);
      return { file: r.file, fileType: 'pdf', mime: MIME_TYPES.pdf, applied: r.applied, notes: r.notes };
    }
    const r = await applyRasterFixes(file, actual, fixes, spec, options);
    return { file: r.file, fileType: r.fileType, mime: MIME_TYPES[r.fileType], applied: r.applied, notes: r.notes };
  } catch (err) {
    if (err instanceof PreflightSpecError) throw new FixError('invalid_spec', err.message, { field: err.field });
    throw err;
  }
}
