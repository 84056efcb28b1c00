/**
 * pdf-lib 1.17.1 writes a stream's contents into the output one byte at a time in a
 * JavaScript loop (PDFStream.copyBytesInto). For a file that carries photographs that loop
 * was the largest single cost of saving it (about 40% of an RGB flyer with two 12-MP JPEGs).
 * The same bytes are copied here with one TypedArray.set; the framing around them is
 * unchanged. Applied once to the shared prototype, on first import. Because it replaces an
 * internal, package.json pins pdf-lib exactly, and test/unit/engines/pdf/pdf-lib-patch.test.ts
 * fails if the version or the internals the patch relies on change.
 */
import { PDFStream } from 'pdf-lib';

const STREAM = Uint8Array.from('\nstream\n', (c) => c.charCodeAt(0));
const ENDSTREAM = Uint8Array.from('\nendstream', (c) => c.charCodeAt(0));

interface StreamInternals {
  updateDict(): void;
  dict: { copyBytesInto(buffer: Uint8Array, offset: number): number };
  getContents(): Uint8Array;
}

/** pdf-lib's own method, read when this module loads, before any patch (the pin test compares against it). */
export const originalCopyBytesInto = PDFStream.prototype.copyBytesInto;

let patched = false;

export function patchPdfLibStreams(): void {
  if (patched) return;
  patched = true;
  const proto = PDFStream.prototype as unknown as StreamInternals & { copyBytesInto(buffer: Uint8Array, offset: number): number };
  if (typeof proto.updateDict !== 'function' || typeof proto.getContents !== 'function') return;
  proto.copyBytesInto = function (this: StreamInternals, buffer: Uint8Array, offset: number): number {
    this.updateDict();
    const start = offset;
    offset += this.dict.copyBytesInto(buffer, offset);
    buffer.set(STREAM, offset);
    offset += STREAM.length;
    const contents = this.getContents();
    buffer.set(contents, offset);
    offset += contents.length;
    buffer.set(ENDSTREAM, offset);
    offset += ENDSTREAM.length;
    return offset - start;
  };
}

