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
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

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
