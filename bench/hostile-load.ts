/**
 * Hostile load (issue 37): one `folio serve` (embedded: SQLite, in-process queue and job
 * workers, the compiled build) answers `GET /v1/health` while hostile requests run beside it,
 * each kind in its own loop, with the public token wherever the route admits it:
 *   deep SVG      POST /v1/images          15,000 nested groups                          public token
 *   heavy CSS SVG POST /v1/images + proof  1,000 :nth-child rules × 1,000 rects           public token
 *   crafted font  POST /v1/fonts/upload    composite glyph pointing out of its table     store key
 *                 + a design using it, saved and proofed                                public token
 *   looped PDF    POST /v1/images + proof  a page whose /Parent points back to its tree  public token
 *   big merge     POST /v1/merge-jobs      10,000 records, and a 100,000-character cell  store key
 *   big imposition POST /v1/impositions    a 1 × 1 mm side on a 2,000 mm sheet           store key
 * Reported: the health checks' latency (p50, p99, max) seen by a client, the server's own
 * event-loop delay over the hostile phase (Node's monitorEventLoopDelay, read through
 * prom-client's folio_nodejs_eventloop_lag_* series: min, mean, p50, p90, p99, max), each
 * hostile kind's answers by status, contained faults (folio_process_faults_total) and whether
 * the process is still alive. A quiet phase of health checks alone first gives the baseline.
 * Exit status 1 when the process died, a health check failed or p99 passed --p99-ms.
 *
 *   npm run build && npx tsx bench/hostile-load.ts [--seconds 30] [--quiet-seconds 5] [--p99-ms 100] [--only 'deep SVG,big merge'] [--profile DIR] [--cli dist/main/cli.js]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { csvWithHugeCell, hostileFonts, hugeSheetImposition, loopedPdfs, manyMergeRecords, hostileSvgs } from '../test/helpers/hostile.js';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const SECONDS = Number(opt('--seconds', '30'));
const QUIET_SECONDS = Number(opt('--quiet-seconds', '5'));
const P99_MS = Number(opt('--p99-ms', '100'));
/** only these hostile kinds (comma-separated names as reported), to find which one costs what */
const ONLY = argv.includes('--only') ? opt('--only', '').split(',') : null;
/** the server's CPU profile over the run, written to this folder (read it with npx tsx bench/profile-top.ts DIR/*.cpuprofile) */
const PROFILE_DIR = argv.includes('--profile') ? path.resolve(opt('--profile', 'profile')) : null;
const root = path.resolve(import.meta.dirname, '..');
const cli = path.resolve(root, opt('--cli', 'dist/main/cli.js'));
const log = (line: string) => process.stderr.write(`[hostile] ${line}\n`);
const { freePort } = (await import(pathToFileURL(path.join(root, 'scripts', 'topology.mjs')).href)) as { freePort(): Promise<number> };

interface Server {
  base: string;
  child: ChildProcess;
  exited: { code: number | null; signal: string | null } | null;
  stderrTail: string;
}

async function startServer(dataDir: string, metricsToken: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []), cli, 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      FOLIO_PUBLIC_URL: base,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_METRICS_TOKEN: metricsToken,
      FOLIO_PLANS_FILE: path.join(root, 'bench', 'plans-unlimited.json'),
      FOLIO_SIGNUP_TOKENS: '1000000',
      FOLIO_SCRYPT_COST: '10',
      FOLIO_WARMUP: 'false',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { base, child, exited: null, stderrTail: '' };
  child.stderr!.on('data', (d: Buffer) => (server.stderrTail = (server.stderrTail + d.toString()).slice(-4000)));
  child.on('exit', (code, signal) => (server.exited = { code, signal }));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('folio serve did not start within 60 s')), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/listening on/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`folio serve exited with ${code}: ${server.stderrTail}`));
    });
  });
  return server;
}

type Headers = Record<string, string>;

/** Aborted when the hostile phase ends: requests still in flight (a server that hangs on them) are dropped. */
const phaseOver = new AbortController();

