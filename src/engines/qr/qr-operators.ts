import QRCode from 'qrcode';

/** The standard quiet zone around a QR code, in modules. */
export const QUIET_ZONE = 4;

/** Shortest decimal for a coordinate in points (0.001 pt is far below any printer's resolution). */
function num(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

/**
 * PDF operators of a vector QR code whose outer size (quiet zone included) is `size`,
 * bottom-left at (x, y): one rectangle per horizontal run of dark modules, filled once.
 * Written as operator text, not pdf-lib operator objects: a 2000-card sheet has ~300k
 * rectangles and the object route spent most of its time formatting numbers.
 */
export function qrOperators(payload: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const data = qr.modules.data;
  const m = size / (n + 2 * QUIET_ZONE);
  const parts = ['q 0 g'];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!data[row * n + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && data[row * n + col]) col++;
      // PDF y grows upwards; QR rows grow downwards.
      parts.push(`${num(x + (QUIET_ZONE + start) * m)} ${num(y + size - (QUIET_ZONE + row + 1) * m)} ${num((col - start) * m)} ${num(m)} re`);
    }
  }
  parts.push('f Q');
  return parts.join('\n');
}
