/**
 * A minimal uncompressed TIFF header for 8-bit interleaved pixels. sharp's raw input has no
 * notion of colour space (four bands are always read as RGB + alpha), so pixels computed
 * outside sharp go back into it wrapped as a TIFF, whose PhotometricInterpretation says
 * CMYK, RGB or grey and whose ExtraSamples says alpha. The header is written in front of
 * pixels already in place (see lanczosEnlarge's outputOffset): no copy of the image.
 */

export type TiffPhotometric = 'grey' | 'rgb' | 'cmyk';

const PHOTOMETRIC = { grey: 1, rgb: 2, cmyk: 5 } as const;
const BASE_BANDS = { grey: 1, rgb: 3, cmyk: 4 } as const;

interface Entry {
  tag: number;
  type: 3 | 4 | 7; // SHORT, LONG, UNDEFINED
  values: number[] | Buffer;
}

/** Size of the header writeTiffHeader() writes for these parameters (pixels start right after it). */
export function tiffHeaderLength(channels: number, photometric: TiffPhotometric, icc?: Buffer): number {
  return build(1, 1, channels, photometric, 0, icc).length;
}

/** Writes the header into `target` at 0; the pixels must already be at tiffHeaderLength(). */
export function writeTiffHeader(target: Buffer, width: number, height: number, channels: number, photometric: TiffPhotometric, icc?: Buffer): void {
  const dataLength = width * height * channels;
  const header = build(width, height, channels, photometric, dataLength, icc);
  if (header.length + dataLength > target.length) throw new RangeError('TIFF target too small');
  header.copy(target, 0);
}

function build(width: number, height: number, channels: number, photometric: TiffPhotometric, dataLength: number, icc?: Buffer): Buffer {
  const extra = channels - BASE_BANDS[photometric];
  if (extra < 0 || extra > 1) throw new RangeError(`${channels} bands do not fit ${photometric}${extra > 0 ? ' + alpha' : ''}`);
  const entries: Entry[] = [
    { tag: 256, type: 4, values: [width] },
    { tag: 257, type: 4, values: [height] },
    { tag: 258, type: 3, values: Array<number>(channels).fill(8) },
    { tag: 259, type: 3, values: [1] }, // no compression
    { tag: 262, type: 3, values: [PHOTOMETRIC[photometric]] },
    { tag: 273, type: 4, values: [0] }, // strip offset, patched below
    { tag: 277, type: 3, values: [channels] },
    { tag: 278, type: 4, values: [height] },
    { tag: 279, type: 4, values: [dataLength] },
    { tag: 284, type: 3, values: [1] }, // chunky
  ];
  if (photometric === 'cmyk') entries.push({ tag: 332, type: 3, values: [1] }); // InkSet CMYK
  if (extra === 1) entries.push({ tag: 338, type: 3, values: [2] }); // unassociated alpha
  if (icc) entries.push({ tag: 34675, type: 7, values: icc });

  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  let extraOffset = ifdOffset + ifdSize;
  const blobs: Array<{ at: number; data: Buffer }> = [];
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach((e, i) => {
    const p = 2 + i * 12;
    const data = Buffer.isBuffer(e.values) ? e.values : encode(e.type, e.values);
    ifd.writeUInt16LE(e.tag, p);
    ifd.writeUInt16LE(e.type, p + 2);
    ifd.writeUInt32LE(Buffer.isBuffer(e.values) ? e.values.length : e.values.length, p + 4);
    if (data.length <= 4) data.copy(ifd, p + 8);
    else {
      ifd.writeUInt32LE(extraOffset, p + 8);
      blobs.push({ at: extraOffset, data });
      extraOffset += data.length + (data.length % 2); // word-aligned
    }
  });
  const headerLength = extraOffset;
  // strip offset = where the pixels start
  const stripEntry = entries.findIndex((e) => e.tag === 273);
  ifd.writeUInt32LE(headerLength, 2 + stripEntry * 12 + 8);
  const out = Buffer.alloc(headerLength);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdOffset, 4);
  ifd.copy(out, ifdOffset);
  for (const b of blobs) b.data.copy(out, b.at);
  return out;
}

function encode(type: 3 | 4 | 7, values: number[]): Buffer {
  const size = type === 3 ? 2 : type === 4 ? 4 : 1;
  const b = Buffer.alloc(values.length * size);
  values.forEach((v, i) => (type === 3 ? b.writeUInt16LE(v, i * 2) : type === 4 ? b.writeUInt32LE(v, i * 4) : b.writeUInt8(v, i)));
  return b;
}
