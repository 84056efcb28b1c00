import { pngChunk } from '../image/png-chunk.js';

/**
 * Writes the resolution (pixels per inch) into an encoded JPEG or PNG. sharp can only set a
 * density through withMetadata(), which also converts the pixels to sRGB — wrong for CMYK
 * and greyscale output — so the few bytes are written here instead. TIFF density goes
 * through sharp's own xres/yres options.
 */
export function withDensity(file: Buffer, format: 'jpeg' | 'png', ppi: number): Buffer {
  return format === 'jpeg' ? jpegDensity(file, ppi) : pngDensity(file, ppi);
}

/** JFIF APP0 with units = dots per inch; replaces an existing one, else goes right after SOI. */
function jpegDensity(file: Buffer, ppi: number): Buffer {
  if (file[0] !== 0xff || file[1] !== 0xd8) throw new Error('not a JPEG');
  const d = Math.max(1, Math.min(65535, Math.round(ppi)));
  const app0 = Buffer.alloc(18);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(16, 2);
  app0.write('JFIF\0', 4, 'latin1');
  app0.writeUInt16BE(0x0102, 9); // version 1.02
  app0.writeUInt8(1, 11); // units: dots per inch
  app0.writeUInt16BE(d, 12);
  app0.writeUInt16BE(d, 14);
  // thumbnail 0×0 (bytes 16, 17)
  const existing = findJfif(file);
  if (existing) return Buffer.concat([file.subarray(0, existing.start), app0, file.subarray(existing.end)]);
  return Buffer.concat([file.subarray(0, 2), app0, file.subarray(2)]);
}

function findJfif(file: Buffer): { start: number; end: number } | null {
  let i = 2;
  while (i + 4 <= file.length && file[i] === 0xff) {
    const marker = file[i + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image
    const len = file.readUInt16BE(i + 2);
    if (marker === 0xe0 && file.subarray(i + 4, i + 9).toString('latin1') === 'JFIF\0') return { start: i, end: i + 2 + len };
    i += 2 + len;
  }
  return null;
}

/** pHYs in pixels per metre, placed right after IHDR; any previous pHYs is dropped. */
function pngDensity(file: Buffer, ppi: number): Buffer {
  const ppm = Math.round(ppi / 0.0254);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(ppm, 0);
  data.writeUInt32BE(ppm, 4);
  data.writeUInt8(1, 8); // unit: metre
  const phys = pngChunk('pHYs', data);
  const parts: Buffer[] = [file.subarray(0, 8)];
  let i = 8;
  while (i + 8 <= file.length) {
    const len = file.readUInt32BE(i);
    const type = file.subarray(i + 4, i + 8).toString('latin1');
    const end = i + 12 + len;
    if (type !== 'pHYs') parts.push(file.subarray(i, end));
    if (type === 'IHDR') parts.push(phys);
    i = end;
  }
  return Buffer.concat(parts);
}

