/**
 * The customer's proof page end to end: the real app listening on a port, headless Debian
 * Chromium (playwright-core) on a phone-sized viewport opening /proof/{token} as the customer
 * would from the shop's e-mail — the proof image loads, the PDF link is there, asking for
 * changes without a comment is stopped in the page, and a real mouse click on Approve moves
 * the order to `approved`. Screenshots go to test-artifacts/proof-page/ (gitignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { needs } from '../helpers/requirements.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { finishedJob, saveDesign, textLayer } from '../integration/designs/helpers.js';
import { createOrder, moveTo } from '../integration/orders/helpers.js';
import { proofProduct, tokenOf } from '../integration/proofs/helpers.js';
import { freePort } from '../helpers/ports.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'proof-page');


const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`proof page in headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    await t.deps.startWorkers();
    store = await createStore(t.app);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    // a phone
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the proof and approves it with a real click; the order is approved', async () => {
    const { front } = await proofProduct(t.app, store, 'Flyer A5');
    const order = await createOrder(t.app, store, { name: 'Summer fête <flyers>', quantity: 500 });
    await saveDesign(t.app, store, { side_id: front.id, project_id: order.id, layers: [textLayer({ text: 'Summer fête', fontSize: 48 })] });
    expect((await moveTo(t.app, store, order.id, 'received')).state).toBe('proof_pending');
    const [proof] = (await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}/proofs`, headers: as.B(store) })).json().data;
    expect(proof.approval_url.startsWith(`${base}/proof/`)).toBe(true);
    await finishedJob(t.app, proof.pdf_job_id, as.B(store));

    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(e.message));
    await page.goto(proof.approval_url);
    await expect.poll(() => page.title()).toBe('Proof: Summer fête <flyers>');
    expect(await page.textContent('h1')).toBe('Proof: Summer fête <flyers>');
    // the proof image is loaded (served from this host) and fits the phone's width
    await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: 60_000 });
    const img = await page.$eval('figure img', (i) => ({ natural: (i as HTMLImageElement).naturalWidth, shown: i.getBoundingClientRect().width, alt: i.getAttribute('alt') }));
    expect(img.natural).toBeGreaterThan(1000);
    expect(img.shown).toBeLessThanOrEqual(390);
    expect(img.alt).toContain('Proof of page 1');
    expect(await page.getAttribute('a.pdf', 'href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//);
    // nothing overflows sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(ARTIFACTS, '01-proof.png'), fullPage: true });

    // asking for changes needs a comment: the page says so and sends nothing
    await page.click('#changes');
    await expect.poll(() => page.textContent('#result')).toContain('write what should change');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('comment');

    await page.fill('#name', 'Ada');
    const approve = (await page.$('#approve'))!;
    await approve.scrollIntoViewIfNeeded();
    const box = (await approve.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForSelector('#status[data-status="approved"]', { timeout: 30_000 });
    expect(await page.textContent('#status')).toContain('Approved');
    expect(await page.$('#decide')).toBeNull();
    await page.screenshot({ path: path.join(ARTIFACTS, '02-approved.png'), fullPage: true });
    expect(errors).toEqual([]);

    const after = (await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}`, headers: as.B(store) })).json().data;
    expect(after.state).toBe('approved');
    const history = (await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}/history`, headers: as.B(store) })).json().data;
    expect(history.at(-1)).toMatchObject({ to: 'approved', actor: { type: 'customer', id: proof.id } });
    expect((await t.app.inject({ method: 'GET', url: `/v1/proofs/${tokenOf(proof.approval_url)}` })).json().data).toMatchObject({ status: 'approved', decided_by: 'Ada' });
  }, 180_000);
});
