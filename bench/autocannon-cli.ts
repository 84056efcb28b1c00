/**
 * autocannon in a process of its own (the `autocannon` binary with `-j`), so the load
 * generator does not share an event loop, or CPU accounting, with a server under test in
 * the bench's process. Shared by the benches that compare two servers in one run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const autocannonBin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'autocannon');

export interface AutocannonResult {
  /** answers per second, every status counted */
  requests: { average: number };
  /** every answer's latency, whatever its status (autocannon 8 counts all unless -x) */
  latency: { p50: number; p99: number; average: number };
  /** answers outside 2xx (1xx, 3xx, 4xx, 5xx) */
  non2xx: number;
  '2xx': number;
  '3xx': number;
  /** answers per status code, e.g. `{ "304": { "count": 51234 } }` */
  statusCodeStats: Record<string, { count: number }>;
  /** socket errors and timeouts */
  errors: number;
  timeouts: number;
}

/**
 * Answers that are not `expected` plus socket errors: with `expected` undefined, anything
 * outside 2xx (a `304` is then bad); with `expected: 304`, anything but a 304.
 */
export function badAnswers(r: AutocannonResult, expected?: number): number {
  if (expected === undefined) return r.non2xx + r.errors;
  let bad = r.errors;
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) if (Number(code) !== expected) bad += count;
  return bad;
}

/** `200 × 3, 304 × 51234`: every status seen, for a message */
export const statusesOf = (r: AutocannonResult): string =>
  Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code} × ${count}`)
    .join(', ') || 'no answers';

export function runAutocannon(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<AutocannonResult> {
  const args = ['-j', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(autocannonBin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out) as AutocannonResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}
