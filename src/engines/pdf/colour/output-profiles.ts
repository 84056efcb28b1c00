/**
 * CMYK output profiles a PDF/X file can name in its OutputIntent and the renderer converts
 * colours to. Nothing is downloaded at run time:
 * - the registered printing conditions (`fogra39`, `fogra29`, `gracol2006`, `swop`) are ICC
 *   profiles built by scripts/build-output-profiles.sh (ArgyllCMS colprof) from the
 *   characterisation data of Debian's icc-profiles-free (Zlib licence) and committed under
 *   assets/icc (see assets/icc/README.md);
 * - Ghostscript's own profiles (`gs_swop`, `ps_cmyk`) come from Debian's libgs-common
 *   (installed with ghostscript by scripts/setup.mjs; AGPL-3+, so read from the system, not
 *   committed).
 * Only the profiles whose file exists are "installed".
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface OutputProfile {
  /** what `output_profile` names */
  id: string;
  /** the profile's own description */
  description: string;
  /** OutputConditionIdentifier: a characterisation in the ICC registry, or `Custom` */
  conditionIdentifier: string;
  /** RegistryName of the identifier (empty for Custom) */
  registryName: string;
  /** human-readable printing condition (OutputIntent /Info) */
  info: string;
  /** the condition's maximum total area coverage (sum of C, M, Y and K), percent */
  maxInk: number;
  path: string;
}

/** src/engines/pdf/colour → the repository's assets/icc (dist/engines/pdf/colour once compiled). */
export const ICC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'assets', 'icc');
const GS_ICC_DIR = '/usr/share/color/icc/ghostscript';
const REGISTRY = 'http://www.color.org';

export const OUTPUT_PROFILES: readonly OutputProfile[] = [
  {
    id: 'fogra39',
    description: 'Folio FOGRA39 (ISO 12647-2:2004/Amd 1 offset, coated paper PT1/2)',
    conditionIdentifier: 'FOGRA39',
    registryName: REGISTRY,
    info: 'Offset commercial and specialty printing according to ISO 12647-2:2004/Amd 1, paper type 1 or 2 (gloss or matt coated), 115 g/m2 (FOGRA39)',
    maxInk: 330,
    path: path.join(ICC_DIR, 'fogra39.icc'),
  },
  {
    id: 'fogra29',
    description: 'Folio FOGRA29 (ISO 12647-2:2004 offset, uncoated white paper PT4)',
    conditionIdentifier: 'FOGRA29',
    registryName: REGISTRY,
    info: 'Offset commercial and specialty printing according to ISO 12647-2:2004, paper type 4 (uncoated white), 120 g/m2, screen ruling 60/cm (FOGRA29)',
    maxInk: 300,
    path: path.join(ICC_DIR, 'fogra29.icc'),
  },
  {
    id: 'gracol2006',
    description: 'Folio GRACoL 2006 (CGATS TR 006, sheet-fed offset, grade 1 coated)',
    conditionIdentifier: 'CGATS TR 006',
    registryName: REGISTRY,
    info: 'GRACoL 2006: U.S. commercial sheet-fed offset on grade 1 coated paper, ISO 12647-2 paper type 1 (CGATS TR 006)',
    maxInk: 320,
    path: path.join(ICC_DIR, 'gracol2006.icc'),
  },
  {
    id: 'swop',
    description: 'Folio SWOP (CGATS TR 003, web offset, grade 3 coated)',
    conditionIdentifier: 'CGATS TR 003',
    registryName: REGISTRY,
    info: 'SWOP: U.S. publication web offset on grade 3 coated paper (CGATS TR 003)',
    maxInk: 300,
    path: path.join(ICC_DIR, 'swop.icc'),
  },
  {
    id: 'gs_swop',
    description: 'Artifex CMYK SWOP Profile',
    conditionIdentifier: 'CGATS TR 001',
    registryName: REGISTRY,
    info: 'U.S. web offset, coated paper (SWOP, CGATS TR 001): Artifex CMYK SWOP Profile (Ghostscript default_cmyk.icc)',
    maxInk: 300,
    path: `${GS_ICC_DIR}/default_cmyk.icc`,
  },
  {
    id: 'ps_cmyk',
    description: 'Ghostscript PostScript CMYK (device-style separation, no black generation curve)',
    conditionIdentifier: 'Custom',
    registryName: '',
    info: 'Ghostscript ps_cmyk.icc: PostScript-style CMYK separation',
    maxInk: 400,
    path: `${GS_ICC_DIR}/ps_cmyk.icc`,
  },
];

/** U.S. SWOP (TR 003) stays the default: files rendered before named it, and it is the most conservative ink limit (300 %). */
export const DEFAULT_OUTPUT_PROFILE_ID = 'swop';

/** The profiles whose file is present on this machine. */
export function installedOutputProfiles(): OutputProfile[] {
  return OUTPUT_PROFILES.filter((p) => existsSync(p.path));
}

/** The installed profile with this id (default: `swop`), or undefined. */
export function findOutputProfile(id: string | null | undefined): OutputProfile | undefined {
  return installedOutputProfiles().find((p) => p.id === (id ?? DEFAULT_OUTPUT_PROFILE_ID));
}

/** Why `id` is not a usable `output_profile` (for a 400), or null when it is installed. */
export function outputProfileProblem(id: string): string | null {
  const ids = installedOutputProfiles().map((p) => p.id);
  if (ids.includes(id)) return null;
  return ids.length ? `must be one of the installed profiles: ${ids.join(', ')}` : 'no CMYK output profile is installed on this server';
}

const bytesCache = new Map<string, Buffer>();

/** The ICC bytes (read once per process). */
export function outputProfileBytes(p: OutputProfile): Buffer {
  let b = bytesCache.get(p.path);
  if (!b) {
    b = readFileSync(p.path);
    if (b.length < 132 || b.subarray(16, 20).toString('latin1') !== 'CMYK' || b.subarray(36, 40).toString('latin1') !== 'acsp') {
      throw new Error(`${p.path} is not a CMYK ICC profile`);
    }
    bytesCache.set(p.path, b);
  }
  return b;
}
