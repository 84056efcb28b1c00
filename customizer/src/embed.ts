/**
 * Embedding: the customizer in an <iframe> talks to its host page with postMessage
 * (docs/editor.md, "Embedding"). Messages are objects `{ source: 'folio-customizer', type, ... }`
 * from the editor and `{ type, ... }` from the host:
 *
 * - editor → host: `ready`, `saved` (design ids by side, each with a `preview_url` of its
 *   picture when one could be made), `project-created`, `pdf-ready`
 *   (job id, signed PDF link, pages, warnings), `error`.
 * - host → editor: `init` (token, product, locale, design, project: the same as the query
 *   string, so the token need not be in the iframe's URL).
 *
 * Events go only to the host origin the page was given (`?host=<origin>`) and init messages
 * are accepted only from it: without `host` the editor stays silent (a signed PDF link is
 * nobody else's business).
 */
export interface EmbedConfig {
  token?: string;
  product?: string;
  locale?: string;
  design?: string;
  project?: string;
  /** spot inks offered for text, in addition to those the store's templates use */
  spots?: Array<{ spot: string; cmyk?: [number, number, number, number]; tint?: number }>;
}

export type EditorEvent =
  | { type: 'ready'; locale: string }
  | { type: 'saved'; designs: Array<{ side_id: string; design_id: string; preview_url?: string }> }
  | { type: 'project-created'; project_id: string; name: string }
  | { type: 'pdf-ready'; project_id: string; job_id: string; pdf_url: string; pages: number; warnings: Array<{ code: string; page: number; message: string }> }
  | { type: 'error'; message: string };

export const SOURCE = 'folio-customizer';

export class Embed {
  readonly hostOrigin: string | null;
  readonly framed: boolean;

  constructor(params: URLSearchParams, private readonly win: Window = window) {
    this.framed = win.parent !== win;
    const host = params.get('host');
    let origin: string | null = null;
    if (host) {
      try {
        origin = new URL(host).origin;
      } catch {
        origin = null;
      }
    }
    this.hostOrigin = this.framed && origin && origin !== 'null' ? origin : null;
  }

  get active(): boolean {
    return this.hostOrigin !== null;
  }

  emit(event: EditorEvent): void {
    if (!this.hostOrigin) return;
    this.win.parent.postMessage({ source: SOURCE, ...event }, this.hostOrigin);
  }

  /**
   * The host's `init` message, when the page was opened with `?embed=wait`: resolves with its
   * settings (or null after `timeoutMs`). Asks for it with a `ready`-less `init-request`.
   */
  waitForInit(timeoutMs = 10_000): Promise<EmbedConfig | null> {
    if (!this.hostOrigin) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.win.removeEventListener('message', onMessage);
        resolve(null);
      }, timeoutMs);
      const onMessage = (e: MessageEvent) => {
        if (e.origin !== this.hostOrigin || e.source !== this.win.parent) return;
        const d = e.data as { type?: unknown } | null;
        if (!d || d.type !== 'init') return;
        clearTimeout(timer);
        this.win.removeEventListener('message', onMessage);
        resolve(sanitize(d as Record<string, unknown>));
      };
      this.win.addEventListener('message', onMessage);
      this.win.parent.postMessage({ source: SOURCE, type: 'init-request' }, this.hostOrigin!);
    });
  }
}

const str = (v: unknown, max = 200): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);

/** Only the known fields, of the right types. */
export function sanitize(d: Record<string, unknown>): EmbedConfig {
  const spots = Array.isArray(d.spots)
    ? (d.spots as unknown[])
        .filter((s): s is { spot: string; cmyk?: [number, number, number, number]; tint?: number } => typeof s === 'object' && s !== null && typeof (s as { spot?: unknown }).spot === 'string')
        .slice(0, 50)
        .map((s) => ({ spot: s.spot.slice(0, 127), ...(Array.isArray(s.cmyk) && s.cmyk.length === 4 && s.cmyk.every((n) => typeof n === 'number') ? { cmyk: s.cmyk } : {}), ...(typeof s.tint === 'number' ? { tint: s.tint } : {}) }))
    : undefined;
  return { token: str(d.token), product: str(d.product), locale: str(d.locale, 20), design: str(d.design), project: str(d.project), ...(spots ? { spots } : {}) };
}
