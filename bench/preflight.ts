/**
 * Preflight and prepress engine bench (inputs are generated here, never committed):
 *
 *   npm run bench:preflight -- [--runs N] [--upscale-runs N]
 *
 *  1. p50 check time (analyze) of a 20-page PDF and of a 24-megapixel TIFF;
 *  2. a ×4 Lanczos upscale of a 12-megapixel JPEG through applyFixes (prepress/lanczos.ts) against
 *     ImageMagick's `convert -filter Lanczos -resize 400%` with the same JPEG output settings,
 *     in the same run, and their ratio.
 *
 * ImageMagick is the Debian package (apt-get install imagemagick); its stock policy caps the
 * pixel cache at 128 MP / 256 MiB, too small for the 192 MP result, so the bench points
 * MAGICK_CONFIGURE_PATH at a temp policy with room for it (the system policy is not touched).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, cmyk, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { analyze, type PreflightSpec } from '../src/engines/preflight/index.js';
import { applyFixes } from '../src/engines/prepress/index.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9;
const upArg = process.argv.indexOf('--upscale-runs');
const UPSCALE_RUNS = upArg > 0 ? Number(process.argv[upArg + 1]) : 3;
const CONVERT = '/usr/bin/convert'; // not a stand-in earlier on PATH

/**
 * Gradients and blocks with ±24 levels of hash noise: photo-like entropy, so codecs do real
 * work (a clean gradient compresses to almost nothing and flatters every timing).
 */
function pattern(width: number, height: number, seed: number): Buffer {
  const buf = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const block = (Math.floor(x / 64) + Math.floor(y / 64) + seed) % 2 === 0;
      const h = Math.imul(x ^ Math.imul(y, 0x9e3779b1) ^ seed, 0x85ebca6b) >>> 0;
      const n = (h >>> 26) - 32; // -32..31
      buf[i] = Math.max(0, Math.min(255, (x * 255) / width + n));
      buf[i + 1] = Math.max(0, Math.min(255, (y * 255) / height - n));
      buf[i + 2] = (block ? 60 : 190) + (n >> 1);
    }
  }
  return buf;
}

const raw = (w: number, h: number, seed = 0) => sharp(pattern(w, h, seed), { raw: { width: w, height: h, channels: 3 } });

async function twentyPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 20; p++) {
    const page = doc.addPage([612, 792]); // US Letter
    page.drawRectangle({ x: 0, y: 0, width: 612, height: 792, color: cmyk(0, 0.05, 0.2, 0) });
    for (let k = 0; k < 30; k++) page.drawText(`Page ${p + 1}, line ${k + 1}: preflight bench text`, { x: 54, y: 740 - k * 20, size: 11, font, color: cmyk(0, 0, 0, 1) });
    const image = await doc.embedJpg(await raw(1200, 900, p).jpeg({ quality: 85 }).toBuffer());
    page.drawImage(image, { x: 54, y: 80, width: 360, height: 270 }); // 240 PPI
    if (p % 4 === 0) page.drawRectangle({ x: 400, y: 100, width: 150, height: 100, color: rgb(0.9, 0.1, 0.1), opacity: 0.5 });
  }
  return Buffer.from(await doc.save());
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { p50: q(0.5), min: s[0]!, max: s[s.length - 1]!, runs: s.length };
}

/** Clock ticks per second of /proc times (CLK_TCK, 100 on Linux). */
const TICK_MS = 10;

/**
 * CPU milliseconds used so far by this process (all its threads, libvips included) plus its
 * reaped children (poppler, ImageMagick) from /proc/self/stat. This machine is shared and
 * often oversubscribed; CPU time is far steadier than wall time there, so both are reported.
 */
function cpuMs(): number {
  const self = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'latin1').split(') ')[1]!.split(' ');
  // after "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at indexes 13 and 14
  const children = (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  return (self.user + self.system) / 1000 + children;
}

let lastCpu = 0;
async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const c = cpuMs();
  const t = process.hrtime.bigint();
  const r = await fn();
  lastCpu = cpuMs() - c;
  return [Number(process.hrtime.bigint() - t) / 1e6, r];
}

