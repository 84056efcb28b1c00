import sharp from 'sharp';
import type { ImageFormat } from './composite.js';
import { rasterImage, type DesignPage, type PtBox } from './rasterize.js';

export type ProofLine = 'trim' | 'bleed' | 'safe';

export interface ProofOptions {
  /** image width in px */
  width: number;
  lines: readonly ProofLine[];
  /** text laid diagonally across the image, repeated */
  watermark?: string | null;
  format: Exclude<ImageFormat, 'webp'> | 'webp';
}

/** The longest side of a proof image, px. */
export const MAX_PROOF_SIDE = 4000;

/** Line colours: trim solid magenta, bleed dashed red, safe zone dashed green (as prepress tools show them). */
export const LINE_STYLE: Record<ProofLine, { color: string; dash: string | null }> = {
  trim: { color: '#ff00ff', dash: null },
  bleed: { color: '#ff0000', dash: '6 4' },
  safe: { color: '#00a651', dash: '4 4' },
};

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A flat image of the design's side: the trim box, or the bleed box when the bleed line is
 * asked for (so the bleed is seen), on white, with the asked lines and the watermark drawn over.
 */
export async function renderProof(page: DesignPage, o: ProofOptions): Promise<{ image: Buffer; width: number; height: number }> {
  const region: PtBox = o.lines.includes('bleed') ? page.bleed : page.trim;
  // a very tall page keeps its height within MAX_PROOF_SIDE (the width shrinks with it)
  const widthPx = Math.max(1, Math.min(o.width, Math.floor((MAX_PROOF_SIDE * region.width) / region.height)));
  const { image: raster, width, height } = await rasterImage(page, region, widthPx);
  const k = width / region.width;
  // a box of the page in image px (y down)
  const rect = (b: PtBox) => ({ x: (b.x - region.x) * k, y: (region.y + region.height - (b.y + b.height)) * k, w: b.width * k, h: b.height * k });
  const stroke = Math.max(1, Math.round(width / 600));
  const parts: string[] = [];
  for (const line of o.lines) {
    const b = rect(line === 'trim' ? page.trim : line === 'bleed' ? page.bleed : page.safe);
    const inset = stroke / 2;
    const s = LINE_STYLE[line];
    parts.push(
      `<rect x="${(b.x + inset).toFixed(2)}" y="${(b.y + inset).toFixed(2)}" width="${Math.max(0, b.w - stroke).toFixed(2)}" height="${Math.max(0, b.h - stroke).toFixed(2)}" fill="none" stroke="${s.color}" stroke-width="${stroke}"${s.dash ? ` stroke-dasharray="${s.dash.split(' ').map((n) => Number(n) * stroke).join(' ')}"` : ''}/>`,
    );
  }
  if (o.watermark) {
    const size = Math.max(10, Math.round(Math.min(width, height) / 8));
    const text = xml(o.watermark);
    const step = size * Math.max(4, o.watermark.length * 0.6 + 2);
    const rows: string[] = [];
    for (let y = -height; y < 2 * height; y += size * 3) {
      for (let x = -width; x < 2 * width; x += step) rows.push(`<text x="${x.toFixed(0)}" y="${y.toFixed(0)}">${text}</text>`);
    }
    parts.unshift(
      `<g transform="rotate(-30 ${width / 2} ${height / 2})" font-family="DejaVu Sans, Roboto, sans-serif" font-weight="bold" font-size="${size}" fill="#000000" fill-opacity="0.18" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${Math.max(1, size / 30).toFixed(1)}">${rows.join('')}</g>`,
    );
  }
  let img = sharp(raster).flatten({ background: '#ffffff' }).removeAlpha();
  if (parts.length) {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`);
    const flat = await img.raw().toBuffer();
    img = sharp(flat, { raw: { width, height, channels: 3 } }).composite([{ input: svg, top: 0, left: 0 }]);
  }
  const image = o.format === 'jpeg' ? await img.jpeg({ quality: 90 }).toBuffer() : o.format === 'webp' ? await img.webp({ quality: 88 }).toBuffer() : await img.png({ compressionLevel: 6 }).toBuffer();
  return { image, width, height };
}
