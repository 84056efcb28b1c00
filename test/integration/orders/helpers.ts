import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { as, type TestStore } from '../../helpers/factories.js';

const run = promisify(execFile);

/** What an independent reader finds in a PDF: its text (pdftotext) and the SHA-256 of each image's pixels (pdfimages). */
export async function pdfFingerprint(pdf: Uint8Array): Promise<{ text: string; images: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-fp-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    await run('pdfimages', ['-png', file, join(dir, 'img')]);
    const names = (await readdir(dir)).filter((n) => n.startsWith('img')).sort();
    const images = await Promise.all(names.map(async (n) => createHash('sha256').update(await readFile(join(dir, n))).digest('hex')));
    return { text: text.replace(/\s+/g, ' ').trim(), images };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function transition(app: App, store: TestStore, id: string, to: string, note?: string, headers: Record<string, string> = as.B(store)) {
  return app.inject({ method: 'POST', url: `/v1/projects/${id}/transitions`, headers, payload: { to, ...(note ? { note } : {}) } });
}

export async function moveTo(app: App, store: TestStore, id: string, to: string, note?: string) {
  const res = await transition(app, store, id, to, note);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function createOrder(app: App, store: TestStore, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/v1/projects', headers: as.B(store), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
