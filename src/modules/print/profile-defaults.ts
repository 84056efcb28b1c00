import { AppError } from '../../platform/http/errors.js';

/** Where a store's default output profile is read (the stores module's service). */
export interface StoreOutputProfiles {
  defaultOutputProfile(storeId: string): Promise<string | null>;
}

interface ColourRequest {
  color_mode?: 'rgb' | 'cmyk';
  pdf_standard?: 'none' | 'pdf_x4' | 'pdf_x1a';
  output_profile?: string;
}

/**
 * The output profile a CMYK file of `designs` gets when its request names none: the default
 * of the designs' product, else the store's; null when neither sets one (the engine's default)
 * or when the file is RGB or the request names its own. One file has one OutputIntent, so
 * designs of products with different defaults (a project) are a 400 asking for one.
 */
export async function defaultOutputProfile(stores: StoreOutputProfiles, storeId: string, designs: ReadonlyArray<{ outputProfile: string | null }>, req: ColourRequest): Promise<string | null> {
  const cmyk = (req.pdf_standard ?? 'none') !== 'none' || req.color_mode === 'cmyk';
  if (!cmyk || req.output_profile !== undefined) return null;
  const ids = [...new Set(designs.map((d) => d.outputProfile).filter((id): id is string => typeof id === 'string'))];
  if (ids.length > 1) throw AppError.field('output_profile', `the designs' products set different default output profiles (${ids.join(', ')}): name the one this file is printed with`);
  return ids[0] ?? (await stores.defaultOutputProfile(storeId));
}
