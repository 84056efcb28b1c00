import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildJdf, buildXmlTicket, colourCode, JDF_XSD, TICKET_XSD, toPoints, xmlEscape, type JobTicket } from '../../../src/engines/jdf/index.js';
import { needs } from '../../helpers/requirements.js';
import { validateXml as validate } from '../../helpers/xmllint.js';

const CMYK = ['Cyan', 'Magenta', 'Yellow', 'Black'];
const CARD: JobTicket = {
  jobId: 'P-7K3M9Q2X',
  jobName: 'Order P-7K3M9Q2X — Business card',
  orderRef: { source: 'shopify', order_id: '1001', line_item_id: '7' },
  product: { id: 'prod-1', name: 'Business card' },
  quantity: 500,
  pages: 2,
  trim: { width: 85, height: 55, unit: 'mm' },
  bleed: 3,
  media: '350gsm silk',
  colours: { front: CMYK, back: CMYK },
  binding: 'none',
  fileName: 'P-7K3M9Q2X.pdf',
  due: '2026-12-01T10:00:00.000Z',
};

const attr = (xml: string, element: string, name: string) => new RegExp(`<${element}\\b[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1];

describe('JDF job ticket', () => {
  it('names the job, product, quantity, trim in points, media, colours and the file', () => {
    const jdf = buildJdf(CARD);
    expect(jdf).toContain('xmlns="http://www.CIP4.org/JDFSchema_1_1"');
    expect(attr(jdf, 'JDF', 'Type')).toBe('Product');
    expect(attr(jdf, 'JDF', 'Version')).toBe('1.4');
    expect(attr(jdf, 'JDF', 'JobID')).toBe('P-7K3M9Q2X');
    expect(attr(jdf, 'JDF', 'JobPartID')).toBe('1');
    expect(attr(jdf, 'Component', 'DescriptiveName')).toBe('Business card');
    expect(attr(jdf, 'ComponentLink', 'Amount')).toBe('500');
    // 85 × 55 mm = 240.94 × 155.91 pt
    expect(attr(jdf, 'FinishedDimensions', 'Actual')).toBe('240.94 155.91 0');
    expect(attr(jdf, 'MediaIntent', 'DescriptiveName')).toBe('350gsm silk');
    expect(attr(jdf, 'Weight', 'Actual')).toBe('350');
    expect(attr(jdf, 'FileSpec', 'URL')).toBe('P-7K3M9Q2X.pdf');
    expect(attr(jdf, 'CustomerInfo', 'CustomerOrderID')).toBe('1001');
    expect(attr(jdf, 'NodeInfo', 'End')).toBe('2026-12-01T10:00:00.000Z');
    expect(jdf).not.toContain('BindingIntent');
  });

  it('4/4 has a front and a back partition; 4/0 only a front, one-sided', () => {
    const both = buildJdf(CARD);
    expect(attr(both, 'ColorIntent', 'DescriptiveName')).toBe('4/4');
    expect(both).toContain('<ColorIntent Side="Front" NumColors="4">');
    expect(both).toContain('<ColorIntent Side="Back" NumColors="4">');
    expect(attr(both, 'LayoutIntent', 'Sides')).toBe('TwoSidedHeadToHead');
    const front = buildJdf({ ...CARD, colours: { front: [...CMYK, 'PANTONE 186 C'], back: [] } });
    expect(colourCode({ front: [...CMYK, 'PANTONE 186 C'], back: [] })).toBe('5/0');
    expect(front).toContain('<ColorIntent Side="Front" NumColors="5">');
    expect(front).toContain('<SeparationSpec Name="PANTONE 186 C"/>');
    expect(front).not.toContain('Side="Back"');
    expect(attr(front, 'LayoutIntent', 'Sides')).toBe('OneSided');
  });

  it('escapes &, <, > and quotes in every name', () => {
    const nasty = 'Tom & Jerry <"best"> \'cards\'';
    const jdf = buildJdf({ ...CARD, jobName: nasty, product: { id: null, name: nasty }, media: nasty, orderRef: { source: 'a&b', order_id: '<1>' } });
    expect(jdf).not.toContain(nasty);
    expect(attr(jdf, 'Component', 'DescriptiveName')).toBe('Tom &amp; Jerry &lt;&quot;best&quot;&gt; &apos;cards&apos;');
    expect(xmlEscape('a&b<c>"d"')).toBe('a&amp;b&lt;c&gt;&quot;d&quot;');
    const xml = buildXmlTicket({ ...CARD, product: { id: null, name: nasty } });
    expect(xml).toContain('<product>Tom &amp; Jerry &lt;&quot;best&quot;&gt; &apos;cards&apos;</product>');
  });

  it('binding: saddle stitch and perfect bound (AdhesiveBinding)', () => {
    expect(attr(buildJdf({ ...CARD, binding: 'saddle_stitch' }), 'BindingType', 'Actual')).toBe('SaddleStitch');
    expect(attr(buildJdf({ ...CARD, binding: 'perfect_bound' }), 'BindingType', 'Actual')).toBe('AdhesiveBinding');
  });

  it('converts units to points', () => {
    expect(toPoints(1, 'inch')).toBe(72);
    expect(toPoints(2.54, 'cm')).toBe(72);
    expect(toPoints(210, 'mm')).toBe(595.28);
  });

  it('refuses a ticket that would mislead the press', () => {
    expect(() => buildJdf({ ...CARD, quantity: 0 })).toThrow(/quantity/);
    expect(() => buildJdf({ ...CARD, fileName: '../x.pdf' })).toThrow(/fileName/);
  });

  const xmllint = needs('xmllint');
  describe.skipIf(xmllint.skip)(`schemas${xmllint.note}`, () => {
    it('every variant validates against the shipped XSDs', () => {
      const variants: JobTicket[] = [
        CARD,
        { ...CARD, orderRef: null, media: null, due: null, bleed: null, colours: { front: ['Black'], back: [] }, binding: 'perfect_bound' },
        { ...CARD, jobName: 'A & B <"c">', media: 'uncoated', binding: 'saddle_stitch', trim: { width: 8.5, height: 11, unit: 'inch' } },
      ];
      for (const v of variants) {
        const jdf = validate(buildJdf(v), JDF_XSD);
        expect(jdf.ok, jdf.out).toBe(true);
        const xml = validate(buildXmlTicket(v), TICKET_XSD);
        expect(xml.ok, xml.out).toBe(true);
      }
    });

    it('the JDF schema is not a rubber stamp: a wrong element fails', () => {
      const broken = buildJdf(CARD).replace('<FinishedDimensions', '<FinishedSize');
      expect(validate(broken, JDF_XSD).ok).toBe(false);
    });
  });

  it('docs/delivery.md shows what the engine produces for its example input', () => {
    const doc = fs.readFileSync(new URL('../../../docs/delivery.md', import.meta.url), 'utf8');
    const input = /<!-- ticket-example-input -->\s*```json\n([\s\S]*?)```/.exec(doc)?.[1];
    const output = /<!-- ticket-example-jdf -->\s*```xml\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(input, 'the example input block').toBeDefined();
    expect(output, 'the example JDF block').toBeDefined();
    expect(buildJdf(JSON.parse(input!) as JobTicket)).toBe(output);
  });
});
