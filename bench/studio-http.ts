/**
 * Studio services over HTTP (the whole path: auth, charge, safe fetch, engine, blob store,
 * settle/refund):  npx tsx bench/studio-http.ts [--rounds N]
 *
 *   face crop   POST /services/studio/face-crop, one URL per call, p50/p95 per image,
 *               without and with enhance (shared face fixtures, full size, local origin)
 *   QR sheet    POST /services/studio/qr/generate, 2000 subjects, 4-up
 *   match       POST /services/studio/matching/match-job over N uploaded files → completed;
 *               time per file (wall time of the job / files)
 *
 * Embedded stack (SQLite, in-process queue, disk blobs) in a temp dir. Compare with
 * bench/studio.ts (engine alone) for the HTTP + billing overhead. Shared machine: read ratios.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { buildDeps } from '../src/main/deps.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const facesDir = path.resolve(root, 'test', 'fixtures', 'faces');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
const PHOTOS = ['astronaut.png', 'camera.png', 'julia_facedetect_sample.jpg', 'messi5.jpg'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const stat = (xs: number[]) => ({ n: xs.length, p50: Math.round(pct(xs, 50)), p95: Math.round(pct(xs, 95)), mean: Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) });

async function main(): Promise<void> {
  const files = Object.fromEntries(PHOTOS.map((p) => [p, fs.readFileSync(path.join(facesDir, p))]));
  const server = http.createServer((req, res) => {
    const body = files[decodeURIComponent((req.url ?? '/').slice(1))];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_PUBLIC_URL: 'http://folio.bench', LOG_LEVEL: 'silent', FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '20', FOLIO_SCRYPT_COST: '10' });
  const deps = await buildDeps(config);
  const app = await buildApp({ ...deps.appDeps, logger: false });
  await app.ready();
  await deps.startWorkers();
  try {
    const signup = await app.inject({ method: 'POST', url: '/v1/account', payload: { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Corr3ct-Horse!' } });
    const { user, access_token } = signup.json().data;
    await deps.wallet.credit(user.id, 1_000_000, 'bench');
    const auth = { authorization: `Bearer ${access_token}` };
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/v1/services/studio${url}`, headers: auth, payload });

    // warm the models once (first request loads them)
    await post('/face-crop', { image_url: `${base}/astronaut.png`, icp_type: 'school', enhance: true });

    const results: Record<string, unknown> = {};
    for (const enhance of [false, true]) {
      const times: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (const p of PHOTOS) {
          const t0 = performance.now();
          const res = await post('/face-crop', { image_url: `${base}/${p}`, icp_type: 'school', enhance });
          times.push(performance.now() - t0);
          if (res.statusCode !== 200 || res.json().results[0].status !== 'completed') throw new Error(`face-crop ${p}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
      }
      results[enhance ? 'face_crop_enhance_ms' : 'face_crop_ms'] = stat(times);
      console.log(`face crop ${enhance ? 'with enhance   ' : 'without enhance'} per image: p50 ${stat(times).p50} ms  p95 ${stat(times).p95} ms  (n=${times.length})`);
    }

    const subjects = Array.from({ length: 2000 }, (_, i) => ({ student_id: `S${String(i + 1).padStart(5, '0')}`, name: `Student Number ${i + 1}`, class_name: `Class ${(i % 12) + 1}` }));
    const qr: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = performance.now();
      const res = await post('/qr/generate', { job_id: `BENCH-${r}`, school_name: 'Springfield Elementary', subjects });
      qr.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`qr: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    results.qr_2000_ms = stat(qr);
    console.log(`QR sheet, 2000 subjects (4up, ${Math.ceil(2000 / 4)} pages): p50 ${stat(qr).p50} ms  p95 ${stat(qr).p95} ms  (n=${qr.length})`);

    // matching: 4 references, N files (the photos, repeated)
    const agency = (await post('/agencies', { name: 'Bench', agency_type: 'school' })).json();
    const job = (await post(`/agencies/${agency.id}/jobs`, { name: 'Bench', icp_type: 'school' })).json();
    await post(`/agencies/${agency.id}/subjects`, { subjects: PHOTOS.map((p, i) => ({ student_id: `R${i}`, name: p, reference_photo_url: `${base}/${p}` })) });
    const refs = await post('/matching/references', { agency_id: agency.id });
    if (refs.json().embeddings_created !== PHOTOS.length) throw new Error(`references: ${refs.body}`);
    const boundary = '----bench';
    const nFiles = PHOTOS.length * ROUNDS;
    const parts: Buffer[] = [];
    for (let i = 0; i < nFiles; i++) {
      const p = PHOTOS[i % PHOTOS.length]!;
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${i}-${p}"\r\nContent-Type: image/jpeg\r\n\r\n`), files[p]!, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const up = await app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agency.id}/jobs/${job.id}/files`, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
    if (up.statusCode !== 201) throw new Error(`upload: ${up.body}`);
    const t0 = performance.now();
    const created = (await post('/matching/match-job', { agency_id: agency.id, job_id: job.id })).json();
    let done: any;
    for (;;) {
      done = (await app.inject({ method: 'GET', url: `/v1/services/studio/matching/jobs/${created.match_job_id}`, headers: auth })).json();
      if (done.status === 'completed' || done.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const total = performance.now() - t0;
    results.match = { files: nFiles, total_ms: Math.round(total), per_file_ms: Math.round(total / nFiles), matched: done.matched, needs_review: done.needs_review, unmatched: done.unmatched };
    console.log(`match job, ${nFiles} files vs ${PHOTOS.length} references: ${Math.round(total)} ms total, ${Math.round(total / nFiles)} ms per file (matched ${done.matched}, review ${done.needs_review}, unmatched ${done.unmatched})`);

    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'studio-http.json'), JSON.stringify({ date: new Date().toISOString(), rounds: ROUNDS, cpus: os.cpus().length, ...results }, null, 2) + '\n');
  } finally {
    await app.close();
    await deps.close();
    server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
