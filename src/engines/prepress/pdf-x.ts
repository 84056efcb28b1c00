/**
 * PDF/X for the full_prepress fix: Ghostscript's pdfwrite writes the file with an OutputIntent
 * (pdfmarks as in Ghostscript's PDFX_def.ps, embedding a CMYK ICC profile), then pdf-lib
 * completes what pdfwrite leaves out (Title, /Trapped, TrimBox and BleedBox on every page, a
 * document ID, the XMP identification PDF/X-4 requires), and `checkPdfX` reads the result back
 * with qpdf before the job may report success.
 *
 * - `pdf_x1a` (PDF/X-1a:2001): PDF 1.3 via -dPDFX, transparency flattened, DeviceCMYK and
 *   Separation colour only, GTS_PDFXVersion and GTS_PDFXConformance in the Info dictionary.
 * - `pdf_x4` (PDF/X-4): PDF 1.6, live transparency kept, GTS_PDFXVersion in Info and in XMP.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from 'pdf-lib';
import { runTool, withTempDir } from '../preflight/exec-tool.js';

export const PDF_X_STANDARDS = ['pdf_x1a', 'pdf_x4'] as const;
export type PdfXStandard = (typeof PDF_X_STANDARDS)[number];

export const PDFX_VERSION: Record<PdfXStandard, string> = { pdf_x1a: 'PDF/X-1a:2001', pdf_x4: 'PDF/X-4' };
const PDF_VERSION: Record<PdfXStandard, string> = { pdf_x1a: '1.3', pdf_x4: '1.6' };

/** The CMYK output condition a PDF/X file declares. */
export interface OutputProfile {
  /** ICC file on this machine (read by Ghostscript, embedded as DestOutputProfile) */
  path: string;
  /** the profile's own description */
  description: string;
  /** not a registered characterisation, so "Custom" with the profile embedded */
  outputConditionIdentifier: string;
  outputCondition: string;
}

/**
 * Ghostscript's own CMYK profile (Debian package libgs-common, installed with ghostscript):
 * nothing is downloaded at run time.
 */
export const DEFAULT_OUTPUT_PROFILE: OutputProfile = {
  path: '/usr/share/color/icc/ghostscript/default_cmyk.icc',
  description: 'Artifex CMYK SWOP Profile',
  outputConditionIdentifier: 'Custom',
  outputCondition: 'Artifex CMYK SWOP Profile (commercial offset, coated)',
};

/** A PostScript string literal. */
function psString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Ghostscript switches for a PDF/X pass (added to the pdfwrite CMYK arguments). */
export function pdfxArgs(standard: PdfXStandard, profile: OutputProfile = DEFAULT_OUTPUT_PROFILE): string[] {
  return [
    // -dSAFER forbids reading files outside gs's own; the profile is the one file the pdfmarks read
    `--permit-file-read=${profile.path}`,
    `-dCompatibilityLevel=${PDF_VERSION[standard]}`,
    // Ghostscript 10.0's PDFX is PDF/X-3 style: PDF 1.3, transparency flattened, boxes written
    ...(standard === 'pdf_x1a' ? ['-dPDFX'] : []),
  ];
}

/** The pdfmarks (PDFX_def.ps) that set the PDF/X keys and the OutputIntent with the embedded profile. */
export function pdfxPostScript(standard: PdfXStandard, profile: OutputProfile = DEFAULT_OUTPUT_PROFILE): string {
  const version = psString(PDFX_VERSION[standard]);
  return [
    `[ /GTS_PDFXVersion ${version} ${standard === 'pdf_x1a' ? `/GTS_PDFXConformance ${version} ` : ''}/Trapped /False /DOCINFO pdfmark`,
    '[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark',
    '[{icc_PDFX} << /N 4 >> /PUT pdfmark',
    `[{icc_PDFX} ${psString(profile.path)} (r) file /PUT pdfmark`,
    '[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark',
    `[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX /OutputCondition ${psString(profile.outputCondition)}`
      + ` /OutputConditionIdentifier ${psString(profile.outputConditionIdentifier)} /Info ${psString(profile.description)}`
      + ' /RegistryName (http://www.color.org) /DestOutputProfile {icc_PDFX} >> /PUT pdfmark',
    '[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark',
  ].join(' ');
}

