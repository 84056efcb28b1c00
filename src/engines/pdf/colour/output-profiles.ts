/**
 * CMYK output profiles a PDF/X file can name in its OutputIntent and the renderer converts
 * colours to. They come from Debian's libgs-common (installed with ghostscript by
 * scripts/setup.mjs; AGPL-3+, so they are read from the system, not committed): nothing is
 * downloaded at run time. Only the profiles whose file exists are "installed".
 */
import { existsSync, readFileSync } from 'node:fs';

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
  /** highest total ink (C+M+Y+K, percent) the printing condition takes; the self-check enforces it */
  maxInk: number;
  path: string;
}

const GS_ICC_DIR = '/usr/share/color/icc/ghostscript';

export const OUTPUT_PROFILES: readonly OutputProfile[] = [
  {
    id: 'swop',
    description: 'Artifex CMYK SWOP Profile',
    conditionIdentifier: 'CGATS TR 001',
    registryName: 'http://www.color.org',
    info: 'U.S. web offset, coated paper (SWOP, CGATS TR 001): Artifex CMYK SWOP Profile',
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

export const DEFAULT_OUTPUT_PROFILE_ID = 'swop';

/** The profiles whose file is present on this machine. */
export function installedOutputProfiles(): OutputProfile[] {
  return OUTPUT_PROFILES.filter((p) => existsSync(p.path));
}

/** The installed profile with this id (default: `swop`), or undefined. */
export function findOutputProfile(id: string | null | undefined): OutputProfile | undefined {
  return installedOutputProfiles().find((p) => p.id === (id ?? DEFAULT_OUTPUT_PROFILE_ID));
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
