import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/repo-boundary.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FLOWS = path.join(ROOT, 'src', 'modules', 'jobs', 'flows.ts');

describe('job status flows', () => {
  it('are declared once, in src/modules/jobs/flows.ts: a kind names one of them', () => {
    const files = sourceFiles(ROOT, ['src']).filter((f) => f.endsWith('.ts') && f !== FLOWS);
    const findings = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/statuses:\s*\{|:\s*JobStatusFlow\s*=/.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [])),
    );
    expect(findings).toEqual([]);
  });
});
