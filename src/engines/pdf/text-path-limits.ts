/**
 * Limits on a text's `path` (text on a path, text-on-path.ts): every grapheme of every line
 * walks it, so it is kept small; it must lie within a sane coordinate range and have a length.
 */
import type { Layer } from './layers.js';
import { simplifyPath, type RawPathCommand } from './path.js';

export const TEXT_PATH_LIMITS = { maxCommands: 1000, maxCoordinate: 100_000 } as const;

/** Why `cmds` (checked path commands) cannot carry text, or null. */
export function textPathProblem(cmds: readonly RawPathCommand[]): string | null {
  if (cmds.length > TEXT_PATH_LIMITS.maxCommands) return `a text path has at most ${TEXT_PATH_LIMITS.maxCommands} commands`;
  const simple = simplifyPath(cmds);
  let length = 0;
  let x = 0;
  let y = 0;
  for (const c of simple) {
    const nums = c.slice(1) as number[];
    if (nums.some((v) => Math.abs(v) > TEXT_PATH_LIMITS.maxCoordinate)) return `text path coordinates must lie within ±${TEXT_PATH_LIMITS.maxCoordinate}`;
    if (c[0] === 'Z' || c[0] === 'M') {
      if (c[0] === 'M') [x, y] = [c[1], c[2]];
      continue;
    }
    const ex = nums[nums.length - 2]!;
    const ey = nums[nums.length - 1]!;
    // the control polygon's length is 0 only when the curve is a point
    for (let i = 0; i < nums.length; i += 2) {
      length += Math.hypot(nums[i]! - x, nums[i + 1]! - y);
      [x, y] = [nums[i]!, nums[i + 1]!];
    }
    [x, y] = [ex, ey];
  }
  return length > 0 ? null : 'a text path needs a length (more than one point)';
}

/**
 * A text's `path`: a Path object (checked as a layer by `layer`), of bounded size, with some
 * length to follow; the validated Path, or undefined with the problems added.
 */
export function textPathLayer(raw: unknown, path: string, layer: (raw: unknown, path: string) => Layer | undefined, add: (path: string, message: string) => void): Layer | undefined {
  const type = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || type.toLowerCase() !== 'path') {
    add(path, 'a text path must be a Path object ({"type": "Path", "path": [...]})');
    return undefined;
  }
  let failed = false;
  const p = layer(raw, path);
  let issue: string | null = null;
  try {
    issue = p && Array.isArray(p.path) ? textPathProblem(p.path as RawPathCommand[]) : null;
  } catch {
    // malformed commands: layer() has reported them
  }
  if (issue) {
    add(`${path}.path`, issue);
    failed = true;
  }
  return p && !failed ? p : undefined;
}
