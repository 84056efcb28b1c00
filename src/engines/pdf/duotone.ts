/**
 * Duotone in a spot ink (docs/editor.md, "Image filters"): the last filter of an image layer,
 *
 *   { type: 'Duotone', spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }   // cmyk: the ink's alternate, percent
 *
 * turns the (tonally filtered) photo into two inks: the spot ink and process Black. Per pixel,
 * from its 8-bit sRGB values:
 *
 *   L = (0.299 R + 0.587 G + 0.114 B) / 255      (Rec. 601 luma, as greyscale "luminosity" photos use)
 *   s = 1 − L                                    (spot ink tint: full in the shadows, none in white)
 *   k = max(0, (s − 0.5) / 0.5) · 0.9            (black: only in the darker half, linear up to 90 %)
 *
 * both stored as 8-bit values (S = round(255 s), K = round(255 k)), which the PDF embeds as a
 * 2-component DeviceN image [/Black /<ink>] (duotone-image.ts) and the editor shows from the
 * same bytes: the two inks over paper white, as the DeviceN's DeviceCMYK tint transform gives
 * them (c = s·C, m = s·M, y = s·Y, k′ = 1 − (1 − s·K)(1 − k)), converted to the screen as the
 * editor shows every spot ink (customizer/src/paint.ts `spotHex`: channel = 255 (1 − c)(1 − k′)).
 *
 * `duotonePixels` is self-contained (no reference outside its body): the customizer's Fabric
 * filter calls it, and tests send it to a browser page as source text.
 */

export interface DuotoneFilter {
  type: 'Duotone';
  /** the spot ink's name, as in spot paints (spot.ts) */
  spot: string;
  /** the ink's CMYK alternate, percent 0..100 */
  cmyk: [number, number, number, number];
}

/**
 * 8-bit RGBA → duotone, in place. With `plates` (2 bytes a pixel): writes [K, S] there (the
 * DeviceN image's samples, Black first) and leaves `data` alone. Without: writes the composite
 * the two inks make on screen into R, G, B (alpha untouched).
 */
export function duotonePixels(data: Uint8Array | Uint8ClampedArray, cmyk: readonly number[], plates?: Uint8Array): void {
  const pc = (i: number): number => Math.min(100, Math.max(0, Number(cmyk[i]) || 0)) / 100;
  const C = pc(0);
  const M = pc(1);
  const Y = pc(2);
  const K = pc(3);
  for (let i = 0, p = 0; i < data.length; i += 4, p += 2) {
    const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    const S = Math.round(Math.min(255, Math.max(0, 255 - luma)));
    const s = S / 255;
    const B = Math.round(Math.max(0, (s - 0.5) / 0.5) * 0.9 * 255);
    if (plates) {
      plates[p] = B;
      plates[p + 1] = S;
      continue;
    }
    const w = (1 - s * K) * (1 - B / 255);
    data[i] = Math.round(255 * (1 - s * C) * w);
    data[i + 1] = Math.round(255 * (1 - s * M) * w);
    data[i + 2] = Math.round(255 * (1 - s * Y) * w);
  }
}
