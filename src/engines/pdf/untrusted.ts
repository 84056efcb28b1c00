/**
 * Untrusted PDF bytes (an uploaded artwork, a stored one) made safe before any tool or
 * renderer sees them. The file is parsed with pdf-lib in a sandbox thread under a budget and
 * checked, then everything that can name an outside file is stripped, and the result is
 * written anew: tools (Ghostscript, poppler, qpdf) and the renderer get these bytes, never the
 * uploaded ones, so no reader can find in the file something this check did not see (a second
 * xref, an object the first parser skipped).
 *
 * Refused (`UnsafePdf`), because the artwork cannot print as its author sees it or because
 * readers would loop on it: encryption; a page tree that is cyclic or whose /Parent links do not
 * lead back to the node that lists the page; more than MAX_PDF_OBJECTS objects; nesting (of
 * arrays and dictionaries, and from page 1 through its references) deeper than MAX_PDF_DEPTH;
 * a page tree deeper than MAX_PAGE_TREE_DEPTH; a stream whose data lives in another file
 * (/F, /FFilter, /FDecodeParms: an external stream; Ghostscript would open that file).
 *
 * Stripped (nothing Folio prints depends on them: only page content is placed): file
 * specifications and embedded files (/Filespec, /EF, /RF, /UF, /AF, /EmbeddedFiles), every
 * action (/A, /AA, /OpenAction, /Next: /Launch, /GoToR, /GoToE, /ImportData, /SubmitForm,
 * /URI, /JavaScript, …), annotations and forms (/Annots, /AcroForm), the catalog's other
 * entries (/Names, /Outlines, /Threads, /URI, /Collection, …), OPI and reference-XObject links
 * (/OPI, /Ref), PostScript XObjects (made empty forms), and font, encoding and CMap names
 * that look like paths (a non-embedded font or CMap is looked up by name; Ghostscript joins
 * such a name to its resource directories).
 */
import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { pdfPageInfo } from './artwork/page-info.js';
import { BudgetExceeded, SandboxTaskError, sandbox, taskModule, type Budget } from '../../platform/sandbox/pool.js';

/** Indirect objects a PDF artwork may hold (a complex one-page illustration has a few thousand). */
export const MAX_PDF_OBJECTS = 100_000;
/** Arrays and dictionaries within one another, and references followed from page 1 (pdf-lib copies that graph recursively). */
export const MAX_PDF_DEPTH = 256;
/** Levels of /Pages nodes above a page (balanced trees of millions of pages need fewer than 10). */
export const MAX_PAGE_TREE_DEPTH = 32;
/** Time and heap of the sandbox thread that parses and rewrites one PDF. */
export const PDF_INSPECT_BUDGET: Budget = { timeMs: 20_000, memoryMb: 768 };

/** The caps `neutralise` applies (the constants above; smaller in tests). */
export interface PdfLimits {
  maxObjects: number;
  maxDepth: number;
  maxPageTreeDepth: number;
}

export const PDF_LIMITS: PdfLimits = { maxObjects: MAX_PDF_OBJECTS, maxDepth: MAX_PDF_DEPTH, maxPageTreeDepth: MAX_PAGE_TREE_DEPTH };

export type UnsafePdfCode = 'pdf_encrypted' | 'pdf_unreadable' | 'pdf_no_pages' | 'pdf_page_tree' | 'pdf_too_many_objects' | 'pdf_too_deep' | 'pdf_external_stream' | 'pdf_too_complex';

/** A PDF refused: `message` says why, in words a client reads. */
export class UnsafePdf extends Error {
  constructor(
    readonly code: UnsafePdfCode,
    message: string,
  ) {
    super(message);
    this.name = 'UnsafePdf';
  }
}

export interface SafePdf {
  /** the PDF rewritten without anything that names an outside file */
  bytes: Uint8Array;
  pages: number;
  /** page 1 as displayed (crop box, rotation), in points; 0 when it has no size */
  width: number;
  height: number;
  /** what was removed, one entry per kind (e.g. "action /Launch", "annotations") */
  stripped: string[];
}

