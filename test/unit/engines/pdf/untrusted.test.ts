/**
 * Issue 37, findings 1 and 6: untrusted PDF bytes are checked and rewritten before any tool or
 * renderer sees them (engines/pdf/untrusted.ts). A looped page tree, too many objects, too deep
 * nesting, encryption and external streams are refused; every other way of naming a file is
 * stripped, and a clean artwork prints as before.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { neutralise, neutralisePdf, UnsafePdf, MAX_PDF_OBJECTS, MAX_PDF_DEPTH, MAX_PAGE_TREE_DEPTH } from '../../../../src/engines/pdf/untrusted.js';
import { hostilePdfs, loopedPdfs, rawPdf } from '../../../helpers/hostile.js';
import { makeArtworkPdf } from './artwork-helpers.js';
import { FIXTURES, withPdfFile } from './helpers.js';

const run = promisify(execFile);
const TARGET = '/tmp/folio-no-such-canary/secrets.json';

async function refusal(p: Promise<unknown>): Promise<UnsafePdf> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(UnsafePdf);
  return e as UnsafePdf;
}

/** The first page rendered by pdftoppm (72 dpi), for before/after comparisons. */
function render(pdf: Uint8Array): Promise<Buffer> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', '72', '-singlefile', '-png', file, path.join(dir, 'p')]);
    return readFile(path.join(dir, 'p.png'));
  });
}

/** A page tree `levels` deep: each /Pages node holds the next, the last one the page. */
function deepTree(levels: number): Buffer {
  const objs = [{ dict: '<< /Type /Catalog /Pages 2 0 R >>' }];
  for (let i = 0; i < levels; i++) {
    const self = 2 + i;
    const kid = self + 1;
    objs.push({ dict: `<< /Type /Pages /Kids [${kid} 0 R] /Count 1 ${i > 0 ? `/Parent ${self - 1} 0 R` : ''} >>` });
  }
  const page = 2 + levels;
  objs.push({ dict: `<< /Type /Page /Parent ${page - 1} 0 R /MediaBox [0 0 10 10] >>` });
  return rawPdf(objs);
}

describe('untrusted PDFs: refused', () => {
  it('a looped page tree, each way, naming the problem (finding 6); also through the sandbox', async () => {
    for (const l of loopedPdfs()) {
      const e = await refusal(neutralise(l.bytes));
      expect(e.code, l.name).toBe('pdf_page_tree');
      expect(e.message, l.name).toMatch(/page tree is cyclic/);
    }
    const e = await refusal(neutralisePdf(loopedPdfs()[0]!.bytes));
    expect(e).toMatchObject({ code: 'pdf_page_tree', message: expect.stringMatching(/cyclic/) });
  });

  it('an external stream (image or font program): Folio does not read other files', async () => {
    for (const h of hostilePdfs(TARGET).filter((x) => x.upload === 'refused')) {
      const e = await refusal(neutralise(h.bytes));
      expect(e.code, h.name).toBe('pdf_external_stream');
      expect(e.message).toMatch(/outside file \(external stream/);
    }
  });

  it(`more objects than the cap (${MAX_PDF_OBJECTS}; here 50), nesting deeper than ${MAX_PDF_DEPTH}, a page tree deeper than ${MAX_PAGE_TREE_DEPTH}`, async () => {
    const many = rawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>' },
      ...Array.from({ length: 60 }, () => ({ dict: '<< /A 1 >>' })),
    ]);
    expect((await refusal(neutralise({ bytes: many, limits: { maxObjects: 50 } }))).message).toMatch(/63 objects; at most 50/);
    expect((await neutralise({ bytes: many, limits: { maxObjects: 63 } })).pages).toBe(1);

    const nested = (depth: number) =>
      rawPdf([
        { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
        { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /X ${'['.repeat(depth)}${']'.repeat(depth)} >>` },
      ]);
    expect((await refusal(neutralise(nested(MAX_PDF_DEPTH + 5)))).code).toBe('pdf_too_deep');
    expect((await neutralise(nested(MAX_PDF_DEPTH - 5))).pages).toBe(1);
    // deeper than pdf-lib's parser recurses: refused (the page it cannot read leaves the tree damaged), not a crash
    await refusal(neutralisePdf(nested(50_000)));

    expect((await refusal(neutralise(deepTree(MAX_PAGE_TREE_DEPTH + 1)))).message).toMatch(/page tree is more than 32 levels deep/);
    expect((await neutralise(deepTree(MAX_PAGE_TREE_DEPTH))).pages).toBe(1);
  });

  it('past its time budget, the sandbox thread is ended and the PDF refused naming the limit', async () => {
    const e = await refusal(neutralisePdf(await makeArtworkPdf(), { timeMs: 1, memoryMb: 256 }));
    expect(e).toMatchObject({ code: 'pdf_too_complex', message: 'reading the PDF took longer than 1 ms' });
  });

  it('encryption and unparsable bytes', async () => {
    const enc = await withPdfFile(await makeArtworkPdf(), async (file, dir) => {
      await run('qpdf', ['--encrypt', '', 'owner', '256', '--', file, path.join(dir, 'enc.pdf')]);
      return readFile(path.join(dir, 'enc.pdf'));
    });
    expect(await refusal(neutralise(enc))).toMatchObject({ code: 'pdf_encrypted', message: 'the PDF is encrypted' });
    expect((await refusal(neutralise(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')))).code).toMatch(/pdf_unreadable|pdf_no_pages/);
  });
});

describe('untrusted PDFs: stripped', () => {
  it('every other way of naming a file is gone from the rewritten file, which still parses and draws', async () => {
    const escaped = TARGET.replace(/\//g, '#2f');
    for (const h of hostilePdfs(TARGET).filter((x) => x.upload === 'stripped')) {
      const safe = await neutralise(h.bytes);
      const text = Buffer.from(safe.bytes).toString('latin1');
      expect(text, h.name).not.toContain(TARGET.slice(1));
      expect(text.toLowerCase(), h.name).not.toContain(escaped.slice(3));
      expect(text, h.name).not.toMatch(/\/(Launch|GoToR|GoToE|ImportData|SubmitForm|Filespec|EmbeddedFiles|AF|OpenAction|AA)\b/);
      expect(safe.stripped.length, h.name).toBeGreaterThan(0);
      expect((await PDFDocument.load(safe.bytes)).getPageCount()).toBe(1);
    }
  });

  it('a clean artwork keeps its page: same size, same pixels', async () => {
    for (const pdf of [await makeArtworkPdf({ rotate: 90 }), await readFile(path.join(FIXTURES, 'preflight', 'pdf-prepress-all.pdf'))]) {
      const safe = await neutralise(pdf);
      expect(safe.stripped).toEqual([]);
      expect((await render(safe.bytes)).equals(await render(pdf))).toBe(true);
    }
    const art = await neutralise(await makeArtworkPdf({ rotate: 90 }));
    expect(art).toMatchObject({ pages: 1, width: 100, height: 200 });
  });
});
