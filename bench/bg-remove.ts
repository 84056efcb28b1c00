/**
 * Background removal, end to end (bytes in → cut-out PNG out), on this machine's CPU:
 * p50/p95 per image at 512², 1024² and 2048², the first-call latency with and without the
 * warm-up, and a baseline in the same run (sharp decoding the same JPEG and encoding an RGBA
 * PNG, i.e. the I/O the engine cannot avoid; plus ImageMagick's `convert` when installed).
 *
 *   npx tsx bench/bg-remove.ts [--runs 5] [--quick] [--sizes 2048]   (--sizes: comma-separated subset)
 *   npx tsx bench/bg-remove.ts --model my-model.json                  an operator's model (FOLIO_BG_MODEL)
 *   npx tsx bench/bg-remove.ts --auto                                 every image as subject_type auto (the default)
 *
 * The machine may be shared: the load average is printed with the results, and CPU time
 * (all threads of this process) is reported beside wall time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { removeBackground, warmupEngine, type CutoutResult } from '../src/engines/vision/segmentation/engine.js';
import { readModelDescription } from '../src/engines/vision/segmentation/model-description.js';
import { getModel, U2NETP } from '../src/engines/vision/segmentation/model.js';
import type { SubjectType } from '../src/engines/vision/segmentation/options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVAL = path.join(here, '..', 'test', 'fixtures', 'bgremove', 'eval');
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : args.includes('--quick') ? 2 : 5;
const sizesArg = args.indexOf('--sizes');
const SIZES = sizesArg >= 0 ? String(args[sizesArg + 1]).split(',').map(Number) : [512, 1024, 2048];
const AUTO = args.includes('--auto');
const modelArg = args.indexOf('--model');
const SPEC = modelArg >= 0 ? readModelDescription(String(args[modelArg + 1])) : U2NETP;

const IMAGES: { name: string; file: string; subjectType: SubjectType }[] = [
  { name: 'person on a photo', file: 'p01-astronaut-building.jpg', subjectType: 'person' },
  { name: 'product on texture', file: 'r02-coffee-brick.jpg', subjectType: 'product' },
  { name: 'product on white', file: 'r08-mug-white.jpg', subjectType: 'product' },
  { name: 'logo on flat colour', file: 'l05-badge-white.jpg', subjectType: 'logo' },
];

async function input(file: string, size: number): Promise<Buffer> {
  return sharp(path.join(EVAL, file)).resize(size, size, { fit: 'fill', kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const fmt = (ms: number): string => `${ms.toFixed(0).padStart(5)} ms`;

// --- cold start, in a fresh process: the first job without a warm-up -----------------
if (args.includes('--cold-child')) {
  const t0 = performance.now();
  const buf = await input(IMAGES[0]!.file, 1024);
  const t1 = performance.now();
  const r = await removeBackground(buf, { subjectType: 'person' }, { model: await getModel(SPEC) });
  const t2 = performance.now();
  const stats = (await getModel(SPEC)).getStats();
  console.log(JSON.stringify({ firstCallMs: t2 - t1, loadMs: stats.loadMs, firstInferenceMs: stats.firstInferenceMs, prepMs: t1 - t0, timings: r.timings }));
  process.exit(0);
}

const load0 = os.loadavg();
console.log(`bg-remove bench: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${load0.map((l) => l.toFixed(2)).join(' ')}`);

const cold = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--cold-child', ...(modelArg >= 0 ? args.slice(modelArg, modelArg + 2) : [])], { encoding: 'utf8' });
const coldLine = cold.stdout.trim().split('\n').pop() ?? '';
interface ColdReport {
  firstCallMs: number;
  loadMs: number;
  firstInferenceMs: number;
}
let coldReport: ColdReport | null = null;
try {
  coldReport = JSON.parse(coldLine) as ColdReport;
} catch {
  console.log(`cold-start child failed: ${cold.stderr.slice(-500)}`);
}

const w = await warmupEngine(SPEC);
const firstAfterWarmup = await (async () => {
  const buf = await input(IMAGES[0]!.file, 1024);
  const t = performance.now();
  await removeBackground(buf, { subjectType: 'person' }, { model: await getModel(SPEC) });
  return performance.now() - t;
})();

console.log('\nfirst-call latency (1024² person photo)');
if (coldReport) {
  console.log(`  without warm-up (fresh process): ${fmt(coldReport.firstCallMs)}  = model load ${coldReport.loadMs.toFixed(0)} ms + first inference ${coldReport.firstInferenceMs.toFixed(0)} ms + the rest of the pipeline`);
}
console.log(
  `  warm-up at worker start:         ${fmt(w.totalMs)}  (model load ${w.loadMs.toFixed(0)} ms, first inference ${w.firstInferenceMs?.toFixed(0)} ms, two small images through the pipeline ${w.pipelineMs.toFixed(0)} ms, person model and face detector ${w.personMs.toFixed(0)} ms)`,
);
console.log(`  first job after the warm-up:     ${fmt(firstAfterWarmup)}`);

// a real ImageMagick answers `-version` with its name (a stand-in script may not)
const probe = spawnSync('convert', ['-version'], { encoding: 'utf8' });
const hasConvert = probe.status === 0 && /ImageMagick/.test(probe.stdout);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bgbench-'));

interface Row {
  wall: number[];
  cpu: number[];
  base: number[];
  magick: number[];
  stages: CutoutResult['timings'][];
  perImage: Map<string, number[]>;
}

const results = new Map<number, Row>();
const inputs = new Map<string, { buf: Buffer; src: string }>();
for (const size of SIZES) {
  results.set(size, { wall: [], cpu: [], base: [], magick: [], stages: [], perImage: new Map() });
  for (const img of IMAGES) {
    const buf = await input(img.file, size);
    const src = path.join(tmp, `${size}-${path.basename(img.file)}`);
    fs.writeFileSync(src, buf);
    inputs.set(`${size}/${img.name}`, { buf, src });
  }
}
// Rounds interleave sizes and images, so a burst of load from elsewhere on a shared machine
// spreads over all of them instead of skewing one size.
for (let round = 0; round < RUNS; round++) {
  for (const size of SIZES) {
    if (size === 2048 && round >= Math.max(2, Math.ceil(RUNS / 2))) continue;
    const row = results.get(size)!;
    for (const img of IMAGES) {
      const { buf, src } = inputs.get(`${size}/${img.name}`)!;
      const c0 = cpuMs();
      const t0 = performance.now();
      const r = await removeBackground(buf, { subjectType: AUTO ? 'auto' : img.subjectType }, { model: await getModel(SPEC) });
      const t1 = performance.now();
      row.wall.push(t1 - t0);
      row.cpu.push(cpuMs() - c0);
      row.stages.push(r.timings);
      const list = row.perImage.get(img.name) ?? [];
      list.push(t1 - t0);
      row.perImage.set(img.name, list);

      const b0 = performance.now();
      const { data, info } = await sharp(buf).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png({ compressionLevel: 4 }).toBuffer();
      row.base.push(performance.now() - b0);

      if (hasConvert) {
        const m0 = performance.now();
        execFileSync('convert', [src, path.join(tmp, 'out.png')]);
        row.magick.push(performance.now() - m0);
      }
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`\nend to end per image (${IMAGES.length} images × ${RUNS} runs; ${Math.max(2, Math.ceil(RUNS / 2))} at 2048²), wall time`);
console.log('size     p50       p95       CPU p50   | sharp decode+PNG p50  ratio | convert p50  ratio');
for (const [size, r] of results) {
  const p50 = pct(r.wall, 50);
  const b50 = pct(r.base, 50);
  const m50 = r.magick.length ? pct(r.magick, 50) : NaN;
  console.log(
    `${`${size}²`.padEnd(8)} ${fmt(p50)}  ${fmt(pct(r.wall, 95))}  ${fmt(pct(r.cpu, 50))}  | ${fmt(b50)}             ${(p50 / b50).toFixed(1).padStart(5)}× | ${Number.isNaN(m50) ? '   -   ' : fmt(m50)}  ${Number.isNaN(m50) ? '' : `${(p50 / m50).toFixed(1)}×`}`,
  );
}
console.log('\np50 per image');
console.log(`${'image'.padEnd(22)} ${SIZES.map((s) => `${s}²`.padStart(9)).join(' ')}`);
for (const img of IMAGES) {
  console.log(`${img.name.padEnd(22)} ${SIZES.map((s) => fmt(pct(results.get(s)!.perImage.get(img.name)!, 50)).padStart(9)).join(' ')}`);
}
console.log('\nmean stage times (ms): decode / infer / refine / key / encode / total');
for (const [size, r] of results) {
  const m = (k: keyof CutoutResult['timings']): string => mean(r.stages.map((s) => s[k])).toFixed(0);
  console.log(`${`${size}²`.padEnd(8)} ${m('decodeMs')} / ${m('inferMs')} / ${m('refineMs')} / ${m('keyMs')} / ${m('encodeMs')} / ${m('totalMs')}`);
}
for (const [size, limit] of [[1024, 1000], [2048, 350]] as const) {
  const row = results.get(size);
  if (!row) continue;
  const p = pct(row.wall, 50);
  console.log(`target p50 ≤ ${limit} ms at ${size}²: ${p.toFixed(0)} ms ${p <= limit ? '✓' : '✗'}`);
}
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
