/**
 * The default fonts every store can use without registering any: static TrueType files from
 * the @expo-google-fonts/* npm packages (Google Fonts, SIL Open Font License 1.1; see
 * fonts/LICENSES.md). This module is the one catalogue of them: the catalog's
 * `GET /fonts/default` lists `DEFAULT_FONTS`, the PDF engine falls back to them.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FontFaceStyle } from './font-matching.js';
import { pickFace } from './font-matching.js';

export interface DefaultFontFace {
  weight: number;
  style: FontFaceStyle;
  /** file name inside the npm package */
  file: string;
}

export interface DefaultFontFamily {
  family: string;
  category: 'sans-serif' | 'serif' | 'monospace' | 'handwriting';
  license: 'OFL-1.1';
  /** npm package the files come from */
  package: string;
  faces: readonly DefaultFontFace[];
}

/** Family used when a design names a font that neither the store nor this catalogue has. */
export const FALLBACK_FONT_FAMILY = 'Roboto';

function faces(prefix: string, list: readonly [number, FontFaceStyle, string][]): DefaultFontFace[] {
  return list.map(([weight, style, name]) => ({ weight, style, file: `${name}/${prefix}_${name}.ttf` }));
}

export const DEFAULT_FONTS: readonly DefaultFontFamily[] = [
  {
    family: 'Roboto',
    category: 'sans-serif',
    license: 'OFL-1.1',
    package: '@expo-google-fonts/roboto',
    faces: faces('Roboto', [
      [300, 'normal', '300Light'], [300, 'italic', '300Light_Italic'],
      [400, 'normal', '400Regular'], [400, 'italic', '400Regular_Italic'],
      [500, 'normal', '500Medium'], [500, 'italic', '500Medium_Italic'],
      [700, 'normal', '700Bold'], [700, 'italic', '700Bold_Italic'],
      [900, 'normal', '900Black'], [900, 'italic', '900Black_Italic'],
    ]),
  },
  {
    family: 'Open Sans',
    category: 'sans-serif',
    license: 'OFL-1.1',
    package: '@expo-google-fonts/open-sans',
    faces: faces('OpenSans', [
      [400, 'normal', '400Regular'], [400, 'italic', '400Regular_Italic'],
      [600, 'normal', '600SemiBold'], [600, 'italic', '600SemiBold_Italic'],
      [700, 'normal', '700Bold'], [700, 'italic', '700Bold_Italic'],
    ]),
  },
  {
    family: 'Lora',
    category: 'serif',
    license: 'OFL-1.1',
    package: '@expo-google-fonts/lora',
    faces: faces('Lora', [
      [400, 'normal', '400Regular'], [400, 'italic', '400Regular_Italic'],
      [700, 'normal', '700Bold'], [700, 'italic', '700Bold_Italic'],
    ]),
  },
  {
    family: 'Roboto Mono',
    category: 'monospace',
    license: 'OFL-1.1',
    package: '@expo-google-fonts/roboto-mono',
    faces: faces('RobotoMono', [
      [400, 'normal', '400Regular'], [400, 'italic', '400Regular_Italic'],
      [700, 'normal', '700Bold'], [700, 'italic', '700Bold_Italic'],
    ]),
  },
  {
    family: 'Pacifico',
    category: 'handwriting',
    license: 'OFL-1.1',
    package: '@expo-google-fonts/pacifico',
    faces: faces('Pacifico', [[400, 'normal', '400Regular']]),
  },
];

const require = createRequire(import.meta.url);

export function findDefaultFamily(family: string): DefaultFontFamily | undefined {
  const f = family.trim().toLowerCase();
  return DEFAULT_FONTS.find((d) => d.family.toLowerCase() === f);
}

/** Absolute path of a default face file. */
export function defaultFontPath(fam: DefaultFontFamily, face: DefaultFontFace): string {
  return require.resolve(`${fam.package}/${face.file}`);
}

export interface DefaultFontMatch {
  family: string;
  weight: number;
  style: FontFaceStyle;
  path: string;
}

/** The default face CSS font matching picks for (family, weight, style), if the family is a default one. */
export function matchDefaultFont(family: string, weight: number, style: FontFaceStyle): DefaultFontMatch | undefined {
  const fam = findDefaultFamily(family);
  if (!fam) return undefined;
  const face = pickFace(fam.faces, weight, style);
  if (!face) return undefined;
  return { family: fam.family, weight: face.weight, style: face.style, path: defaultFontPath(fam, face) };
}

const bytesCache = new Map<string, Promise<Uint8Array>>();

/** Reads a default face (cached for the life of the process: the files never change). */
export function readDefaultFont(path: string): Promise<Uint8Array> {
  let p = bytesCache.get(path);
  if (!p) {
    p = readFile(path).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    p.catch(() => bytesCache.delete(path));
    bytesCache.set(path, p);
  }
  return p;
}
