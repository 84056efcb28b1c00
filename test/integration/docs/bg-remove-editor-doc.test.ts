import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from '../sdk/server.js';
import { runDocPage } from './run-page.js';

/**
 * docs/background-removal.md, "From the editor": its ```bash blocks run as written against a
 * listening server with its workers (the local model), and the cut-out it downloads looked at.
 */
let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true, env: { FOLIO_SIGNUP_TOKENS: '1000', FOLIO_JOB_POLL_MS: '50' } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bg-editor-doc-'));
  fs.copyFileSync(path.resolve('test/fixtures/bgremove/eval/h01-plant-white.jpg'), path.join(dir, 'plant.jpg'));
}, 120_000);
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('runs the worked example of docs/background-removal.md (From the editor) and gets a transparent cut-out', async () => {
  await runDocPage(s, dir, 'background-removal.md', [
    (out) => expect(out.trim()).toBe('true'),
    (out) => expect(JSON.parse(out)).toEqual({ status: 'processing', image: null }),
    (out) => expect(JSON.parse(out)).toEqual({ status: 'completed', image: { mime_type: 'image/png', width: 512, height: 384 } }),
  ]);
  const { data, info } = await sharp(path.join(dir, 'cutout.png')).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  expect(data[3]).toBe(0); // the white corner is transparent
}, 180_000);