const n = (s: string): PDFName => PDFName.of(s);
const KIDS = n('Kids');
const PARENT = n('Parent');
const TYPE = n('Type');

/** The catalog entries a print of the pages can need; the rest go (names, outlines, actions, forms, portfolios). */
const CATALOG_KEEP = new Set(['Type', 'Pages', 'Version', 'Extensions', 'PageLabels', 'OCProperties', 'OutputIntents', 'MarkInfo', 'Lang', 'Metadata', 'ViewerPreferences', 'PageLayout', 'PageMode']);
/** Keys dropped wherever they are: actions, associated and embedded files, external references. */
const DROP_EVERYWHERE = new Set(['AA', 'OpenAction', 'AF', 'EF', 'RF', 'EmbeddedFiles', 'JavaScript', 'JS', 'OPI']);
/** Page (and /Pages node) keys dropped: annotations (links, widgets, movies, file attachments), beads, transitions. */
const PAGE_DROP = new Set(['Annots', 'B', 'PresSteps', 'Trans']);
/** Every action type of ISO 32000-2 § 12.6.4 (and RichMedia's): an action dictionary is removed whole. */
const ACTIONS = new Set([
  'GoTo', 'GoToR', 'GoToE', 'GoToDp', 'Launch', 'Thread', 'URI', 'Sound', 'Movie', 'Hide', 'Named', 'SubmitForm', 'ResetForm', 'ImportData',
  'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView', 'JavaScript', 'RichMediaExecute',
]);
/** Keys that make a dictionary a file specification (ISO 32000-2 § 7.11.3). */
const FILESPEC_KEYS = ['EF', 'RF', 'UF', 'DOS', 'Mac', 'Unix'];
/** Stream keys that put the stream's data in another file (§ 7.3.8.2). */
const EXTERNAL_STREAM_KEYS = ['F', 'FFilter', 'FDecodeParms'];
/** Names and strings a reader turns into a file name: fonts, encodings, CMaps, character collections. */
const RESOURCE_NAME_KEYS = new Set(['BaseFont', 'FontName', 'FontFamily', 'Encoding', 'BaseEncoding', 'CMapName', 'UseCMap', 'Registry', 'Ordering']);
/** What makes such a name a path: a slash, a backslash, "..", a colon, a control character (each replaced by "-"). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const PATH_LIKE = /[/\\:\x00-\x1f]|\.\./g;

function nameOf(v: PDFObject | undefined): string | undefined {
  return v instanceof PDFName ? v.decodeText() : undefined;
}

function isFilespec(d: PDFDict): boolean {
  const type = nameOf(d.get(TYPE));
  return type === 'Filespec' || type === 'EmbeddedFile' || FILESPEC_KEYS.some((k) => d.has(n(k)));
}

function isAction(d: PDFDict): boolean {
  const s = nameOf(d.get(n('S')));
  return nameOf(d.get(TYPE)) === 'Action' || (s !== undefined && ACTIONS.has(s));
}

/** The task: parse, check, strip, write. Runs in a sandbox thread (see `neutralisePdf`). */
export async function neutralise(input: Uint8Array | { bytes: Uint8Array; limits?: Partial<PdfLimits> }): Promise<SafePdf> {
  const { bytes: pdfBytes, limits: given } = input instanceof Uint8Array ? { bytes: input, limits: undefined } : input;
  const limits: PdfLimits = { ...PDF_LIMITS, ...given };
  const { maxObjects, maxDepth } = limits;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdfBytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (e) {
    // pdf-lib's errors are ES5 classes: `instanceof EncryptedPDFError` does not hold, its message does
    if (/is encrypted/i.test((e as Error).message)) throw new UnsafePdf('pdf_encrypted', 'the PDF is encrypted');
    if (e instanceof RangeError) throw new UnsafePdf('pdf_too_deep', `the PDF nests objects too deeply to be read (at most ${maxDepth} levels)`);
    throw new UnsafePdf('pdf_unreadable', 'the PDF cannot be parsed');
  }
  const ctx = doc.context;
  const objects = ctx.enumerateIndirectObjects();
  if (objects.length > maxObjects) throw new UnsafePdf('pdf_too_many_objects', `the PDF has ${objects.length} objects; at most ${maxObjects} are accepted`);
  const stripped = new Set<string>();
  const resolve = (v: PDFObject | undefined): PDFObject | undefined => (v instanceof PDFRef ? ctx.lookup(v) : v);

  const catalog = resolve(ctx.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) throw new UnsafePdf('pdf_unreadable', 'the PDF cannot be parsed (it has no catalog)');
  const leaves = checkPageTree(catalog, resolve, limits);
  if (leaves.length === 0) throw new UnsafePdf('pdf_no_pages', 'the PDF has no pages');

  for (const key of catalog.keys()) {
    if (!CATALOG_KEEP.has(key.decodeText())) {
      catalog.delete(key);
      stripped.add(`catalog /${key.decodeText()}`);
    }
  }

  // Objects that are file specifications, embedded files or actions become null, so whatever
  // still points at them (a name tree, an annotation left unreferenced) names nothing.
  const externals: string[] = [];
  for (const [ref, obj] of objects) {
    if (obj instanceof PDFStream) {
      const ext = EXTERNAL_STREAM_KEYS.filter((k) => obj.dict.has(n(k)));
      if (ext.length) externals.push(`${ref.objectNumber} ${ref.generationNumber} R (/${ext.join(', /')})`);
      if (nameOf(obj.dict.get(TYPE)) === 'EmbeddedFile') {
        ctx.assign(ref, PDFNull);
        stripped.add('embedded file');
      } else if (nameOf(obj.dict.get(n('Subtype'))) === 'PS' && nameOf(obj.dict.get(TYPE)) !== 'Font') {
        // a PostScript XObject: an empty form in its place keeps `/Name Do` valid
        ctx.assign(ref, ctx.stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0] }));
        stripped.add('PostScript XObject');
      }
    } else if (obj instanceof PDFDict && (isFilespec(obj) || isAction(obj))) {
      ctx.assign(ref, PDFNull);
      stripped.add(isFilespec(obj) ? 'file specification' : `action /${nameOf(obj.get(n('S'))) ?? '?'}`);
    }
  }
  if (externals.length) {
    throw new UnsafePdf('pdf_external_stream', `the PDF takes stream data from an outside file (external stream ${externals.slice(0, 3).join('; ')}); Folio does not read other files`);
  }

  const doomed = (v: PDFObject | undefined): boolean => {
    const r = resolve(v);
    return r === PDFNull || (r instanceof PDFDict && !(r instanceof PDFStream) && (isFilespec(r) || isAction(r)));
  };
  const clean = (root: PDFObject): void => {
    // iterative: a hostile file nests arrays and dictionaries as deep as it likes
    const stack: Array<[PDFObject, number]> = [[root, 0]];
    while (stack.length) {
      const [obj, depth] = stack.pop()!;
      if (depth > maxDepth) throw new UnsafePdf('pdf_too_deep', `the PDF nests arrays and dictionaries more than ${maxDepth} levels deep`);
      const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
      if (dict) {
        const type = nameOf(dict.get(TYPE));
        const isPage = type === 'Page' || type === 'Pages' || dict.has(KIDS);
        for (const [key, value] of dict.entries()) {
          const k = key.decodeText();
          if (DROP_EVERYWHERE.has(k) || (isPage && PAGE_DROP.has(k)) || (k === 'Ref' && nameOf(dict.get(n('Subtype'))) === 'Form')) {
            dict.delete(key);
            const empty = value instanceof PDFArray && value.size() === 0;
            if (!empty) stripped.add(k === 'Annots' ? 'annotations' : `/${k}`);
          } else if (k !== 'Parent' && doomed(value)) {
            // /A, /Next, /FS, /F of an annotation or action, … pointing at what was removed
            dict.delete(key);
            stripped.add(`/${k}`);
          } else if (RESOURCE_NAME_KEYS.has(k) && (value instanceof PDFName || value instanceof PDFString || value instanceof PDFHexString)) {
            // pdf-lib decodes #XX in names only with upper-case hex; the spec allows either
            const text = value.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
            if (text.search(PATH_LIKE) >= 0) {
              const safe = text.replace(PATH_LIKE, '-');
              dict.set(key, value instanceof PDFName ? PDFName.of(safe) : PDFString.of(safe));
              stripped.add('font or CMap name shaped like a path');
            }
          } else if (!(value instanceof PDFRef)) {
            stack.push([value, depth + 1]);
          }
        }
      } else if (obj instanceof PDFArray) {
        for (let i = 0; i < obj.size(); i++) {
          const v = obj.get(i);
          if (doomed(v) && !(v === PDFNull)) {
            obj.set(i, PDFNull);
            stripped.add('file specification or action in an array');
          } else if (!(v instanceof PDFRef)) stack.push([v, depth + 1]);
        }
      }
    }
  };
  for (const [, obj] of ctx.enumerateIndirectObjects()) clean(obj);
  const infoDict = ctx.trailerInfo.Info;
  if (infoDict && !(infoDict instanceof PDFRef)) clean(infoDict);

  collectGarbage(doc);
  checkGraphDepth(leaves[0]!, resolve, maxDepth);

  const info = pdfPageInfo(leaves[0]!);
  const bytes = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return { bytes, pages: leaves.length, width: info.width, height: info.height, stripped: [...stripped].sort() };
}

