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
