/**
 * The store's fonts and the default ones, grouped by the family name a text layer uses
 * (`fontFamily`): a store font by the name it was registered under, a default font by its
 * family. Files are loaded with FontFace before Fabric measures any text in them: store fonts
 * from their signed links, default fonts from the service's own copies (/customizer/fonts/…).
 */
import type { Font } from './api.js';

export interface FontFamily {
  /** the CSS family and the layer's fontFamily */
  name: string;
  isDefault: boolean;
  faces: Font[];
}

export class FontCatalog {
  readonly families = new Map<string, FontFamily>();
  private loaded = new Map<string, Promise<void>>();

  constructor(own: Font[], defaults: Font[], private readonly defaultFontBase: string) {
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

  /** Loads every face of the family (once); resolves when the browser can draw with it. */
  load(name: string): Promise<void> {
    const fam = this.families.get(name);
    if (!fam) return Promise.reject(new Error(`Unknown font ${name}`));
    let p = this.loaded.get(name);
    if (!p) {
      p = Promise.all(
        fam.faces.map(async (face) => {
          const url = this.fileUrl(fam, face);
          if (!url) return;
          const ff = new FontFace(fam.name, `url("${url}")`, { weight: String(face.weight), style: face.style });
          await ff.load();
          document.fonts.add(ff);
        }),
      ).then(() => undefined);
      p.catch(() => this.loaded.delete(name));
      this.loaded.set(name, p);
    }
    return p;
  }
}
