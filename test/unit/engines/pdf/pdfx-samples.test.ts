/**
 * One print file of each PDF/X standard × registered output condition, made from the same
 * business card (photo, a 60 % white panel over it, a PNG with alpha, black text and a 0.3 mm
 * rule), each read back with qpdf: the PDF version of its standard, the OutputIntent naming
 * the registered condition, no transparency in PDF/X-1a, and a clean self-check. With
 * FOLIO_WRITE_SAMPLE=docs/samples the files are written there: they are the samples
 * docs/print-files.md links (§ Samples); the committed files are read back below as well.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPdf, verifyPrintFile, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets, pdfText } from './helpers.js';
import { pdfxFacts } from './pdfx-helpers.js';

/** 85 × 55 mm with 3 mm bleed; layers in a 850 × 550 px viewport (0.1 mm a pixel). */
export const SAMPLE_CARD: PageSpec = {
  width: 85, height: 55, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, viewportWidth: 850, viewportHeight: 550,
  layers: [
    { type: 'image', src: 'fixture://card-photo.jpg', left: -30, top: -30, width: 910, height: 610, scaleX: 1, scaleY: 1 },
    { type: 'rect', left: 60, top: 300, width: 730, height: 190, fill: '#ffffff', opacity: 0.6, strokeWidth: 0 },
    { type: 'image', src: 'fixture://logo.png', left: 640, top: 60, width: 150, height: 150 },
    { type: 'text', left: 90, top: 330, text: 'Folio Print Co.', fontFamily: 'Roboto', fontSize: 64, fill: '#000000' },
    { type: 'line', x1: 0, y1: 0, x2: 670, y2: 0, left: 90, top: 420, stroke: '#000000', strokeWidth: 3 },
    { type: 'text', left: 90, top: 432, text: 'hello@folio.example', fontFamily: 'Roboto', fontSize: 32, fill: '#1d3557' },
  ],
};

export const SAMPLE_STANDARDS = [
  { standard: 'pdf_x4', version: 'PDF/X-4', header: '%PDF-1.6' },
  { standard: 'pdf_x1a', version: 'PDF/X-1a:2001', header: '%PDF-1.3' },
] as const;

export const SAMPLE_PROFILES = [
  { profile: 'fogra39', identifier: 'FOGRA39' },
  { profile: 'fogra29', identifier: 'FOGRA29' },
  { profile: 'gracol2006', identifier: 'CGATS TR 006' },
  { profile: 'swop', identifier: 'CGATS TR 003' },
] as const;

export const sampleName = (standard: string, profile: string): string => `card-${standard.replace('_', '-')}-${profile}.pdf`;

const cases = SAMPLE_STANDARDS.flatMap((s) => SAMPLE_PROFILES.map((p) => ({ ...s, ...p })));

describe('PDF/X samples: each standard × registered output condition', () => {
  it.each(cases)('$standard through $profile: $header, OutputIntent $identifier, self-check clean', async (c) => {
    const out = await renderPdf([SAMPLE_CARD], fixtureAssets(), { pdfStandard: c.standard, outputProfile: c.profile, title: `Business card (${c.version}, ${c.identifier})` });
    const f = await pdfxFacts(out.pdf);
    expect(f.header).toBe(c.header);
    expect(f.info['/GTS_PDFXVersion']).toBe(`u:${c.version}`);
    expect(f.intents).toHaveLength(1);
    expect(f.intents[0]).toMatchObject({ '/S': '/GTS_PDFX', '/OutputConditionIdentifier': `u:${c.identifier}`, '/RegistryName': 'u:http://www.color.org' });
    expect(f.profiles).toEqual([expect.objectContaining({ n: 4, space: 'CMYK', cls: 'prtr' })]);
    if (c.standard === 'pdf_x1a') {
      expect(f.smasks + f.transparentGStates + f.transparencyGroups).toBe(0);
      expect(out.warnings.map((w) => w.code)).toContain('TRANSPARENCY_FLATTENED');
    } else {
      expect(f.transparentGStates).toBeGreaterThan(0); // the panel's alpha stays live in X-4
    }
    expect(await pdfText(out.pdf)).toContain('Folio Print Co.');
    expect((await verifyPrintFile(out.pdf, { standard: c.standard, colorMode: 'cmyk', profile: c.profile })).violations).toEqual([]);
    if (process.env.FOLIO_WRITE_SAMPLE) await writeFile(path.join(process.env.FOLIO_WRITE_SAMPLE, sampleName(c.standard, c.profile)), out.pdf);
  });
});

const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs');

describe('the committed samples docs/print-files.md links', () => {
  it.each(cases)('docs/samples/$standard × $profile: linked, $header, OutputIntent $identifier', async (c) => {
    const name = sampleName(c.standard, c.profile);
    expect(await readFile(path.join(DOCS, 'print-files.md'), 'utf8')).toContain(`(samples/${name})`);
    const pdf = await readFile(path.join(DOCS, 'samples', name));
    const f = await pdfxFacts(pdf);
    expect(f.header).toBe(c.header);
    expect(f.info['/GTS_PDFXVersion']).toBe(`u:${c.version}`);
    expect(f.intents[0]).toMatchObject({ '/OutputConditionIdentifier': `u:${c.identifier}`, '/RegistryName': 'u:http://www.color.org' });
    if (c.standard === 'pdf_x1a') expect(f.smasks + f.transparentGStates + f.transparencyGroups).toBe(0);
  });
});
