/**
 * The self-check: reads a finished print file back, independently of the code that wrote
 * it, and lists what breaks the standard it declares. Pure (bytes in, findings out); the
 * jobs run it in a sandbox thread (verifyPrintFileSandboxed in sandboxed.ts).
 *
 * Every file: page boxes nested (TrimBox ⊆ BleedBox ⊆ MediaBox), fonts embedded, no .notdef
 * glyphs. CMYK files: no RGB or Lab colour, no total ink above the profile's limit. PDF/X:
 * the GTS_PDFX OutputIntent with a CMYK profile, GTS_PDFXVersion; X-1a: no transparency.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream, PDFString, PDFHexString, type PDFContext, type PDFObject } from 'pdf-lib';
import { rectOf, type Rect } from '../../preflight/pdf-scan.js';
import { DEFAULT_OUTPUT_PROFILE_ID, OUTPUT_PROFILES } from '../colour/output-profiles.js';
import { PDFX_VERSION } from '../colour/pdfx.js';
import { imageFacts, type ImageFacts } from './image-facts.js';
import { isForeign } from './spaces.js';
import { BOX_TOLERANCE_PT, IMAGE_INK_TOLERANCE, VECTOR_INK_TOLERANCE, type Rules, type VerifyOptions, type VerifyResult, type Violation } from './types.js';
import { ContentWalk, decodeStream, Found, round, WalkCache, type Finding } from './walk.js';

export function rulesOf(opts: VerifyOptions): Rules {
  const cmyk = opts.colorMode === 'cmyk' || opts.standard !== 'none';
  const profile = OUTPUT_PROFILES.find((p) => p.id === (opts.profile ?? DEFAULT_OUTPUT_PROFILE_ID));
  return { cmyk, pdfx: opts.standard !== 'none', noTransparency: opts.standard === 'pdf_x1a', maxInk: cmyk ? (opts.maxInk ?? profile?.maxInk ?? null) : null, glyphs: opts.allowMissingGlyphs !== true };
}

export async function verifyPrintFile(pdf: Uint8Array, opts: VerifyOptions): Promise<VerifyResult> {
  const rules = rulesOf(opts);
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const out = new Violations();
  if (rules.pdfx && opts.standard !== 'none') outputIntent(doc, PDFX_VERSION[opts.standard], out);
  const cache = new WalkCache(ctx, { ...rules, maxInk: rules.maxInk === null ? null : rules.maxInk + VECTOR_INK_TOLERANCE });
  const pages = doc.getPages();
  const uses: { page: number; found: Found }[] = [];
  for (const [i, page] of pages.entries()) {
    const node = page.node;
    boxes(ctx, node, i, out);
    if (rules.noTransparency) {
      const group = node.lookup(PDFName.of('Group'));
      const s = group instanceof PDFDict ? group.lookup(PDFName.of('S')) : undefined;
      if (s instanceof PDFName && s.decodeText() === 'Transparency') out.add(i, { code: 'pdfx_transparency', message: 'the page is a transparency group', details: { found: 'page transparency group' } });
    }
    const res = ctx.lookup(node.getInheritableAttribute(PDFName.Resources));
    const found = new Found();
    new ContentWalk(cache, found, res instanceof PDFDict ? res : undefined, 0).run(contents(ctx, node.Contents()));
    for (const f of found.findings) out.add(i, f);
    uses.push({ page: i, found });
  }
  const unmeasured = await images(ctx, rules, uses, out);
  fonts(uses, out);
  return { violations: out.list(), pages: pages.length, unmeasuredImages: unmeasured };
}

/** One violation per code, page and layer: the first found (ink: the highest). */
class Violations {
  private readonly byKey = new Map<string, Violation & { ink?: number }>();

