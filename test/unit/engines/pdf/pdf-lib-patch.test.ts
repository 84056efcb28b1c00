import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PDFContentStream, PDFDocument, PDFName, PDFNumber, PDFObjectStream, PDFStream, pushGraphicsState, rgb, StandardFonts } from 'pdf-lib';
import { originalCopyBytesInto, patchPdfLibStreams } from '../../../../src/engines/pdf/pdf-lib-patch.js';

/**
 * src/engines/pdf/pdf-lib-patch.ts replaces PDFStream.prototype.copyBytesInto, an internal of
 * pdf-lib, with a copy that writes the same bytes faster. That is safe only for the version it
 * was written against: package.json pins pdf-lib exactly, and this test fails when the installed
 * version or the internals the patch relies on change. The original method is the one the patch
 * module read when it loaded, before anything patched it (files share modules in a test worker).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const require = createRequire(import.meta.url);
const readJson = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

type CopyBytesInto = (this: PDFStream, buffer: Uint8Array, offset: number) => number;
const original = originalCopyBytesInto as CopyBytesInto;

/** the bytes a stream writes with the given copyBytesInto, at an offset inside a larger buffer */
function write(stream: PDFStream, copy: CopyBytesInto): { bytes: Uint8Array; written: number } {
  const buffer = new Uint8Array(stream.sizeInBytes() + 16).fill(0xee);
  const written = copy.call(stream, buffer, 7);
  return { bytes: buffer, written };
}

async function sampleDocument(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const fixed = new Date('2024-01-02T03:04:05Z');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([200, 100]);
  page.drawText('pinned', { x: 10, y: 50, size: 20, font, color: rgb(0.2, 0.4, 0.6) });
  page.drawRectangle({ x: 5, y: 5, width: 50, height: 20, color: rgb(1, 0, 0) });
  return doc;
}

describe('pdf-lib is pinned to the version the patch was written for', () => {
  it('package.json names the exact installed version, and so does the lockfile', () => {
    const installed = require('pdf-lib/package.json').version as string;
    const pkg = readJson(path.join(root, 'package.json'));
    const lock = readJson(path.join(root, 'package-lock.json'));
    expect(pkg.dependencies['pdf-lib']).toBe(installed);
    expect(lock.packages[''].dependencies['pdf-lib']).toBe(installed);
    expect(lock.packages['node_modules/pdf-lib'].version).toBe(installed);
    expect(installed).toBe('1.17.1');
  });
});

describe('the internals pdf-lib-patch.ts relies on', () => {
  it('PDFStream has updateDict, getContents, a dict with copyBytesInto, and no stream class overrides copyBytesInto', async () => {
    const proto = PDFStream.prototype as unknown as Record<string, unknown>;
    expect(typeof proto.updateDict).toBe('function');
    expect(typeof proto.getContents).toBe('function');
    expect(typeof proto.copyBytesInto).toBe('function');
    const doc = await sampleDocument();
    const raw = doc.context.stream(new Uint8Array([1, 2, 3]), { Length: 3 });
    expect(typeof raw.dict.copyBytesInto).toBe('function');
    const classes = [Object.getPrototypeOf(raw).constructor, PDFContentStream, PDFObjectStream];
    for (const cls of classes) {
      expect(Object.prototype.hasOwnProperty.call(cls.prototype, 'copyBytesInto'), cls.name).toBe(false);
      expect(cls.prototype instanceof PDFStream, cls.name).toBe(true);
    }
  });

  it("the original writes dict, '\\nstream\\n', the contents and '\\nendstream', the framing the patch reproduces", async () => {
    const doc = await sampleDocument();
    const contents = new Uint8Array([0, 255, 10, 13, 42]);
    const raw = doc.context.stream(contents, { Length: contents.length });
    const { bytes, written } = write(raw, original);
    const dict = new Uint8Array(raw.dict.sizeInBytes());
    raw.dict.copyBytesInto(dict, 0);
    const expected = Buffer.concat([Buffer.from(dict), Buffer.from('\nstream\n'), Buffer.from(contents), Buffer.from('\nendstream')]);
    expect(written).toBe(expected.length);
    expect(written).toBe(raw.sizeInBytes());
    expect(Buffer.from(bytes.subarray(7, 7 + written))).toEqual(expected);
  });

  it('patched, every kind of stream writes the same bytes and count as the original, and a saved document is byte-identical', async () => {
    // The documents as pdf-lib itself writes them, whether or not another file loaded the patch first.
    const current = PDFStream.prototype.copyBytesInto;
    PDFStream.prototype.copyBytesInto = original;
    const before = await (await sampleDocument()).save({ useObjectStreams: true });
    const beforeFlat = await (await sampleDocument()).save({ useObjectStreams: false });
    PDFStream.prototype.copyBytesInto = current;

    const doc = await sampleDocument();
    const streams: PDFStream[] = [
      doc.context.stream(new Uint8Array(1000).map((_, i) => i % 256), { Length: 1000 }),
      doc.context.flateStream(new Uint8Array(5000).map((_, i) => (i * 7) % 256)),
      PDFContentStream.of(doc.context.obj({}), [pushGraphicsState()]),
      PDFObjectStream.withContextAndObjects(doc.context, [[doc.context.nextRef(), PDFNumber.of(42)], [doc.context.nextRef(), PDFName.of('X')]]),
    ];
    const originals = streams.map((s) => write(s, original));

    patchPdfLibStreams();
    const patched = PDFStream.prototype.copyBytesInto as CopyBytesInto;
    expect(patched).not.toBe(original);
    streams.forEach((s, i) => {
      const got = write(s, patched);
      expect(got.written, `stream ${i}`).toBe(originals[i]!.written);
      expect(Buffer.from(got.bytes), `stream ${i}`).toEqual(Buffer.from(originals[i]!.bytes));
    });

    expect(Buffer.from(await (await sampleDocument()).save({ useObjectStreams: true }))).toEqual(Buffer.from(before));
    expect(Buffer.from(await (await sampleDocument()).save({ useObjectStreams: false }))).toEqual(Buffer.from(beforeFlat));
  });
});
