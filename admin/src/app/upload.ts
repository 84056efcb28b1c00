/**
 * Multipart uploads with progress (images, fonts, studio photos): fetch cannot report upload
 * progress, so this one call goes through XMLHttpRequest, to the same /v1 path and with the same
 * credential headers as the SDK's client; the answer's error envelope becomes the SDK's error.
 */
import { accountJwt, errorFromResponse } from '@folio/sdk';
import { apiBase } from './session.tsx';

export interface UploadOptions {
  /** an API path under /v1, e.g. `/images` */
  path: string;
  jwt: string;
  /** the store's sid (J+S); none for account routes */
  sid?: string;
  /** the multipart fields, files included */
  form: FormData;
  method?: 'POST' | 'PUT';
  /** 0–1 as the bytes go */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function upload<T = unknown>(opts: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', `${apiBase()}/v1${opts.path}`);
    for (const [k, v] of Object.entries(accountJwt(opts.jwt, opts.sid).headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(body as T);
        return;
      }
      const response = new Response(null, { status: xhr.status, headers: { 'x-request-id': xhr.getResponseHeader('x-request-id') ?? '' } });
      reject(errorFromResponse(response, body));
    };
    xhr.onerror = () => reject(new Error('Network error during upload'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(opts.form);
  });
}