async function checkBench(name: string, file: Buffer, spec: PreflightSpec) {
  const first = await analyze(file, spec); // warm-up: module loads, libvips/lcms init
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ms.push((await time(() => analyze(file, spec)))[0]);
    cpu.push(lastCpu);
  }
  const s = stats(ms);
  const c = stats(cpu);
  const found = [...new Set(first.issues.map((i) => i.code))].join(', ');
  console.log(`${name.padEnd(34)} p50 ${s.p50.toFixed(0).padStart(5)} ms wall (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}), ${c.p50.toFixed(0)} ms CPU; ${s.runs} runs; ${(file.length / 1e6).toFixed(1)} MB; ${first.status}: ${found}`);
  return s;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  try {
    console.log(`node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${os.cpus().length} cores, concurrency ${sharp.concurrency()}`);
    const gs = execFileSync('gs', ['--version']).toString().trim();
    const pdfinfoV = spawnSync('pdfinfo', ['-v']).stderr.toString().split('\n')[0];
    console.log(`ghostscript ${gs}, ${pdfinfoV}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

    console.log('— check time (analyze) —');
    const pdf = await twentyPagePdf();
    const pdfSpec: PreflightSpec = { canvasWidthInches: 8.5, canvasHeightInches: 11, productType: 'poster', productProfile: { requiredDpi: 300, requiredColorMode: 'cmyk', bleedMm: 3 } };
    const pdfStats = await checkBench('20-page PDF (Letter, text+images)', pdf, pdfSpec);

    const tiff = await raw(6000, 4000).tiff({ compression: 'lzw', predictor: 'horizontal', xres: 300 / 25.4, yres: 300 / 25.4, resolutionUnit: 'inch' }).toBuffer();
    const tiffSpec: PreflightSpec = { canvasWidthInches: 20, canvasHeightInches: 13.333, productType: 'poster', productProfile: { requiredDpi: 300, requiredColorMode: 'cmyk', bleedMm: 3 } };
    const tiffStats = await checkBench('24 MP TIFF (6000×4000 RGB, LZW)', tiff, tiffSpec);

    console.log('\n— ×4 Lanczos upscale of a 12 MP JPEG (4000×3000 → 16000×12000) —');
    const jpg = await raw(4000, 3000).jpeg({ quality: 90 }).toBuffer();
    const inPath = path.join(dir, 'in.jpg');
    writeFileSync(inPath, jpg);
    const policyDir = path.join(dir, 'im-policy');
    execFileSync('mkdir', ['-p', policyDir]);
    writeFileSync(
      path.join(policyDir, 'policy.xml'),
      '<policymap><policy domain="resource" name="memory" value="8GiB"/><policy domain="resource" name="map" value="8GiB"/><policy domain="resource" name="area" value="1GP"/><policy domain="resource" name="disk" value="16GiB"/></policymap>\n',
    );
    const haveIm = spawnSync(CONVERT, ['-version']).status === 0;
    const imThreads = haveIm ? /Thread:\s*(\d+)/.exec(execFileSync(CONVERT, ['-list', 'resource']).toString())?.[1] : undefined;
    // The Lanczos passes run in one worker thread per core. Decode and JPEG encode are sharp's:
    // one libvips thread by default on glibc without jemalloc; ImageMagick uses OpenMP on every
    // core. Both sharp settings are measured: the default a service gets, and one per core.
    const defaultConcurrency = sharp.concurrency();
    const cores = os.cpus().length;
    const ours: number[] = [];
    const oursAll: number[] = [];
    const im: number[] = [];
    const oursCpu: number[] = [];
    const oursAllCpu: number[] = [];
    const imCpu: number[] = [];
    let oursOut = 0;
    let imOut = 0;
    for (let i = 0; i < UPSCALE_RUNS; i++) {
      // interleaved, so drift on the shared machine hits all alike
      const [t, r] = await time(() => applyFixes(jpg, 'jpeg', ['upscale_resolution_4x'], {}));
      ours.push(t);
      oursCpu.push(lastCpu);
      oursOut = r.file.length;
      if (i === 0) {
        const m = await sharp(r.file).metadata();
        if (m.width !== 16000 || m.height !== 12000) throw new Error(`unexpected output ${m.width}×${m.height}`);
      }
      sharp.concurrency(cores);
      oursAll.push((await time(() => applyFixes(jpg, 'jpeg', ['upscale_resolution_4x'], {})))[0]);
      oursAllCpu.push(lastCpu);
      sharp.concurrency(defaultConcurrency);
      if (haveIm) {
        const outPath = path.join(dir, 'im.jpg');
        const [ti] = await time(async () => {
          const res = spawnSync(CONVERT, [inPath, '-filter', 'Lanczos', '-resize', '400%', '-quality', '95', '-sampling-factor', '1x1', outPath], {
            env: { ...process.env, MAGICK_CONFIGURE_PATH: policyDir },
          });
          if (res.status !== 0) throw new Error(`convert failed: ${res.stderr.toString()}`);
        });
        im.push(ti);
        imCpu.push(lastCpu);
        imOut = readFileSync(outPath).length;
        rmSync(outPath);
      }
    }
    const line = (name: string, ms: number[], cpu: number[], extra = '') => {
      const x = stats(ms);
      const c = stats(cpu);
      console.log(`${name.padEnd(58)} wall median ${(x.p50 / 1000).toFixed(2).padStart(6)} s (min ${(x.min / 1000).toFixed(2)}, max ${(x.max / 1000).toFixed(2)}), CPU median ${(c.p50 / 1000).toFixed(2)} s; ${x.runs} runs${extra}`);
      return { wall: x.p50, cpu: c.p50 };
    };
    const o = line(`applyFixes upscale_resolution_4x, sharp concurrency ${defaultConcurrency} (default)`, ours, oursCpu, `; out ${(oursOut / 1e6).toFixed(1)} MB`);
    const oa = line(`applyFixes upscale_resolution_4x, sharp concurrency ${cores}`, oursAll, oursAllCpu);
    if (haveIm) {
      const m = line(`convert -filter Lanczos -resize 400% (IM 6 Q16, ${imThreads ?? '?'} threads)`, im, imCpu, `; out ${(imOut / 1e6).toFixed(1)} MB`);
      console.log(
        `ratio ImageMagick / ours (>1: ours is faster): wall ${(m.wall / o.wall).toFixed(2)}× (sharp default), ${(m.wall / oa.wall).toFixed(2)}× (sharp concurrency ${cores}); CPU ${(m.cpu / o.cpu).toFixed(2)}× / ${(m.cpu / oa.cpu).toFixed(2)}×`,
      );
    } else {
      console.log('ImageMagick not installed (apt-get install imagemagick): no baseline');
    }
    console.log(`\nsummary: pdf20 p50 ${pdfStats.p50.toFixed(0)} ms; tiff24mp p50 ${tiffStats.p50.toFixed(0)} ms; load average now ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
