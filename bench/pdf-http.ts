/**
 * Print-ready PDFs through the API: p50/p95 of POST /projects/{id}/pdf → GET /jobs/{id}
 * until completed → download of the file, for
 *   - a two-sided A5 flyer (a design per side, each with text and its own 12-megapixel JPEG),
 *   - a 20-page project (20 designs, each with a 1-megapixel photo, headline and body text),
 * against a baseline measured in the same run on the same designs: the PDF engine alone
 * (renderPdf with the same page specs and assets). The ratio is what the API, the job
 * queue, the database reads and the blob store add. Requests go over a real port (fetch).
 *
 *   npx tsx bench/pdf-http.ts [--iterations N]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { buildDeps } from '../src/main/deps.js';
import { renderPdf } from '../src/engines/pdf/index.js';

const argIter = process.argv.indexOf('--iterations');
const ITER = argIter > 0 ? Number(process.argv[argIter + 1]) : 6;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 110 + seed * 7, sigma: 30 }, background: '#808080' } }).jpeg({ quality: 88 }).toBuffer();
  return noise;
}

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_PUBLIC_URL: 'http://folio.bench', LOG_LEVEL: 'silent', FOLIO_JOB_POLL_MS: '20', FOLIO_SCRYPT_COST: '10', FOLIO_WARMUP: 'false' });
  const deps = await buildDeps(config);
  const app = await buildApp({ ...deps.appDeps, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await deps.startWorkers();
  try {
    const signup = (await app.inject({ method: 'POST', url: '/v1/account', payload: { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Corr3ct-Horse!' } })).json().data;
    const st = (await app.inject({ method: 'POST', url: '/v1/stores?include=credentials', headers: { authorization: `Bearer ${signup.access_token}` }, payload: { store_name: 'Bench' } })).json().data;
    const B = { authorization: `Basic ${Buffer.from(`${st.sid}:${st.secret}`).toString('base64')}` };
    const post = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url: `/v1${url}`, headers: B, payload });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    const upload = async (file: Buffer) => {
      const m = multipart(file);
      const res = await app.inject({ method: 'POST', url: '/v1/images', headers: { ...B, ...m.headers }, payload: m.payload });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.body}`);
      return res.json().data;
    };
    const body = 'Join us for a weekend of workshops, talks and tastings. Bring friends, bring questions, and leave with new ideas.';
    const layers = (imageId: string, title: string, scale: number) => [
      { type: 'image', image_id: imageId, left: 296, top: 260, originX: 'center', originY: 'center', scaleX: scale, scaleY: scale },
      { type: 'textbox', left: 40, top: 550, width: 512, text: title, fontFamily: 'Lora', fontWeight: 'bold', fontSize: 44, fill: '#0f172a' },
      { type: 'textbox', left: 40, top: 630, width: 512, text: body, fontFamily: 'Roboto', fontSize: 20, lineHeight: 1.3, fill: '#334155' },
    ];

    async function project(name: string, sides: number, mp: [number, number], scale: number) {
      const product = await post('/products', { name, dimension_unit: 'mm' });
      const p = await post('/projects', { name });
      for (let i = 0; i < sides; i++) {
        const side = await post('/sides', { product_id: product.id, name: `Page ${i + 1}`, width: 148, height: 210, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, dpi: 300 });
        const img = await upload(await photo(mp[0], mp[1], i));
        await post('/designs', { side_id: side.id, project_id: p.id, layers: layers(img.id, `${name} ${i + 1}`, scale), viewport_width: 592, viewport_height: 840 });
      }
      return p.id as string;
    }

    let phases: Array<{ job: number; download: number; run: number }> = [];
    async function viaApi(projectId: string): Promise<number> {
      const t0 = performance.now();
      const job = (await (await fetch(`${base}/v1/projects/${projectId}/pdf`, { method: 'POST', headers: { ...B, 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { id: string } };
      for (;;) {
        const j = ((await (await fetch(`${base}/v1/jobs/${job.data.id}`, { headers: B })).json()) as { data: { status: string; error: string; pdf_url: string; created_at: string; completed_at: string } }).data;
        if (j.status === 'failed') throw new Error(j.error);
        if (j.status === 'completed') {
          const t1 = performance.now();
          const u = new URL(j.pdf_url);
          const file = await fetch(`${base}${u.pathname}${u.search}`);
          if (file.status !== 200) throw new Error('download failed');
          await file.arrayBuffer();
          phases.push({ job: t1 - t0, download: performance.now() - t1, run: Date.parse(j.completed_at) - Date.parse(j.created_at) });
          return performance.now() - t0;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    }

    async function engineOnly(projectId: string): Promise<number> {
      const { pages } = await deps.designs.designPages.ofProject(st.id, projectId, { max: 1000, empty: 'no designs' });
      const t0 = performance.now();
      await renderPdf(pages.map((p) => p.spec), deps.designs.designPages.assets(st.id), {});
      return performance.now() - t0;
    }

    const cases = [
      { name: 'two-sided flyer, 2 × 12 MP', id: await project('Flyer', 2, [4000, 3000], 0.12) },
      { name: '20-page project, 20 × 1 MP', id: await project('Booklet', 20, [1200, 900], 0.4) },
    ];
    console.log(`iterations: ${ITER} (after one warm-up each)`);
    for (const c of cases) {
      await viaApi(c.id);
      await engineOnly(c.id);
      phases = [];
      const api: number[] = [];
      const engine: number[] = [];
      for (let i = 0; i < ITER; i++) {
        engine.push(await engineOnly(c.id));
        api.push(await viaApi(c.id));
      }
      const a50 = pct(api, 50);
      console.log(`  phases p50: created→completed (job row times) ${pct(phases.map((p) => p.run), 50).toFixed(0)} ms, POST→seen completed ${pct(phases.map((p) => p.job), 50).toFixed(0)} ms, download ${pct(phases.map((p) => p.download), 50).toFixed(0)} ms`);
      phases = [];
      const e50 = pct(engine, 50);
      console.log(`${c.name}: API p50 ${a50.toFixed(0)} ms, p95 ${pct(api, 95).toFixed(0)} ms | engine alone p50 ${e50.toFixed(0)} ms, p95 ${pct(engine, 95).toFixed(0)} ms | ratio ${(a50 / e50).toFixed(2)}`);
    }
  } finally {
    await app.close();
    await deps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
