import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sandbox, taskModule } from '../../platform/sandbox/pool.js';
import { asciiLower } from './svg-css.js';
import { checkSvgDom, fromSvgTask, SVG_TASK_BUDGET } from './svg-limits.js';
import { INLINE_SCAN_BYTES, scanSvg } from './svg-scan.js';

/**
 * SVG sanitising for uploads: DOMPurify's SVG profile (no script, no foreignObject, no
 * event handlers) plus our own rule that nothing may point outside the document: an
 * href / xlink:href must be a fragment (`#id`) or an inline raster data: URI, and url(...)
 * in attributes or <style> must be a fragment. A file that has nothing left is refused.
 *
 * The document's limits (svg-limits.ts) are checked on its text before any DOM is built,
 * then on the DOM itself before DOMPurify walks it. `sanitizeSvgIsolated` runs it in the
 * sandbox pool (a thread, under SVG_TASK_BUDGET).
 */
let purify: DOMPurify | undefined;
/** set by sanitizeSvg, cleared by the first hook call: the DOM DOMPurify built is checked once, before its walk */
let checkPending = false;

const SAFE_HREF = /^(#|data:image\/(png|jpe?g|gif|webp);base64,)/i;

/**
 * Whether `value` refers to anything outside the document: a url(...) that is not a
 * fragment, an unterminated url(, or @import. One pass (a pattern like
 * `url\(\s*(['"]?)(.*?)\1\s*\)` rescans to the line's end from every url( it fails on).
 */
export function externalUrlIn(value: string): boolean {
  const lower = asciiLower(value); // same length as value: its indices are value's
  if (lower.includes('@import')) return true;
  let at = 0;
  for (;;) {
    const open = lower.indexOf('url(', at);
    if (open < 0) return false;
    const close = lower.indexOf(')', open + 4);
    if (close < 0) return true;
    const inner = value.slice(open + 4, close).trim().replace(/^['"]/, '').trim();
    if (!inner.startsWith('#')) return true;
    at = close + 1;
  }
}

function purifier(): DOMPurify {
  if (purify) return purify;
  const window = new JSDOM('').window;
  purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('beforeSanitizeElements', (node) => {
    if (!checkPending) return;
    checkPending = false;
    // the DOM the HTML parser made of the text, exactly, before DOMPurify walks it (throws SvgLimitExceeded)
    const body = node.ownerDocument?.body;
    checkSvgDom(body ? [...body.children] : []);
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'href' || name === 'xlink:href' || name.endsWith(':href')) {
      if (!SAFE_HREF.test(data.attrValue.trim())) data.keepAttr = false;
    } else if (externalUrlIn(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && externalUrlIn(node.textContent ?? '')) node.textContent = '';
  });
  return purify;
}

export class UnsafeSvg extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeSvg';
  }
}

/** Sanitises on this thread, limits first: the sandbox task (and tests). */
export function sanitizeSvg(input: Uint8Array): Buffer {
  const text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  scanSvg(text);
  checkPending = true;
  let clean: string;
  try {
    clean = purifier().sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      // <use> is safe here because the hook above keeps only #fragment references.
      ADD_TAGS: ['use'],
      ADD_ATTR: ['xlink:href', 'href'],
      FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object'],
      WHOLE_DOCUMENT: false,
    }) as unknown as string;
  } finally {
    checkPending = false;
  }
  if (!/^\s*<svg[\s>]/i.test(clean)) throw new UnsafeSvg('nothing safe left in the SVG');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}`, 'utf8');
}

/** The sandbox task: `sanitizeSvg` in a thread of the pool. */
export function sanitizeSvgTask(input: Uint8Array): Uint8Array {
  return sanitizeSvg(input);
}

/**
 * Sanitises without holding the serving thread: the text's limits checked here (a small
 * file) or in the task (a large one), before any DOM is built, then the rest in the sandbox
 * pool. Even a small file is not sanitised here: building jsdom's window and warming its code
 * costs the serving thread a few hundred ms once. Throws SvgLimitExceeded (a limit, or the
 * task's time or memory budget), UnsafeSvg, or SvgUnreadable (the parser gave up on it).
 */
export async function sanitizeSvgIsolated(input: Buffer): Promise<Buffer> {
  // a file over a limit is refused without a thread round trip where that is cheap
  if (input.byteLength <= INLINE_SCAN_BYTES) scanSvg(input);
  try {
    const out = await sandbox().run<Uint8Array>(taskModule(import.meta.url, 'svg-sanitize'), 'sanitizeSvgTask', input, SVG_TASK_BUDGET);
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  } catch (err) {
    throw fromSvgTask(err, { UnsafeSvg: (m) => new UnsafeSvg(m) });
  }
}
