/**
 * The pre-scan of an SVG's text (see svg-limits.ts): one linear pass, before any DOM is
 * built, counting what the limits bound. A hand-written tokenizer (no backtracking pattern)
 * that follows the HTML parser the sanitiser and the cascade use (jsdom, text/html) closely
 * enough never to count less depth than it builds where that matters: outside SVG content
 * (`<svg><p>` breaks out; children of `foreignObject`, `desc`, `title` are HTML) a `<x/>`
 * does not close and an end tag closes only the element on top. Where the HTML parser adds
 * elements of its own (implied `tbody`, reopened formatting elements), the exact check on the
 * DOM (checkSvgDom, in the sandbox thread) and the task budget still hold.
 */
import { sandbox, taskModule } from '../../platform/sandbox/pool.js';
import { asciiLower, Finder, type KeyCounts, sheetWork } from './svg-css.js';
import { checkSheetCounts, fromSvgTask, MAX_SVG_ACCEPTED_ELEMENTS, MAX_SVG_DEPTH, MAX_SVG_STYLE_BYTES, SVG_TASK_BUDGET, SvgLimitExceeded } from './svg-limits.js';

export interface SvgScan {
  /** bytes of the document (UTF-8) */
  bytes: number;
  elements: number;
  depth: number;
  styleBytes: number;
  selectors: number;
  selectorMatches: number;
}

