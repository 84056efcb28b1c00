import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NEXT_STATES, resumeStates } from '../../../src/modules/projects/order-states.js';
import { ORDER_STATES } from '../../../src/modules/projects/projects.schemas.js';
import { listeningServer, type ListeningServer } from '../sdk/server.js';
import { runDocPage } from './run-page.js';

/** docs/orders.md: its state table is the code's, and its worked example runs as written. */
let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-orders-docs-'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it("docs/orders.md's state table is the lifecycle the code enforces", () => {
  const text = fs.readFileSync(new URL('../../../docs/orders.md', import.meta.url), 'utf8');
  const rows = new Map([...text.matchAll(/^\| `(\w+)` \| [^|]+ \| ([^|]+) \|$/gm)].map((m) => [m[1]!, m[2]!]));
  expect([...rows.keys()]).toEqual([...ORDER_STATES]);
  for (const state of ORDER_STATES) {
    const named = [...rows.get(state)!.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    if (state === 'on_hold') expect(named).toEqual(['cancelled', 'received', 'draft', 'proof_pending', 'approved']);
    else expect(named, state).toEqual([...NEXT_STATES[state]]);
  }
  expect(resumeStates('approved')).toEqual(['approved', 'received', 'cancelled']);
  expect(resumeStates('in_production')).toEqual(['in_production', 'cancelled']);
});

it('docs/orders.md: an order received, its print file frozen against a later edit, and shipped', async () => {
  await runDocPage(s, dir, 'orders.md', [
    (out) => expect(JSON.parse(out)).toEqual({ state: 'draft', status: 'processing' }),
    (out) => expect(JSON.parse(out)).toEqual({ state: 'received', allowed: ['proof_pending', 'approved', 'on_hold', 'cancelled'] }),
    (out) => expect(out.trim()).toBe('409'),
    (out) => expect(JSON.parse(out)).toEqual({ kind: 'print', name: expect.stringMatching(/^P-[2-9A-HJ-NP-Z]{8}-1-business-card-250x\.pdf$/), status: 'completed' }),
    (out) => expect(out.trim()).toBe('Ada Lovelace'),
    (out) => expect(JSON.parse(out)).toEqual(['received', 'approved', 'in_production', 'printed', 'shipped']),
  ]);
}, 300_000);
