import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from '../sdk/server.js';

/**
 * docs/quickstart.md, run as written: exactly its ```bash blocks, in order, in one bash
 * session (later blocks use the variables of earlier ones), against a fresh server. Only the
 * base URL comes from outside, through the FOLIO variable the page itself reads.
 */
const DOC = new URL('../../../docs/quickstart.md', import.meta.url);
const PHOTO = new URL('../../fixtures/images/photo.jpg', import.meta.url);
const MARK = '@@quickstart-block@@';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const pt = (box: string) => box.trim().split(/\s+/).map(Number);

/** What each block must print, in the page's order. */
const CHECKS: Array<(out: string) => void> = [
  (out) => expect(out.trim()).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/), // 1 sign-up: a JWT
  (out) => {
    const store = JSON.parse(out);
    expect(store.id).toMatch(UUID);
    expect(store.sid).toMatch(/^sid_/);
  },
  (out) => expect(out.trim().split(' ')).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]),
  (out) => {
    const image = JSON.parse(out);
    expect(image.id).toMatch(UUID);
    expect(image.width).toBeGreaterThan(0);
    expect(image.height).toBeGreaterThan(0);
  },
  (out) => expect(out.trim()).toMatch(UUID),
  (out) => expect(out.trim()).toMatch(UUID), // the design now names the project
  (out) => expect(out.trim()).toMatch(UUID),
  (out) => expect(out.trim()).toBe('completed'),
  (out) => {
    const [info, fonts] = out.split(/^(?=name\s+type)/m) as [string, string];
    const lines = Object.fromEntries(info.trim().split('\n').map((l) => [l.split(':')[0], l.slice(l.indexOf(':') + 1)]));
    expect(lines.Pages?.trim()).toBe('1');
    const trim = pt(lines.TrimBox!);
    const bleed = pt(lines.BleedBox!);
    const media = pt(lines.MediaBox!);
    expect(trim[2]! - trim[0]!).toBeCloseTo(252, 0); // 3.5 in
    expect(trim[3]! - trim[1]!).toBeCloseTo(144, 0); // 2 in
    expect(bleed[2]! - bleed[0]!).toBeCloseTo(252 + 18, 0); // + 1/8 in each side
    expect(media[2]! - media[0]!).toBeGreaterThan(bleed[2]! - bleed[0]!); // crop-mark slug
    // pdffonts: the text's font, every font embedded.
    const rows = fonts.trim().split('\n').slice(2);
    expect(rows.some((r) => /OpenSans/.test(r))).toBe(true);
    for (const r of rows) expect(r.split(/\s+/).slice(-5, -4)[0], r).toBe('yes');
  },
];

let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-quickstart-'));
  fs.copyFileSync(PHOTO, path.join(dir, 'photo.jpg'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function bashBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

it('runs every command of docs/quickstart.md against a fresh server and gets the answers it promises', async () => {
  const blocks = bashBlocks(fs.readFileSync(DOC, 'utf8'));
  expect(blocks.length, 'the page and CHECKS must list the same steps').toBe(CHECKS.length);
  const script = ['set -euo pipefail', ...blocks.flatMap((b, i) => [`echo '${MARK} ${i}'`, b])].join('\n');
  // Asynchronously: the server runs in this process and must answer while bash waits.
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', script], { cwd: dir, env: { ...process.env, FOLIO: s.url }, timeout: 120_000, maxBuffer: 10 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(out), stderr: String(errOut) }),
    );
  });
  const outputs = stdout.split(new RegExp(`^${MARK} \\d+\n`, 'm')).slice(1);
  expect(code, `the quickstart failed at step ${outputs.length}:\n${stderr}\n${outputs.at(-1) ?? ''}`).toBe(0);
  expect(outputs).toHaveLength(CHECKS.length);
  outputs.forEach((out, i) => {
    try {
      CHECKS[i]!(out);
    } catch (err) {
      throw new Error(`step ${i + 1} printed ${JSON.stringify(out)}: ${(err as Error).message}`);
    }
  });
  expect(fs.statSync(path.join(dir, 'business-card.pdf')).size).toBeGreaterThan(1000);
});
