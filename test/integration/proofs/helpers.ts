import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { App } from '../../../src/app.js';
import type { TestStore } from '../../helpers/factories.js';
import { createProduct, createSide, upload } from '../catalog/helpers.js';

const run = promisify(execFile);

/** A product that asks for a proof: A5 flyer (mm), one side with bleed and a safe zone. */
export async function proofProduct(app: App, store: TestStore, name = 'Flyer A5') {
  const product = await createProduct(app, store, { name, viewport_width: 600, viewport_height: 848, requires_proof: true });
  const front = await createSide(app, store, product.id, { name: 'Front', width: 148, height: 210, dpi: 300 });
  return { product, front };
}

/** A photo-like image (gradient and grain) 1800 × 2550 px: about 300 dpi across an A5 page. */
export async function uploadPhoto(app: App, store: TestStore) {
  const w = 1800;
  const h = 2550;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 42;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed >> 16) % 40;
      const i = (y * w + x) * 3;
      raw[i] = ((x * 255) / w + n) & 255;
      raw[i + 1] = ((y * 255) / h + n) & 255;
      raw[i + 2] = (128 + n) & 255;
    }
  }
  const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  const res = await upload(app, store, '/v1/images', jpeg);
  return res.json().data as { id: string; url: string };
}

/** pdftotext (-raw: content order, so the diagonal watermark reads as one word) and `pdfimages -list` of a PDF: its text and each image's pixels per inch. */
export async function pdfFacts(pdf: Uint8Array): Promise<{ text: string; ppi: number[]; pages: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-proof-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-raw', file, '-']);
    const { stdout: list } = await run('pdfimages', ['-list', file]);
    const { stdout: info } = await run('pdfinfo', [file]);
    // columns: page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    const ppi = list
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => Number(l.trim().split(/\s+/)[12]));
    return { text: text.replace(/\s+/g, ' ').trim(), ppi, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function tokenOf(approvalUrl: string): string {
  return new URL(approvalUrl).pathname.replace(/^\/proof\//, '');
}