/**
 * The page tree walked from the catalog without recursion: every node is met once (a /Kids
 * entry leading back into the tree is a cycle), every node's /Parent is the node that lists
 * it (pdf-lib and Ghostscript walk /Parent up for inherited attributes) and the root has none.
 * Returns the pages in order.
 */
function checkPageTree(catalog: PDFDict, resolve: (v: PDFObject | undefined) => PDFObject | undefined, limits: PdfLimits): PDFDict[] {
  const root = resolve(catalog.get(n('Pages')));
  if (!(root instanceof PDFDict)) throw new UnsafePdf('pdf_no_pages', 'the PDF has no pages');
  if (root.has(PARENT)) throw new UnsafePdf('pdf_page_tree', 'the PDF page tree is cyclic: its root has a /Parent');
  const seen = new Set<PDFDict>();
  const leaves: PDFDict[] = [];
  const stack: Array<{ node: PDFDict; parent: PDFDict | null; depth: number }> = [{ node: root, parent: null, depth: 0 }];
  while (stack.length) {
    const { node, parent, depth } = stack.pop()!;
    if (seen.has(node)) throw new UnsafePdf('pdf_page_tree', 'the PDF page tree is cyclic: a /Kids entry leads back to a node already in the tree');
    seen.add(node);
    if (seen.size > limits.maxObjects) throw new UnsafePdf('pdf_too_many_objects', `the PDF has more than ${limits.maxObjects} page tree nodes`);
    if (parent && resolve(node.get(PARENT)) !== parent) {
      throw new UnsafePdf('pdf_page_tree', "the PDF page tree is cyclic: a page's /Parent does not point to the node that lists it");
    }
    // classified by /Type, as pdf-lib (and the spec) classify them
    const type = nameOf(node.get(TYPE));
    if (type === 'Page' && parent) {
      leaves.push(node);
      continue;
    }
    if (type !== 'Pages') throw new UnsafePdf('pdf_page_tree', 'the PDF page tree is damaged: a node is neither a /Page nor a /Pages');
    const kids = resolve(node.get(KIDS));
    if (!(kids instanceof PDFArray)) throw new UnsafePdf('pdf_page_tree', 'the PDF page tree is damaged: a /Pages node has no /Kids array');
    if (depth >= limits.maxPageTreeDepth) throw new UnsafePdf('pdf_too_deep', `the PDF page tree is more than ${limits.maxPageTreeDepth} levels deep`);
    // pushed in reverse, popped in document order (pdf-lib's page order)
    for (let i = kids.size() - 1; i >= 0; i--) {
      const kid = resolve(kids.get(i));
      if (!(kid instanceof PDFDict) || kid instanceof PDFStream) throw new UnsafePdf('pdf_page_tree', 'the PDF page tree is damaged: a /Kids entry is not a page');
      stack.push({ node: kid, parent: node, depth: depth + 1 });
    }
  }
  return leaves;
}

