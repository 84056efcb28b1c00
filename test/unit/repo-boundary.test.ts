import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findOutsideReferences, sourceFiles } from '../helpers/repo-boundary.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('nothing in the project reads outside its own tree', () => {
  it('no test, bench, script or source refers to a path above the repository root', () => {
    const files = sourceFiles(ROOT, ['test', 'bench', 'scripts', 'src', 'packages', 'customizer', 'bin', '.ci']);
    expect(files.length).toBeGreaterThan(100);
    // The checker and this test hold examples of what they catch, on purpose.
    const examples = new Set([fileURLToPath(import.meta.url), path.join(ROOT, 'test', 'helpers', 'repo-boundary.ts')]);
    const findings = files.filter((f) => !examples.has(f)).flatMap((f) => findOutsideReferences(ROOT, f, readFileSync(f, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.expression} → ${f.resolved}`)).toEqual([]);
  });

  describe('the checker', () => {
    const file = path.join(ROOT, 'test', 'unit', 'engines', 'x', 'fixtures.ts');
    const check = (src: string) => findOutsideReferences(ROOT, file, src, ['elsewhere']).map((f) => f.resolved);

    it('flags a folder beside the repository reached through a root constant', () => {
      const src = [
        "const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');",
        "export const FACES = path.resolve(REPO_ROOT, '..', 'elsewhere', 'photos');",
      ].join('\n');
      expect(check(src)).toEqual([path.resolve(ROOT, '..', 'elsewhere', 'photos')]);
    });

    it('flags too many .. from the file itself, relative URLs and sibling literals', () => {
      expect(check("const p = path.join(import.meta.dirname, '..', '..', '..', '..', '..', 'x');")).toEqual([path.resolve(ROOT, '..', 'x')]);
      expect(check("readFileSync(new URL('../../../../../elsewhere/a.png', import.meta.url));")).toHaveLength(2);
      expect(check("const dir = '../elsewhere/photos';")).toHaveLength(1);
      expect(check("const dir = '/work/elsewhere/photos';")).toEqual(['/work/elsewhere/photos']);
    });

    it('leaves paths inside the repository alone', () => {
      const src = [
        "const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');",
        "const FACES = path.resolve(REPO_ROOT, 'test', 'fixtures', 'faces');",
        "const logo = new URL('../../../fixtures/images/logo.png', import.meta.url);",
        "import { x } from '../elsewhere/http.js';",
        'const dynamic = path.join(someDir, "..", "..");',
      ].join('\n');
      expect(check(src)).toEqual([]);
    });
  });
});
