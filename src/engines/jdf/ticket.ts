/**
 * Job tickets for print shops' hot folders (Enfocus Switch, Heidelberg Prinect, printIQ): a JDF
 * 1.4 product intent, or a plain XML ticket with the same facts. Pure: a ticket in, a string out.
 * The elements emitted are exactly those `jdf-subset.xsd` (beside this file) declares.
 */

export interface JobTicket {
  jobId: string; // project code or batch id
  jobName: string; // e.g. "Order P-7K3M9Q2X — Business card"
  orderRef?: { source: string; order_id: string; line_item_id?: string | null } | null;
  product: { id: string | null; name: string };
  quantity: number;
  pages: number; // pages in the PDF
  trim: { width: number; height: number; unit: 'mm' | 'cm' | 'inch' }; // finished size
  bleed?: number | null; // same unit
  media?: string | null; // e.g. "350gsm silk"
  colours: { front: string[]; back: string[] }; // process/spot colourant names, e.g. ['Cyan','Magenta','Yellow','Black']
  binding: 'none' | 'saddle_stitch' | 'perfect_bound';
  fileName: string; // the PDF's name in the same folder
  due?: string | null; // ISO
}

export const JDF_NAMESPACE = 'http://www.CIP4.org/JDFSchema_1_1';
export const TICKET_NAMESPACE = 'urn:folio:job-ticket:1';

const PROCESS = ['Cyan', 'Magenta', 'Yellow', 'Black'];
const POINTS_PER: Record<JobTicket['trim']['unit'], number> = { mm: 72 / 25.4, cm: 72 / 2.54, inch: 72 };
/** JDF's BindingType values for ours (perfect binding is JDF's AdhesiveBinding). */
const BINDING_TYPE: Record<Exclude<JobTicket['binding'], 'none'>, string> = { saddle_stitch: 'SaddleStitch', perfect_bound: 'AdhesiveBinding' };

