import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The load script in its CI mode (bench/load.mjs --short: 5 s of the mixed workload): any
 * error (an unexpected status, a socket error, a timeout, a failed charged job) fails it.
 * The embedded stage runs it on one `folio serve` with SQLite; the scale-out stage (with
 * TEST_DATABASE_URL and TEST_REDIS_URL) on the 2 + 2 process topology.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const mode = scaleOut ? 'scaleout' : 'embedded';

describe(`bench/load.mjs --short (${mode})`, () => {
  it('runs the mixed workload without a single error', async () => {
    const res = await promisify(execFile)(process.execPath, ['bench/load.mjs', '--short', '--mode', mode, '--connections', '10'], { cwd: root, timeout: 240_000, maxBuffer: 16 << 20 }).catch(
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );
    const code = 'code' in res ? res.code : 0;
    expect(code, `${res.stdout}\n${res.stderr.slice(-3000)}`).toBe(0);
    expect(res.stdout).toMatch(/errors: 0$/m);
    // Every request type of the mix was exercised.
    for (const type of ['catalog read', 'design save', 'design read', 'design list (API key)', 'charged job: status (JWT)', 'charged job: create → completed']) {
      expect(res.stdout, type).toMatch(new RegExp(`^${type.replace(/[()]/g, '\\$&')}.*\\s[1-9]\\d*\\s*$`, 'm'));
    }
  }, 300_000);
});
