/**
 * The back office imports Mantine's CSS per component (admin/src/app/mantine-styles.ts): a
 * component used without its stylesheet renders unstyled (a colour swatch with no size shows
 * nothing). Every Mantine component the pages import that has a stylesheet of its own must
 * have it imported there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('admin/src/app/mantine-styles.ts', () => {
  it('imports the stylesheet of every Mantine component the back office uses', () => {
    const used = new Set<string>();
    for (const file of sources(path.join(ROOT, 'admin/src'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
        for (const name of m[1]!.split(',').map((s) => s.trim().replace(/^type\s+/, ''))) if (/^[A-Z]/.test(name)) used.add(name);
      }
    }
    const imported = new Set([...fs.readFileSync(path.join(ROOT, 'admin/src/app/mantine-styles.ts'), 'utf8').matchAll(/styles\/(\w+)\.css'/g)].map((m) => m[1]));
    const missing = [...used].filter((name) => fs.existsSync(path.join(STYLES, `${name}.css`)) && !imported.has(name));
    expect(used.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
