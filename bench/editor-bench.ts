/**
 * What the editor's benches share: the service in this process on an ephemeral port (temp data
 * dir, SQLite), an account, a store and a two-sided postcard (148 × 105 mm, 3 mm bleed), and
 * Debian's headless Chromium (CHROMIUM_PATH to change it). `close` removes everything.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../src/config/index.js';
import { createServer } from '../src/main/server.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../scripts/build-customizer.mjs';

export interface EditorBench {
  base: string;
  browser: Browser;
  /** the store key's Basic header */
  basic: Record<string, string>;
  store: { unauth_token: string };
  product: { id: string };
  sides: Array<{ id: string }>;
  post: (url: string, body: unknown, headers?: Record<string, string>) => Promise<any>;
  close: () => Promise<void>;
}

export async function startEditorBench(): Promise<EditorBench> {
  ensureCustomizer({ log: () => {} });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ ...process.env, FOLIO_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10' });
  const { app } = await createServer(config, {}, false);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  const close = async () => {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: any }).data;
    };
    const signup = await post('/v1/account', { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
    const store = await post('/v1/stores?include=credentials', { store_name: 'Bench store' }, { authorization: `Bearer ${signup.access_token}` });
    const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
    const product = await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' }, basic);
    const sides = [];
    for (const name of ['Front', 'Back']) sides.push(await post('/v1/sides', { product_id: product.id, name, width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 } }, basic));
    return { base, browser, basic, store, product, sides, post, close };
  } catch (err) {
    await close();
    throw err;
  }
}
