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
