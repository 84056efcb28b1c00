/**
 * Prints the fidelity error of every fixture design and writes side-by-side PNGs
 * (PDF | Fabric | difference ×4) to a directory (default /tmp/folio-fidelity).
 * With --write-baseline it also records the errors in test/fixtures/designs/fidelity-baseline.json,
 * which the fidelity test's limits derive from.
 *   npx tsx test/unit/engines/pdf/fidelity-calibrate.ts [--write-baseline] [outDir]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FabricBrowser } from './fabric-browser.js';
import { BASELINE_FILE, compareFixture, loadDesignFixtures, sideBySide } from './fidelity.js';

const args = process.argv.slice(2);
const writeBaseline = args.includes('--write-baseline');
const out = args.find((a) => !a.startsWith('--')) ?? '/tmp/folio-fidelity';
await mkdir(out, { recursive: true });
const browser = await FabricBrowser.launch();
const baseline: Record<string, number> = {};
try {
  for (const fx of await loadDesignFixtures()) {
    const t = Date.now();
    const r = await compareFixture(browser, fx);
    baseline[fx.name] = Number(r.mae.toFixed(3));
    await writeFile(path.join(out, `${fx.name}.png`), await sideBySide(r));
    console.log(`${fx.name.padEnd(28)} mae ${r.mae.toFixed(3)}  (${r.width}x${r.height}, ${Date.now() - t} ms)`);
  }
} finally {
  await browser.close();
}
if (writeBaseline) {
  await writeFile(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`baseline written to ${BASELINE_FILE}`);
}
