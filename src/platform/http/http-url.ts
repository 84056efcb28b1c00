import { Type, type StringOptions } from '@sinclair/typebox';

/** The JSON-schema format of every URL a user gives that Folio shows, links to or fetches. */
export const HTTP_URL_FORMAT = 'http-url';
export const HTTP_URL_MAX = 2048;
export const HTTP_URL_MESSAGE = 'must be an http(s) URL';

/**
 * An absolute http or https URL with a host and no credentials, written as sent: no
 * whitespace or control characters (the WHATWG parser would silently strip them, so
 * `java\tscript:` or ` javascript:` must not reach it), and the scheme spelled out with two
 * slashes (`http:\\evil`, `http:evil` parse as http URLs in a browser, never as what was meant).
 * `javascript:`, `data:`, `file:`, `gopher:`, `ftp:` and the rest are refused: a link that is
 * shown in a storefront or fetched by a worker is never a script or a local file.
 */
export function isHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > HTTP_URL_MAX) return false;
  if (!/^https?:\/\/[^/\\]/i.test(value)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && url.username === '' && url.password === '';
}

/** The one schema of such a field (TypeBox): a string in format `http-url`. */
export function HttpUrl(options: StringOptions = {}) {
  return Type.String({
    minLength: 1,
    maxLength: HTTP_URL_MAX,
    ...options,
    format: HTTP_URL_FORMAT,
  });
}

/** Keys that hold a link in free-form layer JSON (Fabric.js images, patterns, SVG hrefs). */
const LINK_KEYS = new Set(['src', 'source', 'href', 'xlink:href', 'url']);

/**
 * Every link in a free-form JSON value (a template's layers, say) that is neither an http(s)
 * URL nor a path on Folio's own origin (`/v1/files/…`), by field path (`layers[0].objects[1].src`).
 * The customizer shows these and the renderer fetches them, so a `javascript:`, `data:` or
 * `file:` link is refused like in any other URL field. Iterative, so no nesting depth can
 * overflow the stack; at most `limit` problems are listed.
 */
export function nonHttpLinks(value: unknown, base: string, limit = 20): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let found = 0;
  const stack: Array<[unknown, string]> = [[value, base]];
  while (stack.length && found < limit) {
    const [v, path] = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        const at = `${path}.${k}`;
        if (LINK_KEYS.has(k) && typeof child === 'string') {
          if (!isHttpUrl(child) && !/^\/(?![/\\])[^\s\\]*$/.test(child)) {
            out[at] = [`${HTTP_URL_MESSAGE} or a path on this service`];
            found++;
          }
        } else stack.push([child, at]);
      }
    }
  }
  return out;
}
