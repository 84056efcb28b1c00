/**
 * The store's fonts and the default ones, grouped by the family name a text layer uses
 * (`fontFamily`): a store font by the name it was registered under, a default font by its
 * family. Files are loaded with FontFace before Fabric measures any text in them: store fonts
 * from their signed links, default fonts from the service's own copies (/customizer/fonts/…).
 *
 * Every family also gets the print engine's script fallback fonts
 * (src/engines/pdf/text/script-fonts.ts, served at /customizer/script-fonts/…) as faces of
 * the SAME family, each limited by `unicodeRange` to the scripts it is used for. They are
 * added before the family's own faces: for overlapping ranges the browser tries the face
 * added last first (CSS Fonts, checked in Chromium by test/e2e/customizer.test.ts), so the
 * layer's font draws every character it has and a fallback only the ones it lacks — the
 * glyphs the PDF prints. The layer's `fontFamily` stays the family's name.
 */
import { Textbox, cache } from 'fabric';
import type { Font } from './api.js';
import type { SideCanvas } from './side-canvas.js';

export interface FontFamily {
  /** the CSS family and the layer's fontFamily */
  name: string;
  isDefault: boolean;
  faces: Font[];
}

const HEBREW = 'U+0590-05FF, U+FB1D-FB4F';
const ARABIC = 'U+0600-06FF, U+0750-077F, U+08A0-08FF, U+FB50-FDFF, U+FE70-FEFF';
const DEVANAGARI = 'U+0900-097F, U+A8E0-A8FF';
const THAI = 'U+0E00-0E7F';
const CJK = 'U+2E80-2FDF, U+3000-30FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FF00-FFEF';
const HANGUL = 'U+1100-11FF, U+3130-318F, U+AC00-D7AF';
/** Noto Sans file → the blocks it is the fallback for */
const NOTO: ReadonlyArray<[string, string]> = [
  ['Bengali', 'U+0980-09FF'], ['Gurmukhi', 'U+0A00-0A7F'], ['Gujarati', 'U+0A80-0AFF'], ['Oriya', 'U+0B00-0B7F'],
  ['Tamil', 'U+0B80-0BFF'], ['Telugu', 'U+0C00-0C7F'], ['Kannada', 'U+0C80-0CFF'], ['Malayalam', 'U+0D00-0D7F'],
  ['Sinhala', 'U+0D80-0DFF'], ['Thai', THAI], ['Myanmar', 'U+1000-109F, U+A9E0-A9FF, U+AA60-AA7F'], ['Khmer', 'U+1780-17FF, U+19E0-19FF'],
  ['Ethiopic', 'U+1200-139F, U+2D80-2DDF, U+AB00-AB2F'], ['Thaana', 'U+0780-07BF'],
];

/**
 * The engine's fallback files in its order (DejaVu Sans Bold before DejaVu Sans for weights ≥ 600), each
 * with the scripts it draws there: DejaVu Sans has Thai's baht sign, Droid Sans Fallback
 * the Hangul compatibility jamo and Nanum some CJK symbols Droid lacks, so ranges overlap
 * and the order decides, as in the engine.
 */
export const SCRIPT_FALLBACKS: ReadonlyArray<{ file: string; range: string; bold?: boolean }> = [
  { file: 'NotoSansLao-Regular.ttf', range: 'U+0E80-0EFF' },
  { file: 'DejaVuSans-Bold.ttf', range: `${HEBREW}, ${ARABIC}, ${THAI}`, bold: true },
  { file: 'DejaVuSans.ttf', range: `${HEBREW}, ${ARABIC}, ${THAI}` },
  { file: 'NotoSansDevanagari-Regular.ttf', range: DEVANAGARI },
  ...NOTO.map(([script, range]) => ({ file: `NotoSans${script}-Regular.ttf`, range })),
  { file: 'DroidSansFallbackFull.ttf', range: `${CJK}, ${HANGUL}` },
  { file: 'NanumSquareR.ttf', range: `${HANGUL}, ${CJK}` },
];