async function call(base: string, method: string, url: string, headers: Headers, body?: unknown, timeoutMs = 120_000): Promise<{ status: number; json: any; ms: number }> {
  const t0 = performance.now();
  const isForm = body instanceof FormData;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), phaseOver.signal]),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text.slice(0, 200);
    }
    return { status: res.status, json, ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, json: String((err as Error).message), ms: performance.now() - t0 };
  }
}

async function must(base: string, method: string, url: string, headers: Headers, body?: unknown): Promise<any> {
  const r = await call(base, method, url, headers, body);
  if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return r.json;
}

function file(name: string, type: string, bytes: Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** The event-loop series of one scrape (seconds → ms); prom-client resets its histogram at each scrape. */
async function eventLoop(base: string, token: string): Promise<{ lag: Record<string, number>; faults: number }> {
  let text = '';
  try {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    text = await res.text();
  } catch {
    // a server still blocked a minute after the phase: no reading
  }
  const lag: Record<string, number> = {};
  for (const m of text.matchAll(/^folio_nodejs_eventloop_lag_(min|max|mean|p50|p90|p99)_seconds (\S+)$/gm)) lag[m[1]!] = Math.round(Number(m[2]) * 1e4) / 10;
  let faults = 0;
  for (const m of text.matchAll(/^folio_process_faults_total\{[^}]*\} (\S+)$/gm)) faults += Number(m[1]);
  return { lag, faults };
}

/**
 * Health checks one after another (a 10 ms pause between) for `seconds`, from a thread of
 * their own: the hostile loops of this process (building 10,000-record bodies) must not delay
 * the checks' own clock. Their latencies, and how many failed.
 */
