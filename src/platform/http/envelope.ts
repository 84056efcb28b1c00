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

/**
 * A response documented by a description and an example only. It has no `type`, so the
 * serializer passes the body through unchanged: for answers whose shape varies (sync or
 * queued) and is described in prose. The example appears in /v1/docs and the SDK types it `unknown`.
 */
export function described(description: string, example: unknown): { description: string; examples: unknown[] } {
  return { description, examples: [example] };
}
