import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * SVG sanitising for uploads: DOMPurify's SVG profile (no script, no foreignObject, no
 * event handlers) plus our own rule that nothing may point outside the document: an
 * href / xlink:href must be a fragment (`#id`) or an inline raster data: URI, and url(...)
 * in attributes or <style> must be a fragment. A file that has nothing left is refused.
 */
const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

const SAFE_HREF = /^(#|data:image\/(png|jpe?g|gif|webp);base64,)/i;
const URL_REF = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;

function externalUrlIn(value: string): boolean {
  for (const m of value.matchAll(URL_REF)) if (!m[2]!.trim().startsWith('#')) return true;
  return /@import/i.test(value);
}

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

export class UnsafeSvg extends Error {}

export function sanitizeSvg(input: Buffer): Buffer {
  const text = input.toString('utf8');
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is safe here because the hook above keeps only #fragment references.
    ADD_TAGS: ['use'],
    ADD_ATTR: ['xlink:href', 'href'],
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object'],
    WHOLE_DOCUMENT: false,
  }) as unknown as string;
  if (!/^\s*<svg[\s>]/i.test(clean)) throw new UnsafeSvg('nothing safe left in the SVG');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}`, 'utf8');
}
