// Prints vitest's JSON report as the plain closing line CI readers understand:
//   "<stage>: N passed, N failed, N skipped"
import fs from 'node:fs';

const [file, stage] = process.argv.slice(2);
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`${stage}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
