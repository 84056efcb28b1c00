import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from '../sdk/server.js';
import { runDocPage } from './run-page.js';

/** docs/integrations.md: its worked example (a signed WooCommerce order in, its line a received project) runs as written. */
let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-integrations-docs-'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('docs/integrations.md: a shop connected, a signed order webhook accepted once, its personalised line received', async () => {
  await runDocPage(s, dir, 'integrations.md', [
    (out) => expect(JSON.parse(out)).toEqual({ type: 'woocommerce', status: 'connected', webhook_url: expect.stringMatching(/\/v1\/integrations\/woocommerce\/webhooks$/) }),
    (out) => expect(out.trim().split('\n')).toEqual(['202', '200', '401']),
    (out) => expect(JSON.parse(out)).toEqual([{ name: '#727 · Business cards', quantity: 250, state: 'received', external_ref: { source: 'woocommerce', order_id: '727', line_item_id: '315' } }]),
  ]);
}, 300_000);
