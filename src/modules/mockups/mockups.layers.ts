/** Mockup template layers as stored (blob keys and sizes), their parsing, and how spec and render problems are reported. */
import { createHash } from 'node:crypto';
import { MockupError, type LayerName, type MockupSpec } from '../../engines/mockup/index.js';
import { isPageProblem } from '../designs/index.js';
import { AppError } from '../../platform/http/errors.js';
import { iso } from '../../platform/http/resource.js';
import type { MockupTemplateRow } from './mockups.repo.js';

export const LAYER_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const TOPIC = 'mockup_templates';

export interface StoredLayer {
  key: string;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
}
export type StoredLayers = Partial<Record<LayerName, StoredLayer>>;

/** A layer part of an upload, in memory (layers are images of at most 4000 × 4000 px). */
export interface ReceivedLayer {
  field: LayerName;
  body: Buffer;
  mime: string;
}

export const parseSpec = (row: MockupTemplateRow) => JSON.parse(row.spec) as MockupSpec;
/** Changes whenever the template's geometry or layers do (cache and blob keys of its mockups). */
export const templateVersion = (row: MockupTemplateRow) => `${row.id}:${iso(row.updated_at)}:${createHash('sha256').update(row.spec).update(row.layers).digest('hex').slice(0, 12)}`;
export const parseLayers = (row: MockupTemplateRow) => JSON.parse(row.layers) as StoredLayers;

/** Spec problems as the validation envelope: `spec.print_area.corners` → messages. */
export function specError(issues: Array<{ path: string; message: string }>, prefix: string): AppError {
  const fields: Record<string, string[]> = {};
  for (const i of issues) (fields[i.path ? `${prefix}${i.path}` : prefix.replace(/\.$/, '')] ??= []).push(i.message);
  return AppError.validation(fields);
}

/** What a render error means for the caller: the design's or the template's problem is 422; anything else stays ours. */
export function renderProblem(err: unknown, what: string): unknown {
  if (isPageProblem(err)) return new AppError('unprocessable', `${what} cannot be rendered: ${err.message}`, { details: { code: err.code } });
  if (err instanceof MockupError) return new AppError('unprocessable', `the mockup template cannot be used: ${err.message}`, { details: { code: err.code } });
  return err; // RasterError and infrastructure errors: a 500 now, a retried job later
}