export class FontCatalog {
  readonly families = new Map<string, FontFamily>();
  private loaded = new Map<string, Promise<void>>();

  constructor(
    own: Font[],
    defaults: Font[],
    private readonly defaultFontBase: string,
    private readonly scriptFontBase: string = defaultFontBase.replace(/\/fonts\/?$/, '/script-fonts'),
  ) {
    for (const f of own) this.add(f.name, false, f);
    for (const f of defaults) if (!this.families.has(f.family) || this.families.get(f.family)!.isDefault) this.add(f.family, true, f);
  }

  private add(name: string, isDefault: boolean, face: Font): void {
    const fam = this.families.get(name) ?? { name, isDefault, faces: [] };
    fam.faces.push(face);
    this.families.set(name, fam);
  }

  fileUrl(fam: FontFamily, face: Font): string | null {
    if (!fam.isDefault) return face.url;
    return `${this.defaultFontBase}/${encodeURIComponent(face.family)}/${face.weight}/${face.style}.ttf`;
  }

  /**
   * The fallback faces for one face's weight and style, in the order to add them: the
   * engine's last fallback first, so that the browser (trying the last added first) goes
   * through them in the engine's order. They are added unloaded, by link: the browser fetches
   * a file only when text needs one of its characters (`textLoaded`, or a canvas drawing
   * them), so a Latin design never downloads the 8 MB of script fonts.
   */
  private fallbackFaces(name: string, face: Font): FontFace[] {
    const list = SCRIPT_FALLBACKS.filter((f) => !f.bold || face.weight >= 600).reverse();
    return list.map((f) => new FontFace(name, `url("${this.scriptFontBase}/${encodeURIComponent(f.file)}")`, { weight: String(face.weight), style: face.style, unicodeRange: f.range }));
  }

  /**
   * Loads the faces `text` needs in a family already loaded: its script fallbacks for the
   * characters the family lacks (a Hebrew name, a Japanese word), before Fabric measures it.
   */
  async textLoaded(name: string, text: string): Promise<void> {
    const fam = this.families.get(name);
    if (!fam || !text || !/[^\u0000-\u024f]/.test(text)) return;
    const quoted = `"${name.replace(/"/g, '\\"')}"`;
    await Promise.all(fam.faces.map((f) => document.fonts.load(`${f.style} ${f.weight} 16px ${quoted}`, text).catch(() => [])));
  }

  /** Loads every face of the family (once), fallbacks first; resolves when the browser can draw with it. */
  load(name: string): Promise<void> {
    const fam = this.families.get(name);
    if (!fam) return Promise.reject(new Error(`Unknown font ${name}`));
    let p = this.loaded.get(name);
    if (!p) {
      const withFile = fam.faces.map((face) => ({ face, url: this.fileUrl(fam, face) })).filter((f): f is { face: Font; url: string } => f.url !== null);
      // every fallback added (unloaded) before the family's own faces, which are loaded first
      for (const ff of withFile.flatMap(({ face }) => this.fallbackFaces(fam.name, face))) document.fonts.add(ff);
      const own = withFile.map(({ face, url }) => new FontFace(fam.name, `url("${url}")`, { weight: String(face.weight), style: face.style }).load());
      p = Promise.all(own).then((ownFaces) => {
        for (const ff of ownFaces) document.fonts.add(ff);
      });
      p.catch(() => this.loaded.delete(name));
      this.loaded.set(name, p);
    }
    return p;
  }
}

/** When a face finishes loading (a script fallback a text needed), every text is measured and drawn again with it. */
export function remeasureOnFontLoad(sides: () => Iterable<SideCanvas>): void {
  document.fonts.addEventListener('loadingdone', () => {
    for (const sc of sides()) {
      for (const o of sc.canvas.getObjects()) {
        if (!(o instanceof Textbox)) continue;
        cache.clearFontCache(o.fontFamily);
        o.initDimensions();
        o.setCoords();
      }
      sc.canvas.requestRenderAll();
    }
  });
}
