import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The one gate for tests that need something outside Node: a tool (Chromium, Ghostscript) or a
 * service (PostgreSQL, Redis). Locally a missing one skips, and the skipped suite's name says
 * what to install or which variable to set. Under FOLIO_CI_STRICT (`.ci/run` sets it) a missing
 * one fails the test file instead, naming it, so a CI machine without Chromium cannot show green:
 *
 *   FOLIO_CI_STRICT=tools  tools are required; PostgreSQL/Redis suites are declared as running in
 *                          the scale-out stage (CI's embedded stage, `npm test`, has neither)
 *   FOLIO_CI_STRICT=1      tools and services are required (CI's scale-out stage)
 */
export type Requirement = 'chromium' | 'gs' | 'sshd' | 'xmllint' | 'php' | 'wordpress' | 'postgres' | 'redis';

/** Where the tests find OpenSSH's server (Debian's openssh-server), or SSHD_PATH. */
export const SSHD_PATH = process.env.SSHD_PATH ?? '/usr/sbin/sshd';

/** Where the WooCommerce plugin's tests find Debian's WordPress (package wordpress), or FOLIO_WP_CORE_DIR. */
export const WORDPRESS_DIR = process.env.FOLIO_WP_CORE_DIR ?? '/usr/share/wordpress';

/** Where the tests find Chromium: Debian's package, or CHROMIUM_PATH (as bench/editor-load.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SERVICES: ReadonlySet<Requirement> = new Set(['postgres', 'redis']);

const WHAT: Record<Requirement, (env: NodeJS.ProcessEnv) => string> = {
  chromium: (env) => `Chromium at ${env.CHROMIUM_PATH ?? '/usr/bin/chromium'} (apt-get install -y chromium, or node scripts/setup.mjs --test; CHROMIUM_PATH names another)`,
  gs: () => 'Ghostscript (gs on PATH: apt-get install -y ghostscript, or node scripts/setup.mjs --test)',
  sshd: (env) => `OpenSSH's server at ${env.SSHD_PATH ?? '/usr/sbin/sshd'} with ssh-keygen (apt-get install -y openssh-server, or node scripts/setup.mjs --test)`,
  xmllint: () => 'xmllint (apt-get install -y libxml2-utils, or node scripts/setup.mjs --test)',
  php: () => 'PHP 8.2 with mysqli and PHPUnit (php and phpunit on PATH: apt-get install -y php-cli php-mysql php-xml php-mbstring phpunit, or node scripts/setup.mjs --test)',
  wordpress: (env) =>
    `Debian's WordPress at ${env.FOLIO_WP_CORE_DIR ?? '/usr/share/wordpress'} and MariaDB's server (mariadbd, mariadb-install-db; or FOLIO_WP_DB_HOST naming a MariaDB/MySQL server) (apt-get install -y wordpress mariadb-server, or node scripts/setup.mjs --test)`,
  postgres: () => 'PostgreSQL (set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  redis: () => 'Redis (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)',
};

/** Whether a requirement is met in this environment (tools are looked up on env.PATH). */
export function present(req: Requirement, env: NodeJS.ProcessEnv): boolean {
  switch (req) {
    case 'chromium':
      return existsSync(env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    case 'gs':
      return spawnSync('gs', ['--version'], { env: { PATH: env.PATH ?? '' }, stdio: 'ignore' }).status === 0;
    case 'sshd':
      return existsSync(env.SSHD_PATH ?? '/usr/sbin/sshd') && spawnSync('ssh-keygen', ['-?'], { env: { PATH: env.PATH ?? '' }, stdio: 'ignore' }).error === undefined;
    case 'xmllint':
      return spawnSync('xmllint', ['--version'], { env: { PATH: env.PATH ?? '' }, stdio: 'ignore' }).status === 0;
    case 'php':
      return (
        spawnSync('php', ['-r', 'exit(PHP_VERSION_ID >= 80200 && extension_loaded("mysqli") ? 0 : 1);'], { env: { PATH: env.PATH ?? '' }, stdio: 'ignore' }).status === 0 &&
        spawnSync('phpunit', ['--version'], { env: { PATH: env.PATH ?? '' }, stdio: 'ignore' }).status === 0
      );
    case 'wordpress':
      return (
        existsSync(`${env.FOLIO_WP_CORE_DIR ?? '/usr/share/wordpress'}/wp-settings.php`) &&
        (Boolean(env.FOLIO_WP_DB_HOST) || ['mariadbd', 'mariadb-install-db'].every((bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { env: { PATH: `${env.PATH ?? ''}:/usr/sbin:/sbin` }, stdio: 'ignore' }).status === 0))
      );
    case 'postgres':
      return Boolean(env.TEST_DATABASE_URL);
    case 'redis':
      return Boolean(env.TEST_REDIS_URL);
  }
}

type Strictness = 'off' | 'tools' | 'all';

function strictness(env: NodeJS.ProcessEnv): Strictness {
  const v = env.FOLIO_CI_STRICT;
  if (v === undefined || v === '' || v === '0') return 'off';
  if (v === 'tools') return 'tools';
  if (v === '1') return 'all';
  throw new Error(`FOLIO_CI_STRICT=${v} is not one of 1 (tools and services required) or tools (tools required)`);
}

export class MissingRequirementError extends Error {
  override name = 'MissingRequirementError';
}

export interface Gate {
  /** pass to describe.skipIf / it.skipIf */
  skip: boolean;
  /** '' when nothing is missing; otherwise ' — skipped: …', to append to the suite's name */
  note: string;
}

const warned = new Set<string>();

/**
 * The gate for a suite needing `reqs`. Throws MissingRequirementError (at import of the test
 * file, so the file fails) when strictness requires something missing.
 */
export function gate(reqs: readonly Requirement[], env: NodeJS.ProcessEnv = process.env, has: (req: Requirement, env: NodeJS.ProcessEnv) => boolean = present): Gate {
  const missing = reqs.filter((r) => !has(r, env));
  if (missing.length === 0) return { skip: false, note: '' };
  const strict = strictness(env);
  const required = missing.filter((r) => strict === 'all' || (strict === 'tools' && !SERVICES.has(r)));
  if (required.length > 0) {
    throw new MissingRequirementError(
      `FOLIO_CI_STRICT=${env.FOLIO_CI_STRICT}: this test needs ${required.map((r) => WHAT[r](env)).join(' and ')}, which is missing here; the run fails instead of skipping`,
    );
  }
  const note =
    strict === 'tools'
      ? ` — runs in the CI scale-out stage (needs ${missing.map((r) => WHAT[r](env)).join(' and ')})`
      : ` — skipped: needs ${missing.map((r) => WHAT[r](env)).join(' and ')}`;
  return { skip: true, note };
}

/** `needs('chromium')`: the gate for this process's environment, its reason said once on the console. */
export function needs(...reqs: Requirement[]): Gate {
  const g = gate(reqs);
  if (g.skip && !warned.has(g.note)) {
    warned.add(g.note);
    console.warn(g.note.slice(3));
  }
  return g;
}
