import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { App } from './app-type.js';
import { AppError } from './errors.js';
import { cleanFilename, partError, ReceiverFailure } from './multipart-errors.js';
import { tooLarge, type ByteSource } from './upload-stream.js';

/** A file part as it arrives: its bytes are a stream, read once by the receiver. */
export interface IncomingFile {
  fieldname: string;
  filename: string;
  /** the type the client declared for the part (a hint: receivers check the bytes) */
  mimetype: string;
  /** its place among the accepted file parts, from 0 */
  index: number;
  body: ByteSource;
}

export interface MultipartForm<T> {
  /** what the receiver made of each file part, in order */
  files: T[];
  fields: Record<string, string[]>;
  /** SHA-256 (hex) of each file's bytes, in order, when `hash` was asked (idempotency keys) */
  hashes: string[];
}

export interface ReadOptions {
  /** a file part under another name is refused with this message (default: drained and ignored) */
  otherFiles?: string;
  /** the field the reader's own refusals name (too many files or parts); default the part's name */
  fileField?: string;
  /** hash each file's bytes into `hashes` (the receiver must read the whole file, or the rest is drained) */
  hash?: boolean;
  /** the file name of a part that gives none (default `upload`) */
  unnamed?: (index: number) => string;
}

/** Limits of one module's multipart parser (@fastify/multipart's). */
export interface MultipartLimits {
  /** bytes per file part: the configured upload limit, or a format's own smaller one */
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize?: number;
}

/**
 * The one place a multipart parser is registered: in a module's route scope (each module's
 * uploads have their own limits), read by `readMultipart`.
 */
export async function registerMultipart(scope: App, limits: MultipartLimits): Promise<void> {
  await scope.register(multipart, { limits });
}

export interface FileReceiver<T> {
  /** consumes the part's bytes (into the blob store, or into memory for small formats) */
  receive(file: IncomingFile): Promise<T>;
  /** undoes a received file when the request fails afterwards */
  discard?(received: T): Promise<void>;
}

/**
 * Reads a multipart upload part by part: each file part is handed to `receiver` as a stream
 * while the request body is still arriving, so no file is held whole unless the receiver does
 * so. A part longer than the configured cap is cut off by @fastify/multipart and fails the
 * request with 413 (its partial blob discarded). A request that is not multipart is 415;
 * `fileFields` names the parts that carry files (other file parts are drained and ignored).
 * Fields may come before or after the files: they are all known when this returns.
 */
export async function readMultipart<T>(req: FastifyRequest, fileFields: string[], maxFiles: number, receiver: FileReceiver<T>, options: ReadOptions = {}): Promise<MultipartForm<T>> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Unsupported Media Type: send multipart/form-data');
  // Part names are the caller's: no inherited members (a part named "constructor").
  const form: MultipartForm<T> = { files: [], fields: Object.create(null) as Record<string, string[]>, hashes: [] };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          for await (const _ of part.file); // drain
          if (options.otherFiles) throw AppError.field(part.fieldname, options.otherFiles);
          continue;
        }
        const index = form.files.length;
        if (index >= maxFiles) throw AppError.field(options.fileField ?? part.fieldname, `at most ${maxFiles} files per request`);
        const file = part.file;
        const hash = options.hash ? createHash('sha256') : null;
        // The part's own failures (cut off at the cap, a malformed body) are the client's; anything
        // else the receiver throws (the blob store failing) is ours and stays a 500.
        async function* capped(): AsyncGenerator<Uint8Array> {
          try {
            for await (const chunk of file) {
              hash?.update(chunk as Uint8Array);
              yield chunk as Uint8Array;
            }
          } catch (err) {
            throw clientError(err);
          }
          if (file.truncated) throw tooLarge();
        }
        const body = capped();
        const filename = cleanFilename(part.filename) || (options.unnamed ?? (() => 'upload'))(index);
        form.files.push(await receiver.receive({ fieldname: part.fieldname, filename, mimetype: part.mimetype || 'application/octet-stream', index, body }).catch((err: unknown) => {
          throw err instanceof AppError ? err : new ReceiverFailure(err);
        }));
        if (hash) {
          for await (const _ of body); // what the receiver left unread
          form.hashes.push(hash.digest('hex'));
        }
      } else {
        const value = String(part.value);
        // As for JSON bodies (app.ts): no NUL, which PostgreSQL text cannot hold.
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw AppError.field(part.fieldname.replaceAll('\u0000', '\\0'), 'must not contain NUL characters');
        (form.fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    if (receiver.discard) for (const f of form.files) await receiver.discard(f).catch(() => undefined);
    throw partError(err, options.fileField);
  }
  return form;
}

/** The parser's errors as the shared translation gives them (never a receiver's: it reads the part's own stream). */
function clientError(err: unknown): AppError {
  return partError(err) as AppError;
}

export function field<T>(form: MultipartForm<T>, name: string): string | undefined {
  return form.fields[name]?.[0];
}

export function requireFile<T>(form: MultipartForm<T>, name = 'file'): T {
  const f = form.files[0];
  if (f === undefined) throw new AppError('bad_request', 'File upload missing', { details: { field: name } });
  return f;
}
