import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import type { ListeningServer } from '../sdk/server.js';

const MARK = '@@doc-block@@';

/**
 * A docs page run as written: its ```bash blocks in order in one bash session (in `dir`)
 * against the live server `s` (the page reads its URL from FOLIO); `checks[i]` checks what
 * block i printed.
 */
export async function runDocPage(s: ListeningServer, dir: string, doc: string, checks: Array<(out: string) => void>): Promise<void> {
  const blocks = [...fs.readFileSync(new URL(`../../../docs/${doc}`, import.meta.url), 'utf8').matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  expect(blocks.length, `${doc}: the page and its checks list the same steps`).toBe(checks.length);
  const script = ['set -euo pipefail', ...blocks.flatMap((b, i) => [`echo '${MARK} ${i}'`, b]), `echo '${MARK} end'`].join('\n');
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', script], { cwd: dir, env: { ...process.env, FOLIO: s.url }, timeout: 240_000, maxBuffer: 10 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(out), stderr: String(errOut) }),
    );
  });
  const parts = stdout.split(new RegExp(`^${MARK} (?:\\d+|end)\n`, 'm')).slice(1);
  expect(code, `${doc} failed at step ${parts.length}:\n${stderr}\n${parts.at(-1) ?? ''}`).toBe(0);
  const outputs = parts.slice(0, -1);
  expect(outputs).toHaveLength(checks.length);
  outputs.forEach((out, i) => {
    try {
      checks[i]!(out);
    } catch (err) {
      throw new Error(`${doc} step ${i + 1} printed ${JSON.stringify(out)}: ${(err as Error).message}`, { cause: err });
    }
  });
}