const xmlEscape = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

function xmp(standard: PdfXStandard, title: string, producer: string, date: Date): string {
  const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:dc="http://purl.org/dc/elements/1.1/">
   <pdfxid:GTS_PDFXVersion>${PDFX_VERSION[standard]}</pdfxid:GTS_PDFXVersion>
   <pdf:Trapped>False</pdf:Trapped>
   <pdf:Producer>${xmlEscape(producer)}</pdf:Producer>
   <xmp:CreateDate>${iso}</xmp:CreateDate>
   <xmp:ModifyDate>${iso}</xmp:ModifyDate>
   <xmp:MetadataDate>${iso}</xmp:MetadataDate>
   <xmpMM:DocumentID>uuid:${randomUUID()}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:${randomUUID()}</xmpMM:InstanceID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(title)}</rdf:li></rdf:Alt></dc:title>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * What Ghostscript leaves to do: Title (the input's, else `fallbackTitle`), /Trapped, TrimBox
 * (= CropBox, else MediaBox) and BleedBox where a page has none, a document ID, and for X-4
 * an XMP packet identifying the file. The header keeps the standard's PDF version.
 */
export async function completePdfX(file: Buffer, standard: PdfXStandard, fallbackTitle: string): Promise<Buffer> {
  const doc = await PDFDocument.load(file, { updateMetadata: false });
  const ctx = doc.context;
  const title = doc.getTitle()?.trim() || fallbackTitle;
  doc.setTitle(title);
  const now = new Date();
  doc.setModificationDate(now);
  if (!doc.getCreationDate()) doc.setCreationDate(now);
  const info = ctx.lookup(ctx.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('Trapped'), PDFName.of('False'));
  info.set(PDFName.of('GTS_PDFXVersion'), PDFString.of(PDFX_VERSION[standard]));
  if (standard === 'pdf_x1a') info.set(PDFName.of('GTS_PDFXConformance'), PDFString.of(PDFX_VERSION[standard]));
  for (const page of doc.getPages()) {
    const n = page.node;
    const crop = n.lookup(PDFName.of('CropBox')) ?? page.node.MediaBox();
    if (!n.get(PDFName.of('TrimBox'))) n.set(PDFName.of('TrimBox'), crop);
    if (!n.get(PDFName.of('BleedBox'))) n.set(PDFName.of('BleedBox'), crop);
  }
  if (!ctx.trailerInfo.ID) {
    const id = PDFHexString.of(randomUUID().replace(/-/g, ''));
    ctx.trailerInfo.ID = ctx.obj([id, id]);
  }
  if (standard === 'pdf_x4') {
    const bytes = new TextEncoder().encode(xmp(standard, title, doc.getProducer() ?? 'Folio', now));
    doc.catalog.set(PDFName.of('Metadata'), ctx.register(ctx.stream(bytes, { Type: 'Metadata', Subtype: 'XML' })));
  }
  const out = Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
  // pdf-lib writes a 1.7 header; the standard's version has the same length, so no offset moves
  out.write(`%PDF-${PDF_VERSION[standard]}`, 0, 'latin1');
  return out;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v.replace(/^u:/, '') : undefined);

/**
 * Reads a PDF/X file back with qpdf (--json) and returns what is missing or wrong, empty when
 * the structure is that of the standard: version, no encryption, document ID, Info keys
 * (GTS_PDFXVersion, GTS_PDFXConformance for X-1a, Title, Trapped), an OutputIntent /GTS_PDFX
 * with an embedded 4-component DestOutputProfile, TrimBox and BleedBox on every page, and for
 * X-4 the XMP identification. Fonts, colour and transparency are poppler's (pdf-fixes verify).
 */
export async function checkPdfX(file: Buffer, standard: PdfXStandard, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string[]> {
  const { stdout } = await withTempDir('folio-pdfx', async (dir) => {
    const f = path.join(dir, 'check.pdf');
    await writeFile(f, file);
    return runTool('qpdf', ['--json', f], { dir, timeoutMs: opts.timeoutMs ?? 60_000, maxOutputBytes: 256 * 1024 * 1024, ...(opts.signal ? { signal: opts.signal } : {}) });
  });
  const json = JSON.parse(stdout) as { qpdf: [Json, Record<string, { value?: unknown; stream?: { dict: Json } }>]; pages: { object: string }[]; encrypt: { encrypted: boolean } };
  const [header, objects] = json.qpdf;
  const obj = (ref: unknown): Json | undefined => {
    if (ref && typeof ref === 'object') return ref as Json;
    const o = typeof ref === 'string' ? objects[`obj:${ref}`] : undefined;
    return (o?.value ?? o?.stream?.dict) as Json | undefined;
  };
  const problems: string[] = [];
  const want = PDFX_VERSION[standard];
  if (header.pdfversion !== PDF_VERSION[standard]) problems.push(`PDF version ${String(header.pdfversion)}, not ${PDF_VERSION[standard]}`);
  if (json.encrypt.encrypted) problems.push('the file is encrypted');
  const trailer = objects.trailer?.value as Json | undefined;
  if (!Array.isArray(trailer?.['/ID']) || (trailer['/ID'] as unknown[]).length !== 2) problems.push('no document ID');
  const info = obj(trailer?.['/Info']) ?? {};
  if (str(info['/GTS_PDFXVersion']) !== want) problems.push(`GTS_PDFXVersion is ${str(info['/GTS_PDFXVersion']) ?? 'missing'}, not ${want}`);
  if (standard === 'pdf_x1a' && str(info['/GTS_PDFXConformance']) !== want) problems.push('GTS_PDFXConformance missing');
  if (!str(info['/Title'])) problems.push('no Title');
  if (info['/Trapped'] !== '/False' && info['/Trapped'] !== '/True') problems.push('/Trapped is not True or False');
  const root = obj(trailer?.['/Root']) ?? {};
  const intents = (obj(root['/OutputIntents']) ?? root['/OutputIntents']) as unknown;
  const pdfx = Array.isArray(intents) ? intents.map(obj).find((i) => i?.['/S'] === '/GTS_PDFX') : undefined;
  if (!pdfx) problems.push('no GTS_PDFX OutputIntent');
  else {
    if (!str(pdfx['/OutputConditionIdentifier'])) problems.push('OutputIntent has no OutputConditionIdentifier');
    const profile = typeof pdfx['/DestOutputProfile'] === 'string' ? objects[`obj:${pdfx['/DestOutputProfile']}`]?.stream?.dict : undefined;
    if (!profile) problems.push('OutputIntent has no embedded DestOutputProfile');
    else if (profile['/N'] !== 4) problems.push('DestOutputProfile is not a CMYK (4-component) profile');
  }
  json.pages.forEach((p, i) => {
    const page = obj(p.object) ?? {};
    for (const box of ['/TrimBox', '/BleedBox']) if (!page[box]) problems.push(`page ${i + 1} has no ${box.slice(1)}`);
  });
  if (standard === 'pdf_x4') {
    const doc = await PDFDocument.load(file, { updateMetadata: false });
    const meta = doc.catalog.lookup(PDFName.of('Metadata'));
    const text = meta instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(meta).decode()) : '';
    if (!text.includes(`<pdfxid:GTS_PDFXVersion>${want}</pdfxid:GTS_PDFXVersion>`)) problems.push('XMP metadata does not identify PDF/X-4');
  }
  return problems;
}
