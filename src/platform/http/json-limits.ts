/**
 * The one depth rule for JSON request bodies, and so for every free-form field in them
 * (template and design layers, product metadata, storage meta, anything a schema leaves
 * `unknown`): arrays and objects nest at most MAX_JSON_DEPTH levels, counting the body
 * itself as level 1. A deeper body is a 400 naming the field, checked before schema
 * validation, so no route ever hands one to `JSON.stringify` (a stack overflow, a 500, at a
 * few thousand levels) or to a recursive walker. The size rule is the body limit
 * (FOLIO_BODY_LIMIT_BYTES, 413), which bounds every field of a body.
 *
 * 64 leaves room for what the API stores: a design's Fabric groups nest 16 deep
 * (engines/pdf/layers.ts), about 36 levels with their `objects` arrays and clip paths.
 */
export const MAX_JSON_DEPTH = 64;

export interface TooDeep {
  /** the field the over-deep value sits in: its top-level member, with the index when that is an array (`metadata[0]`) */
  field: string;
  depth: number;
}

/**
 * The first place `value` nests deeper than `max` levels of arrays and objects, or null.
 * Iterative (a body nested 100 000 deep must not overflow the stack) and stops at the first
 * container past the limit, so its cost is bounded by the body's size.
 */
export function findTooDeep(value: unknown, max = MAX_JSON_DEPTH): TooDeep | null {
  // [value, its depth as a container, the field it belongs to ('' for the body itself)]
  const stack: Array<[unknown, number, string]> = [[value, 1, '']];
  while (stack.length > 0) {
    const [v, depth, field] = stack.pop()!;
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (depth > max) return { field: field || 'body', depth };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], depth + 1, depth === 1 ? `[${i}]` : depth === 2 && !/\[\d+\]$/.test(field) ? `${field}[${i}]` : field]);
    } else {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) stack.push([x, depth + 1, depth === 1 ? k : field]);
    }
  }
  return null;
}
