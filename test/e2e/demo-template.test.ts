/**
 * The demo store (`npm start`'s seed, src/main/demo-seed.ts) as a shopper meets it in the
 * customizer: its "Classic business card" template keeps its star as an image layer with only
 * `image_id` (as the API allows), which the editor once could not draw (a ghost layer) and then
 * refused to save. Here it opens with the star drawn, saves both sides and creates the project,
 * and the saved design names the same image. A screenshot goes to test-artifacts/customizer/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as } from '../helpers/factories.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';
import { freePort } from '../helpers/ports.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { orderWithProof } from '../helpers/editor-order.js';
import { seedDemo, type DemoSeed } from '../../src/main/demo-seed.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'customizer');
const chromiumGate = needs('chromium');

interface CanvasObject {
  type: string;
  image_id?: string;
  loaded?: number;
}

describe.skipIf(chromiumGate.skip)(`the demo store's template in the customizer${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let demo: DemoSeed;
  let browser: Browser;

  beforeAll(async () => {
    ensureCustomizer({ log: () => {} });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    // ordering makes the print-ready PDF: the job runs in the workers
    await t.deps.startWorkers();
    demo = await seedDemo(t.deps as never, base);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens "Classic business card" with its star drawn, saves both sides and creates the project', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto(`${base}/customizer/?token=${encodeURIComponent(demo.unauth_token)}&product=${demo.product_id}`);
    await waitForStatus(page, /^Ready$/);
    await page.selectOption('#template', `store:${demo.template_id}`);
    await page.click('#apply-template');
    await waitForStatus(page, /Template “Classic business card” applied/);
    const objects = () =>
      page.evaluate(() =>
        (window as unknown as { customizer: { state: { active: { canvas: { getObjects(): Array<{ type: string; image_id?: string; getElement?(): HTMLImageElement }> } } } } }).customizer.state.active.canvas
          .getObjects()
          .map((o) => ({ type: o.type.toLowerCase(), image_id: o.image_id, loaded: o.getElement?.().naturalWidth })),
      ) as Promise<CanvasObject[]>;
    const drawn = await objects();
    expect(drawn.map((o) => o.type)).toEqual(['rect', 'textbox', 'textbox', 'image']);
    // the star: its image read by id and drawn (a ghost layer has no pixels)
    expect(drawn[3]).toMatchObject({ image_id: demo.clipart_ids[0] });
    expect(drawn[3]!.loaded).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'demo-template.png') });

    await page.click('#save');
    await waitForStatus(page, /Saved 2 designs/);
    await orderWithProof(page, /Ordered “Demo order”: PDF ready/, 'Demo order');
    const projectId = (await page.evaluate(() => document.body.dataset.projectId))!;
    const res = await t.app.inject({ method: 'GET', url: `/v1/projects/${projectId}/designs?include=none`, headers: as.B(demo) });
    expect(res.statusCode, res.body).toBe(200);
    const front = (res.json().data as Array<{ side_id: string; layers: Array<{ type: string; image_id?: string }> }>).find((d) => d.side_id === demo.side_ids[0])!;
    expect(front.layers.filter((l) => l.type.toLowerCase() === 'image').map((l) => l.image_id)).toEqual([demo.clipart_ids[0]]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
