import { detectFileType } from './detect.js';
import { BudgetExceeded, sandbox, SandboxTaskError, taskModule, type Budget } from '../../platform/sandbox/pool.js';
import { ToolError } from './exec-tool.js';
import { UnreadablePdfError, type PdfAnalyzeOptions } from './pdf.js';
import type { AnalyzePdfInput } from './pdf-task.js';
import { analyzeRaster, UnreadableImageError, type RasterAnalyzeOptions } from './raster.js';
import { resolveSpec } from './spec.js';
import { ISSUE_CODES, type AnalysisResult, type FileType, type PreflightIssue, type PreflightSpec, type PreflightStatus } from './types.js';

export * from './types.js';
export { dpiScore, MIN_PPI, isProductType, starBand, type DpiScore, type DpiScoreInput, type StarLabel } from './dpi-score.js';
export { detectFileType, MIME_TYPES } from './detect.js';
export {
  FIX_ORDER,
  FIX_TYPE_FILE_KINDS,
  FixTypesError,
  applicableFixTypes,
  deriveFixTypes,
  fileKind,
  inapplicableFixTypes,
  isFixType,
  isFixTypeApplicable,
  normalizeFixTypes,
  type FileKind,
} from './fix-types.js';
export { ToolError } from './exec-tool.js';

export interface AnalyzeOptions extends RasterAnalyzeOptions, PdfAnalyzeOptions {}

/**
 * Checks one file against a product spec. The content decides the file type (a contradicting
 * declaration becomes a note); a file that cannot be read is a report with UNREADABLE_FILE,
 * not an exception. Throws PreflightSpecError for a spec that cannot be checked against
 * (the caller's 400), ToolError when poppler is missing or times out (the caller's 5xx).
 */
export async function analyze(file: Buffer, spec: PreflightSpec = {}, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const resolved = resolveSpec(spec);
  const detected = detectFileType(file);
  const notes: string[] = [];
  if (!detected) {
    return finish(resolved.declaredFileType, [unreadable('The file is not a JPEG, PNG, TIFF or PDF', { reason: 'unrecognised_format', bytes: file.length })], notes, null);
  }
  if (resolved.declaredFileType && resolved.declaredFileType !== detected) {
    notes.push(`declared as ${resolved.declaredFileType} but the content is ${detected}; checked as ${detected}`);
  }
  try {
    const r = detected === 'pdf' ? await analyzePdfSandboxed({ file, spec: resolved, options }) : await analyzeRaster(file, detected, resolved, options);
    return finish(detected, r.issues, [...notes, ...r.notes], r.summary);
  } catch (err) {
    if (err instanceof UnreadableImageError) return finish(detected, [unreadable(`The ${detected.toUpperCase()} file cannot be decoded: ${err.message}`, { reason: 'decode_failed' })], notes, null);
    if (err instanceof UnreadablePdfError) return finish(detected, [unreadable(err.message, { reason: err.reason })], notes, null);
    throw err;
  }
}

/** What checking one PDF may take: past it, the file is reported unreadable (too complex), never a hung or dead process. */
export const PREFLIGHT_PDF_BUDGET: Budget = { timeMs: 120_000, memoryMb: 1024 };

/** analyzePdf in a sandbox thread; its errors come back as the engine's own. */
async function analyzePdfSandboxed(input: AnalyzePdfInput): Promise<Awaited<ReturnType<typeof import('./pdf.js').analyzePdf>>> {
  const options = input.options;
  // the tools' own time limits stay inside the budget
  const budget = { ...PREFLIGHT_PDF_BUDGET, timeMs: Math.max(PREFLIGHT_PDF_BUDGET.timeMs, (options.toolTimeoutMs ?? 60_000) * 2 + 10_000) };
  try {
    const file = new Uint8Array(input.file);
    return await sandbox().run(taskModule(import.meta.url, 'pdf-task'), 'analyze', { ...input, file }, budget, [file.buffer]);
  } catch (err) {
    if (err instanceof BudgetExceeded) {
      throw new UnreadablePdfError(`the PDF is too complex to check: ${err.limit === 'time' ? `it took more than ${err.value / 1000} s` : `it needed more than ${err.value} MiB`}`, 'too_complex');
    }
    if (err instanceof SandboxTaskError) {
      const d = err.details;
      if (err.errorName === 'UnreadablePdfError') throw new UnreadablePdfError(err.message, d.reason as UnreadablePdfError['reason']);
      if (err.errorName === 'ToolError') throw new ToolError(String(d.tool), err.message, typeof d.exitCode === 'number' ? d.exitCode : null, String(d.stderr ?? ''), d.timedOut === true);
      // pdf-lib's own failures on a damaged file (a stack overflow on a looped structure among them)
      throw new UnreadablePdfError(`PDF could not be read: ${err.message}`, 'parse_failed');
    }
    throw new UnreadablePdfError(`PDF could not be read: ${(err as Error).message}`, 'parse_failed');
  }
}

/** passed: no issues; warnings: warnings only; failed: at least one error. */
export function resolveStatus(issues: readonly Pick<PreflightIssue, 'severity'>[]): PreflightStatus {
  if (issues.some((i) => i.severity === 'error')) return 'failed';
  return issues.length > 0 ? 'warnings' : 'passed';
}

function unreadable(message: string, details: Record<string, unknown>): PreflightIssue {
  return { code: 'UNREADABLE_FILE', severity: 'error', message, fixType: null, details };
}

function finish(fileType: FileType | null, issues: PreflightIssue[], notes: string[], summary: AnalysisResult['summary']): AnalysisResult {
  // stable order: by code as the spec lists them, then as found (page order)
  const rank = (c: string) => (ISSUE_CODES as readonly string[]).indexOf(c);
  const sorted = issues.map((issue, i) => ({ issue, i })).sort((a, b) => rank(a.issue.code) - rank(b.issue.code) || a.i - b.i).map((x) => x.issue);
  return { fileType, status: resolveStatus(sorted), issues: sorted, notes, summary };
}
