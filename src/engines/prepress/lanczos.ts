import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Lanczos-3 enlargement of 8-bit interleaved pixels. libvips (and so sharp) only uses its
 * Lanczos kernels to shrink: when enlarging, `kernel: 'lanczos3'` falls back to bicubic
 * interpolation (sharp's docs; the outputs are identical). This is the textbook separable
 * resampler instead: each output sample is a weighted sum of the 6 nearest input samples
 * with weights L(x) = sinc(x)·sinc(x/3), pixel centres aligned ((j + ½)·in/out − ½), edges
 * replicated, 14-bit fixed-point weights and a 4-bit-fraction intermediate.
 *
 * The two passes run in worker threads over shared memory, so a job never blocks the event
 * loop of the process that also serves HTTP (the embedded deployment runs both in one).
 */

const TAPS = 6;
const WEIGHT_BITS = 14;
/** mid = round(Σ w·v / 2^MID_SHIFT): 4 fractional bits kept between the passes */
const MID_SHIFT = 10;
const OUT_SHIFT = WEIGHT_BITS + WEIGHT_BITS - MID_SHIFT;

/**
 * The passes as plain JavaScript source: the same text runs in the workers (eval) and, for
 * small images, on the calling thread, so both paths are one code.
 */
const KERNELS = `
function hpass(d) {
  const src = d.src, mid = d.mid, c = d.channels, inRow = d.inWidth * c, outRow = d.outWidth * c;
  const idx = d.xIdx, wt = d.xW, outW = d.outWidth;
  for (let y = d.from; y < d.to; y++) {
    const s = y * inRow, m = y * outRow;
    for (let j = 0; j < outW; j++) {
      const b = j * ${TAPS};
      const i0 = s + idx[b], i1 = s + idx[b + 1], i2 = s + idx[b + 2], i3 = s + idx[b + 3], i4 = s + idx[b + 4], i5 = s + idx[b + 5];
      const w0 = wt[b], w1 = wt[b + 1], w2 = wt[b + 2], w3 = wt[b + 3], w4 = wt[b + 4], w5 = wt[b + 5];
      const o = m + j * c;
      for (let ch = 0; ch < c; ch++) {
        const acc = w0 * src[i0 + ch] + w1 * src[i1 + ch] + w2 * src[i2 + ch] + w3 * src[i3 + ch] + w4 * src[i4 + ch] + w5 * src[i5 + ch];
        mid[o + ch] = (acc + ${1 << (MID_SHIFT - 1)}) >> ${MID_SHIFT};
      }
    }
  }
}
function vpass(d) {
  const mid = d.mid, out = d.out, rowLen = d.outWidth * d.channels, base = d.outOffset;
  const idx = d.yIdx, wt = d.yW;
  for (let j = d.from; j < d.to; j++) {
    const b = j * ${TAPS};
    const r0 = idx[b] * rowLen, r1 = idx[b + 1] * rowLen, r2 = idx[b + 2] * rowLen, r3 = idx[b + 3] * rowLen, r4 = idx[b + 4] * rowLen, r5 = idx[b + 5] * rowLen;
    const w0 = wt[b], w1 = wt[b + 1], w2 = wt[b + 2], w3 = wt[b + 3], w4 = wt[b + 4], w5 = wt[b + 5];
    const o = base + j * rowLen;
    for (let x = 0; x < rowLen; x++) {
      const v = (w0 * mid[r0 + x] + w1 * mid[r1 + x] + w2 * mid[r2 + x] + w3 * mid[r3 + x] + w4 * mid[r4 + x] + w5 * mid[r5 + x] + ${1 << (OUT_SHIFT - 1)}) >> ${OUT_SHIFT};
      out[o + x] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}
`;

const WORKER_SOURCE = `${KERNELS}
const { parentPort, workerData } = require('node:worker_threads');
(workerData.pass === 'h' ? hpass : vpass)(workerData);
parentPort.postMessage(0);
`;

type Pass = (d: Record<string, unknown>) => void;
const inline = new Function(`${KERNELS}; return { hpass, vpass };`)() as { hpass: Pass; vpass: Pass };

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

/**
 * Per output index: the 6 input indices (clamped, times `stride`) and fixed-point weights
 * summing exactly to 2^14. Enlargement only (outLen ≥ inLen): the kernel is not widened.
 */
export function axisTable(inLen: number, outLen: number, stride: number): { idx: Int32Array; w: Int32Array } {
  const idx = new Int32Array(outLen * TAPS);
  const w = new Int32Array(outLen * TAPS);
  const scale = inLen / outLen;
  const one = 1 << WEIGHT_BITS;
  const f = new Float64Array(TAPS);
  for (let j = 0; j < outLen; j++) {
    const u = (j + 0.5) * scale - 0.5;
    const first = Math.floor(u) - 2;
    let sum = 0;
    for (let t = 0; t < TAPS; t++) {
      f[t] = lanczos3(u - (first + t));
      sum += f[t]!;
    }
    let total = 0;
    let peak = 0;
    for (let t = 0; t < TAPS; t++) {
      const q = Math.round((f[t]! / sum) * one);
      w[j * TAPS + t] = q;
      total += q;
      if (Math.abs(f[t]!) > Math.abs(f[peak]!)) peak = t;
      idx[j * TAPS + t] = Math.min(inLen - 1, Math.max(0, first + t)) * stride;
    }
    w[j * TAPS + peak]! += one - total; // rounding remainder on the largest tap: flat stays flat
  }
  return { idx, w };
}

export interface LanczosOptions {
  /** worker threads; default the machine's parallelism (at most 8); 0 runs on this thread */
  threads?: number;
  /** bytes left free at the start of the output (room for a file header) */
  outputOffset?: number;
}

/** Below this many output samples the work is done on the calling thread (worker start-up dominates). */
const INLINE_BELOW = 2_000_000;

/**
 * Resamples `src` (width × height × channels, 8 bits) up to outWidth × outHeight. The result
 * is a Buffer over shared memory with `outputOffset` spare bytes in front.
 */
export async function lanczosEnlarge(
  src: Uint8Array,
  width: number,
  height: number,
  channels: number,
  outWidth: number,
  outHeight: number,
  options: LanczosOptions = {},
): Promise<Buffer> {
  if (outWidth < width || outHeight < height) throw new RangeError('lanczosEnlarge only enlarges');
  if (src.length !== width * height * channels) throw new RangeError('pixel buffer does not match its size');
  const offset = options.outputOffset ?? 0;
  const shared = new Uint8Array(new SharedArrayBuffer(src.length));
  shared.set(src);
  const mid = new Int16Array(new SharedArrayBuffer(outWidth * height * channels * 2));
  const outBuf = new SharedArrayBuffer(offset + outWidth * outHeight * channels);
  const out = new Uint8Array(outBuf);
  const x = axisTable(width, outWidth, channels);
  const y = axisTable(height, outHeight, 1);
  const common = { channels, inWidth: width, outWidth, outOffset: offset };
  const h = { ...common, pass: 'h', src: shared, mid, xIdx: x.idx, xW: x.w };
  const v = { ...common, pass: 'v', mid, out, yIdx: y.idx, yW: y.w };

  const threads = outWidth * outHeight * channels < INLINE_BELOW ? 0 : (options.threads ?? Math.min(8, os.availableParallelism()));
  if (threads <= 0) {
    inline.hpass({ ...h, from: 0, to: height });
    inline.vpass({ ...v, from: 0, to: outHeight });
  } else {
    await runSplit(h, height, threads);
    await runSplit(v, outHeight, threads);
  }
  return Buffer.from(outBuf);
}

/** Runs one pass in `threads` workers, each over a contiguous band of rows. */
async function runSplit(data: Record<string, unknown>, rows: number, threads: number): Promise<void> {
  const n = Math.max(1, Math.min(threads, rows));
  const band = Math.ceil(rows / n);
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const from = i * band;
    const to = Math.min(rows, from + band);
    if (from >= to) break;
    jobs.push(
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...data, from, to } });
        worker.once('message', () => resolve());
        worker.once('error', reject);
        worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lanczos worker exited with ${code}`))));
      }),
    );
  }
  await Promise.all(jobs);
}
