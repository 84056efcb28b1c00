import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { gate, MissingRequirementError, present, type Requirement } from '../helpers/requirements.js';

/**
 * The one gate for tests needing a tool or a service (test/helpers/requirements.ts): locally a
 * missing one skips and says what to install; under FOLIO_CI_STRICT (.ci/run) it fails the run,
 * naming it, so a CI machine without Chromium cannot show green.
 */
const root = path.resolve(import.meta.dirname, '../..');
const none = () => false;
const only =
  (...have: Requirement[]) =>
  (r: Requirement) =>
    have.includes(r);

describe('gate', () => {
  it('passes when everything is there, whatever the strictness', () => {
    expect(gate(['chromium', 'postgres'], { FOLIO_CI_STRICT: '1' }, only('chromium', 'postgres'))).toEqual({ skip: false, note: '' });
  });

  it('locally, skips and says what to install or set', () => {
    expect(gate(['chromium'], {}, none)).toEqual({ skip: true, note: expect.stringMatching(/skipped: needs Chromium at \/usr\/bin\/chromium \(apt-get install -y chromium/) });
    expect(gate(['gs'], {}, none).note).toMatch(/apt-get install -y ghostscript/);
    expect(gate(['postgres', 'redis'], {}, none).note).toMatch(/set TEST_DATABASE_URL.* and Redis \(set TEST_REDIS_URL/);
    expect(gate(['chromium'], { CHROMIUM_PATH: '/opt/chrome' }, none).note).toMatch(/Chromium at \/opt\/chrome/);
  });

  it('FOLIO_CI_STRICT=1: a missing tool or service fails, naming it', () => {
    expect(() => gate(['chromium'], { FOLIO_CI_STRICT: '1' }, none)).toThrow(MissingRequirementError);
    expect(() => gate(['chromium'], { FOLIO_CI_STRICT: '1' }, none)).toThrow(/FOLIO_CI_STRICT=1: this test needs Chromium at \/usr\/bin\/chromium/);
    expect(() => gate(['postgres', 'redis'], { FOLIO_CI_STRICT: '1' }, only('postgres'))).toThrow(/needs Redis \(set TEST_REDIS_URL/);
  });

  it('FOLIO_CI_STRICT=tools (the embedded stage): tools fail, PostgreSQL/Redis are declared as running in the scale-out stage', () => {
    expect(() => gate(['gs'], { FOLIO_CI_STRICT: 'tools' }, none)).toThrow(/needs Ghostscript/);
    expect(gate(['postgres'], { FOLIO_CI_STRICT: 'tools' }, none)).toEqual({ skip: true, note: expect.stringMatching(/^ — runs in the CI scale-out stage \(needs PostgreSQL/) });
    expect(() => gate(['chromium', 'redis'], { FOLIO_CI_STRICT: 'tools' }, none)).toThrow(/needs Chromium[^]*missing here/);
  });

  it('an unknown FOLIO_CI_STRICT is refused, not read as off', () => {
    expect(() => gate(['gs'], { FOLIO_CI_STRICT: 'yes' }, none)).toThrow(/FOLIO_CI_STRICT=yes is not one of/);
    expect(gate(['gs'], { FOLIO_CI_STRICT: '0' }, none).skip).toBe(true);
  });
});

describe('present', () => {
  it('looks tools up where the environment says: gs and php not on PATH, Chromium not at CHROMIUM_PATH, WordPress not at FOLIO_WP_CORE_DIR, services by their variables', () => {
    expect(present('gs', { PATH: '/nonexistent' })).toBe(false);
    expect(present('chromium', { CHROMIUM_PATH: '/nonexistent/chromium' })).toBe(false);
    expect(present('postgres', { TEST_DATABASE_URL: 'postgres://x' })).toBe(true);
    expect(present('redis', {})).toBe(false);
    expect(present('php', { PATH: '/nonexistent' })).toBe(false);
    expect(present('wordpress', { PATH: '/nonexistent', FOLIO_WP_CORE_DIR: '/nonexistent/wordpress', FOLIO_WP_DB_HOST: '127.0.0.1:3306' })).toBe(false);
  });

  it('says how to get PHP/PHPUnit and WordPress with MariaDB for the WooCommerce plugin suite', () => {
    expect(() => gate(['php', 'wordpress'], { FOLIO_CI_STRICT: 'tools' }, none)).toThrow(/needs PHP 8\.2 with mysqli and PHPUnit .*apt-get install -y php-cli php-mysql php-xml php-mbstring phpunit.* and Debian's WordPress at \/usr\/share\/wordpress and MariaDB's server/);
  });
});

describe('a vitest run of a Chromium suite on a machine without Chromium', () => {
  const run = (env: NodeJS.ProcessEnv) =>
    promisify(execFile)(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/fixtures/requirements/vitest.config.ts'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CHROMIUM_PATH: '/nonexistent/chromium', ...env },
      timeout: 60_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('under FOLIO_CI_STRICT fails, naming Chromium; without it skips with the reason', async () => {
    const strict = await run({ FOLIO_CI_STRICT: 'tools' });
    expect(strict.code, strict.out).not.toBe(0);
    expect(strict.out).toMatch(/MissingRequirementError: FOLIO_CI_STRICT=tools: this test needs Chromium at \/nonexistent\/chromium/);

    const local = await run({ FOLIO_CI_STRICT: '' });
    expect(local.code, local.out).toBe(0);
    expect(local.out).toMatch(/skipped: needs Chromium at \/nonexistent\/chromium \(apt-get install -y chromium/);
  }, 90_000);
});

describe('no test skips around the gate', () => {
  /** conditions that pick a variant (a dialect, a stack, a platform), not a missing tool or service */
  const VARIANTS = [/^process\.env\.TEST_DATABASE_URL === undefined$/, /^stack\.cases\.includes\('\w+'\)$/, /^process\.platform === 'win32'$/];
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

  it('every skipIf/runIf in test/ is a needs() gate or picks a variant; no bare skip', () => {
    const offences: string[] = [];
    for (const file of files(path.join(root, 'test'))) {
      if (file.endsWith(path.join('unit', 'requirements.test.ts'))) continue;
      const text = fs.readFileSync(file, 'utf8');
      const where = path.relative(root, file);
      for (const m of text.matchAll(/\.(skipIf|runIf)\((.*?)\)\(/g)) {
        const cond = m[2]!.trim();
        if (!/^\w+\.skip$/.test(cond) && !VARIANTS.some((v) => v.test(cond))) offences.push(`${where}: ${m[0]}`);
      }
      for (const m of text.matchAll(/\b(?:it|test|describe)\.skip\(|\b(?:ctx|context)\.skip\(/g)) offences.push(`${where}: ${m[0]}`);
    }
    expect(offences, 'gate a test needing a tool or a service with needs() (test/helpers/requirements.ts)').toEqual([]);
  });
});
