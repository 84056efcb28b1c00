import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/errors.js';
import { cleanFilename, multipartError } from '../../../platform/http/multipart-errors.js';

export interface UploadedFile {
  filename: string;
  body: Buffer;
}

export interface MultipartForm {
  files: UploadedFile[];
  fields: Record<string, string[]>;
}

/**
 * Reads a multipart upload (parts arrive as a stream; each file part is capped at the
 * configured size by @fastify/multipart, and one over it fails the request with 413).
 * A request that is not multipart is 415; `fileFields` names the parts that carry files.
 */
export async function readMultipart(req: FastifyRequest, fileFields: string[], maxFiles = 20): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Unsupported Media Type: send multipart/form-data');
  // Part names are the caller's: no inherited members (a part named "constructor").
  const form: MultipartForm = { files: [], fields: Object.create(null) as Record<string, string[]> };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (!fileFields.includes(part.fieldname)) continue;
        if (form.files.length >= maxFiles) throw AppError.field(part.fieldname, `at most ${maxFiles} files per request`);
        form.files.push({ filename: cleanFilename(part.filename) || 'upload', body });
      } else {
        const value = String(part.value);
        // As for JSON bodies (app.ts): no NUL, which PostgreSQL text cannot hold.
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw AppError.field(part.fieldname.replace(/\u0000/g, '\\0'), 'must not contain NUL characters');
        (form.fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    // Nothing but the parser runs in this loop: whatever it throws is a broken request.
    const e = multipartError(err);
    throw e instanceof AppError ? e : new AppError('bad_request', 'Malformed multipart body');
  }
  return form;
}

export function field(form: MultipartForm, name: string): string | undefined {
  return form.fields[name]?.[0];
}

export function requireFile(form: MultipartForm, name = 'file'): UploadedFile {
  const f = form.files[0];
  if (!f) throw new AppError('bad_request', 'File upload missing', { details: { field: name } });
  return f;
}
