import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
import { waitFor } from '../helpers/wait.js';

/**
 * The WooCommerce plugin (integrations/woocommerce, PHP): every PHP file passes `php -l`, and
 * its PHPUnit suite passes on Debian's WordPress against a MariaDB server this test starts
 * for itself (a private data dir and socket; FOLIO_WP_DB_HOST names another server instead).
 * WooCommerce itself is not in Debian and cannot be downloaded here: the suite stands in for
 * it with integrations/woocommerce/tests/woocommerce-double (see docs/integrations.md).
 * With Chromium, a shopper's run in a real browser follows: the product page (WordPress under
 * PHP's built-in server) → Personalize → the editor's iframe (a stand-in Folio speaking the
 * documented postMessage protocol) → saved → Add to cart → the plugin's cart filter.
 */
const root = path.resolve(import.meta.dirname, '../..');
const pluginRoot = path.join(root, 'integrations', 'woocommerce');
const gate = needs('php', 'wordpress');
const browserGate = needs('chromium');
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

const socketAnswersTcp = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = net.createConnection({ host: '127.0.0.1', port });
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe.skipIf(gate.skip)(`WooCommerce plugin (PHP) on Debian's WordPress${gate.note}`, () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof startMariaDb>> | null = null;
  let dbHost: string;
  let dbName: string;

  beforeAll(async () => {
    // a short path: a Unix socket's path is limited to about 100 bytes
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-wp-'));
    if (process.env.FOLIO_WP_DB_HOST) dbHost = process.env.FOLIO_WP_DB_HOST;
    else {
      db = await startMariaDb(dir);
      dbHost = db.host;
    }
    // on a shared server (FOLIO_WP_DB_HOST), a database of this run's own: CI's two stages run this file at once
    dbName = process.env.FOLIO_WP_DB_NAME ?? (db ? 'folio_wp_test' : `folio_wp_test_${process.pid}`);
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
        FOLIO_WP_DB_NAME: dbName,
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
    expect(tests).toBeGreaterThanOrEqual(39);
    for (const name of ['CartTest', 'I18nTest', 'OrderBoxTest', 'PluginTest', 'ProductTest', 'SettingsTest']) expect(junit).toContain(`<testsuite name="${name}"`);
  }, 300_000);
  describe.skipIf(browserGate.skip)(`a shopper personalises and adds to cart in Chromium${browserGate.note}`, () => {
    const DESIGN = '0f8e2c1a-5b7d-4e3f-9a21-c4d5e6f7a8b9';
    let browser: Browser;
    let folio: http.Server;
    let shop: ChildProcess;
    let shopLog = '';
    const seen: { init?: Record<string, unknown>; query?: string; token?: string } = {};

    beforeAll(async () => {
      // Folio's stand-in: the customizer page speaks docs/editor.md's protocol; the design read answers a preview
      folio = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'x-service-unauth-token, accept' };
        if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
        if (url.pathname === '/customizer/') {
          return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>editor</title><script>
            const host = new URLSearchParams(location.search).get('host');
            addEventListener('message', (e) => {
              if (e.origin !== host || e.data.type !== 'init') return;
              fetch('/record', { method: 'POST', body: JSON.stringify({ init: e.data, query: location.search }) })
                .then(() => parent.postMessage({ source: 'folio-customizer', type: 'saved', designs: [{ side_id: 'side-1', design_id: '${DESIGN.toUpperCase()}'.toLowerCase() }] }, host));
            });
            parent.postMessage({ source: 'folio-customizer', type: 'init-request' }, host);
          </script>`);
        }
        if (url.pathname === '/record' && req.method === 'POST') {
          let body = '';
          req.on('data', (c: Buffer) => (body += c.toString()));
          return void req.on('end', () => {
            Object.assign(seen, JSON.parse(body));
            res.writeHead(204).end();
          });
        }
        if (url.pathname === `/v1/designs/${DESIGN}`) {
          seen.token = String(req.headers['x-service-unauth-token']);
          return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: DESIGN, preview_image: { url: `http://127.0.0.1:${(folio.address() as AddressInfo).port}/preview.png` } } }));
        }
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => folio.listen(0, '127.0.0.1', resolve));
      const shopPort = await freePort();
      shop = spawn('php', ['-S', `127.0.0.1:${shopPort}`, '-t', path.join(dir, 'run'), path.join(pluginRoot, 'tests', 'browser', 'product-page.php')], {
        env: { ...process.env, FOLIO_WP_DB_HOST: dbHost, FOLIO_WP_DB_NAME: dbName, FOLIO_WP_RUN_DIR: path.join(dir, 'run'), FOLIO_WP_URL: `http://127.0.0.1:${shopPort}`, FOLIO_TEST_FOLIO_URL: `http://127.0.0.1:${(folio.address() as AddressInfo).port}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      shop.stdout!.on('data', (c: Buffer) => (shopLog += c.toString()));
      shop.stderr!.on('data', (c: Buffer) => (shopLog += c.toString()));
      await waitFor(() => socketAnswersTcp(shopPort), 'PHP built-in server', 15_000, 50);
      (shop as ChildProcess & { port?: number }).port = shopPort;
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      shop?.kill('SIGTERM');
      await new Promise((resolve) => (folio ? folio.close(resolve) : resolve(undefined)));
    });

    it('the Personalize button opens the editor, takes the saved design, and the add to cart carries it', async () => {
      const shopUrl = `http://127.0.0.1:${(shop as ChildProcess & { port?: number }).port}`;
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const res = await page.goto(`${shopUrl}/product`);
      expect(res?.status(), shopLog).toBe(200);
      // a forged "saved" from the shop's own origin (not the editor) is ignored
      await page.evaluate(async () => {
        window.postMessage({ source: 'folio-customizer', type: 'saved', designs: [{ side_id: 's', design_id: '11111111-1111-4111-8111-111111111111' }] }, '*');
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      expect(await page.inputValue('input[name="folio_design_id"]')).toBe('');
      await page.getByRole('button', { name: 'Personalize' }).click();
      await page.waitForFunction(() => (document.querySelector('input[name="folio_preview_url"]') as HTMLInputElement).value !== '', undefined, { timeout: 15_000 });
      expect(await page.inputValue('input[name="folio_design_id"]')).toBe(DESIGN);
      expect(await page.inputValue('input[name="folio_preview_url"]')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/preview\.png$/);
      expect(await page.locator('dialog.folio-personalize__dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      expect(await page.getByRole('status').textContent()).toBe('Your design is saved and goes with this item.');
      expect(seen.init).toMatchObject({ type: 'init', token: 'put_4b1d2c3e4f5a6b7c', product: 'prd_business-card', locale: 'en' });
      expect(new URLSearchParams(seen.query).get('embed')).toBe('wait');
      expect(new URLSearchParams(seen.query).get('host')).toBe(shopUrl);
      expect(seen.token).toBe('put_4b1d2c3e4f5a6b7c');

      await Promise.all([page.waitForURL(`${shopUrl}/product`, { waitUntil: 'load' }), page.getByRole('button', { name: 'Add to cart' }).click()]);
      const cart = JSON.parse((await page.textContent('body')) ?? '');
      expect(cart, shopLog).toMatchObject({ passed: true, cart_item_data: { folio_design_id: DESIGN, folio_preview_url: expect.stringMatching(/preview\.png$/) }, notices: [] });
      expect(cart.shown[0]).toMatchObject({ key: 'Personalised', value: DESIGN });
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  });
});
