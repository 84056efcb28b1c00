/**
 * Finds places in the project's sources that refer to a path outside the repository.
 *
 * A user's clone has nothing beside it, so a test, bench or script that reads `../shared/…`
 * (or any other folder above the repository root) fails there although it passes on a
 * machine that happens to have that folder. This reads each file as text and evaluates the
 * path expressions it can resolve statically:
 *
 *   - `path.resolve(…)` / `path.join(…)` whose arguments are string literals, the file's own
 *     folder (`path.dirname(fileURLToPath(import.meta.url))`, `import.meta.dirname`,
 *     `__dirname`) or a constant defined earlier in the same file from such an expression;
 *   - `new URL('<relative>', import.meta.url)`;
 *   - string literals naming a sibling checkout (`../shared/…`) or an absolute path under the
 *     workspace root.
 *
 * A path expression it cannot evaluate (one built from a function argument, say) is left
 * alone: the check has no false alarms, and the common ways of writing a path are covered.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BoundaryFinding {
  file: string;
  line: number;
  expression: string;
  resolved: string;
}

const FILE_DIR_ANCHORS = [
  /^path\.dirname\(\s*fileURLToPath\(\s*import\.meta\.url\s*\)\s*\)$/,
  /^dirname\(\s*fileURLToPath\(\s*import\.meta\.url\s*\)\s*\)$/,
  /^import\.meta\.dirname$/,
  /^__dirname$/,
];

/** Splits a call's argument list on top-level commas. */
function splitArgs(src: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let cur = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quote) {
      cur += ch;
      if (ch === '\\') cur += src[++i] ?? '';
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Returns the text between the parenthesis at `open` and its match, or null. */
function balanced(src: string, open: number): string | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < src.length; i++) {
    const ch = src[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return src.slice(open + 1, i);
  }
  return null;
}

function literal(arg: string): string | null {
  const m = /^(['"])((?:(?!\1)[^\\$]|\\.)*)\1$/.exec(arg) ?? /^`([^`$\\]*)`$/.exec(arg);
  if (!m) return null;
  return m.length === 3 ? m[2]! : m[1]!;
}

/** Evaluates a path expression, or null where it cannot be known statically. */
function evaluate(expr: string, fileDir: string, consts: Map<string, string>): string | null {
  const e = expr.trim();
  if (FILE_DIR_ANCHORS.some((re) => re.test(e))) return fileDir;
  const lit = literal(e);
  if (lit !== null) return lit;
  if (/^[A-Za-z_$][\w$]*$/.test(e)) return consts.get(e) ?? null;
  const call = /^path\.(resolve|join)\s*\(/.exec(e);
  if (call) {
    const inner = balanced(e, call[0].length - 1);
    if (inner === null) return null;
    const args = splitArgs(inner);
    // Only paths anchored at the file's own folder (directly or through a constant) say where
    // in the checkout they point; `path.join('/srv', 'data')` in a config test is just a value.
    if (args.length === 0 || literal(args[0]!) !== null) return null;
    const parts = args.map((a) => evaluate(a, fileDir, consts));
    if (parts.some((p) => p === null) || !path.isAbsolute(parts[0]!)) return null;
    return call[1] === 'resolve' ? path.resolve(...(parts as string[])) : path.join(...(parts as string[]));
  }
  return null;
}

/** The initialiser that starts at `start`: a whole call where it is one, else up to `;` or the line's end. */
function declaredExpression(src: string, start: number): string {
  const call = /^(?:path\.(?:resolve|join|dirname)|dirname)\s*\(/.exec(src.slice(start, start + 40));
  if (call) {
    const open = start + call[0].length - 1;
    const inner = balanced(src, open);
    if (inner !== null) return src.slice(start, open + inner.length + 2);
  }
  const stop = src.slice(start).search(/[;\n]/);
  return src.slice(start, stop === -1 ? undefined : start + stop);
}

function lineOf(src: string, index: number): number {
  return src.slice(0, index).split('\n').length;
}

/** Folders that sit beside a checkout on the machines that build this project, not in a user's clone. */
const SIBLING_CHECKOUTS = ['shared'];

const inside = (root: string, p: string) => p === root || p.startsWith(root + path.sep);

/** Checks one file's text; `file` is its absolute path inside `root`. */
export function findOutsideReferences(root: string, file: string, src: string, siblings: readonly string[] = SIBLING_CHECKOUTS): BoundaryFinding[] {
  const findings: BoundaryFinding[] = [];
  const fileDir = path.dirname(file);
  const consts = new Map<string, string>();
  const rel = path.relative(root, file);
  const report = (index: number, expression: string, resolved: string) => {
    if (!inside(root, resolved)) findings.push({ file: rel, line: lineOf(src, index), expression: expression.replace(/\s+/g, ' '), resolved });
  };

  // Constants: `const NAME = <path expression>;` evaluated in order, so later calls can use them.
  const decl = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*/g;
  const calls = /\bpath\.(?:resolve|join)\s*\(/g;
  const events: Array<{ index: number; kind: 'decl' | 'call'; name?: string; start: number }> = [];
  for (let m = decl.exec(src); m; m = decl.exec(src)) events.push({ index: m.index, kind: 'decl', name: m[1]!, start: m.index + m[0].length });
  for (let m = calls.exec(src); m; m = calls.exec(src)) events.push({ index: m.index, kind: 'call', start: m.index });
  events.sort((a, b) => a.index - b.index);
  for (const ev of events) {
    if (ev.kind === 'decl') {
      const init = declaredExpression(src, ev.start);
      const value = literal(init.trim()) === null ? evaluate(init, fileDir, consts) : null;
      if (value !== null && path.isAbsolute(value)) consts.set(ev.name!, value);
    } else {
      const open = src.indexOf('(', ev.start);
      const inner = balanced(src, open);
      if (inner === null) continue;
      const expression = src.slice(ev.start, open + inner.length + 2);
      const value = evaluate(expression, fileDir, consts);
      if (value !== null && path.isAbsolute(value)) report(ev.index, expression, value);
    }
  }

  // new URL('<relative>', import.meta.url)
  const urls = /new\s+URL\(\s*(['"`])([^'"`]+)\1\s*,\s*import\.meta\.url\s*\)/g;
  for (let m = urls.exec(src); m; m = urls.exec(src)) {
    if (!m[2]!.startsWith('.')) continue;
    report(m.index, m[0], path.resolve(fileDir, m[2]!));
  }

  // Literals naming a sibling checkout or a folder above the repository.
  // Plain strings are read relative to the working directory (the repository root); module
  // specifiers (`from '../shared/http.js'`, `import('…')`) relative to the file, and stay inside.
  const names = siblings.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const literals = new RegExp(`(from\\s+|import\\(\\s*)?(['"\`])((?:\\.\\.\\/)+(?:${names})\\/[^'"\`]*|\\/work\\/[^'"\`]*)\\2`, 'g');
  for (let m = literals.exec(src); m; m = literals.exec(src)) {
    if (m[1]) continue;
    const resolved = path.resolve(root, m[3]!);
    report(m.index, m[0], resolved);
  }
  return findings;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', '.git', 'results', 'coverage']);
const EXTENSIONS = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|sh)$/;

/** Every source file under `dirs` (relative to `root`), skipping build output and dependencies. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (EXTENSIONS.test(entry.name) || (dir.endsWith(`${path.sep}.ci`) && entry.isFile())) out.push(p);
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return out;
}
