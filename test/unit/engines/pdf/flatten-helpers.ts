/**
 * Colour comparison of print files as a CMYK RIP sees them: Ghostscript renders a page to
 * CMYK (tiff32nc, the output profile as DeviceCMYK's and the output's profile, so blending
 * happens in CMYK), the CMYK pixels go to Lab through that profile (sharp, the profile
 * Ghostscript embeds in the TIFF) and two renders are compared with ΔE2000.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { tool, withPdfFile } from './helpers.js';
import { srgbToLab } from './pdfx-helpers.js';

export interface LabImage {
  width: number;
  height: number;
  /** L, a, b per pixel */
  lab: Float64Array;
}

/** A page (default 1) rendered to CMYK at `dpi` through `profilePath`, cut to `crop` (pixels), in Lab. */
export async function cmykRenderLab(pdf: Uint8Array, dpi: number, profilePath: string, crop: { left: number; top: number; width: number; height: number }, page = 1): Promise<LabImage> {
  return withPdfFile(pdf, async (file, dir) => {
    const out = path.join(dir, 'page.tif');
    await tool('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=tiff32nc', `-r${dpi}`, `-dFirstPage=${page}`, `-dLastPage=${page}`,
      `-sDefaultCMYKProfile=${profilePath}`, `-sOutputICCProfile=${profilePath}`, `-sOutputFile=${out}`, file]);
    const { data, info } = await sharp(await readFile(out)).extract(crop).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const lab = new Float64Array(info.width * info.height * 3);
    for (let i = 0; i < info.width * info.height; i++) lab.set(srgbToLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!), i * 3);
    return { width: info.width, height: info.height, lab };
  });
}

/** CIEDE2000 colour difference (Sharma, Wu, Dalal 2005; kL = kC = kH = 1). */
export function deltaE2000(l1: number, a1: number, b1: number, l2: number, a2: number, b2: number): number {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cm = (c1 + c2) / 2;
  const g = 0.5 * (1 - Math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)));
  const ap1 = a1 * (1 + g);
  const ap2 = a2 * (1 + g);
  const cp1 = Math.hypot(ap1, b1);
  const cp2 = Math.hypot(ap2, b2);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const hp1 = hue(b1, ap1);
  const hp2 = hue(b2, ap2);
  const dL = l2 - l1;
  const dC = cp2 - cp1;
  let dh = 0;
  if (cp1 * cp2 !== 0) dh = Math.abs(hp2 - hp1) <= 180 ? hp2 - hp1 : hp2 - hp1 > 180 ? hp2 - hp1 - 360 : hp2 - hp1 + 360;
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin((dh / 2) * rad);
  const lm = (l1 + l2) / 2;
  const cpm = (cp1 + cp2) / 2;
  let hm = hp1 + hp2;
  if (cp1 * cp2 !== 0) hm = Math.abs(hp1 - hp2) <= 180 ? hm / 2 : hm < 360 ? (hm + 360) / 2 : (hm - 360) / 2;
  const t = 1 - 0.17 * Math.cos((hm - 30) * rad) + 0.24 * Math.cos(2 * hm * rad) + 0.32 * Math.cos((3 * hm + 6) * rad) - 0.2 * Math.cos((4 * hm - 63) * rad);
  const sl = 1 + (0.015 * (lm - 50) ** 2) / Math.sqrt(20 + (lm - 50) ** 2);
  const sc = 1 + 0.045 * cpm;
  const sh = 1 + 0.015 * cpm * t;
  const rt = -2 * Math.sqrt(cpm ** 7 / (cpm ** 7 + 25 ** 7)) * Math.sin(60 * Math.exp(-(((hm - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
}

/** Share of pixels whose ΔE2000 is at most `limit`, and the worst difference. */
export function shareWithin(a: LabImage, b: LabImage, limit: number): { share: number; max: number } {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`render sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  const n = a.width * a.height;
  let ok = 0;
  let max = 0;
  for (let i = 0; i < n * 3; i += 3) {
    const d = deltaE2000(a.lab[i]!, a.lab[i + 1]!, a.lab[i + 2]!, b.lab[i]!, b.lab[i + 1]!, b.lab[i + 2]!);
    if (d <= limit) ok++;
    if (d > max) max = d;
  }
  return { share: ok / n, max };
}