/** Drops objects nothing reaches from the trailer (what stripping orphaned: name trees, annotations, structure). */
function collectGarbage(doc: PDFDocument): void {
  const ctx = doc.context;
  const reached = new Set<string>();
  const stack: PDFObject[] = [];
  for (const v of [ctx.trailerInfo.Root, ctx.trailerInfo.Info]) if (v) stack.push(v);
  while (stack.length) {
    const obj = stack.pop()!;
    if (obj instanceof PDFRef) {
      if (reached.has(obj.tag)) continue;
      reached.add(obj.tag);
      const target = ctx.lookup(obj);
      if (target) stack.push(target);
    } else if (obj instanceof PDFStream) stack.push(obj.dict);
    else if (obj instanceof PDFDict) for (const [, v] of obj.entries()) stack.push(v);
    else if (obj instanceof PDFArray) for (let i = 0; i < obj.size(); i++) stack.push(obj.get(i));
  }
  for (const [ref] of ctx.enumerateIndirectObjects()) if (!reached.has(ref.tag)) ctx.delete(ref);
}

/**
 * The depth of the graph reached from page 1 (without /Parent), followed as a recursive copy
 * follows it: the renderer embeds the page with pdf-lib, whose copier recurses once per level.
 */
function checkGraphDepth(page: PDFDict, resolve: (v: PDFObject | undefined) => PDFObject | undefined, maxDepth: number): void {
  const seen = new Set<PDFObject>();
  const stack: Array<[PDFObject, number]> = [[page, 0]];
  while (stack.length) {
    const [obj, depth] = stack.pop()!;
    if (depth > maxDepth) throw new UnsafePdf('pdf_too_deep', `the PDF page's objects are nested more than ${maxDepth} levels deep`);
    const target = resolve(obj);
    if (!target || seen.has(target)) continue;
    seen.add(target);
    const dict = target instanceof PDFStream ? target.dict : target instanceof PDFDict ? target : undefined;
    if (dict) {
      for (const [k, v] of dict.entries()) if (k !== PARENT) stack.push([v, depth + 1]);
    } else if (target instanceof PDFArray) {
      for (let i = 0; i < target.size(); i++) stack.push([target.get(i), depth + 1]);
    }
  }
}

