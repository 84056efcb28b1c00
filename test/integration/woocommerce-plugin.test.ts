import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../helpers/requirements.js';
import { waitFor } from '../helpers/wait.js';

/**
 * The WooCommerce plugin (integrations/woocommerce, PHP): every PHP file passes `php -l`, and
 * its PHPUnit suite passes on Debian's WordPress against a MariaDB server this test starts
 * for itself (a private data dir and socket; FOLIO_WP_DB_HOST names another server instead).
 * WooCommerce itself is not in Debian and cannot be downloaded here: the suite stands in for
 * it with integrations/woocommerce/tests/woocommerce-double (see docs/integrations.md).
 */
const root = path.resolve(import.meta.dirname, '../..');
const pluginRoot = path.join(root, 'integrations', 'woocommerce');
const gate = needs('php', 'wordpress');
const SBIN_PATH = `${process.env.PATH ?? ''}:/usr/sbin:/sbin`;

function phpFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? phpFiles(path.join(dir, e.name)) : e.name.endsWith('.php') ? [path.join(dir, e.name)] : []));
}

const which = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`], { env: { ...process.env, PATH: SBIN_PATH }, encoding: 'utf8' }).stdout.trim();

const socketAnswers = (sock: string) =>
  new Promise<boolean>((resolve) => {
    const c = net.createConnection({ path: sock });
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });

/** A MariaDB server of the test's own: initialised data dir, no TCP, a socket in `dir`. */
async function startMariaDb(dir: string): Promise<{ host: string; child: ChildProcess; log: () => string }> {
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
  const init = spawnSync(which('mariadb-install-db'), ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot], { encoding: 'utf8', timeout: 60_000 });
  if (init.status !== 0) throw new Error(`mariadb-install-db failed:\n${init.stdout}${init.stderr}`);
  const sock = path.join(dir, 'mysqld.sock');
  const errLog = path.join(dir, 'mariadb.err');
  const child = spawn(
    which('mariadbd'),
    ['--no-defaults', `--datadir=${data}`, `--socket=${sock}`, `--pid-file=${path.join(dir, 'mariadb.pid')}`, `--log-error=${errLog}`, '--skip-networking', '--skip-log-bin', '--innodb-buffer-pool-size=16M', ...asRoot],
    { stdio: 'ignore' },
  );
  const log = () => (fs.existsSync(errLog) ? fs.readFileSync(errLog, 'utf8') : '');
  try {
    await waitFor(() => socketAnswers(sock), 'MariaDB to answer on its socket', 30_000, 100);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${log()}`, { cause: err });
  }
  return { host: `localhost:${sock}`, child, log };
}

describe.skipIf(gate.skip)(`WooCommerce plugin (PHP) on Debian's WordPress${gate.note}`, () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof startMariaDb>> | null = null;
  let dbHost: string;

  beforeAll(async () => {
    // a short path: a Unix socket's path is limited to about 100 bytes
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-wp-'));
    if (process.env.FOLIO_WP_DB_HOST) dbHost = process.env.FOLIO_WP_DB_HOST;
    else {
      db = await startMariaDb(dir);
      dbHost = db.host;
    }
  }, 90_000);

  afterAll(async () => {
    if (db && db.child.exitCode === null) {
      const exited = new Promise((resolve) => db!.child.once('exit', resolve));
      db.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (db.child.exitCode === null) db.child.kill('SIGKILL');
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('every PHP file of the plugin and its tests passes php -l', () => {
    const files = phpFiles(pluginRoot);
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files).toContain(path.join(pluginRoot, 'folio-personalize', 'folio-personalize.php'));
    for (const file of files) {
      const r = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      expect(r.status, `${path.relative(root, file)}: ${r.stdout}${r.stderr}`).toBe(0);
    }
  });

  it("the PHPUnit suite passes: carts, order item meta, the order box, settings, HPOS", () => {
    const r = spawnSync('phpunit', ['-c', path.join(pluginRoot, 'tests', 'phpunit.xml'), '--log-junit', path.join(dir, 'junit.xml')], {
      cwd: pluginRoot,
      encoding: 'utf8',
      timeout: 240_000,
      env: {
        ...process.env,
        FOLIO_WP_DB_HOST: dbHost,
        // on a shared server (FOLIO_WP_DB_HOST), a database of this run's own: CI's two stages run this file at once
        FOLIO_WP_DB_NAME: process.env.FOLIO_WP_DB_NAME ?? (db ? 'folio_wp_test' : `folio_wp_test_${process.pid}`),
        FOLIO_WP_RUN_DIR: path.join(dir, 'run'),
      },
    });
    const out = `${r.stdout}${r.stderr}${db && r.status !== 0 ? `\n--- MariaDB log ---\n${db.log()}` : ''}`;
    expect(r.status, out).toBe(0);
    expect(out).toMatch(/installed WordPress 6\.\d+(\.\d+)? into /);
    const junit = fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    const suite = /<testsuite name="folio-personalize" tests="(\d+)" assertions="(\d+)" errors="(\d+)" warnings="(\d+)" failures="(\d+)" skipped="(\d+)"/.exec(junit);
    expect(suite, junit.slice(0, 2000)).not.toBeNull();
    const [tests, , errors, warnings, failures, skipped] = suite!.slice(1).map(Number);
    expect({ errors, warnings, failures, skipped }).toEqual({ errors: 0, warnings: 0, failures: 0, skipped: 0 });
    expect(tests).toBeGreaterThanOrEqual(34);
    for (const name of ['CartTest', 'OrderBoxTest', 'PluginTest', 'ProductTest', 'SettingsTest']) expect(junit).toContain(`<testsuite name="${name}"`);
  }, 300_000);
});