function pingHealth(base: string, seconds: number): Promise<{ ms: number[]; failures: number }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const ms = [];
      let failures = 0;
      const stop = Date.now() + workerData.seconds * 1000;
      while (Date.now() < stop) {
        const t0 = performance.now();
        try {
          const res = await fetch(workerData.base + '/v1/health', { signal: AbortSignal.timeout(30000) });
          await res.arrayBuffer();
          if (res.status === 200) ms.push(performance.now() - t0); else failures++;
        } catch { failures++; }
        await new Promise((r) => setTimeout(r, 10));
      }
      parentPort.postMessage({ ms, failures });
    })();`;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { base, seconds } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

async function main(): Promise<void> {
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: npm run build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-hostile-'));
  const metricsToken = `bench-${process.pid}-metrics-token-0123456789`;
  const server = await startServer(dataDir, metricsToken);
  const { base } = server;
  log(`folio serve at ${base} (pid ${server.child.pid}), data ${dataDir}`);
  try {
    const signup = await must(base, 'POST', '/v1/account', {}, { name: 'Hostile', email: `hostile-${Date.now()}@example.test`, password: 'Hostile-Pass-1!' });
    const jwt = { authorization: `Bearer ${signup.data.access_token}` };
    const store = (await must(base, 'POST', '/v1/stores?include=credentials', jwt, { store_name: 'Hostile store' })).data;
    const key: Headers = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
    const pub: Headers = { 'x-service-unauth-token': store.unauth_token };
    const product = (await must(base, 'POST', '/v1/products', key, { name: 'Card', dimension_unit: 'mm' })).data;
    const side = (await must(base, 'POST', '/v1/sides', key, { product_id: product.id, name: 'Front', width: 85, height: 55, dpi: 300 })).data;
    // the merge's design: the business-card fields (name, title, url as a QR code, sku as a Code 128)
    const mergeDesign = (
      await must(base, 'POST', '/v1/designs', key, {
        side_id: side.id,
        viewport_width: 340,
        viewport_height: 220,
        layers: [
          { type: 'text', left: 20, top: 50, width: 200, height: 28, text: 'Full Name', fontFamily: 'Roboto', fontSize: 24, field: { name: 'name', type: 'text', fit: 'shrink', min_font_size: 8 } },
          { type: 'textbox', left: 20, top: 90, width: 200, text: 'Title: {{title}}', fontFamily: 'Roboto', fontSize: 12, field: { name: 'title', type: 'text' } },
          { type: 'rect', left: 240, top: 60, width: 80, height: 80, fill: '#eeeeee', strokeWidth: 0, field: { name: 'url', type: 'qr' } },
          { type: 'rect', left: 20, top: 150, width: 200, height: 60, fill: '#eeeeee', strokeWidth: 0, field: { name: 'sku', type: 'barcode', symbology: 'code128' } },
        ],
      })
    ).data;

    const svgs = hostileSvgs();
    const deepSvg = svgs.find((x) => x.label === 'svg nested 15000 deep')!;
    const cssSvg = svgs.find((x) => x.label === 'svg with 1000 :nth-child rules x 1000 rects')!;
    const craftedFont = hostileFonts().find((f) => f.label.startsWith('composite glyph whose component is the glyph count'))!;
    const loopedPdf = loopedPdfs()[0]!;
    const merges = [
      { name: '10,000 records', body: { design_id: mergeDesign.id, records: manyMergeRecords(10_000), on_error: 'skip' } },
      { name: 'a 100,000-character CSV cell', body: { design_id: mergeDesign.id, csv: csvWithHugeCell(100_000), on_error: 'skip' } },
    ];

    const outcomes = new Map<string, Map<string, number>>();
    const seen = (kind: string, what: string) => {
      const m = outcomes.get(kind) ?? new Map<string, number>();
      m.set(what, (m.get(what) ?? 0) + 1);
      outcomes.set(kind, m);
    };
    const status = (r: { status: number }) => String(r.status);

    /** An uploaded artwork placed on a design saved and proofed with the public token. */
    const placeAndProof = async (kind: string, name: string, type: string, bytes: Uint8Array) => {
      const up = await call(base, 'POST', '/v1/images', pub, file(name, type, bytes));
      seen(kind, `upload ${status(up)}`);
      if (up.status !== 201) return;
      const d = await call(base, 'POST', '/v1/designs', pub, { side_id: side.id, layers: [{ type: 'image', src: up.json.data.url, left: 0, top: 0 }] });
      seen(kind, `design ${status(d)}`);
      if (d.status !== 201) return;
      seen(kind, `proof ${status(await call(base, 'POST', `/v1/designs/${d.json.data.id}/proof`, pub, {}))}`);
    };

    const loops: Record<string, () => Promise<void>> = {
      'deep SVG': async () => {
        seen('deep SVG', `upload ${status(await call(base, 'POST', '/v1/images', pub, file('deep.svg', 'image/svg+xml', deepSvg.data)))}`);
      },
      'heavy CSS SVG': async () => {
        await placeAndProof('heavy CSS SVG', 'css.svg', 'image/svg+xml', cssSvg.data);
      },
      'crafted font': async () => {
        const family = `Crafted ${Math.random().toString(36).slice(2, 8)}`;
        const up = await call(base, 'POST', '/v1/fonts/upload', key, file('crafted.ttf', 'font/ttf', craftedFont.data, { name: family }));
        seen('crafted font', `upload ${status(up)}`);
        const d = await call(base, 'POST', '/v1/designs', pub, { side_id: side.id, layers: [{ type: 'text', text: 'Crafted glyphs ÅÉÎ', fontFamily: family, left: 10, top: 10, fontSize: 30 }] });
        seen('crafted font', `design ${status(d)}`);
        if (d.status === 201) seen('crafted font', `proof ${status(await call(base, 'POST', `/v1/designs/${d.json.data.id}/proof`, pub, {}))}`);
      },
      'looped PDF': async () => {
        await placeAndProof('looped PDF', 'loop.pdf', 'application/pdf', loopedPdf.bytes);
      },
      'big merge': async () => {
        for (const m of merges) {
          const r = await call(base, 'POST', '/v1/merge-jobs', key, m.body);
          seen('big merge', `${m.name} ${status(r)}`);
          if (r.status === 201 || r.status === 202) {
            // follow it to its end: the job is the load
            for (;;) {
              const j = await call(base, 'GET', `/v1/jobs/${r.json.data.id}`, key);
              const state = j.json?.data?.status ?? j.json?.data?.state;
              if (j.status !== 200 || ['completed', 'failed', 'succeeded'].includes(state)) {
                seen('big merge', `${m.name} job ${state ?? j.status}`);
                break;
              }
              await new Promise((res) => setTimeout(res, 250));
            }
          }
        }
      },
      'big imposition': async () => {
        // a 1 × 1 mm side on a 2,000 mm sheet: 4,000,000 slots asked for
        const tiny = (await must(base, 'POST', '/v1/products', key, { name: 'Tiny', dimension_unit: 'mm' })).data;
        const tinySide = (await must(base, 'POST', '/v1/sides', key, { product_id: tiny.id, name: 'Dot', width: 1, height: 1, dpi: 300 })).data;
        const d = (await must(base, 'POST', '/v1/designs', key, { side_id: tinySide.id, layers: [{ type: 'rect', left: 0, top: 0, width: 2, height: 2, fill: '#000' }] })).data;
        seen('big imposition', status(await call(base, 'POST', '/v1/impositions', key, hugeSheetImposition({ design_ids: [d.id] }))));
      },
    };

    // quiet phase: health checks alone
    await eventLoop(base, metricsToken);
    const quiet = await pingHealth(base, QUIET_SECONDS);
    const quietLoop = await eventLoop(base, metricsToken);

    // hostile phase
    const stop = Date.now() + SECONDS * 1000;
    const done = () => Date.now() >= stop || server.exited !== null;
    const chosen = Object.entries(loops).filter(([kind]) => !ONLY || ONLY.includes(kind));
    const runs = chosen.map(async ([kind, once]) => {
      let rounds = 0;
      while (!done()) {
        try {
          await once();
        } catch (err) {
          seen(kind, `error ${(err as Error).message.slice(0, 80)}`);
          await new Promise((res) => setTimeout(res, 200));
        }
        rounds++;
      }
      return rounds;
    });
    const health = await pingHealth(base, SECONDS);
    phaseOver.abort();
    const rounds = await Promise.all(runs);
    const alive = server.exited === null;
    const hostileLoop = alive ? await eventLoop(base, metricsToken) : { lag: {}, faults: NaN };

    const summary = (s: { ms: number[]; failures: number }) => {
      const sorted = [...s.ms].sort((a, b) => a - b);
      return { checks: sorted.length, failures: s.failures, p50_ms: +percentile(sorted, 50).toFixed(1), p99_ms: +percentile(sorted, 99).toFixed(1), max_ms: +(sorted.at(-1) ?? NaN).toFixed(1) };
    };
    const report = {
      seconds: SECONDS,
      process_alive: alive,
      exited: server.exited,
      contained_faults: hostileLoop.faults,
      health_quiet: summary(quiet),
      health_hostile: summary(health),
      event_loop_delay_ms_quiet: quietLoop.lag,
      event_loop_delay_ms_hostile: hostileLoop.lag,
      hostile_rounds: Object.fromEntries(chosen.map(([k], i) => [k, rounds[i]])),
      answers: Object.fromEntries([...outcomes].map(([k, m]) => [k, Object.fromEntries(m)])),
    };
    console.log(JSON.stringify(report, null, 2));
    const p99 = report.health_hostile.p99_ms;
    const ok = alive && health.failures === 0 && p99 <= P99_MS;
    log(`${ok ? 'PASS' : 'FAIL'}: process ${alive ? 'alive' : `exited ${JSON.stringify(server.exited)}`}, health p99 ${p99} ms (limit ${P99_MS}), event-loop p99 ${hostileLoop.lag.p99 ?? '?'} ms, max ${hostileLoop.lag.max ?? '?'} ms`);
    if (!alive) log(`stderr tail:\n${server.stderrTail}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (server.exited === null) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