/** Start tags after which an SVG element becomes HTML content (the HTML parser leaves foreign content). */
const BREAKOUT = new Set(
  'b big blockquote body br center code dd div dl dt em embed font h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'.split(' '),
);
/** Foreign elements whose children are parsed as HTML (SVG and MathML integration points). */
const INTEGRATION = new Set(['foreignobject', 'desc', 'title', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml']);
/** HTML elements that never hold children. */
const VOID = new Set('area base br col embed hr img input keygen link meta param source track wbr'.split(' '));
/** HTML elements whose content is text up to their end tag. */
const RAW_TEXT = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title', 'plaintext']);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}
function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

interface Open {
  name: string;
  /** parsed as HTML content (self-closing ignored, end tags pop only a matching top) */
  html: boolean;
}

class Counter implements KeyCounts {
  elements = 0;
  readonly tags = new Map<string, number>();
  readonly classes = new Map<string, number>();
  readonly ids = new Map<string, number>();
  tag = (n: string) => this.tags.get(n) ?? 0;
  cls = (n: string) => this.classes.get(n) ?? 0;
  id = (n: string) => this.ids.get(n) ?? 0;
  /** `tag` ASCII-lowercased already */
  add(tag: string, cls: string | null, id: string | null): void {
    this.elements++;
    bump(this.tags, tag);
    if (cls) for (const c of new Set(asciiLower(cls).split(/[ \t\n\f\r]+/))) if (c) bump(this.classes, c);
    if (id) bump(this.ids, asciiLower(id));
  }
}
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/**
 * One pass over an SVG document's text: its counts, or SvgLimitExceeded at the first limit
 * passed (depth and elements stop the scan there). Linear in the text; holds at most
 * MAX_SVG_DEPTH open elements and MAX_SVG_STYLE_BYTES + 1 characters of style text.
 */
export function scanSvg(input: Uint8Array | string): SvgScan {
  const s = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  const n = s.length;
  const counts = new Counter();
  const stack: Open[] = [];
  const sheets: string[] = [];
  let styleAt = -1; // stack index of the open <style>, -1 when none
  let css = '';
  let styleBytes = 0;
  let depth = 0;
  // Set once the parser may have left SVG content in a way this scan does not follow (an HTML
  // tag breaking out of it, an end tag reaching HTML content): from then on every element is
  // counted as HTML content, which never gives less depth than the parser builds.
  let conservative = false;
  const addCss = (text: string) => {
    styleBytes += text.length;
    if (styleBytes <= MAX_SVG_STYLE_BYTES) css += text;
  };
  const closeStyleAbove = (len: number) => {
    if (styleAt >= len) {
      sheets.push(css);
      css = '';
      styleAt = -1;
    }
  };
  const ends = { dash: new Finder(s, '-->'), bang: new Finder(s, '--!>') };
  let i = 0;
  while (i < n) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      if (styleAt >= 0) addCss(s.slice(i));
      break;
    }
    if (styleAt >= 0 && lt > i) addCss(s.slice(i, lt));
    const top = stack[stack.length - 1];
    const inHtml = conservative || !top || top.html;
    // an HTML tag here leaves SVG content (not under an integration point, whose children are HTML anyway)
    const breaksOut = !inHtml && !INTEGRATION.has(top.name);
    const c = s.charCodeAt(lt + 1);
    if (s.startsWith('!--', lt + 1)) {
      i = commentEnd(s, lt + 4, ends);
    } else if (!inHtml && s.startsWith('![CDATA[', lt + 1)) {
      const end = s.indexOf(']]>', lt + 9);
      if (styleAt >= 0) addCss(s.slice(lt + 9, end < 0 ? n : end));
      i = end < 0 ? n : end + 3;
    } else if (c === 33 /* ! */ || c === 63 /* ? */) {
      // doctype, processing instruction, bogus comment: the HTML tokenizer ends them at the first '>'
      const end = s.indexOf('>', lt + 2);
      i = end < 0 ? n : end + 1;
    } else if (c === 47 /* / */ && isAlpha(s.charCodeAt(lt + 2))) {
      let j = lt + 2;
      while (j < n && !isSpace(s.charCodeAt(j)) && s[j] !== '/' && s[j] !== '>') j++;
      const name = asciiLower(s.slice(lt + 2, j));
      const end = s.indexOf('>', j);
      i = end < 0 ? n : end + 1;
      if (breaksOut && (name === 'p' || name === 'br')) conservative = true;
      let k = stack.length - 1;
      if (inHtml) k = top?.name === name ? k : -1;
      else {
        // SVG content: the parser pops to the nearest open element of that name, through SVG elements only
        while (k >= 0 && !stack[k]!.html && stack[k]!.name !== name) k--;
        if (k >= 0 && stack[k]!.html) {
          conservative = true;
          k = -1;
        }
      }
      if (k >= 0) {
        closeStyleAbove(k);
        stack.length = k;
      }
    } else if (isAlpha(c)) {
      const tag = readTag(s, lt + 1);
      i = tag.end;
      const name = asciiLower(tag.name);
      if (breaksOut && BREAKOUT.has(name)) conservative = true;
      const html = conservative || (name !== 'svg' && name !== 'math' && (!top || top.html || INTEGRATION.has(top.name)));
      counts.add(name, tag.cls, tag.id);
      if (counts.elements > MAX_SVG_ACCEPTED_ELEMENTS) throw new SvgLimitExceeded('MAX_SVG_ACCEPTED_ELEMENTS', counts.elements, MAX_SVG_ACCEPTED_ELEMENTS);
      // its level, whether it stays open or not (the root is level 1)
      if (stack.length + 1 > depth) depth = stack.length + 1;
      if (depth > MAX_SVG_DEPTH) throw new SvgLimitExceeded('MAX_SVG_DEPTH', depth, MAX_SVG_DEPTH);
      if (html ? VOID.has(name) : tag.selfClosing) continue;
      if (html && RAW_TEXT.has(name)) {
        // content is text up to </name>: style text counted, nothing inside is a tag
        const end = rawTextEnd(s, tag.end, name);
        if (name === 'style') {
          styleBytes += end - tag.end;
          if (styleBytes <= MAX_SVG_STYLE_BYTES) sheets.push(s.slice(tag.end, end));
        }
        const close = s.indexOf('>', end);
        i = close < 0 ? n : close + 1;
        continue;
      }
      stack.push({ name, html });
      if (name === 'style' && styleAt < 0) styleAt = stack.length - 1;
    } else {
      i = lt + 1; // a '<' that opens nothing: text
    }
  }
  closeStyleAbove(0);
  const scan: SvgScan = { bytes, elements: counts.elements, depth, styleBytes, selectors: 0, selectorMatches: 0 };
  if (styleBytes > MAX_SVG_STYLE_BYTES) throw new SvgLimitExceeded('MAX_SVG_STYLE_BYTES', styleBytes, MAX_SVG_STYLE_BYTES);
  const work = sheetWork(sheets, counts);
  scan.selectors = work.selectors;
  scan.selectorMatches = work.matches;
  checkSheetCounts(scan);
  return scan;
}