  add(page: number | undefined, f: Finding): void {
    const key = `${f.code}|${page ?? ''}|${f.layer ?? ''}`;
    const had = this.byKey.get(key);
    if (had && !(f.ink !== undefined && f.ink > (had.ink ?? 0))) return;
    const where = [page !== undefined ? `page ${page + 1}` : 'document', f.layer].filter(Boolean).join(', ');
    this.byKey.set(key, {
      code: f.code,
      ...(page !== undefined ? { page } : {}),
      ...(f.layer ? { layer: f.layer } : {}),
      message: `${where}: ${f.message}`,
      ...(f.details ? { details: f.details } : {}),
      ...(f.ink !== undefined ? { ink: f.ink } : {}),
    });
  }

  list(): Violation[] {
    return [...this.byKey.values()]
      .map(({ ink: _ink, ...v }) => v)
      .sort((a, b) => (a.page ?? -1) - (b.page ?? -1));
  }
}

function contents(ctx: PDFContext, obj: PDFObject | undefined): Uint8Array {
  const c = obj ? ctx.lookup(obj) : undefined;
  const streams = c instanceof PDFArray ? c.asArray().map((o) => ctx.lookup(o)) : [c];
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    const bytes = s instanceof PDFStream ? decodeStream(s) : null;
    if (bytes) parts.push(bytes, Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

function outputIntent(doc: PDFDocument, version: string, out: Violations): void {
  const problems: string[] = [];
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'));
  const pdfx = (intents instanceof PDFArray ? intents.asArray() : [])
    .map((o) => doc.context.lookup(o))
    .filter((d): d is PDFDict => d instanceof PDFDict && d.lookup(PDFName.of('S'))?.toString() === '/GTS_PDFX');
  if (pdfx.length !== 1) problems.push(pdfx.length === 0 ? 'no GTS_PDFX OutputIntent' : `${pdfx.length} GTS_PDFX OutputIntents (one allowed)`);
  const intent = pdfx[0];
  if (intent) {
    const id = intent.lookup(PDFName.of('OutputConditionIdentifier'));
    if (!(id instanceof PDFString || id instanceof PDFHexString) || id.decodeText().trim() === '') problems.push('no OutputConditionIdentifier');
    const profile = intent.lookup(PDFName.of('DestOutputProfile'));
    const n = profile instanceof PDFStream ? profile.dict.lookup(PDFName.of('N')) : undefined;
    const icc = profile instanceof PDFStream ? decodeStream(profile) : null;
    const space = icc && icc.length >= 132 ? Buffer.from(icc.subarray(16, 20)).toString('latin1') : '';
    if (!profile) problems.push('no DestOutputProfile');
    else if (!(n instanceof PDFNumber && n.asNumber() === 4) || space !== 'CMYK') problems.push('a DestOutputProfile that is not a CMYK ICC profile');
  }
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  const v = info instanceof PDFDict ? info.lookup(PDFName.of('GTS_PDFXVersion')) : undefined;
  const text = v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : null;
  if (text !== version) problems.push(text === null ? 'no GTS_PDFXVersion in Info' : `GTS_PDFXVersion ${text}, not ${version}`);
  if (problems.length) out.add(undefined, { code: 'pdfx_output_intent', message: `${version} needs ${problems.join('; ')}`.replace('needs no', 'has no'), details: { problems: problems.join('; ') } });
}

const inside = (a: Rect, b: Rect): boolean =>
  a.x0 >= b.x0 - BOX_TOLERANCE_PT && a.y0 >= b.y0 - BOX_TOLERANCE_PT && a.x1 <= b.x1 + BOX_TOLERANCE_PT && a.y1 <= b.y1 + BOX_TOLERANCE_PT;
const fmt = (r: Rect): string => [r.x0, r.y0, r.x1, r.y1].map((v) => round(v)).join(' ');

function boxes(ctx: PDFContext, node: PDFDict & { getInheritableAttribute(n: PDFName): PDFObject | undefined }, page: number, out: Violations): void {
  const media = rectOf(ctx, node.getInheritableAttribute(PDFName.MediaBox));
  const trim = rectOf(ctx, node.get(PDFName.of('TrimBox')));
  const bleed = rectOf(ctx, node.get(PDFName.of('BleedBox'))) ?? media;
  let problem: string | null = null;
  if (!media) problem = 'no MediaBox';
  else if (!trim) problem = 'no TrimBox';
  else if (!bleed || !inside(bleed, media)) problem = `BleedBox [${bleed ? fmt(bleed) : ''}] is not inside MediaBox [${fmt(media)}]`;
  else if (!inside(trim, bleed)) problem = `TrimBox [${fmt(trim)}] is not inside BleedBox [${fmt(bleed)}]`;
  if (problem) out.add(page, { code: 'page_boxes', message: problem, details: { problem } });
}

/** Each image checked once (its pixels decoded once), the result charged to every page and layer that draws it. */
async function images(ctx: PDFContext, rules: Rules, uses: { page: number; found: Found }[], out: Violations): Promise<number> {
  const facts = new Map<PDFStream, ImageFacts>();
  let unmeasured = 0;
  for (const { page, found } of uses) {
    for (const u of found.images) {
      let f = facts.get(u.obj);
      if (!f) {
        f = await imageFacts(ctx, u.obj, u.resources, rules.maxInk !== null);
        facts.set(u.obj, f);
        if (f.unmeasured) unmeasured++;
      }
      const layer = u.layer ? { layer: u.layer } : {};
      if (rules.cmyk && isForeign(f.space, ctx, u.obj.dict.get(PDFName.of('ColorSpace')), u.resources)) {
        out.add(page, { code: 'pdfx_rgb_colour', ...layer, message: `an image in ${f.space.kind.toUpperCase()} in a CMYK file`, details: { found: `${f.space.kind} image` } });
      }
      if (rules.noTransparency && f.softMask) out.add(page, { code: 'pdfx_transparency', ...layer, message: `an image with a soft mask (${f.softMask})`, details: { found: f.softMask } });
      if (rules.maxInk !== null && f.ink !== null && f.ink > rules.maxInk + IMAGE_INK_TOLERANCE) {
        out.add(page, { code: 'ink_limit_exceeded', ...layer, message: `an image reaching ${round(f.ink)} % total ink, over the ${rules.maxInk} % limit`, ink: f.ink, details: { ink: round(f.ink), limit: rules.maxInk, source: 'image' } });
      }
    }
  }
  return unmeasured;
}

function fonts(uses: { page: number; found: Found }[], out: Violations): void {
  const embedded = new Map<PDFDict, boolean>();
  for (const { page, found } of uses) {
    for (const u of found.fonts) {
      let ok = embedded.get(u.obj);
      if (ok === undefined) embedded.set(u.obj, (ok = isEmbedded(u.obj)));
      if (ok) continue;
      const base = u.obj.lookup(PDFName.of('BaseFont'));
      const name = base instanceof PDFName ? base.decodeText() : 'a font';
      out.add(page, { code: 'font_not_embedded', ...(u.layer ? { layer: u.layer } : {}), message: `font ${name} is not embedded`, details: { font: name } });
    }
  }
}

function isEmbedded(font: PDFDict): boolean {
  const sub = font.lookup(PDFName.of('Subtype'));
  const type = sub instanceof PDFName ? sub.decodeText() : '';
  if (type === 'Type3') return true;
  let target: PDFDict | undefined = font;
  if (type === 'Type0') {
    const desc = font.lookup(PDFName.of('DescendantFonts'));
    const d0 = desc instanceof PDFArray ? desc.lookup(0) : undefined;
    target = d0 instanceof PDFDict ? d0 : undefined;
  }
  const fd = target?.lookup(PDFName.of('FontDescriptor'));
  return fd instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => fd.get(PDFName.of(k)) !== undefined);
}
