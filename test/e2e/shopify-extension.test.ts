/**
 * The Shopify theme app extension in a real browser. Shopify itself cannot be reached from
 * here, so a plain server on another origin serves a page shaped like a Shopify product page:
 * a product form posting to /cart/add, the app block and the app embed rendered from their
 * Liquid (test/helpers/liquid-lite.ts) with the merchant's settings, and the extension's
 * script and stylesheet as Shopify serves them (the embed schema's `javascript` and
 * `stylesheet`), with a theme that adds to cart by fetch (as Dawn does) or a plain form post.
 * Headless Chromium (playwright-core) with the real mouse and keyboard: Add to cart refused
 * (before the theme's own handler) until the shopper personalises; Personalize opens the real Folio editor in a
 * modal dialog, which asks for its settings and gets the token by message; text typed and
 * saved; the hidden line-item properties carry the design (read back from Folio's API) and
 * its preview (a PNG); Escape closes and gives focus back; the cart gets the properties.
 * Then French, a block that does not require personalising, and messages from anywhere else
 * ignored. Screenshots go to test-artifacts/shopify/ (gitignored).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
import { renderLiquid } from '../helpers/liquid-lite.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';
import { freePort } from '../helpers/ports.js';
import { waitForStatus } from '../helpers/editor-status.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'shopify');
const EXT = path.join(ROOT, 'integrations', 'shopify', 'extensions', 'folio-personalize');
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIDE = { width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };

/**
 * What themes like Dawn do: a <product-form> element that sends the form with fetch to
 * /cart/add.js (multipart FormData) on submit, instead of letting the browser post it.
 */
const AJAX_THEME = `<script>
customElements.define('product-form', class extends HTMLElement {
  connectedCallback() {
    const form = this.querySelector('form');
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const res = await fetch('/cart/add.js', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/javascript' }, body: new FormData(form) });
      if (res.ok) document.body.dataset.cartCount = String(Number(document.body.dataset.cartCount || 0) + 1);
    });
  }
});
</script>`;

const chromiumGate = needs('chromium');

/** A server on 127.0.0.1 at a free port; answers its origin. */
async function serve(handler: http.RequestListener): Promise<{ origin: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, server };
}

const body = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

