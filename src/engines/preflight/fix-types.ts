import { FIX_TYPES, type FileType, type FixType, type PreflightIssue } from './types.js';

export type FileKind = 'raster' | 'pdf';

export function fileKind(fileType: FileType): FileKind {
  return fileType === 'pdf' ? 'pdf' : 'raster';
}

/**
 * Which fix types a job may request for which kind of file. The interface's table names the
 * raster fixes; decisions.md adds `convert_color_mode` and `full_prepress` for PDFs.
 */
export const FIX_TYPE_FILE_KINDS: Readonly<Record<FixType, readonly FileKind[]>> = {
  upscale_resolution_2x: ['raster'],
  upscale_resolution_4x: ['raster'],
  add_bleed: ['raster', 'pdf'],
  remove_transparency: ['raster'],
  sharpen_edges: ['raster'],
  resize_to_spec: ['raster'],
  convert_color_mode: ['raster', 'pdf'],
  full_prepress: ['pdf'],
};

/** Order in which fixes run and are listed (see prepress/index.ts for why). */
export const FIX_ORDER: readonly FixType[] = [
  'remove_transparency',
  'resize_to_spec',
  'upscale_resolution_2x',
  'upscale_resolution_4x',
  'sharpen_edges',
  'full_prepress',
  'convert_color_mode',
  'add_bleed',
];

export function isFixType(value: unknown): value is FixType {
  return typeof value === 'string' && (FIX_TYPES as readonly string[]).includes(value);
}

export function isFixTypeApplicable(fixType: FixType, fileType: FileType): boolean {
  return FIX_TYPE_FILE_KINDS[fixType].includes(fileKind(fileType));
}

export function applicableFixTypes(fileType: FileType): FixType[] {
  return FIX_ORDER.filter((f) => isFixTypeApplicable(f, fileType));
}

/** Requested values that are unknown or do not apply to this file type (empty when all are fine). */
export function inapplicableFixTypes(fileType: FileType, fixTypes: readonly string[]): string[] {
  return fixTypes.filter((f) => !isFixType(f) || !isFixTypeApplicable(f, fileType));
}

export class FixTypesError extends Error {
  constructor(
    message: string,
    readonly invalid: string[],
  ) {
    super(message);
    this.name = 'FixTypesError';
  }
}

/** Unique, applicable, in FIX_ORDER; throws FixTypesError for an empty list or a value that does not apply. */
export function normalizeFixTypes(fileType: FileType, fixTypes: readonly string[]): FixType[] {
  const invalid = inapplicableFixTypes(fileType, fixTypes);
  if (invalid.length > 0) throw new FixTypesError(`fix types not applicable to a ${fileType} file: ${invalid.join(', ')}`, invalid);
  if (fixTypes.length === 0) throw new FixTypesError('no fix types requested', []);
  return FIX_ORDER.filter((f) => fixTypes.includes(f));
}

/**
 * The fix types a job runs when the request names none: those of the report's issues, in run
 * order. A fix that another one subsumes is left out: resize_to_spec already resamples to the
 * required resolution (so no upscale), full_prepress already converts to CMYK.
 */
export function deriveFixTypes(issues: readonly Pick<PreflightIssue, 'fixType'>[], fileType: FileType): FixType[] {
  const wanted = new Set<FixType>();
  for (const i of issues) if (i.fixType && isFixTypeApplicable(i.fixType, fileType)) wanted.add(i.fixType);
  if (wanted.has('resize_to_spec')) {
    wanted.delete('upscale_resolution_2x');
    wanted.delete('upscale_resolution_4x');
  }
  if (wanted.has('upscale_resolution_4x')) wanted.delete('upscale_resolution_2x');
  if (wanted.has('full_prepress')) wanted.delete('convert_color_mode');
  return FIX_ORDER.filter((f) => wanted.has(f));
}
