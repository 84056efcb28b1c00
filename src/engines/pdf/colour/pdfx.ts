/**
 * PDF/X structure for a document the engine drew in DeviceCMYK: the GTS_PDFX OutputIntent
 * with the output profile embedded (DestOutputProfile), GTS_PDFXVersion (and
 * GTS_PDFXConformance for X-1a) in Info and XMP, Trapped /False, a Title, matching dates, a
 * document ID, and (setPdfXHeader) the PDF version the standard is built on (X-1a:2001 →
 * PDF 1.3, so no object or cross-reference streams; X-4 → PDF 1.6). Boxes, embedded fonts and the absence of
 * transparency (X-1a) are the renderer's part.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PDFDocument } from 'pdf-lib';
import { PDFDict, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import type { OutputProfile } from './output-profiles.js';
import { outputProfileBytes } from './output-profiles.js';

export type PdfStandard = 'none' | 'pdf_x4' | 'pdf_x1a';
export const PDF_STANDARDS: readonly PdfStandard[] = ['none', 'pdf_x4', 'pdf_x1a'];

export const PDFX_VERSION: Record<Exclude<PdfStandard, 'none'>, string> = { pdf_x4: 'PDF/X-4', pdf_x1a: 'PDF/X-1a:2001' };

const xml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function xmp(o: { title: string; producer: string; date: Date; documentId: string; standard: Exclude<PdfStandard, 'none'> }): string {
  const d = o.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const v = PDFX_VERSION[o.standard];
  const pdfx = o.standard === 'pdf_x4'
    ? `<pdfxid:GTS_PDFXVersion>${v}</pdfxid:GTS_PDFXVersion>`
    : `<pdfx:GTS_PDFXVersion>${v}</pdfx:GTS_PDFXVersion><pdfx:GTS_PDFXConformance>${v}</pdfx:GTS_PDFXConformance>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(o.title)}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>${d}</xmp:CreateDate><xmp:ModifyDate>${d}</xmp:ModifyDate><xmp:MetadataDate>${d}</xmp:MetadataDate><xmp:CreatorTool>Folio</xmp:CreatorTool>
<pdf:Producer>${xml(o.producer)}</pdf:Producer><pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:${o.documentId}</xmpMM:DocumentID><xmpMM:InstanceID>uuid:${o.documentId}</xmpMM:InstanceID><xmpMM:VersionID>1</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>
${pdfx}
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

const uuid = (b: Buffer): string => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * Makes `doc` a PDF/X file of `standard` for `profile`. Call after drawing, before saving;
 * save with `useObjectStreams: pdfxAllowsObjectStreams(standard)`.
 */
export function applyPdfX(doc: PDFDocument, standard: Exclude<PdfStandard, 'none'>, profile: OutputProfile, opts: { title: string; producer: string; now?: Date }): void {
  const ctx = doc.context;
  const date = new Date(Math.floor((opts.now ?? new Date()).getTime() / 1000) * 1000);
  const title = opts.title.trim() || 'Untitled';
  doc.setTitle(title);
  doc.setProducer(opts.producer);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const info = ctx.lookup(ctx.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('Trapped'), PDFName.of('False'));
  info.set(PDFName.of('GTS_PDFXVersion'), PDFString.of(PDFX_VERSION[standard]));
  if (standard === 'pdf_x1a') info.set(PDFName.of('GTS_PDFXConformance'), PDFString.of(PDFX_VERSION[standard]));

  const icc = ctx.register(ctx.flateStream(outputProfileBytes(profile), { N: 4 }));
  const intent = ctx.obj({ Type: 'OutputIntent', S: 'GTS_PDFX' });
  intent.set(PDFName.of('OutputConditionIdentifier'), PDFString.of(profile.conditionIdentifier));
  intent.set(PDFName.of('OutputCondition'), PDFString.of(profile.description));
  intent.set(PDFName.of('Info'), PDFString.of(profile.info));
  if (profile.registryName) intent.set(PDFName.of('RegistryName'), PDFString.of(profile.registryName));
  intent.set(PDFName.of('DestOutputProfile'), icc);
  doc.catalog.set(PDFName.of('OutputIntents'), ctx.obj([intent]));

  const idBytes = createHash('md5').update(randomBytes(16)).update(title).update(date.toISOString()).digest();
  const metadata = ctx.stream(Buffer.from(xmp({ title, producer: opts.producer, date, documentId: uuid(idBytes), standard }), 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), ctx.register(metadata));
  const id = PDFHexString.of(idBytes.toString('hex'));
  ctx.trailerInfo.ID = ctx.obj([id, id]);
}

/**
 * Writes the PDF version the standard is built on into the header of the saved bytes
 * (pdf-lib always writes %PDF-1.7; same length, so no offset moves).
 */
export function setPdfXHeader(pdf: Uint8Array, standard: Exclude<PdfStandard, 'none'>): void {
  const head = Buffer.from(pdf.buffer, pdf.byteOffset, 8).toString('latin1');
  if (!/^%PDF-1\.\d$/.test(head)) throw new Error('unexpected PDF header');
  pdf[7] = (standard === 'pdf_x1a' ? '3' : '6').charCodeAt(0);
}

/** PDF/X-1a:2001 is PDF 1.3: no object streams or cross-reference streams. */
export const pdfxAllowsObjectStreams = (standard: PdfStandard): boolean => standard !== 'pdf_x1a';
