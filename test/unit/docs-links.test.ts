import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pages = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const m = fence ? null : /^#+ (.*)/.exec(line);
    if (!m) continue;
    const a = m[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
    const n = seen.get(a) ?? 0;
    seen.set(a, n + 1);
    out.add(n === 0 ? a : `${a}-${n}`);
  }
  return out;
}

it('README.md is a front door: at most 150 lines', () => {
  expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150);
});

it('every relative link of README.md and docs/ reaches a file, and its anchor a heading there', () => {
  const broken: string[] = [];
  for (const page of pages) {
    for (const m of fs.readFileSync(path.join(ROOT, page), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1]!;
      if (/^(https?|mailto):/.test(link)) continue;
      const [file, anchor] = link.split('#') as [string, string | undefined];
      const target = file ? path.resolve(path.dirname(path.join(ROOT, page)), file) : path.join(ROOT, page);
      if (!fs.existsSync(target)) broken.push(`${page}: ${link}`);
      else if (anchor && target.endsWith('.md') && !anchors(target).has(anchor)) broken.push(`${page}: ${link} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});
