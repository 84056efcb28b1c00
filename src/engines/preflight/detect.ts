import type { FileType } from './types.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_MARKER = Buffer.from('%PDF-', 'latin1');
/** PDF readers accept the header anywhere in the first 1024 bytes (ISO 32000-1 annex H.3). */
const PDF_HEADER_WINDOW = 1024;

/** File type from the leading bytes; null when it is none of the four the service reads. */
export function detectFileType(file: Uint8Array): FileType | null {
  const b = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  // classic TIFF (42) and BigTIFF (43), little- and big-endian
  if (b.length >= 4) {
    const ii = b[0] === 0x49 && b[1] === 0x49 && (b[2] === 0x2a || b[2] === 0x2b) && b[3] === 0x00;
    const mm = b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && (b[3] === 0x2a || b[3] === 0x2b);
    if (ii || mm) return 'tiff';
  }
  if (b.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MARKER) >= 0) return 'pdf';
  return null;
}

export const MIME_TYPES: Readonly<Record<FileType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
};
