import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { cleanFilename, partError, ReceiverFailure } from './multipart-errors.js';
import { tooLarge, type ByteSource } from './upload-stream.js';

/** A file part as it arrives: its bytes are a stream, read once by the receiver. */
export interface IncomingFile {
  fieldname: string;
  filename: string;
  body: ByteSource;
}

export interface MultipartForm<T> {
  /** what the receiver made of each file part, in order */
  files: T[];
  fields: Record<string, string[]>;
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
export async function readMultipart<T>(req: FastifyRequest, fileFields: string[], maxFiles: number, receiver: FileReceiver<T>): Promise<MultipartForm<T>> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Unsupported Media Type: send multipart/form-data');
  // Part names are the caller's: no inherited members (a part named "constructor").
  const form: MultipartForm<T> = { files: [], fields: Object.create(null) as Record<string, string[]> };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          for await (const _ of part.file); // drain
          continue;
        }
        if (form.files.length >= maxFiles) throw AppError.field(part.fieldname, `at most ${maxFiles} files per request`);
        const file = part.file;
        // The part's own failures (cut off at the cap, a malformed body) are the client's; anything
        // else the receiver throws (the blob store failing) is ours and stays a 500.
        async function* capped(): AsyncGenerator<Uint8Array> {
          try {
            for await (const chunk of file) yield chunk as Uint8Array;
          } catch (err) {
            throw clientError(err);
          }
          if (file.truncated) throw tooLarge();
        }
        form.files.push(await receiver.receive({ fieldname: part.fieldname, filename: cleanFilename(part.filename) || 'upload', body: capped() }).catch((err: unknown) => {
          throw err instanceof AppError ? err : new ReceiverFailure(err);
        }));
      } else {
        const value = String(part.value);
        // As for JSON bodies (app.ts): no NUL, which PostgreSQL text cannot hold.
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw AppError.field(part.fieldname.replaceAll('\u0000', '\\0'), 'must not contain NUL characters');
        (form.fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    if (receiver.discard) for (const f of form.files) await receiver.discard(f).catch(() => undefined);
    throw partError(err);
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
