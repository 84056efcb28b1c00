import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from '../sdk/server.js';
import { runDocPage } from './run-page.js';

/**
 * docs/imposition.md and docs/gang-sheets.md, run as written: each page's ```bash blocks in
 * order in one bash session against a live server; every block's output is checked.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const box = (out: string, name: string) => out.match(new RegExp(`^${name}:\\s+(.*)$`, 'm'))![1]!.trim().split(/\s+/).map(Number);

let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-production-docs-'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('docs/imposition.md: cards imposed 21-up sheetwise on SRA3, and an 8-page saddle-stitched booklet in the right order with its creep reported', async () => {
  await runDocPage(s, dir, 'imposition.md', [
    (out) => {
      const ids = out.trim().split('\n');
      expect(ids).toHaveLength(2);
      ids.forEach((id) => expect(id).toMatch(UUID));
    },
    (out) => expect(out.trim()).toBe('completed'),
    (out) => expect(JSON.parse(out)).toEqual({ type: 'imposition', status: 'queued' }),
    (out) => expect(JSON.parse(out)).toEqual({ status: 'completed', sheets: 1, pages: 2, per_sheet: 21, layout: { rows: 7, cols: 3, rotated: false } }),
    (out) => {
      expect(out).toMatch(/^Pages:\s+2$/m);
      const media = box(out, 'MediaBox');
      expect(media[2]).toBeCloseTo(907.09, 1);
      expect(media[3]).toBeCloseTo(1275.59, 1);
    },
    (out) => expect(out.trim().split('\n').map((l) => l.trim())).toEqual(['Page 8 Page 1', 'Page 2 Page 7', 'Page 6 Page 3', 'Page 4 Page 5']),
    // each page where the file draws it, creep included
    (out) => expect(out.trim().split('\n').map((l) => JSON.parse(l))).toEqual([[1, [[8, 55, 0], [1, 160, 0]]], [2, [[6, 55.1, 0.1], [3, 159.9, 0.1]]]]),
  ]);
}, 300_000);

it('docs/gang-sheets.md: 17 copies nested on a 22 in roll, length and utilisation reported', async () => {
  let length = 0;
  await runDocPage(s, dir, 'gang-sheets.md', [
    (out) => out.trim().split(' ').forEach((id) => expect(id).toMatch(UUID)),
    (out) => expect(JSON.parse(out)).toEqual({ type: 'gang_sheet', status: 'queued' }),
    (out) => {
      const r = JSON.parse(out);
      expect(r).toMatchObject({ status: 'completed', length_unit: 'inch', placed: 17, pages: 1 });
      expect(r.utilisation).toBeGreaterThan(0.6);
      expect(r.utilisation).toBeLessThanOrEqual(1);
      // 12 × 80² + 5 × 220 × 60 mm² of print across 22 in less the margins: at least 10 in of film.
      expect(r.length_used).toBeGreaterThan(10);
      length = r.length_used;
    },
    (out) => {
      expect(out).toMatch(/^Pages:\s+1$/m);
      const media = box(out, 'MediaBox');
      expect(media[2]).toBeCloseTo(22 * 72, 1);
      expect(media[3]! / 72).toBeCloseTo(length, 2);
    },
  ]);
}, 300_000);
