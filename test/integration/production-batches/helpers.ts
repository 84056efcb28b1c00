import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { saveDesign } from '../designs/helpers.js';
import { createOrder, moveTo } from '../orders/helpers.js';

const run = promisify(execFile);

/** A word pdftotext finds, in mm from the page's lower-left corner. */
export interface Word {
  page: number;
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Every word of the PDF with its box, read independently of Folio (poppler's pdftotext -bbox). */
export async function pdfWords(pdf: Uint8Array): Promise<Word[]> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-words-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const MM = 72 / 25.4;
    const out: Word[] = [];
    let page = 0;
    let height = 0;
    for (const line of stdout.split('\n')) {
      const p = /<page width="([\d.]+)" height="([\d.]+)">/.exec(line);
      if (p) {
        page += 1;
        height = Number(p[2]);
        continue;
      }
      const w = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
      if (w) out.push({ page, text: w[5]!, x0: Number(w[1]) / MM, x1: Number(w[3]) / MM, y0: (height - Number(w[4])) / MM, y1: (height - Number(w[2])) / MM });
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An approved order of one design on `sideId` (received, then approved), with its shop line. */
export async function approvedOrder(app: App, store: TestStore, sideId: string, n: number, quantity: number, to = 'approved') {
  const order = await createOrder(app, store, { name: `Order ${n}`, quantity, external_ref: { source: 'shop', order_id: `${1000 + n}`, line_item_id: `L${n}` } });
  await saveDesign(app, store, { side_id: sideId, project_id: order.id, layers: [{ type: 'textbox', left: 10, top: 10, width: 200, text: `Card ${n}`, fontFamily: 'Roboto', fontSize: 14, fill: '#112233' }] }, as.B(store));
  await moveTo(app, store, order.id, 'received');
  if (to === 'approved') await moveTo(app, store, order.id, 'approved');
  return order as { id: string; code: string; created_at: string };
}

/** `count` orders made a few at a time (numbered from `from`). */
export async function approvedOrders(app: App, store: TestStore, count: number, make: (n: number) => Promise<{ id: string; code: string; created_at: string }>, from = 1) {
  const out: Array<{ id: string; code: string; created_at: string }> = [];
  for (let i = 0; i < count; i += 8) out.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => make(from + i + k)))));
  return out;
}

export async function batch(app: App, store: TestStore, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/v1/production-batches', headers: as.B(store), payload: body });
}

export function expectOk(res: { statusCode: number; body: string }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
}
