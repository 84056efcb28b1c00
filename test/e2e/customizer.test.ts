/**
 * The customizer end to end: the real app listening on a port, headless Debian Chromium
 * (playwright-core) driving /customizer?token=… as a shopper would — product and side, text in
 * the store's font, cliparts from the store's and a default category, an uploaded photo,
 * move/scale/rotate/delete, the safe-zone and resolution warnings, a second side, save, project,
 * print-ready PDF — then pdffonts and pdfinfo -box on the downloaded file; and Hebrew, Arabic and
 * Devanagari text drawn with the print engine's script fallback fonts. A screenshot of
 * each step goes to test-artifacts/customizer/ (gitignored).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { multipart } from '../integration/catalog/helpers.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';
import { freePort } from '../helpers/ports.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { orderWithProof } from '../helpers/editor-order.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'customizer');
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'photo.jpg');
const require = createRequire(import.meta.url);
const SHOP_FONT = fs.readFileSync(require.resolve('@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf'));
const MM = 72 / 25.4;

const FRONT = { name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
const BACK = { name: 'Back', width: 100, height: 100, bleed: { top: 2, right: 4, bottom: 2, left: 4 }, safe_zone: { top: 8, right: 8, bottom: 8, left: 8 }, dpi: 300 };


const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`customizer in headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;
  let step = 0;
  const product: Record<string, string> = {};
  const sides: Record<string, string> = {};

  const shot = async (name: string) => {
    step++;
    await page.screenshot({ path: path.join(ARTIFACTS, `${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const upload = async (url: string, filename: string, body: Buffer, fields: Array<{ name: string; value: string }> = []) => {
    const m = multipart([{ name: 'file', filename, body }, ...fields]);
    const res = await t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...as.B(store), ...m.headers } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  /** Reads the active side's canvas in the page. */
  const active = <T>(fn: string): Promise<T> => page.evaluate(`(() => { const sc = window.customizer.state.active; const c = sc.canvas; return (${fn})(sc, c); })()`) as Promise<T>;
  const objects = () => active<Array<{ type: string; left: number; top: number; scaleX: number; angle: number; fontFamily?: string; image_id?: string }>>('(sc) => sc.layers()');
  const warnings = () => page.$$eval('#warnings li', (els) => els.map((e) => ({ code: (e as HTMLElement).dataset.code, text: e.textContent ?? '' })));
  const status = () => page.textContent('#status');
  /** Waits until the page is idle and its status line matches, failing at once on an error status. */
  const waitStatus = (re: RegExp) => waitForStatus(page, re);
  /** Selects object `index` of the active side and answers screen points of its centre and controls. */
  const handles = (index: number) =>
    active<{ centre: { x: number; y: number }; br: { x: number; y: number }; mtr: { x: number; y: number } }>(`(sc, c) => {
      const o = c.getObjects()[${index}];
      c.setActiveObject(o); o.setCoords(); c.requestRenderAll();
      const r = c.upperCanvasEl.getBoundingClientRect();
      const v = c.viewportTransform; const p = o.getCenterPoint();
      const at = (q) => ({ x: r.left + q.x, y: r.top + q.y });
      return { centre: at({ x: p.x * v[0] + v[4], y: p.y * v[3] + v[5] }), br: at(o.oCoords.br), mtr: at(o.oCoords.mtr) };
    }`);
  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
  };

  beforeAll(async () => {
    ensureCustomizer({ log: () => {} });
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // the same server under another host name stands for an API origin the operator allowed
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base, FOLIO_CUSTOMIZER_API_ORIGINS: `http://localhost:${port}` } });
    await t.app.listen({ host: '127.0.0.1', port });
    await t.deps.startWorkers();

    store = await createStore(t.app);
    const other = await post('/v1/products', { name: 'Sticker', dimension_unit: 'mm' });
    await post('/v1/sides', { product_id: other.id, name: 'Only', width: 50, height: 50 });
    const card = await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' });
    product.id = card.id;
    // the front shows a product photo behind the design (the side image)
    const backdrop = await sharp({ create: { width: 620, height: 450, channels: 3, background: { r: 236, g: 243, b: 250 } } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="620" height="450"><rect x="0" y="0" width="620" height="40" fill="#94a3b8"/></svg>') }])
      .png()
      .toBuffer();
    const sideImage = await upload('/v1/images', 'postcard.png', backdrop);
    for (const s of [FRONT, BACK]) sides[s.name] = (await post('/v1/sides', { product_id: card.id, ...s, ...(s === FRONT ? { side_image_id: sideImage.id } : {}) })).id;
    await upload('/v1/fonts/upload', 'shop.ttf', SHOP_FONT, [{ name: 'name', value: 'Shop Serif' }]);
    const cat = await post('/v1/clipart-storages', { name: 'Shop art' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect x="20" y="20" width="160" height="160" rx="30" fill="#2563eb"/><circle cx="100" cy="100" r="50" fill="#f59e0b"/></svg>');
    await upload('/v1/cliparts', 'tile.svg', svg, [{ name: 'name', value: 'Tile' }, { name: 'storages[]', value: cat.id }]);

    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, acceptDownloads: true });
    page.on('pageerror', (err) => console.error('[page error]', err));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('serves the bundle from this host with a self-only policy', async () => {
    const res = await fetch(`${base}/customizer/?token=x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).toMatch(/^\/customizer\/assets\//);
    // bodies read to the end: a response left unread keeps its connection busy and the server from closing
    const get = async (url: string) => {
      const r = await fetch(`${base}${url}`);
      return { status: r.status, type: r.headers.get('content-type'), body: Buffer.from(await r.arrayBuffer()) };
    };
    const bundle = await get(scripts[0]!);
    expect(bundle.status).toBe(200);
    expect(bundle.body.toString()).not.toMatch(/https?:\/\/(?!www\.w3\.org)[\w.-]+\.(com|net|org|io)\//);
    const font = await get('/customizer/fonts/Roboto/400/normal.ttf');
    expect(font).toMatchObject({ status: 200, type: 'font/ttf' });
    expect(font.body.readUInt32BE(0)).toBe(0x00010000);
    expect((await get('/customizer/fonts/Nope/400/normal.ttf')).status).toBe(404);
    expect((await get('/customizer/nope.js')).status).toBe(404);
  });

  it('takes a shopper from a product to a print-ready PDF', async () => {
    await page.goto(`${base}/customizer?token=${encodeURIComponent(store.unauth_token)}`);
    await waitStatus(/^Ready$/);
    await shot('opened');

    // pick the product and its front side
    await page.selectOption('#product', product.id!);
    await page.waitForSelector(`#sides button[data-side-id="${sides.Front}"]`);
    await waitStatus(/^Ready$/);
    await page.click(`#sides button[data-side-id="${sides.Front}"]`);
    expect(await page.getAttribute(`#sides button[data-side-id="${sides.Front}"]`, 'aria-selected')).toBe('true');
    const layout = await active<{ canvas: { width: number; height: number }; pxPerUnit: number }>('(sc) => sc.layout');
    // the canvas shows the bleed box at the side's proportions
    expect(layout.canvas.width / layout.canvas.height).toBeCloseTo((148 + 6) / (105 + 6), 1);
    // the side image fills the bleed box behind the objects, and is not a layer
    await page.waitForFunction(() => Boolean((window as any).customizer.state.active.canvas.backgroundImage));
    const bg = await active<{ width: number; height: number }>('(sc, c) => { const b = c.backgroundImage.getBoundingRect(); return { width: b.width, height: b.height }; }');
    expect(bg.width).toBeGreaterThanOrEqual(layout.canvas.width - 1);
    expect(bg.height).toBeGreaterThanOrEqual(layout.canvas.height - 1);
    expect(await objects()).toHaveLength(0);
    await shot('side-front');

    // text in the store's font
    await page.fill('#text-input', 'Hello Folio');
    await page.selectOption('#font-family', 'Shop Serif');
    await page.click('#add-text');
    await waitStatus(/Added text in Shop Serif/);
    expect(await page.evaluate(() => document.fonts.check('20px "Shop Serif"'))).toBe(true);
    let objs = await objects();
    expect(objs).toHaveLength(1);
    expect(objs[0]).toMatchObject({ type: 'Textbox', fontFamily: 'Shop Serif' });
    await shot('text');

    // clipart from the store's category, then one from a default category
    const shopArt = await page.$eval('#clipart-category', (s) => [...(s as HTMLSelectElement).options].find((o) => o.text === 'Shop art')!.value);
    await page.selectOption('#clipart-category', shopArt);
    await page.click('#cliparts button[title="Tile"]');
    await waitStatus(/Added Tile/);
    const shapes = await page.$eval('#clipart-category', (s) => [...(s as HTMLSelectElement).options].find((o) => o.text === 'Shapes (default)')!.value);
    await page.selectOption('#clipart-category', shapes);
    await page.click('#cliparts button[title="Star"]');
    await waitStatus(/Added Star/);
    objs = await objects();
    expect(objs.map((o) => o.type)).toEqual(['Textbox', 'Image', 'Image']);
    await shot('cliparts');

    // an uploaded photo: too small for 300 dpi at that size, so a resolution warning
    await page.setInputFiles('#photo-input', PHOTO);
    await waitStatus(/Added photo/);
    objs = await objects();
    expect(objs).toHaveLength(4);
    expect((await warnings()).filter((w) => w.code === 'low-dpi')).toHaveLength(1);
    expect((await warnings()).find((w) => w.code === 'low-dpi')!.text).toMatch(/prints at \d+ dpi, below the 300 dpi/);
    await shot('photo-low-dpi');

    // move, scale and rotate the store clipart with the mouse
    let h = await handles(1);
    const before = objs[1]!;
    // Alt: no snapping to the guides, so the move is exactly the mouse's
    await page.keyboard.down('Alt');
    await drag(h.centre, { x: h.centre.x - 40, y: h.centre.y - 20 });
    await page.keyboard.up('Alt');
    objs = await objects();
    expect(objs[1]!.left - before.left).toBeCloseTo(-40, 0);
    expect(objs[1]!.top - before.top).toBeCloseTo(-20, 0);
    h = await handles(1);
    await drag(h.br, { x: h.br.x + 30, y: h.br.y + 30 });
    objs = await objects();
    expect(objs[1]!.scaleX).toBeGreaterThan(before.scaleX * 1.1);
    h = await handles(1);
    await drag(h.mtr, { x: h.mtr.x + 35, y: h.mtr.y });
    objs = await objects();
    expect(Math.abs(objs[1]!.angle)).toBeGreaterThan(10);
    await shot('moved-scaled-rotated');

    // delete the star
    await handles(2);
    await page.click('#delete');
    objs = await objects();
    expect(objs.map((o) => o.type)).toEqual(['Textbox', 'Image', 'Image']);
    expect(objs.filter((o) => o.type === 'Image').every((o) => typeof o.image_id === 'string')).toBe(true);
    await shot('deleted');

    // drag the text out over the trim line: warned; back inside: not
    const textOut = async () => (await warnings()).filter((w) => w.code === 'safe-zone' && w.text.includes('Hello Folio'));
    expect(await textOut()).toHaveLength(0);
    h = await handles(0);
    const inside = h.centre;
    await drag(inside, { x: inside.x, y: inside.y - 200 });
    expect(await textOut()).toHaveLength(1);
    await shot('safe-zone-warning');
    h = await handles(0);
    await drag(h.centre, inside);
    expect(await textOut()).toHaveLength(0);

    // the back side: its own canvas; the front keeps its objects
    await page.click(`#sides button[data-side-id="${sides.Back}"]`);
    expect(await page.isVisible(`.side-canvas[data-side-id="${sides.Front}"]`)).toBe(false);
    expect(await page.isVisible(`.side-canvas[data-side-id="${sides.Back}"]`)).toBe(true);
    expect(await objects()).toHaveLength(0);
    await page.fill('#text-input', 'Back side');
    await page.selectOption('#font-family', 'Roboto');
    await page.click('#add-text');
    await waitStatus(/Added text in Roboto/);
    expect(await objects()).toMatchObject([{ type: 'Textbox', fontFamily: 'Roboto' }]);
    await shot('side-back');
    await page.click(`#sides button[data-side-id="${sides.Front}"]`);
    expect(await objects()).toHaveLength(3);
    await page.click(`#sides button[data-side-id="${sides.Back}"]`);

    // save: one design per side
    await page.click('#save');
    await waitStatus(/Saved 2 designs/);
    await shot('saved');
    const designIds = await page.$$eval('.side-canvas', (els) => els.map((e) => [(e as HTMLElement).dataset.sideId, (e as HTMLElement).dataset.designId]));
    for (const [sideId, designId] of designIds) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: as.U(store) });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      expect(d.side_id).toBe(sideId);
      expect(d.layers).toHaveLength(sideId === sides.Front ? 3 : 1);
    }

    // the order: the proof step, then the project and its PDF
    await orderWithProof(page, /Ordered “E2E order”: PDF ready/, 'E2E order');
    const projectId = await page.evaluate(() => document.body.dataset.projectId);
    await shot('pdf-ready');
    expect(await page.textContent('#pdf-link')).toBe('Download PDF (2 pages)');
    // the print engine agrees with the page about the photo
    const pdfNotes = await page.$$eval('#pdf-warnings li', (els) => els.map((e) => ({ code: (e as HTMLElement).dataset.code, page: (e as HTMLElement).dataset.page })));
    expect(pdfNotes).toContainEqual({ code: 'LOW_RESOLUTION', page: '1' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pdf-link')]);
    const pdfPath = path.join(ARTIFACTS, 'project.pdf');
    await download.saveAs(pdfPath);
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    for (const [, designId] of designIds) {
      const d = (await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: as.U(store) })).json().data;
      expect(d.project_id).toBe(projectId);
    }

    // every font embedded
    const fonts = execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const line of fonts) expect(line.split(/\s+/).slice(-5, -4)[0], line).toBe('yes');
    expect(fonts.join('\n')).toMatch(/Lora/);
    expect(fonts.join('\n')).toMatch(/Roboto/);

    // a page per side with the side's trim and bleed
    const info = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '2', pdfPath], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+2$/m);
    const box = (pageNo: number, name: string) => {
      const m = new RegExp(`^Page\\s+${pageNo} ${name}:\\s+([\\d.-]+)\\s+([\\d.-]+)\\s+([\\d.-]+)\\s+([\\d.-]+)`, 'm').exec(info);
      expect(m, `${name} of page ${pageNo}`).not.toBeNull();
      const [x1, y1, x2, y2] = m!.slice(1).map(Number) as [number, number, number, number];
      return { width: x2 - x1, height: y2 - y1 };
    };
    for (const [i, s] of [FRONT, BACK].entries()) {
      const trim = box(i + 1, 'TrimBox');
      const bleed = box(i + 1, 'BleedBox');
      expect(trim.width).toBeCloseTo(s.width * MM, 0);
      expect(trim.height).toBeCloseTo(s.height * MM, 0);
      expect(bleed.width).toBeCloseTo((s.width + s.bleed.left + s.bleed.right) * MM, 0);
      expect(bleed.height).toBeCloseTo((s.height + s.bleed.top + s.bleed.bottom) * MM, 0);
    }
    expect(await status()).toMatch(/PDF ready/);
  }, 120_000);

  it('draws text in every script with the print engine\'s fallback fonts', async () => {
    // the files, and nothing else from fonts/
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'NotoSansDevanagari-Regular.ttf', 'NotoSansThai-Regular.ttf', 'DroidSansFallbackFull.ttf', 'NanumSquareR.ttf']) {
      const r = await fetch(`${base}/customizer/script-fonts/${file}`);
      const body = Buffer.from(await r.arrayBuffer());
      expect(r.status, file).toBe(200);
      expect(r.headers.get('content-type')).toBe('font/ttf');
      expect(r.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect(body.equals(fs.readFileSync(path.join(ROOT, 'fonts', file))), file).toBe(true);
    }
    for (const bad of ['README.md', 'LICENSE-Noto.txt', '..%2Fpackage.json', 'Nope.ttf']) {
      const r = await fetch(`${base}/customizer/script-fonts/${bad}`);
      await r.arrayBuffer();
      expect(r.status, bad).toBe(404);
    }

    await page.goto(`${base}/customizer?token=${encodeURIComponent(store.unauth_token)}`);
    await waitStatus(/^Ready$/);
    await page.selectOption('#product', product.id!);
    await page.waitForSelector(`#sides button[data-side-id="${sides.Back}"]`);
    await waitStatus(/^Ready$/);
    await page.click(`#sides button[data-side-id="${sides.Back}"]`);
    const TEXT = 'Shalom שלום\nSalaam سلام\nNamaste नमस्ते';
    await page.fill('#text-input', TEXT);
    await page.selectOption('#font-family', 'Roboto');
    await page.click('#add-text');
    await waitStatus(/Added text in Roboto/);
    // the stored layer keeps the family the shopper chose
    expect(await objects()).toMatchObject([{ type: 'Textbox', fontFamily: 'Roboto' }]);

    // the fallback faces are under the family's own name, each for its scripts: those the text
    // needs are loaded, the others (CJK and Hangul here) are never fetched
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Roboto').map((f) => ({ range: f.unicodeRange, status: f.status, weight: f.weight })),
    );
    const fallbacks = faces.filter((f) => f.range !== 'U+0-10FFFF');
    for (const range of [/U\+590-5FF/i, /U\+600-6FF/i, /U\+900-97F/i]) {
      expect(fallbacks.some((f) => range.test(f.range) && f.status === 'loaded'), String(range)).toBe(true);
    }
    for (const range of [/U\+4E00-9FFF/i, /U\+AC00-D7AF/i]) {
      expect(fallbacks.some((f) => range.test(f.range)), String(range)).toBe(true);
      expect(fallbacks.filter((f) => range.test(f.range)).every((f) => f.status === 'unloaded'), String(range)).toBe(true);
    }
    expect(faces.filter((f) => f.range === 'U+0-10FFFF').every((f) => f.status === 'loaded')).toBe(true);
    const scriptFiles = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/script-fonts/')).map((n) => n.split('/').pop()));
    expect(scriptFiles).not.toContain('DroidSansFallbackFull.ttf');

    // widths as the page measures them, against families made of one file each
    const widths = await page.evaluate(async () => {
      const only = async (name: string, url: string) => {
        const ff = await new FontFace(name, `url("${url}")`).load();
        document.fonts.add(ff);
      };
      await only('Only Noto Devanagari', '/customizer/script-fonts/NotoSansDevanagari-Regular.ttf');
      await only('Only DejaVu Sans', '/customizer/script-fonts/DejaVuSans.ttf');
      await only('Only Noto Thai', '/customizer/script-fonts/NotoSansThai-Regular.ttf');
      await only('Only Open Sans', '/customizer/fonts/Open%20Sans/400/normal.ttf');
      const fonts = (window as any).customizer.state.fonts;
      await fonts.load('Open Sans');
      // as the editor does before it measures a text: the faces its characters need
      await fonts.textLoaded('Roboto', 'नमस्ते سلام ฿');
      await fonts.textLoaded('Open Sans', 'שלום');
      const ctx = document.createElement('canvas').getContext('2d')!;
      const w = (family: string, text: string) => {
        ctx.font = `40px "${family}"`;
        return ctx.measureText(text).width;
      };
      return {
        deva: { roboto: w('Roboto', 'नमस्ते'), noto: w('Only Noto Devanagari', 'नमस्ते'), dejavu: w('Only DejaVu Sans', 'नमस्ते') },
        arabic: { roboto: w('Roboto', 'سلام'), dejavu: w('Only DejaVu Sans', 'سلام') },
        // Open Sans has Hebrew itself: the family's own face wins over DejaVu's overlapping range
        hebrew: { openSans: w('Open Sans', 'שלום'), own: w('Only Open Sans', 'שלום'), dejavu: w('Only DejaVu Sans', 'שלום') },
        // the baht sign: DejaVu Sans has it and comes before Noto Sans Thai, in the page as in the engine
        baht: { roboto: w('Roboto', '฿'), dejavu: w('Only DejaVu Sans', '฿'), thai: w('Only Noto Thai', '฿') },
      };
    });
    expect(Math.abs(widths.deva.roboto - widths.deva.noto), JSON.stringify(widths.deva)).toBeLessThanOrEqual(1);
    expect(Math.abs(widths.deva.noto - widths.deva.dejavu)).toBeGreaterThan(1);
    expect(Math.abs(widths.arabic.roboto - widths.arabic.dejavu), JSON.stringify(widths.arabic)).toBeLessThanOrEqual(1);
    expect(Math.abs(widths.hebrew.openSans - widths.hebrew.own), JSON.stringify(widths.hebrew)).toBeLessThanOrEqual(1);
    expect(Math.abs(widths.hebrew.own - widths.hebrew.dejavu)).toBeGreaterThan(1);
    expect(Math.abs(widths.baht.roboto - widths.baht.dejavu), JSON.stringify(widths.baht)).toBeLessThanOrEqual(1);
    expect(Math.abs(widths.baht.dejavu - widths.baht.thai)).toBeGreaterThan(1);
    await shot('every-script');
  }, 60_000);

  it('says what is wrong without a token or with a bad one', async () => {
    await page.goto(`${base}/customizer`);
    await waitStatus(/failed: open this page with \?token=/);
    await page.goto(`${base}/customizer?token=not-a-token`);
    await waitStatus(/Loading the store failed: /);
    expect(await page.getAttribute('#status', 'data-state')).toBe('error');
    await shot('bad-token');
  });

  it('sends the store token only to its own server or an API origin the operator allowed', async () => {
    const hosts = new Set<string>();
    const seen = (req: { url(): string }) => void hosts.add(new URL(req.url()).origin);
    page.on('request', seen);
    try {
      const token = encodeURIComponent(store.unauth_token);
      const res = await page.goto(`${base}/customizer?token=${token}&api=${encodeURIComponent('https://attacker.example/v1')}`);
      // this host's own (FOLIO_PUBLIC_URL, where file links point) and the allowed API origin, nothing else
      expect(res?.headers()['content-security-policy']).toMatch(new RegExp(`connect-src 'self' ${base.replace(/[.]/g, '\\.')} http://localhost:\\d+;`));
      await waitStatus(/may not call the API at https:\/\/attacker\.example/);
      expect(await page.getAttribute('#status', 'data-state')).toBe('error');
      expect([...hosts]).toEqual([base]);
      await shot('api-refused');
      // an allowed origin (the operator's FOLIO_CUSTOMIZER_API_ORIGINS) is used
      hosts.clear();
      const allowed = base.replace('127.0.0.1', 'localhost');
      await page.goto(`${base}/customizer?token=${token}&api=${encodeURIComponent(`${allowed}/v1`)}`);
      await waitStatus(/^Ready$/);
      expect([...hosts].sort()).toEqual([base, allowed].sort());
    } finally {
      page.off('request', seen);
    }
  });
});
