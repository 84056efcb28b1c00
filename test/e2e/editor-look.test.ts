/**
 * The editor's look (docs/editor.md, "Interface"): the toolbar beside the selection appears
 * next to a selected text and a selected photo (its box just above or below the object's),
 * follows a drag (hidden while dragging), hides when nothing is selected, and its buttons
 * work by mouse, by keyboard (one Tab stop, roving arrows, Escape back to the canvas) and by
 * touch on a 390 px phone; every icon button has an accessible name; axe-core clean in English
 * and Hebrew (mirrored). Screenshots at desktop and phone sizes, English and Hebrew, in
 * test-artifacts/editor-look/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { needs } from '../helpers/requirements.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { openSection } from '../helpers/editor-sheet.js';
import { axeViolations as axe, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor-look');
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'quadrants.png');
const SIDE = { name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
const chromiumGate = needs('chromium');

type Box = { left: number; top: number; right: number; bottom: number };

describe.skipIf(chromiumGate.skip)(`the editor's look: the toolbar beside the selection, icons (Chromium)${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let productId = '';

  const url = (locale = 'en') => `${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${productId}&locale=${locale}`;
  const frames = (p: Page) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shot = async (p: Page, name: string) => {
    await frames(p);
    await p.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  };
  const count = (p: Page) => p.evaluate(() => (window as any).customizer.state.active.canvas.getObjects().length) as Promise<number>;
  /** the selected object's box on the screen */
  const selectionBox = (p: Page) =>
    p.evaluate(() => {
      const c = (window as any).customizer.state.active.canvas;
      const o = c.getActiveObject();
      if (!o) return null;
      const b = o.getBoundingRect();
      const v = c.viewportTransform;
      const r = c.upperCanvasEl.getBoundingClientRect();
      const left = r.left + b.left * v[0] + v[4];
      const top = r.top + b.top * v[3] + v[5];
      return { left, top, right: left + b.width * v[0], bottom: top + b.height * v[3] };
    }) as Promise<Box | null>;
  const barBox = (p: Page) =>
    p.evaluate(() => {
      const el = document.getElementById('selection-toolbar')!;
      if (el.hidden) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }) as Promise<Box | null>;
  const stageBox = (p: Page) => p.evaluate(() => {
    const r = document.getElementById('stage')!.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }) as Promise<Box>;
  const barButtons = (p: Page) => p.$$eval('#selection-toolbar button:not([hidden])', (bs) => bs.map((b) => (b as HTMLElement).dataset.action));
  const focused = (p: Page) => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action ?? document.activeElement?.id ?? '');

  /** the page positions of the selected object's visible handles (the rotation handle among them) */
  const handles = (p: Page) =>
    p.evaluate(() => {
      const canvas = (window as any).customizer.state.active.canvas;
      const o = canvas.getActiveObject();
      const c = canvas.upperCanvasEl.getBoundingClientRect();
      if (!o?.hasControls) return [];
      return Object.entries(o.oCoords as Record<string, { x: number; y: number }>)
        .filter(([k]) => o.isControlVisible(k))
        .map(([, q]) => ({ x: c.left + q.x, y: c.top + q.y, r: o.cornerSize / 2 }));
    }) as Promise<Array<{ x: number; y: number; r: number }>>;

  /** the bar is just above or below the object's box and its handles (10 px gap), overlapping it across, inside the stage, covering no handle */
  async function expectBeside(p: Page): Promise<void> {
    await frames(p);
    const [bar, obj, stage] = [await barBox(p), await selectionBox(p), await stageBox(p)];
    expect(bar, 'the toolbar shows').not.toBeNull();
    expect(obj).not.toBeNull();
    // above: past the rotation handle (40 px over the object); below: past the bottom handles
    const above = bar!.bottom <= obj!.top + 1 && obj!.top - bar!.bottom <= 64;
    const below = bar!.top >= obj!.bottom - 1 && bar!.top - obj!.bottom <= 24;
    for (const h of await handles(p)) {
      const covered = h.x + h.r > bar!.left && h.x - h.r < bar!.right && h.y + h.r > bar!.top && h.y - h.r < bar!.bottom;
      expect(covered, `a handle at ${h.x},${h.y} under the bar ${JSON.stringify(bar)}`).toBe(false);
    }
    expect(above || below, `bar ${JSON.stringify(bar)} beside object ${JSON.stringify(obj)}`).toBe(true);
    expect(Math.min(bar!.right, obj!.right) - Math.max(bar!.left, obj!.left)).toBeGreaterThan(0);
    expect(bar!.left).toBeGreaterThanOrEqual(stage.left - 0.5);
    expect(bar!.right).toBeLessThanOrEqual(stage.right + 0.5);
    expect(bar!.top).toBeGreaterThanOrEqual(stage.top - 0.5);
  }

  /** every button that shows an icon has a name: its words or its aria-label */
  const unnamedIconButtons = (p: Page) =>
    p.$$eval('button', (bs) => bs.filter((b) => b.querySelector('svg') && !(b.getAttribute('aria-label') ?? '').trim() && !(b.textContent ?? '').trim()).map((b) => b.outerHTML.slice(0, 100)));

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: false }));
    store = await createStore(t.app);
    const post = async (u: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: u, payload, headers: as.B(store) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    productId = (await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: productId, ...SIDE });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('desktop, mouse and keyboard: beside a text and a photo, follows a drag, hides with no selection; icons named; axe clean (English)', async () => {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    p.on('pageerror', (err) => console.error('[page error]', err));
    try {
      await p.goto(url());
      await waitForStatus(p, /^Ready$/);
      expect(await p.getAttribute('#selection-toolbar', 'role')).toBe('toolbar');
      expect(await p.getAttribute('#selection-toolbar', 'aria-label')).toBe('Selection tools');
      expect(await barBox(p), 'nothing selected: no toolbar').toBeNull();
      expect(await p.textContent('#product-title')).toBe('Product: Postcard');
      // the Order card stays at the foot of the tools: a control reached by Tab is never left under it (focus not obscured)
      for (const sel of ['#add-text', '#shape-buttons [data-shape=star]', '#code-value']) {
        await p.focus(sel);
        await p.keyboard.press('Shift+Tab');
        await p.keyboard.press('Tab');
        const [el, card, active] = await p.evaluate((sel) => [document.querySelector(sel)!.getBoundingClientRect().bottom, document.querySelector('section[aria-labelledby="h-order"]')!.getBoundingClientRect().top, document.activeElement === document.querySelector(sel)], sel);
        expect(active, sel).toBe(true);
        expect(el, `${sel} under the Order card`).toBeLessThanOrEqual(card! + 0.5);
      }
      // the glyph buttons are icons now, each named
      expect(await p.locator('#undo svg.ico').count()).toBe(1);
      expect(await p.textContent('#undo')).toBe('Undo');
      expect(await unnamedIconButtons(p)).toEqual([]);
      await shot(p, 'desktop-en-empty');

      // ---- a text: the bar above it, with "edit text", no "crop" ----
      await p.click('#add-text');
      await waitForStatus(p, /Added text/);
      await expectBeside(p);
      expect(await barButtons(p)).toEqual(['edit-text', 'duplicate', 'forward', 'backward', 'lock', 'delete']);
      await shot(p, 'desktop-en-text');

      // mouse: duplicate, send back, bring forward, edit text, delete
      await p.click('#selection-toolbar [data-action="duplicate"]');
      await waitForStatus(p, /Duplicated 1 object/);
      expect(await count(p)).toBe(2);
      await expectBeside(p);
      const index = () => p.evaluate(() => { const c = (window as any).customizer.state.active.canvas; return c.getObjects().indexOf(c.getActiveObject()); });
      expect(await index()).toBe(1);
      expect(await p.isDisabled('#selection-toolbar [data-action="forward"]'), 'already on top').toBe(true);
      await p.click('#selection-toolbar [data-action="backward"]');
      expect(await index()).toBe(0);
      await p.click('#selection-toolbar [data-action="forward"]');
      expect(await index()).toBe(1);
      await p.click('#selection-toolbar [data-action="edit-text"]');
      expect(await p.evaluate(() => (window as any).customizer.state.active.canvas.getActiveObject().isEditing)).toBe(true);
      await p.keyboard.type('Hello');
      await p.keyboard.press('Escape');
      expect(await p.evaluate(() => (window as any).customizer.state.active.canvas.getActiveObject().text)).toBe('Hello');
      await p.click('#selection-toolbar [data-action="delete"]');
      expect(await count(p)).toBe(1);
      expect(await barBox(p), 'deleted: nothing selected').toBeNull();

      // ---- a photo: the bar beside it, with "crop" ----
      await p.setInputFiles('#photo-input', PHOTO);
      await waitForStatus(p, /Added photo/);
      await expectBeside(p);
      expect(await barButtons(p)).toEqual(['crop', 'duplicate', 'forward', 'backward', 'lock', 'delete']);
      await p.click('#selection-toolbar [data-action="crop"]');
      expect(await p.getAttribute('#crop-mode', 'aria-pressed')).toBe('true');
      expect(await p.getAttribute('#selection-toolbar [data-action="crop"]', 'aria-pressed')).toBe('true');
      await shot(p, 'desktop-en-photo-crop');
      await p.click('#selection-toolbar [data-action="crop"]');
      expect(await p.getAttribute('#crop-mode', 'aria-pressed')).toBe('false');

      // ---- a drag: hidden while dragging, beside the object where it lands ----
      const before = (await selectionBox(p))!;
      const cx = (before.left + before.right) / 2;
      const cy = (before.top + before.bottom) / 2;
      await p.mouse.move(cx, cy);
      await p.mouse.down();
      await p.mouse.move(cx + 40, cy + 30, { steps: 4 });
      await frames(p);
      expect(await barBox(p), 'hidden while dragging').toBeNull();
      await p.mouse.move(cx + 80, cy + 60, { steps: 4 });
      await p.mouse.up();
      await expectBeside(p);
      expect((await selectionBox(p))!.left).toBeGreaterThan(before.left + 40);
      // zoomed in around the object (Ctrl + wheel) the bar follows it; Fit to screen, again
      const moved = (await selectionBox(p))!;
      await p.mouse.move((moved.left + moved.right) / 2, (moved.top + moved.bottom) / 2);
      await p.keyboard.down('Control');
      await p.mouse.wheel(0, -150);
      await p.keyboard.up('Control');
      await frames(p);
      expect(await p.evaluate(() => (window as any).customizer.state.active.canvas.getZoom() > (window as any).customizer.state.active.fit)).toBe(true);
      await expectBeside(p);
      await p.click('#zoom-reset');
      await expectBeside(p);

      // ---- keyboard: one Tab stop after the canvas, arrows move along, Enter acts, Escape returns ----
      await p.focus('#stage');
      for (let i = 0; i < 6 && !(await p.evaluate(() => document.getElementById('selection-toolbar')!.contains(document.activeElement))); i++) await p.keyboard.press('Tab');
      expect(await focused(p)).toBe('crop');
      await p.keyboard.press('ArrowRight');
      expect(await focused(p)).toBe('duplicate');
      expect(await p.$$eval('#selection-toolbar button', (bs) => bs.filter((b) => (b as HTMLButtonElement).tabIndex === 0).map((b) => (b as HTMLElement).dataset.action))).toEqual(['duplicate']);
      await p.keyboard.press('End');
      expect(await focused(p)).toBe('delete');
      await p.keyboard.press('ArrowRight');
      expect(await focused(p), 'wraps around').toBe('crop');
      await p.keyboard.press('ArrowLeft');
      expect(await focused(p)).toBe('delete');
      await p.keyboard.press('Home');
      await p.keyboard.press('ArrowDown');
      expect(await focused(p)).toBe('duplicate');
      const where = (await selectionBox(p))!;
      await p.keyboard.press('Enter');
      await waitForStatus(p, /Duplicated 1 object/);
      expect(await count(p)).toBe(3);
      expect((await selectionBox(p))!.left, 'the arrows did not move the object').toBeGreaterThan(where.left);
      expect(await focused(p)).toBe('duplicate');
      await p.keyboard.press('Escape');
      expect(await focused(p)).toBe('stage');
      // Escape on the canvas drops the selection: no toolbar
      await p.keyboard.press('Escape');
      expect(await barBox(p)).toBeNull();

      // lock from the bar: the layer is locked, the selection goes with the bar
      await p.evaluate(() => {
        const c = (window as any).customizer.state.active.canvas;
        c.setActiveObject(c.getObjects()[0]);
        c.fire('selection:created', { selected: [c.getObjects()[0]] });
        c.requestRenderAll();
      });
      await expectBeside(p);
      await p.click('#selection-toolbar [data-action="lock"]');
      expect(await p.evaluate(() => (window as any).customizer.state.active.canvas.getObjects()[0].userLocked)).toBe(true);
      expect(await barBox(p)).toBeNull();
      await p.click('#undo');
      await waitForStatus(p, /Undone/);

      await p.click('#add-text');
      await waitForStatus(p, /Added text/);
      expect(await unnamedIconButtons(p)).toEqual([]);
      expect(await axe(p)).toEqual([]);
    } finally {
      await p.close();
    }
  }, 120_000);

  it('Hebrew, mirrored: the bar beside the text, arrows follow the reading direction; axe clean', async () => {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await p.goto(url('he'));
      await waitForStatus(p, /./);
      await p.waitForFunction(() => !document.body.dataset.busy && document.documentElement.dir === 'rtl');
      await p.click('#add-text');
      await p.waitForFunction(() => !document.body.dataset.busy && !document.getElementById('selection-toolbar')!.hidden);
      await expectBeside(p);
      expect(await p.getAttribute('#selection-toolbar', 'aria-label')).toBe('כלי הבחירה');
      // right to left: the first button is at the right end
      const xs = await p.$$eval('#selection-toolbar button:not([hidden])', (bs) => bs.map((b) => b.getBoundingClientRect().left));
      expect(xs[0]!).toBeGreaterThan(xs[xs.length - 1]!);
      await p.focus('#selection-toolbar [data-action="edit-text"]');
      await p.keyboard.press('ArrowLeft');
      expect(await focused(p)).toBe('duplicate');
      expect(await unnamedIconButtons(p)).toEqual([]);
      expect(await axe(p)).toEqual([]);
      await shot(p, 'desktop-he-text');
    } finally {
      await p.close();
    }
  }, 60_000);

  for (const locale of ['en', 'he']) {
    it(`phone (390 px, touch, ${locale}): the bar beside the selected text, its buttons by tap; axe clean`, async () => {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const p = await ctx.newPage();
      try {
        await p.goto(url(locale));
        await p.waitForFunction(() => !document.body.dataset.busy && document.getElementById('status')?.dataset.state === 'ok' && (window as any).customizer.state.active);
        await shot(p, `phone-${locale}-empty`);
        await p.tap('#sheet-toggle');
        await openSection(p, 'h-text');
        await p.tap('#add-text');
        await p.waitForFunction(() => !document.body.dataset.busy && (window as any).customizer.state.active.canvas.getObjects().length === 1);
        await p.tap('#sheet-toggle');
        await expectBeside(p);
        const bar = (await barBox(p))!;
        expect(bar.right - bar.left).toBeLessThanOrEqual(390);
        // the buttons are big enough for a finger
        const sizes = await p.$$eval('#selection-toolbar button:not([hidden])', (bs) => bs.map((b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)));
        for (const s of sizes) expect(s).toBeGreaterThanOrEqual(40);
        await shot(p, `phone-${locale}-text`);
        await p.tap('#selection-toolbar [data-action="duplicate"]');
        await p.waitForFunction(() => !document.body.dataset.busy && (window as any).customizer.state.active.canvas.getObjects().length === 2);
        await expectBeside(p);
        await p.tap('#selection-toolbar [data-action="delete"]');
        await p.waitForFunction(() => (window as any).customizer.state.active.canvas.getObjects().length === 1);
        expect(await barBox(p)).toBeNull();
        expect(await unnamedIconButtons(p)).toEqual([]);
        expect(await axe(p)).toEqual([]);
        await p.tap('#sheet-toggle');
        await shot(p, `phone-${locale}-sheet`);
      } finally {
        await ctx.close();
      }
    }, 60_000);
  }
});
