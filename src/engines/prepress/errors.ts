/**
 * Why a fix job could not produce a corrected file. The job handler fails the job (and the
 * wallet refunds it) on any of these; `code` lets it word the error message.
 */
export type FixErrorCode =
  /** a fix type that does not exist or does not apply to this file type */
  | 'not_applicable'
  /** the spec lacks what the fix needs (canvas size, bleed) */
  | 'missing_spec'
  /** the spec itself is invalid (non-positive sizes, half a canvas) */
  | 'invalid_spec'
  /** the result would exceed the output pixel cap */
  | 'pixel_cap'
  /** the input cannot be decoded */
  | 'unreadable'
  /** Ghostscript or pdf-lib failed */
  | 'tool_failed'
  | 'timeout'
  /** the corrected file still has an issue the fix guarantees to remove */
  | 'verification_failed';

export class FixError extends Error {
  constructor(
    readonly code: FixErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'FixError';
  }
}
