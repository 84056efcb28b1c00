import { fileKind, normalizeFixTypes, type FileType } from '../../engines/preflight/index.js';

/**
 * What the preflight service charges (interface.md § Limits, decisions.md § Preflight): the
 * service's price list, kept with the service, not in the engine that does the work.
 */
export const FIX_JOB_TOKEN_COST = { raster: 200, pdfBleedOnly: 150, pdfPrepress: 300 } as const;

/**
 * Tokens for one AI fix job: raster 200 flat; PDF 150 when the only fix is add_bleed, 300 as
 * soon as any prepress fix (convert_color_mode, full_prepress) is in.
 */
export function fixJobTokenCost(fileType: FileType, fixTypes: readonly string[]): number {
  const fixes = normalizeFixTypes(fileType, fixTypes);
  if (fileKind(fileType) === 'raster') return FIX_JOB_TOKEN_COST.raster;
  return fixes.every((f) => f === 'add_bleed') ? FIX_JOB_TOKEN_COST.pdfBleedOnly : FIX_JOB_TOKEN_COST.pdfPrepress;
}

/** `estimatedTokenCost` of the creation response: the cost is known up front, so min = max. */
export function estimateTokenCost(fileType: FileType, fixTypes: readonly string[]): { min: number; max: number } {
  const cost = fixJobTokenCost(fileType, fixTypes);
  return { min: cost, max: cost };
}