/** Past the end of a comment whose text starts at `from`: the earliest end any parser takes (`<!-->`, `<!--->`, `-->`, `--!>`). */
function commentEnd(s: string, from: number, ends: { dash: Finder; bang: Finder }): number {
  if (s[from] === '>') return from + 1;
  if (s.startsWith('->', from)) return from + 2;
  const a = ends.dash.next(from);
  const b = ends.bang.next(from);
  if (a < 0 && b < 0) return s.length;
  if (b < 0 || (a >= 0 && a < b)) return a + 3;
  return b + 4;
}

/** Where the raw text of an HTML `<name>` ends: at `</name` (any case), or the end of the text. */
function rawTextEnd(s: string, from: number, name: string): number {
  let at = from;
  for (;;) {
    const lt = s.indexOf('</', at);
    if (lt < 0) return s.length;
    if (asciiLower(s.slice(lt + 2, lt + 2 + name.length)) === name) {
      const after = s.charCodeAt(lt + 2 + name.length);
      if (Number.isNaN(after) || isSpace(after) || after === 47 || after === 62) return lt;
    }
    at = lt + 2;
  }
}

/**
 * A start tag from its name (at `from`, just after '<') to past its '>': attributes read as
 * the HTML tokenizer reads them (a quote opens a value only after '='), so a quote anywhere
 * else cannot hide the tags after it. Linear in the tag's length.
 */
function readTag(s: string, from: number): { name: string; end: number; selfClosing: boolean; cls: string | null; id: string | null } {
  const n = s.length;
  let j = from;
  while (j < n && !isSpace(s.charCodeAt(j)) && s[j] !== '/' && s[j] !== '>') j++;
  const name = s.slice(from, j);
  let cls: string | null = null;
  let id: string | null = null;
  let selfClosing = false;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (isSpace(c)) {
      j++;
      continue;
    }
    if (c === 62 /* > */) return { name, end: j + 1, selfClosing, cls, id };
    if (c === 47 /* / */) {
      j++;
      selfClosing = s[j] === '>';
      continue;
    }
    selfClosing = false;
    const a = j;
    j++; // the first character belongs to the name, even '='
    while (j < n && !isSpace(s.charCodeAt(j)) && s[j] !== '/' && s[j] !== '>' && s[j] !== '=') j++;
    // only `class` and `id` are read: other names are not even sliced (a 5 MB tag of attributes stays cheap)
    const attr = j - a === 5 || j - a === 2 ? asciiLower(s.slice(a, j)) : '';
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    if (s[j] !== '=') continue;
    j++;
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    let value: string;
    const q = s[j];
    if (q === '"' || q === "'") {
      const close = s.indexOf(q, j + 1);
      value = s.slice(j + 1, close < 0 ? n : close);
      j = close < 0 ? n : close + 1;
    } else {
      const v = j;
      while (j < n && !isSpace(s.charCodeAt(j)) && s[j] !== '>') j++;
      value = s.slice(v, j);
    }
    if (attr === 'class' && cls === null) cls = value;
    else if (attr === 'id' && id === null) id = value;
  }
  return { name, end: n, selfClosing, cls, id };
}


/**
 * The most text scanned on the serving thread (measured: under 10 ms for the worst shapes
 * of text); a larger file is scanned in the sandbox pool, still before any DOM is built.
 */
export const INLINE_SCAN_BYTES = 256 * 1024;

/** The sandbox task: `scanSvg` in a thread of the pool. */
export function scanSvgTask(input: Uint8Array): SvgScan {
  return scanSvg(input);
}

/** The limits checked on the text, without holding the serving thread for a large file. Throws SvgLimitExceeded. */
export async function checkSvgText(input: Uint8Array): Promise<SvgScan> {
  if (input.byteLength <= INLINE_SCAN_BYTES) return scanSvg(input);
  try {
    return await sandbox().run<SvgScan>(taskModule(import.meta.url, 'svg-scan'), 'scanSvgTask', input, SVG_TASK_BUDGET);
  } catch (err) {
    throw fromSvgTask(err);
  }
}