describe.skipIf(chromiumGate.skip)(`Shopify theme app extension on a Shopify-shaped product page${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let shop: { origin: string; server: http.Server };
  let other: { origin: string; server: http.Server };
  const ids = { product: '', front: '', back: '' };
  /** what the shop's /cart/add received */
  const carts: URLSearchParams[] = [];
  /** what the page on a third origin received by message */
  const leaked: unknown[] = [];
  /** the block's settings, per page address (?required=0, ?locale=fr) */
  const productPage = (url: URL) => {
    const lang = url.searchParams.get('locale') ?? 'en';
    const ajax = url.searchParams.get('theme') === 'ajax';
    const locale = JSON.parse(fs.readFileSync(path.join(EXT, 'locales', lang === 'en' ? 'en.default.json' : `${lang}.json`), 'utf8')) as Record<string, unknown>;
    const request = { design_mode: false, locale: { iso_code: lang } };
    const block = renderLiquid(
      fs.readFileSync(path.join(EXT, 'blocks', 'personalize.liquid'), 'utf8'),
      // the Folio product id comes from the product's metafield folio.product_id (the block's own setting left empty)
      { block: { id: 'AbCd12', settings: { folio_product_id: '', label: '', required: url.searchParams.get('required') !== '0' }, shopify_attributes: 'data-shopify-editor-block="{}"' }, product: { metafields: { folio: { product_id: { value: ids.product } } } }, request },
      { locale },
    );
    const embed = renderLiquid(fs.readFileSync(path.join(EXT, 'blocks', 'folio-embed.liquid'), 'utf8'), { block: { settings: { folio_url: `${base}/`, public_token: store.unauth_token } }, request }, { locale });
    return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Postcard – Test shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/cdn/shop/t/1/assets/folio-personalize.css">
<script src="/cdn/shop/t/1/assets/folio-personalize.js" defer></script>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem}.button{padding:.6rem 1.2rem;font:inherit;cursor:pointer}</style>
</head><body><main>
<div id="shopify-section-main-product" class="shopify-section"><section>
<h1>Postcard</h1><p>€4.00</p>
${ajax ? '<product-form>' : ''}<form method="post" action="/cart/add" id="product-form-main" accept-charset="UTF-8" enctype="multipart/form-data">
<input type="hidden" name="form_type" value="product"><input type="hidden" name="id" value="4242">
<label>Quantity <input type="number" name="quantity" value="1" min="1"></label>
<button type="submit" name="add" class="button">Add to cart</button>
</form>${ajax ? '</product-form>' : ''}
${block}
</section></div></main>
${ajax ? AJAX_THEME : ''}
${embed}
</body></html>`;
  };

  beforeAll(async () => {
    ensureCustomizer({ log: () => {} });
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    store = await createStore(t.app);
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string };
    };
    ids.product = (await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' })).id;
    ids.front = (await post('/v1/sides', { product_id: ids.product, name: 'Front', ...SIDE })).id;
    ids.back = (await post('/v1/sides', { product_id: ids.product, name: 'Back', ...SIDE })).id;

    shop = await serve(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://shop');
      const asset = /^\/cdn\/shop\/t\/1\/assets\/(folio-personalize\.(js|css))$/.exec(url.pathname);
      if (asset) return res.writeHead(200, { 'content-type': asset[2] === 'js' ? 'text/javascript' : 'text/css' }).end(fs.readFileSync(path.join(EXT, 'assets', asset[1]!)));
      if (url.pathname === '/products/postcard') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage(url));
      if (req.method === 'POST' && (url.pathname === '/cart/add' || url.pathname === '/cart/add.js')) {
        // both multipart (the form's enctype, as Shopify themes send it) and url-encoded
        const form = await new Response(new Uint8Array(await body(req)), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
        carts.push(new URLSearchParams([...form].map(([k, v]) => [k, String(v)])));
        if (url.pathname === '/cart/add.js') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 4242, quantity: 1 }));
        return res.writeHead(302, { location: '/cart' }).end();
      }
      if (url.pathname === '/cart') {
        const rows = carts.map((c) => `<li>Postcard × ${c.get('quantity')}<ul>${[...c].filter(([k]) => k.startsWith('properties[')).map(([k, v]) => `<li>${k}: ${v.replace(/</g, '&lt;')}</li>`).join('')}</ul></li>`);
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><title>Cart</title><h1>Cart</h1><ul>${rows.join('')}</ul>`);
      }
      res.writeHead(404).end();
    });
    // a page on a third origin that pretends to be the editor
    other = await serve(async (req, res) => {
      if (req.method === 'POST') {
        leaked.push(JSON.parse((await body(req)).toString('utf8')));
        return res.writeHead(204).end();
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>x</title><script>
  window.addEventListener('message', (e) => fetch('/leak', { method: 'POST', body: JSON.stringify(e.data) }));
  parent.postMessage({ source: 'folio-customizer', type: 'init-request' }, '*');
  parent.postMessage({ source: 'folio-customizer', type: 'saved', designs: [{ side_id: 's', design_id: '01900000-0000-7000-8000-000000000000', preview_url: 'https://evil.example/x.png' }] }, '*');
  fetch('/leak', { method: 'POST', body: '"sent"' });
</script>`);
    });

    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of [shop, other]) if (s) await new Promise((r) => s.server.close(r));
    await t?.close();
  });

  const editorFrame = async (p: Page): Promise<Frame> => {
    await p.waitForFunction((origin) => [...document.querySelectorAll('iframe')].some((f) => f.src.startsWith(origin)), base);
    for (let i = 0; i < 100; i++) {
      const f = p.frames().find((fr) => fr.url().startsWith(`${base}/customizer/`));
      if (f) return f;
      await p.waitForTimeout(50);
    }
    throw new Error('no editor frame');
  };
  const waitStatus = (f: Frame, re: RegExp) => waitForStatus(f, re);
  const active = (p: Page) => p.evaluate(() => ({ open: document.activeElement?.hasAttribute('data-folio-open') ?? false, inDialog: Boolean(document.activeElement?.closest('dialog')), tag: document.activeElement?.tagName }));
  const hidden = (p: Page, name: string) => p.$$eval(`form[action="/cart/add"] input[type="hidden"][name="properties[${name}]"]`, (els) => els.map((e) => (e as HTMLInputElement).value));
  const axe = async (p: Page) => {
    await p.evaluate(`${AXE};undefined`);
    const res = await p.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
    return (res.violations as Array<{ id: string; impact: string }>).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  };

  it('refuses Add to cart until the shopper saves a design, then carries it to the cart', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    p.on('pageerror', (err) => console.error('[shop page error]', err));
    try {
      // a theme that adds to cart with fetch (as Dawn does)
      await p.goto(`${shop.origin}/products/postcard?theme=ajax`);
      const open = p.locator('[data-folio-open]');
      await open.waitFor({ state: 'visible' });
      expect(await open.textContent()).toBe('Personalize');
      // Add to cart before personalising: refused, said, and the button offered
      await p.click('button[name="add"]');
      await p.waitForFunction(() => document.querySelector('[data-folio-status]')?.textContent !== '');
      expect(await p.textContent('[data-folio-status]')).toBe('Personalize this product before adding it to the cart.');
      expect(carts).toHaveLength(0);
      // the theme's own submit handler did not run either
      expect(await p.evaluate(() => document.body.dataset.cartCount)).toBeUndefined();
      expect((await active(p)).open).toBe(true);
      await p.screenshot({ path: path.join(ARTIFACTS, '01-required.png') });

      // Personalize: a modal dialog with the editor; focus inside it
      await open.click();
      expect(await p.isVisible('dialog.folio-dialog[open]')).toBe(true);
      expect((await active(p)).inDialog).toBe(true);
      expect(await p.getAttribute('dialog.folio-dialog', 'aria-labelledby')).toBeTruthy();
      const frame = await editorFrame(p);
      // settings by message: the token is not in the editor's address; the product is the metafield's
      const src = new URL(frame.url());
      expect(src.searchParams.get('host')).toBe(shop.origin);
      expect(src.searchParams.get('embed')).toBe('wait');
      expect(frame.url()).not.toContain(store.unauth_token);
      await waitStatus(frame, /^Ready$/);
      expect(await frame.$eval('#product', (s) => (s as HTMLSelectElement).value)).toBe(ids.product);
      expect(await p.getAttribute('dialog.folio-dialog', 'aria-busy')).toBeNull();
      expect(await axe(p)).toEqual([]);
      await p.screenshot({ path: path.join(ARTIFACTS, '02-editor-open.png') });

      // the shopper types a name and saves
      await frame.click('#text-input');
      await frame.fill('#text-input', 'Happy birthday Ada');
      await frame.click('#add-text');
      await waitStatus(frame, /^Added text in /);
      await frame.click('#save');
      await waitStatus(frame, /^Saved 2 designs$/);
      await p.waitForFunction(() => document.querySelector('input[name="properties[_folio_design_id]"]'));
      await p.screenshot({ path: path.join(ARTIFACTS, '03-saved-in-dialog.png') });
      expect(await p.textContent('.folio-dialog__close')).toBe('Done');

      // the hidden properties: a real design of this store (front side, with the text), and its picture
      const [designId] = await hidden(p, '_folio_design_id');
      const [previewUrl] = await hidden(p, '_folio_preview_url');
      const [allIds] = await hidden(p, '_folio_design_ids');
      expect(designId).toMatch(UUID);
      const res = await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: as.B(store) });
      expect(res.statusCode, res.body).toBe(200);
      const design = res.json().data as { side_id: string; layers: Array<{ text?: string }>; preview_image: { url: string } | null };
      expect(design.side_id).toBe(ids.front);
      expect(design.layers.map((l) => l.text)).toContain('Happy birthday Ada');
      expect(new URL(previewUrl!).pathname).toBe(new URL(design.preview_image!.url).pathname);
      const png = await fetch(previewUrl!);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const pngBytes = Buffer.from(await png.arrayBuffer());
      fs.writeFileSync(path.join(ARTIFACTS, 'preview.png'), pngBytes);
      const { data: px, info } = await sharp(pngBytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(600);
      // the picture shows the text (dark pixels on the white card) and none of the editor's
      // outlines (the red trim, the green dashed safe zone)
      let dark = 0;
      let coloured = 0;
      for (let i = 0; i < px.length; i += 3) {
        const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (r < 100 && g < 100 && b < 100) dark++;
        if (Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++;
      }
      expect(dark).toBeGreaterThan(200);
      expect(coloured).toBe(0);
      const ids2 = allIds!.split(',');
      expect(ids2[0]).toBe(designId);
      const back = await t.app.inject({ method: 'GET', url: `/v1/designs/${ids2[1]}`, headers: as.B(store) });
      expect(back.json().data.side_id).toBe(ids.back);

      // Escape closes the dialog and gives focus back to the button, now "Edit your design"
      await p.click('.folio-dialog__title');
      await p.keyboard.press('Escape');
      expect(await p.isVisible('dialog.folio-dialog[open]')).toBe(false);
      expect((await active(p)).open).toBe(true);
      expect(await open.textContent()).toBe('Edit your design');
      expect(await p.textContent('[data-folio-status]')).toBe('Your design is saved and goes to the cart with this product.');
      // the preview beside the button, loaded
      expect(await p.$eval('[data-folio-preview]', (i) => ({ hidden: (i as HTMLImageElement).hidden, w: (i as HTMLImageElement).naturalWidth }))).toEqual({ hidden: false, w: 600 });
      expect(await axe(p)).toEqual([]);
      await p.screenshot({ path: path.join(ARTIFACTS, '04-preview-beside-button.png') });

      // opening again shows the same editor with the work in it; Done closes it
      await open.click();
      expect(p.frames().filter((f) => f.url().startsWith(base))).toHaveLength(1);
      expect(await frame.evaluate(() => (window as any).customizer.state.active.canvas.getObjects().length)).toBe(1);
      await p.click('.folio-dialog__close');
      expect((await active(p)).open).toBe(true);

      // Add to cart: the theme's fetch sends the properties
      await p.click('button[name="add"]');
      await p.waitForFunction(() => document.body.dataset.cartCount === '1');
      expect(carts).toHaveLength(1);
      expect(carts[0]!.get('id')).toBe('4242');
      expect(carts[0]!.get('properties[_folio_design_id]')).toBe(designId);
      expect(carts[0]!.get('properties[_folio_preview_url]')).toBe(previewUrl);
      expect(carts[0]!.get('properties[_folio_design_ids]')).toBe(allIds);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('speaks French, lets an optional block add to cart plainly, and ignores messages from anyone but its editor', async () => {
    carts.length = 0;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p = await context.newPage();
    try {
      await p.goto(`${shop.origin}/products/postcard?locale=fr&required=0`);
      const open = p.locator('[data-folio-open]');
      await open.waitFor({ state: 'visible' });
      expect(await open.textContent()).toBe('Personnaliser');
      await open.click();
      const frame = await editorFrame(p);
      await waitStatus(frame, /^Prêt$/);
      expect(await frame.textContent('#undo')).toBe('Annuler');
      expect(await p.textContent('.folio-dialog__close')).toBe('Fermer');
      await p.screenshot({ path: path.join(ARTIFACTS, '06-french-phone.png') });

      // a frame from a third origin, and the page itself, send `saved` and `init-request`
      await p.evaluate((src) => {
        const f = document.createElement('iframe');
        f.src = src;
        f.title = 'other';
        document.body.append(f);
        window.postMessage({ source: 'folio-customizer', type: 'saved', designs: [{ side_id: 's', design_id: '01900000-0000-7000-8000-000000000001' }] }, '*');
      }, `${other.origin}/`);
      await expect.poll(() => leaked.includes('sent'), { timeout: 10_000 }).toBe(true);
      await p.waitForTimeout(300);
      expect(await hidden(p, '_folio_design_id')).toEqual([]);
      expect(leaked).toEqual(['sent']);
      expect(await p.$eval('[data-folio-preview]', (i) => (i as HTMLImageElement).hidden)).toBe(true);

      // not required: the product goes to the cart without a design
      await p.keyboard.press('Escape');
      expect(await p.isVisible('dialog.folio-dialog[open]')).toBe(false);
      await Promise.all([p.waitForURL(`${shop.origin}/cart`), p.click('button[name="add"]')]);
      expect(carts).toHaveLength(1);
      expect(carts[0]!.get('id')).toBe('4242');
      expect([...carts[0]!.keys()].filter((k) => k.startsWith('properties['))).toEqual([]);
      await p.screenshot({ path: path.join(ARTIFACTS, '07-cart-plain.png') });
    } finally {
      await context.close();
    }
  }, 120_000);
});