/**
 * `neutralise` in a sandbox thread under PDF_INSPECT_BUDGET: a hostile file (a cycle, a
 * million objects, nesting that overflows the parser) costs that thread, never the event loop.
 * Throws UnsafePdf (a budget exceeded is `pdf_too_complex`).
 */
export async function neutralisePdf(bytes: Uint8Array, budget: Budget = PDF_INSPECT_BUDGET): Promise<SafePdf> {
  try {
    return await sandbox().run<SafePdf>(taskModule(import.meta.url, 'untrusted'), 'neutralise', bytes, budget);
  } catch (e) {
    if (e instanceof SandboxTaskError && e.errorName === 'UnsafePdf') throw new UnsafePdf((e.code ?? 'pdf_unreadable') as UnsafePdfCode, e.message);
    if (e instanceof BudgetExceeded) {
      throw new UnsafePdf('pdf_too_complex', e.limit === 'time' ? `reading the PDF took longer than ${e.value} ms` : `reading the PDF needed more than ${e.value} MiB of memory`);
    }
    if (e instanceof SandboxTaskError && e.errorName === 'RangeError') throw new UnsafePdf('pdf_too_deep', `the PDF nests objects too deeply to be read (at most ${MAX_PDF_DEPTH} levels)`);
    throw new UnsafePdf('pdf_unreadable', 'the PDF cannot be parsed');
  }
}