/** Escapes text for an attribute value or element content (both quotes, so it is safe in either). */
export function xmlEscape(value: string): string {
  // XML 1.0 cannot carry most C0 controls even escaped: they are dropped.
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A length in the ticket's unit as PostScript points, two decimals (JDF measures in points). */
export function toPoints(value: number, unit: JobTicket['trim']['unit']): number {
  return Math.round(value * POINTS_PER[unit] * 100) / 100;
}

/** "4/4", "4/0", "5/1": colourants front / back, as print shops say it. */
export function colourCode(colours: JobTicket['colours']): string {
  return `${colours.front.length}/${colours.back.length}`;
}

const attrs = (pairs: Record<string, string | number | null | undefined>): string =>
  Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');

function assertTicket(t: JobTicket): void {
  const bad = (what: string) => new Error(`job ticket: ${what}`);
  if (!t.jobId.trim()) throw bad('jobId is empty');
  if (!Number.isInteger(t.quantity) || t.quantity < 1) throw bad('quantity must be a positive integer');
  if (!Number.isInteger(t.pages) || t.pages < 1) throw bad('pages must be a positive integer');
  if (!(t.trim.width > 0) || !(t.trim.height > 0)) throw bad('trim must be positive');
  if (!t.fileName || /[/\\]/.test(t.fileName)) throw bad('fileName must be a bare file name');
}

function colourStandard(names: readonly string[]): string {
  return names.some((n) => PROCESS.includes(n)) ? 'CMYK' : 'Spot';
}

function colourSide(side: 'Front' | 'Back', names: readonly string[], indent: string): string {
  const seps = names.map((n) => `${indent}    <SeparationSpec${attrs({ Name: n })}/>`).join('\n');
  return [
    `${indent}<ColorIntent${attrs({ Side: side, NumColors: names.length })}>`,
    `${indent}  <ColorStandard DataType="NameSpan"${attrs({ Actual: colourStandard(names) })}/>`,
    `${indent}  <ColorsUsed>`,
    ...(seps ? [seps] : []),
    `${indent}  </ColorsUsed>`,
    `${indent}</ColorIntent>`,
  ].join('\n');
}

/**
 * A JDF 1.4 product node: Component (the finished product, quantity on its link), LayoutIntent
 * (finished size in points, pages, sides), MediaIntent, ColorIntent partitioned by side,
 * BindingIntent (unless none), RunList → LayoutElement → FileSpec (the PDF beside the ticket,
 * a relative URL), CustomerInfo (the order reference) and NodeInfo (the due date).
 */
export function buildJdf(t: JobTicket): string {
  assertTicket(t);
  const w = toPoints(t.trim.width, t.trim.unit);
  const h = toPoints(t.trim.height, t.trim.unit);
  const twoSided = t.colours.back.length > 0;
  const gsm = t.media ? /(\d+(?:\.\d+)?)\s*(?:gsm|g\/m2|g\/m²|g)\b/i.exec(t.media)?.[1] : undefined;
  const ref = t.orderRef ?? null;
  const resources: string[] = [];
  const links: string[] = [];

  resources.push(`    <Component ID="R_Component" Class="Quantity" Status="Unavailable" ComponentType="FinalProduct"${attrs({ DescriptiveName: t.product.name, ProductID: t.product.id })}/>`);
  links.push(`    <ComponentLink rRef="R_Component" Usage="Output"${attrs({ Amount: t.quantity })}/>`);

  resources.push(
    [
      `    <LayoutIntent ID="R_LayoutIntent" Class="Intent" Status="Available"${attrs({ Sides: twoSided ? 'TwoSidedHeadToHead' : 'OneSided' })}>`,
      `      <FinishedDimensions DataType="ShapeSpan"${attrs({ Actual: `${w} ${h} 0` })}/>`,
      `      <Pages DataType="IntegerSpan"${attrs({ Actual: t.pages })}/>`,
      `    </LayoutIntent>`,
    ].join('\n'),
  );
  links.push(`    <LayoutIntentLink rRef="R_LayoutIntent" Usage="Input"/>`);

  if (t.media) {
    resources.push(
      gsm
        ? [`    <MediaIntent ID="R_MediaIntent" Class="Intent" Status="Available"${attrs({ DescriptiveName: t.media })}>`, `      <Weight DataType="NumberSpan"${attrs({ Actual: gsm })}/>`, `    </MediaIntent>`].join('\n')
        : `    <MediaIntent ID="R_MediaIntent" Class="Intent" Status="Available"${attrs({ DescriptiveName: t.media })}/>`,
    );
    links.push(`    <MediaIntentLink rRef="R_MediaIntent" Usage="Input"/>`);
  }

  resources.push(
    [
      `    <ColorIntent ID="R_ColorIntent" Class="Intent" Status="Available" PartIDKeys="Side"${attrs({ DescriptiveName: colourCode(t.colours) })}>`,
      colourSide('Front', t.colours.front, '      '),
      ...(twoSided ? [colourSide('Back', t.colours.back, '      ')] : []),
      `    </ColorIntent>`,
    ].join('\n'),
  );
  links.push(`    <ColorIntentLink rRef="R_ColorIntent" Usage="Input"/>`);

  if (t.binding !== 'none') {
    resources.push(
      [`    <BindingIntent ID="R_BindingIntent" Class="Intent" Status="Available">`, `      <BindingType DataType="EnumerationSpan" Actual="${BINDING_TYPE[t.binding]}"/>`, `    </BindingIntent>`].join('\n'),
    );
    links.push(`    <BindingIntentLink rRef="R_BindingIntent" Usage="Input"/>`);
  }

  resources.push(
    [
      `    <RunList ID="R_RunList" Class="Parameter" Status="Available"${attrs({ NPage: t.pages })}>`,
      `      <LayoutElement>`,
      `        <FileSpec MimeType="application/pdf"${attrs({ URL: encodeURIComponent(t.fileName) })}/>`,
      `      </LayoutElement>`,
      `    </RunList>`,
    ].join('\n'),
  );
  links.push(`    <RunListLink rRef="R_RunList" Usage="Input"/>`);

  resources.push(`    <CustomerInfo ID="R_CustomerInfo" Class="Parameter" Status="Available"${attrs({ CustomerJobName: t.jobName, CustomerOrderID: ref?.order_id })}/>`);
  links.push(`    <CustomerInfoLink rRef="R_CustomerInfo" Usage="Input"/>`);

  if (t.due) {
    resources.push(`    <NodeInfo ID="R_NodeInfo" Class="Parameter" Status="Available"${attrs({ End: t.due })}/>`);
    links.push(`    <NodeInfoLink rRef="R_NodeInfo" Usage="Input"/>`);
  }

  const ids = [
    ...(ref ? [`  <GeneralID IDUsage="OrderSource"${attrs({ IDValue: ref.source })}/>`] : []),
    ...(ref?.line_item_id ? [`  <GeneralID IDUsage="LineItemID"${attrs({ IDValue: ref.line_item_id })}/>`] : []),
    ...(t.bleed ? [`  <GeneralID IDUsage="BleedPoints"${attrs({ IDValue: toPoints(t.bleed, t.trim.unit) })}/>`] : []),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<JDF xmlns="${JDF_NAMESPACE}" ID="N_Root" Type="Product" Version="1.4" Status="Waiting" Activation="Active" JobPartID="1"${attrs({ JobID: t.jobId, DescriptiveName: t.jobName })}>`,
    ...ids,
    '  <ResourcePool>',
    ...resources,
    '  </ResourcePool>',
    '  <ResourceLinkPool>',
    ...links,
    '  </ResourceLinkPool>',
    '</JDF>',
    '',
  ].join('\n');
}

/** The plain XML ticket (`ticket: xml`; schema `folio-ticket.xsd`): the same facts, named plainly. */
export function buildXmlTicket(t: JobTicket): string {
  assertTicket(t);
  const ref = t.orderRef ?? null;
  const el = (name: string, value: string | number | null | undefined, extra: Record<string, string | number> = {}) =>
    value === null || value === undefined || value === '' ? [] : [`  <${name}${attrs(extra)}>${xmlEscape(String(value))}</${name}>`];
  const side = (name: string, names: readonly string[]) => [`    <${name} count="${names.length}">`, ...names.map((n) => `      <colourant>${xmlEscape(n)}</colourant>`), `    </${name}>`];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ticket xmlns="${TICKET_NAMESPACE}" version="1">`,
    ...el('job-id', t.jobId),
    ...el('job-name', t.jobName),
    ...(ref ? [`  <order${attrs({ source: ref.source, 'order-id': ref.order_id, 'line-item-id': ref.line_item_id })}/>`] : []),
    `  <product${attrs({ id: t.product.id })}>${xmlEscape(t.product.name)}</product>`,
    ...el('quantity', t.quantity),
    ...el('pages', t.pages),
    `  <trim${attrs({ width: t.trim.width, height: t.trim.height, unit: t.trim.unit, 'width-pt': toPoints(t.trim.width, t.trim.unit), 'height-pt': toPoints(t.trim.height, t.trim.unit) })}/>`,
    ...(t.bleed ? [`  <bleed${attrs({ unit: t.trim.unit })}>${t.bleed}</bleed>`] : []),
    ...el('media', t.media),
    `  <colours code="${colourCode(t.colours)}">`,
    ...side('front', t.colours.front),
    ...side('back', t.colours.back),
    '  </colours>',
    ...el('binding', t.binding),
    ...el('file', t.fileName),
    ...el('due', t.due),
    '</ticket>',
    '',
  ].join('\n');
}

/** The ticket for a target's `ticket` setting, with its file extension; null for `none`. */
export function buildTicket(kind: 'jdf' | 'xml' | 'none', t: JobTicket): { body: string; ext: string } | null {
  if (kind === 'none') return null;
  return kind === 'jdf' ? { body: buildJdf(t), ext: 'jdf' } : { body: buildXmlTicket(t), ext: 'xml' };
}
