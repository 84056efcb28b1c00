import { Type } from '@sinclair/typebox';

/** `{data, message}` for single resources (interface § Endpoints). */
export function ok<T>(data: T, message = 'Retrieved successfully'): { data: T; message: string } {
  return { data, message };
}

export const MESSAGES = {
  created: 'Created successfully',
  retrieved: 'Retrieved successfully',
  updated: 'Updated successfully',
  deleted: 'Deleted successfully',
} as const;

/** `{data: {count}, message}`: every `…/count` endpoint. */
export const CountEnvelope = Type.Object({ data: Type.Object({ count: Type.Integer() }), message: Type.String() });

export const count = (n: number) => ({ data: { count: n }, message: MESSAGES.retrieved });

/**
 * A response documented by a description and an example only. It has no `type`, so the
 * serializer passes the body through unchanged: for answers whose shape varies (sync or
 * queued) and is described in prose. The example appears in /v1/docs and the SDK types it `unknown`.
 */
export function described(description: string, example: unknown): { description: string; examples: unknown[] } {
  return { description, examples: [example] };
}
