import { AppError } from './errors.js';

/** An upload's bytes as they arrive (a multipart file part, a file read stream, or one Buffer). */
export type ByteSource = AsyncIterable<Uint8Array>;

/** SVGs are sanitised as a whole document, so they are read into memory: up to this many bytes. */
export const SVG_MAX_BYTES = 5 * 1024 * 1024;
/** fontkit parses a whole file, so fonts are read into memory: up to this many bytes (large CJK faces are ~20 MB). */
export const FONT_MAX_BYTES = 32 * 1024 * 1024;
/** How much of an upload is looked at before it is stored: the type, and the pixel count where the header fits. */
export const HEAD_BYTES = 64 * 1024;

export function tooLarge(what = 'The file', limit?: number): AppError {
  return new AppError('payload_too_large', `${what} is larger than the upload limit${limit ? ` (${limit} bytes)` : ''}`);
}

/**
 * The first `n` bytes of a source (fewer when it is shorter) and a source that yields every
 * byte again, the head included. Nothing past the head is read until `all` is consumed.
 */
export async function peek(src: ByteSource, n: number): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const it = src[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    const b = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    first.push(b);
    size += b.length;
  }
  // A copy of at most `n` bytes (a chunk can be much larger than the head).
  const head = Buffer.allocUnsafe(Math.min(size, n));
  let at = 0;
  for (const b of first) {
    if (at >= head.length) break;
    at += b.copy(head, at, 0, Math.min(b.length, head.length - at));
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* first;
    if (done) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    }
  }
  return { head, all: all() };
}

/** The whole source in one Buffer, for the small files whose parsers need them whole; 413 past `max`. */
export async function collect(src: ByteSource, max: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of src) {
    size += c.byteLength;
    if (size > max) throw tooLarge(what, max);
    chunks.push(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
  }
  return Buffer.concat(chunks, size);
}

export async function* bufferSource(body: Buffer): AsyncGenerator<Buffer> {
  yield body;
}
