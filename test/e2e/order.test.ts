/**
 * Ordering in the customizer (docs/editor.md "Ordering"), on the demo store (src/main/demo-seed.ts):
 * one "Order" button saves every side, and a side the API refuses stops the order before any
 * project exists; the proof step (a modal dialog) shows each side as it prints, names the empty
 * back and lets the shopper leave it out or print it blank, and enables "Confirm order" only
 * once "I have checked my design" is ticked — with the keyboard alone on a desktop, by touch on a
 * 390 px phone, axe-core clean in English, French and Hebrew. And images load whatever name the
 * page was opened under: FOLIO_PUBLIC_URL says http://localhost:PORT, the page is opened at
 * http://127.0.0.1:PORT. Screenshots go to test-artifacts/editor/order-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as } from '../helpers/factories.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';
import { freePort } from '../helpers/ports.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { waitForProof } from '../helpers/editor-order.js';
import { openSection } from '../helpers/editor-sheet.js';
import { seedDemo, type DemoSeed } from '../../src/main/demo-seed.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'photo.jpg');
const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 900 };
const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`ordering through the proof step${chromiumGate.note}`, () => {
  let t: TestApp;
  let port = 0;
  /** FOLIO_PUBLIC_URL: what the API's links say */
  let publicBase = '';
  /** another name of the same server */
  let ipBase = '';
  let demo: DemoSeed;
  let browser: Browser;

  const api = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: as.B(demo) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const projects = async () => (await api('/v1/projects?limit=100')).data as Array<{ id: string; name: string }>;
  const design = async (id: string) => (await api(`/v1/designs/${id}`)).data as { project_id: string | null; layers: unknown[] };
  const axe = async (p: Page) => {
    await p.evaluate(`${AXE};undefined`);
    const res = await p.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
    return (res.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  };
  const focused = (p: Page) => p.evaluate(() => document.activeElement?.id ?? '');
  const dialogOpen = (p: Page) => p.evaluate(() => (document.getElementById('proof-dialog') as HTMLDialogElement).open);
  const open = async (p: Page, base: string, query = '') => {
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(demo.unauth_token)}&product=${demo.product_id}${query}`);
    await waitForStatus(p, /^(Ready|Prêt|מוכן)$/);
  };
  const applyDemoTemplate = async (p: Page, done = /Template “Classic business card” applied/) => {
    await openSection(p, 'h-template', 'click');
    await p.selectOption('#template', `store:${demo.template_id}`);
    await p.click('#apply-template');
    await waitForStatus(p, done);
  };
  const sideDesigns = (p: Page) => p.$$eval('.side-canvas', (els) => Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.sideId!, (e as HTMLElement).dataset.designId ?? ''])));

  beforeAll(async () => {
    ensureCustomizer({ log: () => {} });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    port = await freePort();
    publicBase = `http://localhost:${port}`;
    ipBase = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: publicBase } });
    // "localhost": both loopback addresses, whichever the browser tries first
    await t.app.listen({ host: 'localhost', port });
    await t.deps.startWorkers();
    demo = await seedDemo(t.deps as never, publicBase);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('allows FOLIO_PUBLIC_URL\'s origin for images, fonts and links in the page\'s policy, and no other http origin', async () => {
    const res = await fetch(`${ipBase}/customizer/?token=x`);
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy')!;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))!.split(' ');
    for (const name of ['img-src', 'font-src', 'connect-src']) expect(directive(name), name).toContain(publicBase);
    for (const name of ['img-src', 'font-src', 'connect-src']) expect(directive(name).filter((s) => s === 'http:' || s === '*'), name).toEqual([]);
    expect(directive('script-src')).toEqual(['script-src', "'self'"]);
  });

  it('stops at a side the API refuses: its message shown, no proof step, no project made', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
    const page = await context.newPage();
    try {
      await open(page, publicBase);
      await applyDemoTemplate(page);
      // the API's own answer to a design it refuses, given to the editor's next design write
      const refused = await t.app.inject({ method: 'POST', url: '/v1/designs', payload: { side_id: demo.side_ids[0], layers: 'not a list' }, headers: as.U(demo) });
      expect(refused.statusCode).toBe(400);
      const shown = (refused.json() as { error?: { message?: string }; message?: string }).error?.message ?? refused.json().message;
      expect(shown).toBeTruthy();
      const writes: string[] = [];
      await page.route(
        (url) => /\/v1\/designs(\/[^/]+)?$/.test(url.pathname),
        async (route) => {
          if (route.request().method() === 'GET') return route.continue();
          writes.push(route.request().method());
          return route.fulfill({ status: 400, contentType: 'application/json', body: refused.body });
        },
      );
      const before = (await projects()).length;
      await page.click('#create-project');
      await page.waitForFunction(() => !document.body.dataset.busy && document.getElementById('status')?.dataset.state === 'error');
      expect(await page.textContent('#status')).toContain(shown);
      expect(writes.length).toBeGreaterThan(0);
      expect(await dialogOpen(page)).toBe(false);
      expect(await page.evaluate(() => document.body.dataset.projectId ?? null)).toBeNull();
      expect((await projects()).length).toBe(before);
      await page.screenshot({ path: path.join(ARTIFACTS, 'order-refused-desktop.png') });

      // once the API takes the sides, the proof opens — and still makes nothing until confirmed; Escape goes back
      await page.unrouteAll();
      await page.click('#create-project');
      await waitForProof(page);
      expect((await projects()).length).toBe(before);
      await page.keyboard.press('Escape');
      expect(await dialogOpen(page)).toBe(false);
      await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('create-project'); // the dialog's close event, a task after the close
      expect((await projects()).length).toBe(before);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('orders with the keyboard alone: the proof shows each side, names the empty back, and the back left out is not printed', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    try {
      await open(page, publicBase);
      await applyDemoTemplate(page);
      await page.fill('#project-name', 'Keyboard order');
      // Tab from the project name to "Order", Enter
      await page.focus('#project-name');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('create-project');
      await page.keyboard.press('Enter');
      await waitForProof(page);
      expect(await focused(page)).toBe('proof-ok');
      // each side: a picture of the page with its guides, drawn from the canvas
      const sides = await page.$$eval('.proof-side', (figs) =>
        figs.map((f) => ({ side: (f as HTMLElement).dataset.sideId, caption: f.querySelector('figcaption')?.textContent, width: (f.querySelector('img.proof-page') as HTMLImageElement | null)?.naturalWidth ?? 0, empty: f.querySelector('.proof-empty legend')?.textContent ?? null })),
      );
      expect(sides.map((s) => s.caption)).toEqual(['Front', 'Back']);
      for (const s of sides) expect(s.width, s.caption!).toBe(480);
      expect(sides.map((s) => s.empty)).toEqual([null, 'Back is empty: it will print blank']);
      expect(await page.isDisabled('#proof-confirm')).toBe(true);
      // the product mockup, when the service has a photo for it (the curated ones)
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.proof-mockup')].some((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: 30_000 }).catch(() => {});
      await page.screenshot({ path: path.join(ARTIFACTS, 'order-proof-desktop.png') });
      expect(await axe(page)).toEqual([]);

      // Shift+Tab to the back's choice (print blank is picked), Up arrow: leave it out; Tab to the box, Space; Tab, Enter
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('blank');
      await page.keyboard.press('ArrowUp');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('leave');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('proof-ok');
      await page.keyboard.press('Space');
      expect(await page.isDisabled('#proof-confirm')).toBe(false);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('proof-confirm');
      await page.keyboard.press('Enter');
      await waitForStatus(page, /Ordered “Keyboard order”: PDF ready/);
      expect(await dialogOpen(page)).toBe(false);
      expect(await page.textContent('#pdf-link')).toBe('Download PDF (1 page)');
      await page.screenshot({ path: path.join(ARTIFACTS, 'order-done-desktop.png') });

      const projectId = (await page.evaluate(() => document.body.dataset.projectId))!;
      expect((await projects()).find((p) => p.id === projectId)?.name).toBe('Keyboard order');
      const ids = await sideDesigns(page);
      expect((await design(ids[demo.side_ids[0]!]!)).project_id).toBe(projectId);
      // the back was saved (every side is) but is not in the order
      expect((await design(ids[demo.side_ids[1]!]!)).project_id).toBeNull();
      expect(errors).toEqual([]);

      // reopened, the project shows its own name
      await open(page, publicBase, `&project=${projectId}`);
      expect(await page.inputValue('#project-name')).toBe('Keyboard order');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('orders by touch on a 390 px phone, the empty back printed blank, axe-clean in French and Hebrew', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const p = await context.newPage();
    try {
      await open(p, publicBase, '&locale=fr');
      await p.tap('#sheet-toggle');
      await applyDemoTemplate(p, /Classic business card/);
      await openSection(p, 'h-order');
      await p.tap('#create-project');
      await waitForProof(p);
      expect(await p.textContent('#proof-confirm')).toBe('Confirmer la commande');
      expect(await p.textContent('.proof-empty legend')).toBe('Back est vide : elle sera imprimée blanche');
      expect(await axe(p)).toEqual([]);
      await p.screenshot({ path: path.join(ARTIFACTS, 'order-proof-390-fr.png') });
      await p.tap('#proof-ok');
      await p.tap('#proof-confirm');
      await waitForStatus(p, /Commande « Ma commande » passée : PDF prêt/);
      expect(await p.textContent('#pdf-link')).toMatch(/2 pages/);
      const projectId = (await p.evaluate(() => document.body.dataset.projectId))!;
      const ids = await sideDesigns(p);
      for (const sid of demo.side_ids) expect((await design(ids[sid]!)).project_id).toBe(projectId);
      await p.screenshot({ path: path.join(ARTIFACTS, 'order-done-390-fr.png') });

      await open(p, publicBase, '&locale=he');
      await p.tap('#sheet-toggle');
      await applyDemoTemplate(p, /Classic business card/);
      await openSection(p, 'h-order');
      await p.tap('#create-project');
      await waitForProof(p);
      expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await axe(p)).toEqual([]);
      await p.screenshot({ path: path.join(ARTIFACTS, 'order-proof-390-he.png') });
    } finally {
      await context.close();
    }
  }, 180_000);

  it('draws the template\'s star and an uploaded photo on a page opened under another name than FOLIO_PUBLIC_URL, with no policy violation', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    try {
      await open(page, ipBase);
      await applyDemoTemplate(page);
      const images = () =>
        page.evaluate(() =>
          (window as unknown as { customizer: { state: { active: { canvas: { getObjects(): Array<{ type: string; name?: string; getElement(): HTMLImageElement }> } } } } }).customizer.state.active.canvas
            .getObjects()
            .filter((o) => o.type.toLowerCase() === 'image')
            .map((o) => ({ name: o.name ?? '', src: o.getElement().currentSrc || o.getElement().src, width: o.getElement().naturalWidth })),
        );
      const star = (await images())[0]!;
      expect(star.src.startsWith(publicBase)).toBe(true);
      expect(star.width).toBeGreaterThan(0);
      await page.setInputFiles('#photo-input', PHOTO);
      await waitForStatus(page, /Added photo|photo/i);
      const all = await images();
      expect(all).toHaveLength(2);
      for (const img of all) expect(img.width, img.name).toBeGreaterThan(0);
      // loaded with CORS, so the canvas stays readable: the proof's and the preview's pictures can be made
      const readable = await page.evaluate(() => {
        try {
          return (window as unknown as { customizer: { state: { active: { canvas: { toDataURL(): string } } } } }).customizer.state.active.canvas.toDataURL().length > 1000;
        } catch (err) {
          return String(err);
        }
      });
      expect(readable).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS, 'order-cross-host-desktop.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'order-cross-host-390.png') });
      await page.setViewportSize(DESKTOP);
      expect(violations).toEqual([]);

      // a store whose file host answers no CORS (an S3 bucket without a CORS rule) still shows its images
      const fileLinks = (url: URL) => url.pathname.startsWith('/v1/files/');
      await page.route(
        fileLinks,
        async (route) => {
          const res = await route.fetch();
          const headers = { ...res.headers() };
          delete headers['access-control-allow-origin'];
          await route.fulfill({ response: res, headers });
        },
      );
      await page.setInputFiles('#photo-input', PHOTO);
      await waitForStatus(page, /Added photo|photo/i);
      const withoutCors = await images();
      expect(withoutCors).toHaveLength(3);
      for (const img of withoutCors) expect(img.width, img.name).toBeGreaterThan(0);
      await page.unroute(fileLinks);

      // an image that does not load says so in the page's words, not Fabric's
      await page.route(fileLinks, (route) => route.abort());
      await page.setInputFiles('#photo-input', PHOTO);
      await page.waitForFunction(() => !document.body.dataset.busy && document.getElementById('status')?.dataset.state === 'error');
      const status = (await page.textContent('#status'))!;
      expect(status).toMatch(/an image could not be loaded/);
      expect(status).not.toMatch(/fabric|Error loading/);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('fills the side with every default template and the demo store\'s: full-bleed bands reach the bleed, no bleed warning', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
    const page = await context.newPage();
    try {
      await open(page, publicBase);
      const options = await page.$$eval('#template option', (os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })).filter((o) => o.value));
      expect(options.filter((o) => o.value.startsWith('default:')).length).toBeGreaterThanOrEqual(4);
      expect(options.some((o) => o.value === `store:${demo.template_id}`)).toBe(true);
      for (const side of demo.side_ids) {
        await page.click(`#sides button[data-side-id="${side}"]`);
        // a store template belongs to the front: on the back only the default ones
        for (const o of options.filter((x) => x.value.startsWith('default:') || side === demo.side_ids[0])) {
          await page.selectOption('#template', o.value);
          await page.click('#apply-template');
          await waitForStatus(page, /applied/);
          const codes = await page.$$eval('#warnings li', (els) => els.map((e) => `${(e as HTMLElement).dataset.code}: ${e.textContent}`));
          expect(codes.filter((c) => c.startsWith('bleed')), o.label).toEqual([]);
          // the demo store's template, made for this side: nothing to warn about at all (its band bleeds, it is no safe-zone breach)
          if (o.value === `store:${demo.template_id}`) expect(codes, o.label).toEqual([]);
          // every shape that touches the trim line on an edge goes on to the bleed line there
          const short = await page.evaluate(() => {
            const sc = (window as any).customizer.state.active;
            const { trim, bleed } = sc.layout;
            const out: string[] = [];
            let bands = 0;
            for (const obj of sc.canvas.getObjects()) {
              if (obj.type.toLowerCase() !== 'rect') continue;
              const r = obj.getBoundingRect();
              const edges = { left: [r.left, trim.left, bleed.left], top: [r.top, trim.top, bleed.top], right: [-(r.left + r.width), -(trim.left + trim.width), -(bleed.left + bleed.width)], bottom: [-(r.top + r.height), -(trim.top + trim.height), -(bleed.top + bleed.height)] } as Record<string, number[]>;
              let band = false;
              for (const [edge, [at, trimAt, bleedAt]] of Object.entries(edges)) {
                if (at! > trimAt! + 1) continue;
                band = true;
                if (at! > bleedAt! + 0.5) out.push(`${edge} at ${at} (bleed ${bleedAt})`);
              }
              if (band) bands++;
            }
            return { out, bands };
          });
          expect(short.out, o.label).toEqual([]);
          if (!o.label.includes('sticker')) expect(short.bands, o.label).toBeGreaterThan(0);
          if (side === demo.side_ids[0]) {
            const name = o.label.replace(/\W+/g, '-').toLowerCase();
            await page.screenshot({ path: path.join(ARTIFACTS, `template-${name}-desktop.png`) });
            await page.setViewportSize({ width: 390, height: 844 });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page.screenshot({ path: path.join(ARTIFACTS, `template-${name}-390.png`) });
            await page.setViewportSize(DESKTOP);
          }
        }
      }
    } finally {
      await context.close();
    }
  }, 180_000);
});
