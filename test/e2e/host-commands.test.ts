/**
 * Host commands (docs/editor.md, "Host commands"): a shop's page on another origin embeds the
 * editor and drives it with the SDK's typed client (packages/sdk/src/editor.ts, compiled for the
 * browser here with Vite's esbuild): load a template, fill its field, add an image by link (fetched by
 * the service's safe fetcher), save, read the design JSON and a preview, load a product and a
 * design; a command from a page the editor was not given as its host is ignored. Screenshots
 * of the host page go to test-artifacts/editor/.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithEsbuild } from 'vite';
import sharp from 'sharp';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { needs } from '../helpers/requirements.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { launchChromium, startEditorApp } from '../helpers/editor-e2e.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`host commands over postMessage${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let shop: http.Server;
  let HOST: string;
  let sdk: string;
  let logo: Buffer;
  const ids = { product: '', front: '', back: '', template: '', mug: '' };

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    // editor.ts imports nothing: compiled alone to a script that defines window.FolioSdk
    const file = path.join(ROOT, 'packages/sdk/src/editor.ts');
    sdk = (await transformWithEsbuild(fs.readFileSync(file, 'utf8'), file, { loader: 'ts', format: 'iife', globalName: 'FolioSdk', target: 'es2022' })).code;
    logo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#22aa44' } }).png().toBuffer();
    ({ t, base } = await startEditorApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } }));
    store = await createStore(t.app);
    const product = await post('/v1/products', { name: 'Name card', dimension_unit: 'mm' });
    ids.product = product.id;
    const side = { width: 85, height: 55, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 4, right: 4, bottom: 4, left: 4 }, dpi: 300 };
    ids.front = (await post('/v1/sides', { product_id: product.id, name: 'Front', ...side })).id;
    ids.back = (await post('/v1/sides', { product_id: product.id, name: 'Back', ...side })).id;
    const mug = await post('/v1/products', { name: 'Mug', dimension_unit: 'mm' });
    ids.mug = mug.id;
    await post('/v1/sides', { product_id: mug.id, name: 'Wrap', width: 200, height: 80, dpi: 300 });
    ids.template = (
      await post('/v1/templates', {
        name: 'Name field',
        side_id: ids.front,
        viewport_width: 850,
        viewport_height: 550,
        layers: [{ type: 'textbox', text: 'Your name', left: 80, top: 200, width: 600, fontFamily: 'Roboto', fontSize: 60, fill: '#111827', placeholder: true, field: { name: 'name', type: 'text' } }],
      })
    ).id;
    shop = http.createServer((req, res) => {
      if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(logo);
      if (req.url === '/sdk.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
      // /wrong-host: the editor opens with its token in the address but is told another host
      const src =
        req.url === '/wrong-host'
          ? `${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${ids.product}&host=${encodeURIComponent('http://127.0.0.1:9')}`
          : `${base}/customizer/?embed=wait&host=${encodeURIComponent(`http://${req.headers.host}`)}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><title>Shop</title><body><h1>My shop</h1>
<iframe id="editor" title="Design your card" style="width:100%;height:760px" src="${src}"></iframe>
<script src="/sdk.js"></script>
<script>
  window.events = [];
  window.editor = new FolioSdk.FolioEditor(document.getElementById('editor'), { origin: ${JSON.stringify(base)}, timeoutMs: ${req.url === '/wrong-host' ? 3000 : 30000}, init: { token: ${JSON.stringify(store.unauth_token)}, product: ${JSON.stringify(ids.product)} } });
  for (const type of ['ready', 'saved', 'error']) window.editor.on(type, (e) => window.events.push(e));
</script></body></html>`);
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    HOST = `http://127.0.0.1:${(shop.address() as net.AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    shop?.close();
    await t?.close();
  });

  const frameOf = (p: Page): Frame => p.frames().find((f) => f.url().startsWith(base))!;
  /** runs `editor.<call>` in the host page; resolves with its result or `{ error }` */
  const call = (p: Page, expr: string) => p.evaluate(`(async () => { try { return await window.editor.${expr}; } catch (e) { return { error: e.message, name: e.name }; } })()`) as Promise<any>;

  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    it(`drives the editor from the host page (${viewport.width} px): template, field, image by link, save, design JSON, preview, product, design`, async () => {
      const p = await browser.newPage({ viewport });
      const errors: string[] = [];
      p.on('pageerror', (e) => errors.push(String(e)));
      await p.goto(`${HOST}/`);
      await p.evaluate('window.editor.ready');
      const frame = frameOf(p);
      await waitForStatus(frame, /^Ready$/);

      expect(await call(p, `loadTemplate(${JSON.stringify(ids.template)})`)).toEqual({ side_id: ids.front });
      expect(await call(p, `setField('name', 'Ada Lovelace')`)).toEqual({ changed: 1 });
      const texts = await frame.evaluate(() => (window as any).customizer.state.active.layers().map((l: any) => l.text).filter(Boolean));
      expect(texts).toEqual(['Ada Lovelace']);
      expect(await call(p, `setField('phone', '555')`)).toMatchObject({ name: 'EditorCommandError', error: 'no text layer has the field "phone"' });
      expect(await call(p, `command('fly', {})`)).toMatchObject({ error: 'unknown command "fly"' });

      const added = await call(p, `addImage(${JSON.stringify(`${HOST}/logo.png`)})`);
      expect(added.side_id).toBe(ids.front);
      const image = await frame.evaluate(() => (window as any).customizer.state.active.layers().find((l: any) => l.type.toLowerCase() === 'image'));
      expect(image.image_id).toBe(added.image_id);
      expect(await call(p, `addImage('http://10.0.0.1/x.png')`)).toMatchObject({ error: expect.stringMatching(/cannot be fetched/) });
      await p.screenshot({ path: path.join(ARTIFACTS, `host-commands-${viewport.width}.png`) });

      const saved = await call(p, 'save()');
      expect(saved.designs.map((d: any) => d.side_id)).toEqual([ids.front, ids.back]);
      const front = saved.designs[0].design_id as string;
      const stored = (await t.app.inject({ method: 'GET', url: `/v1/designs/${front}`, headers: as.B(store) })).json().data;
      expect(stored.layers.map((l: any) => l.text ?? l.image_id)).toEqual(['Ada Lovelace', added.image_id]);
      // the host also heard the editor's own saved event
      expect((await p.evaluate('window.events')) as any[]).toContainEqual(expect.objectContaining({ type: 'saved' }));

      const json = await call(p, 'getDesign()');
      expect(json).toMatchObject({ product_id: ids.product, sides: [{ side_id: ids.front, design_id: front, viewport_width: expect.any(Number) }, { side_id: ids.back }] });
      expect(json.sides[0].layers).toHaveLength(2);
      const preview = await p.evaluate(`(async () => { const r = await window.editor.getPreview({ width: 340 }); const b = await createImageBitmap(r.png); return { side: r.side_id, type: r.png.type, w: b.width, h: b.height }; })()`);
      expect(preview).toEqual({ side: ids.front, type: 'image/png', w: 340, h: Math.round((340 * 55) / 85) });

      expect(await call(p, `loadProduct(${JSON.stringify(ids.mug)})`)).toMatchObject({ product_id: ids.mug, sides: [{ name: 'Wrap' }] });
      expect(await frame.$eval('#product', (s) => (s as HTMLSelectElement).value)).toBe(ids.mug);
      expect(await call(p, `loadDesign(${JSON.stringify(front)})`)).toEqual({ product_id: ids.product });
      const reopened = await frame.evaluate(() => (window as any).customizer.state.active.layers().map((l: any) => l.text ?? l.image_id));
      expect(reopened).toEqual(['Ada Lovelace', added.image_id]);
      expect(errors).toEqual([]);
      await p.close();
    }, 90_000);
  }

  it('ignores commands from a page that is not its host', async () => {
    const p = await browser.newPage();
    await p.goto(`${HOST}/wrong-host`);
    // the editor is ready and listening, but for another origin: this page's command is not for it
    await waitForStatus(frameOf(p), /^Ready$/);
    const answer = await call(p, `setField('name', 'x')`);
    expect(answer).toMatchObject({ error: expect.stringMatching(/no answer to set-field within 3000 ms/) });
    expect(await frameOf(p).evaluate(() => (window as any).customizer.state.active.layers().length)).toBe(0);
    await p.close();
  }, 30_000);
});
