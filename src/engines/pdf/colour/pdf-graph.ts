/**
 * Questions about a document's object graph that PDF/X-1a flattening asks: does anything a
 * piece of content draws use transparency; which resources does a content stream name; and
 * which objects are left over once a page no longer draws them (they must not stay in the
 * file: a PDF/X-1a file holds no transparency anywhere, drawn or not).
 */
import type { PDFContext, PDFObject } from 'pdf-lib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';

const NORMAL_BLEND = new Set(['/Normal', '/Compatible']);
/** resource categories a content stream names with `/Name op` */
const CATEGORIES = ['ExtGState', 'XObject', 'Shading', 'Font', 'ColorSpace', 'Pattern', 'Properties'];

const dictOf = (o: PDFObject | undefined): PDFDict | undefined => (o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : undefined);

/** Whether one dictionary itself asks for transparency (alpha, soft mask, blend mode, transparency group). */
function transparentDict(ctx: PDFContext, d: PDFDict): boolean {
  for (const key of ['ca', 'CA']) {
    const v = d.lookup(PDFName.of(key));
    if (v instanceof PDFNumber && v.asNumber() < 1) return true;
  }
  const smask = d.get(PDFName.of('SMask'));
  if (smask && !(smask instanceof PDFName && smask.asString() === '/None')) return true;
  const inData = d.lookup(PDFName.of('SMaskInData'));
  if (inData instanceof PDFNumber && inData.asNumber() > 0) return true;
  const bm = d.lookup(PDFName.of('BM'));
  const modes = bm instanceof PDFArray ? bm.asArray() : bm ? [bm] : [];
  if (modes.some((m) => !(m instanceof PDFName && NORMAL_BLEND.has(m.asString())))) return true;
  const group = dictOf(ctx.lookup(d.get(PDFName.of('Group'))));
  return group?.lookup(PDFName.of('S')) instanceof PDFName && (group.lookup(PDFName.of('S')) as PDFName).asString() === '/Transparency';
}

/**
 * Whether `root` or anything it references (a form's resources, an image's soft mask, fonts,
 * patterns…) uses transparency. `/Parent` is not followed (no climbing into the page tree).
 */
export function usesTransparency(ctx: PDFContext, root: PDFObject | undefined, seen = new Set<PDFObject>()): boolean {
  const stack: (PDFObject | undefined)[] = [root];
  while (stack.length) {
    let o = stack.pop();
    if (o instanceof PDFRef) o = ctx.lookup(o);
    if (!o || seen.has(o)) continue;
    seen.add(o);
    if (o instanceof PDFArray) {
      stack.push(...o.asArray());
      continue;
    }
    const d = dictOf(o);
    if (!d) continue;
    if (transparentDict(ctx, d)) return true;
    for (const [k, v] of d.entries()) if (k.asString() !== '/Parent') stack.push(v);
  }
  return false;
}

/** Every `/Name` token of a content stream (resource names among them). */
export function namesIn(content: string): Set<string> {
  const names = new Set<string>();
  for (const m of content.matchAll(/\/([^\s/[\]()<>{}%]+)/g)) names.add(m[1]!);
  return names;
}

/** The resources (`/Name` entries of a page's resource dictionary) that `content` names. */
export function namedResources(ctx: PDFContext, resources: PDFDict, content: string): PDFObject[] {
  const names = namesIn(content);
  const out: PDFObject[] = [];
  for (const cat of CATEGORIES) {
    const sub = dictOf(ctx.lookup(resources.get(PDFName.of(cat))));
    if (!sub) continue;
    for (const [k, v] of sub.entries()) if (names.has(k.asString().slice(1))) out.push(v);
  }
  return out;
}

/**
 * What `content` names in `resources`, as text (`XObject/Vd1=12 0 R`…): two contents with the
 * same text and the same identity draw the same (the objects are the same). Undefined when a
 * named resource is a direct stream (no identity to compare).
 */
export function resourceIdentity(ctx: PDFContext, resources: PDFDict, content: string): string | undefined {
  const names = namesIn(content);
  const out: string[] = [];
  for (const cat of CATEGORIES) {
    const sub = dictOf(ctx.lookup(resources.get(PDFName.of(cat))));
    if (!sub) continue;
    for (const [k, v] of sub.entries()) {
      if (!names.has(k.asString().slice(1))) continue;
      if (v instanceof PDFStream) return undefined;
      out.push(`${cat}${k.asString()}=${v.toString()}`);
    }
  }
  return out.join(' ');
}

/** Removes the resource entries `content` does not name. */
export function pruneResources(ctx: PDFContext, resources: PDFDict, content: string): void {
  const names = namesIn(content);
  for (const cat of CATEGORIES) {
    const sub = dictOf(ctx.lookup(resources.get(PDFName.of(cat))));
    if (!sub) continue;
    for (const k of sub.keys()) if (!names.has(k.asString().slice(1))) sub.delete(k);
    if (sub.keys().length === 0) resources.delete(PDFName.of(cat));
  }
}

/** Deletes every indirect object the trailer (catalog, info) no longer reaches. */
export function dropUnreachable(ctx: PDFContext): void {
  const reached = new Set<string>();
  const stack: (PDFObject | undefined)[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info];
  while (stack.length) {
    const o = stack.pop();
    if (o instanceof PDFRef) {
      if (reached.has(o.tag)) continue;
      reached.add(o.tag);
      stack.push(ctx.lookup(o));
    } else if (o instanceof PDFArray) stack.push(...o.asArray());
    else {
      const d = dictOf(o);
      if (d) stack.push(...d.values());
    }
  }
  for (const [ref] of ctx.enumerateIndirectObjects()) if (!reached.has(ref.tag)) ctx.delete(ref);
}
