// Shared helpers for the benchmark scripts: child servers and autocannon runs, medians, bundle sizes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

/** Start a server process that prints `READY <url>` on stdout; resolves with its URL. */
export function startProcess(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start`)), 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(?:READY|listening on) (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], pid: child.pid, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}`));
    });
  });
}

/** One autocannon run; returns req/s and latency percentiles (ms). */
export async function load(url, { headers = {}, duration = 10, connections = 50 } = {}) {
  const r = await autocannon({ url, headers, duration, connections, pipelining: 1 });
  const non2xx = r.non2xx + r.errors + r.timeouts;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: non2xx };
}

export function row(name, r, base) {
  const ratio = base ? (r.rps / base.rps).toFixed(2) : '1.00';
  return `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  ratio ${ratio}`;
}

/** A JSON call of the API: throws with the status and the start of the body unless 2xx. */
export async function api(base, method, url, { headers = {}, body } = {}) {
  const res = await fetch(`${base}${url}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `fn` over `items` with at most `n` at a time; the results in the order of `items`. */
export async function pool(items, n, fn) {
  let next = 0;
  const out = new Array(items.length);
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** The median of `xs` (the mean of the two middle values for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** `n` bytes as KiB with one decimal. */
export const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * Sizes, raw and gzip (level 9), of a Vite build's JS and CSS under `dir`/assets: all of them
 * (`all`, `chunks`, `files`) and those its index.html loads first (`first`: the scripts,
 * module preloads and style sheets it names).
 */
export function bundleSize(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const firstFiles = new Set([...html.matchAll(/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  const sum = { first: { raw: 0, gzip: 0 }, all: { raw: 0, gzip: 0 }, chunks: 0, files: [] };
  for (const f of fs.readdirSync(path.join(dir, 'assets')).filter((x) => /\.(js|css)$/.test(x))) {
    const b = fs.readFileSync(path.join(dir, 'assets', f));
    const gz = zlib.gzipSync(b, { level: 9 }).length;
    sum.all.raw += b.length;
    sum.all.gzip += gz;
    sum.chunks++;
    sum.files.push(f);
    if (firstFiles.has(`assets/${f}`)) {
      sum.first.raw += b.length;
      sum.first.gzip += gz;
    }
  }
  return sum;
}
