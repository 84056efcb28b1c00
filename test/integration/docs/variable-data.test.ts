import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from '../sdk/server.js';

/**
 * docs/variable-data.md, run as written: exactly its ```bash blocks, in order, in one bash
 * session, twice against the same server (the second run signs in). Each block's output is
 * checked against what the page says it prints.
 */
const DOC = new URL('../../../docs/variable-data.md', import.meta.url);
const MARK = '@@vdp-block@@';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The JSON the page shows after block 3, taken from the page itself. */
function promisedReport(markdown: string): unknown {
  const m = markdown.match(/^prints\n\n```json\n(.*)\n```$/m);
  expect(m, 'the page shows the report block 3 prints').not.toBeNull();
  return JSON.parse(m![1]!);
}

const CHECKS: Array<(out: string, md: string) => void> = [
  (out) => expect(out.trim()).toMatch(UUID),
  (out) => expect(out.trim()).toMatch(UUID),
  (out, md) => expect(JSON.parse(out)).toEqual(promisedReport(md)),
  (out) => {
    const [pages, text, qr] = out.trim().split('\n');
    expect(pages).toBe('Pages: 3');
    expect(text!.trim()).toBe('Alan Turing Mathematician, Bletchley Card 01004');
    expect(qr).toBe('QR-Code:https://example.com/alan');
    expect(out).toContain('Alan Turing');
  },
  (out) => expect(JSON.parse(out)).toEqual({ status: 'queued', output: 'zip', progress: { current: 0, total: 3, percentage: 0 } }),
];

let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-vdp-doc-'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function runPage(): Promise<string> {
  const md = fs.readFileSync(DOC, 'utf8');
  const blocks = [...md.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  expect(blocks.length, 'the page and CHECKS must list the same steps').toBe(CHECKS.length);
  const script = [
    'set -euo pipefail',
    ...blocks.flatMap((b, i) => [`echo '${MARK} ${i}'`, b]),
    `echo '${MARK} end'`,
    // the numbered tickets of the last block: wait for them and list the ZIP
    'for attempt in $(seq 1 60); do T=$(curl -sS "$FOLIO/v1/jobs/$(echo "$TICKETS" | jq -r .data.id)" -u "$KEY"); S=$(echo "$T" | jq -r .data.status); [ "$S" = completed ] || [ "$S" = failed ] && break; sleep 0.5; done',
    'echo "$T" | jq -r .data.zip_url',
  ].join('\n');
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', script], { cwd: dir, env: { ...process.env, FOLIO: s.url }, timeout: 180_000, maxBuffer: 10 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(out), stderr: String(errOut) }),
    );
  });
  const parts = stdout.split(new RegExp(`^${MARK} (?:\\d+|end)\n`, 'm')).slice(1);
  expect(code, `the page failed at step ${parts.length}:\n${stderr}\n${parts.at(-1) ?? ''}`).toBe(0);
  parts.slice(0, -1).forEach((out, i) => {
    try {
      CHECKS[i]!(out, md);
    } catch (err) {
      throw new Error(`step ${i + 1} printed ${JSON.stringify(out)}: ${(err as Error).message}`, { cause: err });
    }
  });
  return parts.at(-1)!.trim();
}

it('runs every command of docs/variable-data.md twice and gets the answers it promises', async () => {
  for (let run = 0; run < 2; run++) {
    const zipUrl = await runPage();
    const res = await fetch(zipUrl);
    expect(res.status).toBe(200);
    const { unzipSync } = await import('fflate');
    expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer()))).sort()).toEqual(['record-1.pdf', 'record-2.pdf', 'record-3.pdf']);
  }
}, 300_000);
