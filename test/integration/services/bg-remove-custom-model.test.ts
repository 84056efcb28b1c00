/**
 * FOLIO_BG_MODEL: an operator's own ONNX model, described by a JSON, used by the bg-remove job
 * end to end; a broken description stops the start naming the field. The model is the tiny
 * "redness" network of scripts/make-test-bg-model.ts: it keeps red and nothing else, so a
 * cut-out holding the red disc and not the equally salient green one came from it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, signUp } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';

const DESCRIPTION = path.resolve('test/fixtures/bgremove/custom-model/redness.json');
const W = 320;
const H = 200;

/** a red disc (left) and a green disc (right) on a grey left-to-right gradient: nothing flat to key */
async function twoDiscs(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#3c3c3c"/><stop offset="1" stop-color="#c8c8c8"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <circle cx="90" cy="100" r="55" fill="#e01010"/><circle cx="230" cy="100" r="55" fill="#10c020"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

let dir: string;
let db: IsolatedDatabase;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bg-model-'));
  db = await isolatedDatabase();
});
afterAll(async () => {
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('FOLIO_BG_MODEL', () => {
  it('runs the bg-remove job on the described model: provider local-<name>, its mask in the cut-out', async () => {
    const image = await twoDiscs();
    const server = http.createServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let t: TestApp | undefined;
    try {
      t = await buildTestApp({ env: { ...db.env, FOLIO_BG_MODEL: DESCRIPTION, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' } });
      await t.deps.startWorkers();
      const u = await signUp(t.app);
      await t.deps.wallet.credit(u.id, 1000, 'test top-up');
      const res = await t.app.inject({ method: 'POST', url: '/v1/services/bg-remove', headers: as.J(u), payload: { image_url: `${origin}/discs.jpg`, subject_type: 'product' } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().provider).toBe('local-redness-test');
      const id = res.json().job_id as string;
      const job = await waitFor(
        async () => {
          const j = (await t!.app.inject({ method: 'GET', url: `/v1/services/bg-remove/${id}`, headers: as.J(u) })).json();
          return j.status === 'completed' || j.status === 'failed' ? j : undefined;
        },
        `bg-remove job ${id}`,
        90_000,
        100,
      );
      expect(job.status, job.error_message).toBe('completed');
      const png = await t.app.inject({ method: 'GET', url: (job.output_url as string).replace('http://folio.test', '') });
      expect(png.statusCode).toBe(200);
      const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([W, H]);
      const alphaAt = (x: number, y: number): number => data[(y * W + x) * 4 + 3]!;
      expect(alphaAt(90, 100)).toBeGreaterThan(240); // the red disc: kept
      expect(alphaAt(230, 100)).toBeLessThan(15); // the green one, as salient to u2netp: gone
      expect(alphaAt(10, 10)).toBeLessThan(15);
      expect(alphaAt(310, 190)).toBeLessThan(15);
    } finally {
      await t?.close();
      await new Promise((r) => server.close(r));
    }
  }, 120_000);

  it('refuses to start on a broken description, naming the field', async () => {
    const good = JSON.parse(fs.readFileSync(DESCRIPTION, 'utf8'));
    const write = (name: string, body: unknown): string => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, typeof body === 'string' ? body : JSON.stringify({ ...body as object, file: path.resolve(path.dirname(DESCRIPTION), good.file) }));
      return f;
    };
    const cases: [string, unknown, RegExp][] = [
      ['mean.json', { ...good, input: { ...good.input, mean: [0, 0] } }, /input\.mean must be an array of 3 numbers/],
      ['std.json', { ...good, input: { ...good.input, std: [1, 0, 1] } }, /input\.std must be an array of 3 positive numbers/],
      ['size.json', { ...good, input: { ...good.input, size: '64' } }, /input\.size must be an integer/],
      ['act.json', { ...good, output: { ...good.output, activation: 'softmax' } }, /output\.activation must be one of "none", "sigmoid"/],
      ['typo.json', { ...good, inputs: good.input }, /inputs is not a field of the description/],
      ['sha.json', { ...good, sha256: 'abc' }, /sha256 must be 64 hex digits/],
      ['notjson.json', '{ "name": ', /is not JSON/],
    ];
    for (const [file, body, message] of cases) {
      await expect(buildTestApp({ env: { ...db.env, FOLIO_BG_MODEL: write(file, body) } }), file).rejects.toThrow(message);
    }
    await expect(buildTestApp({ env: { ...db.env, FOLIO_BG_MODEL: path.join(dir, 'missing.json') } })).rejects.toThrow(/missing\.json: cannot be read \(ENOENT\)/);
  }, 120_000);
});
