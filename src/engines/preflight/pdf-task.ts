/**
 * The PDF side of preflight as a sandbox task (platform/sandbox): a customer's PDF is parsed
 * and every page's content scanned off the caller's event loop, under a time and heap budget,
 * so a huge or hostile file (a looped page tree, a million objects) can neither hold the
 * process nor take it down. Runs in a worker thread: plain data in, plain data out.
 */
import { analyzePdf, type PdfAnalyzeOptions } from './pdf.js';
import type { ResolvedSpec } from './spec.js';

export interface AnalyzePdfInput {
  file: Uint8Array;
  spec: ResolvedSpec;
  options: PdfAnalyzeOptions;
}

export function analyze(input: AnalyzePdfInput): ReturnType<typeof analyzePdf> {
  return analyzePdf(Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength), input.spec, input.options);
}
