// Prints vitest's JSON report as the plain closing line CI readers understand:
//   "<stage>: N passed, N failed, N skipped, N test files failed, M min"
// then the stage's ten slowest test files, which is what the two stages are balanced by
// (.ci/run's SCALEOUT_ONLY and EMBEDDED_ONLY).
import fs from 'node:fs';
import path from 'node:path';

const [file, stage] = process.argv.slice(2);
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
const files = r.testResults ?? [];
const ends = files.map((f) => f.endTime ?? 0);
const minutes = files.length ? (Math.max(...ends) - r.startTime) / 60_000 : 0;
console.log(`${stage}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped, ${files.filter((f) => f.status === 'failed').length} test files failed, ${minutes.toFixed(1)} min`);
for (const f of files.filter((x) => x.status === 'failed' && !(x.assertionResults ?? []).some((a) => a.status === 'failed'))) {
  console.log(`${stage}: failed outside its tests: ${path.relative(process.cwd(), f.name)}: ${(f.message ?? '').split('\n')[0]}`);
}
const slowest = files
  .map((f) => ({ name: path.relative(process.cwd(), f.name), s: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000 }))
  .sort((a, b) => b.s - a.s)
  .slice(0, 10);
for (const f of slowest) console.log(`${stage}:   ${f.s.toFixed(0).padStart(5)} s  ${f.name}`);
