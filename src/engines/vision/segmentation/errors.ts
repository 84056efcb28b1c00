/**
 * Errors the segmentation engine throws. Each has a stable `code` and a message written for
 * the job's `error_message`, so a job handler can store `err.message` as it is and decide on
 * a refund by `code` (every one of these is a processing failure, none is the caller's bill).
 * Engines know nothing of HTTP: no status codes here.
 */
export type SegmentationErrorCode =
  | 'invalid_image'
  | 'image_too_large'
  | 'model_error'
  | 'provider_error';

export class SegmentationError extends Error {
  readonly code: SegmentationErrorCode;
  constructor(code: SegmentationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The bytes are not a JPEG, PNG or WebP image we can decode (or are corrupt). */
export class InvalidImageError extends SegmentationError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_image', message, options);
  }
}

/** The image header declares more pixels than the configured cap; nothing was decoded. */
export class ImageTooLargeError extends SegmentationError {
  readonly width: number;
  readonly height: number;
  readonly maxPixels: number;
  constructor(width: number, height: number, maxPixels: number) {
    super(
      'image_too_large',
      `image is ${width}×${height} (${formatMp(width * height)}); the limit is ${formatMp(maxPixels)}`,
    );
    this.width = width;
    this.height = height;
    this.maxPixels = maxPixels;
  }
}

/** The model file is missing, altered (checksum) or the runtime failed while running it. */
export class ModelError extends SegmentationError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('model_error', message, options);
  }
}

/**
 * A remote provider refused or failed. `status` is the provider's HTTP status (0 when no
 * answer came), `providerCode` its own error code; `retryable` says whether trying again
 * later can help (rate limits, outages) as opposed to a bad key or no credits.
 */
export class ProviderError extends SegmentationError {
  readonly provider: string;
  readonly status: number;
  readonly providerCode: string | null;
  readonly retryable: boolean;
  constructor(
    provider: string,
    message: string,
    info: { status: number; providerCode?: string | null; retryable: boolean; cause?: unknown },
  ) {
    super('provider_error', message, { cause: info.cause });
    this.provider = provider;
    this.status = info.status;
    this.providerCode = info.providerCode ?? null;
    this.retryable = info.retryable;
  }
}

function formatMp(pixels: number): string {
  return `${(pixels / 1e6).toFixed(1)} MP`;
}
