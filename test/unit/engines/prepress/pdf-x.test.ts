/** checkPdfX reads a file back with qpdf: empty for our PDF/X output, every gap named for a plain PDF. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../../../src/engines/prepress/index.js';
import { checkPdfX } from '../../../../src/engines/prepress/pdf-x.js';

const fixture = (name: string) => readFile(path.resolve(import.meta.dirname, '../../../fixtures/preflight', name));

describe('checkPdfX', () => {
  it('names what a plain PDF lacks for PDF/X-1a and X-4', async () => {
    const plain = await fixture('pdf-ok.pdf');
    const x1a = await checkPdfX(plain, 'pdf_x1a');
    expect(x1a).toEqual(expect.arrayContaining([
      expect.stringMatching(/^GTS_PDFXVersion is missing/),
      'GTS_PDFXConformance missing',
      'no GTS_PDFX OutputIntent',
    ]));
    expect(await checkPdfX(plain, 'pdf_x4')).toEqual(expect.arrayContaining(['no GTS_PDFX OutputIntent', 'XMP metadata does not identify PDF/X-4']));
  });

  it('passes the full_prepress output of each standard, and not the other standard', async () => {
    const src = await fixture('pdf-constant-alpha.pdf');
    const x1a = (await applyFixes(src, 'pdf', ['full_prepress'], {})).file;
    const x4 = (await applyFixes(src, 'pdf', ['full_prepress'], {}, { pdfStandard: 'pdf_x4' })).file;
    expect(await checkPdfX(x1a, 'pdf_x1a')).toEqual([]);
    expect(await checkPdfX(x4, 'pdf_x4')).toEqual([]);
    expect(await checkPdfX(x1a, 'pdf_x4')).toEqual(expect.arrayContaining(['PDF version 1.3, not 1.6']));
    expect(await checkPdfX(x4, 'pdf_x1a')).toEqual(expect.arrayContaining(['GTS_PDFXConformance missing']));
  });

  it('the sample in docs/print-files.md is a PDF/X-1a this check passes', async () => {
    const sample = await readFile(path.resolve(import.meta.dirname, '../../../../docs/samples/full-prepress-x1a.pdf'));
    expect(await checkPdfX(sample, 'pdf_x1a')).toEqual([]);
  });
});
