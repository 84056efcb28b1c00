/** Errors of the PDF engine. Each carries a stable `code`; the HTTP layer maps them to envelopes. */

export interface LayerIssue {
  /** where, e.g. `layers[3].type` or `layers[2].objects[0].fill` */
  path: string;
  message: string;
}

/** The design's layers are not renderable; the HTTP layer answers 400 naming `issues`. */
export class LayerValidationError extends Error {
  readonly code = 'invalid_layers';
  constructor(readonly issues: LayerIssue[]) {
    super(issues.length === 1 ? `${issues[0]!.path}: ${issues[0]!.message}` : `${issues.length} invalid layer properties; first ${issues[0]?.path}: ${issues[0]?.message}`);
    this.name = 'LayerValidationError';
  }

  /** Field → messages, the shape `AppError.validation` takes. */
  fields(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const i of this.issues) (out[i.path] ??= []).push(i.message);
    return out;
  }
}

const LINK = /(?:[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+|\/v1\/files\/[^\s"'<>]+)/gi;

/**
 * A message with every link cut to its last two path segments, query and fragment dropped:
 * a signed link (`/v1/files/…?exp=…&sig=…`) must never reach a job's error or a log line.
 */
export function redactLinks(message: string): string {
  return message.replace(LINK, (link) => {
    const path = link.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0]!;
    const parts = path.split('/').filter(Boolean);
    return parts.length ? `…/${parts.slice(-2).join('/')}` : '…';
  });
}

/** An asset a layer names could not be had or read (missing image, undecodable bytes). */
export class AssetError extends Error {
  readonly code = 'asset_unavailable';
  constructor(
    message: string,
    /** page index (0-based) and layer path, e.g. `pages[1].layers[2]` */
    readonly where: string,
    options?: { cause?: unknown },
  ) {
    super(`${where}: ${redactLinks(message)}`, options);
    this.name = 'AssetError';
  }
}

/** The page specification itself is unusable (sizes, units, viewport). */
export class PageSpecError extends Error {
  readonly code = 'invalid_page';
  constructor(readonly issues: LayerIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'PageSpecError';
  }
}
